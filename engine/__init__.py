"""The rules of the five games and their bots (see README.md)."""
if __name__ != "haudrauf.engine":  # a checkout's folder on sys.path is not the package
    raise ImportError(f"import haudrauf.engine, not {__name__}")
