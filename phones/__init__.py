"""Phones as private hands and seat buttons (see README.md)."""
if __name__ != "haudrauf.phones":  # a checkout's folder on sys.path is not the package
    raise ImportError(f"import haudrauf.phones, not {__name__}")
