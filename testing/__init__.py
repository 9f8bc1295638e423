"""Helpers the tests and the benches share (see README.md)."""
if __name__ != "haudrauf.testing":  # a checkout's folder on sys.path is not the package
    raise ImportError(f"import haudrauf.testing, not {__name__}")
