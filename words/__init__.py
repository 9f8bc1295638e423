"""What the rooms say before a language is chosen: a message id and its values (see README.md)."""
if __name__ != "haudrauf.words":  # a checkout's folder on sys.path is not the package
    raise ImportError(f"import haudrauf.words, not {__name__}")

from haudrauf.words.message import Message, Number, msg, nmsg, render  # noqa: E402

__all__ = ["Message", "Number", "msg", "nmsg", "render"]
