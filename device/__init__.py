"""The emulated UNO Hau drauf unit: buttons, timer, selector, buzzer (see README.md)."""
if __name__ != "haudrauf.device":  # a checkout's folder on sys.path is not the package
    raise ImportError(f"import haudrauf.device, not {__name__}")
