"""The phones tests use the table tests' headless app."""
from tests.table.conftest import app, drawn  # noqa: F401  (fixtures, found by name)
