"""The phones tests use the table tests' headless app and its temporary folder."""
from tests.table.conftest import app, config_dir, drawn, full_disk  # noqa: F401  (fixtures, found by name)
