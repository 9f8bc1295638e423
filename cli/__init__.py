"""The `haudrauf` command and the terminal unit (see README.md)."""
if __name__ != "haudrauf.cli":  # a checkout's folder on sys.path is not the package
    raise ImportError(f"import haudrauf.cli, not {__name__}")
