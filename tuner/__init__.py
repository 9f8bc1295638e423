"""Simulate, sweep and tune the turn timer headless (see README.md)."""
if __name__ != "haudrauf.tuner":  # a checkout's folder on sys.path is not the package
    raise ImportError(f"import haudrauf.tuner, not {__name__}")
