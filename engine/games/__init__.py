"""One module (or package) per game; see engine/registry.py."""
