"""The pygame app: the window, its scenes, faces and sounds (see README.md)."""
if __name__ != "haudrauf.table":  # a checkout's folder on sys.path is not the package
    raise ImportError(f"import haudrauf.table, not {__name__}")
