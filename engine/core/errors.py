"""Refusals a person can read. An `IllegalAction` leaves the state unchanged."""
from haudrauf.words import Message


class IllegalAction(Exception):
    """The move breaks a rule (or is not this seat's to make now).

    `reason` is what the player is told, as a `Message` each screen renders in
    its reader's language: "not your turn — Bo is playing", "a red 7 does not
    match a blue 3". `str(error)` is the English sentence.
    """

    def __init__(self, reason: Message | str) -> None:
        super().__init__(str(reason))
        self.reason = reason


class OptionError(ValueError):
    """An option that the game does not have, or a value it cannot take."""
