"""The game runtime with no window: sessions, the unit driver, bots, saves, settings (see README.md)."""
if __name__ != "haudrauf.play":  # a checkout's folder on sys.path is not the package
    raise ImportError(f"import haudrauf.play, not {__name__}")
