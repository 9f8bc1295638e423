"""The terminal's tests compare it with the table's headless app."""
from tests.table.conftest import app  # noqa: F401  (a fixture, found by name)
