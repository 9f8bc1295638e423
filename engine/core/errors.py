"""Refusals a person can read. An `IllegalAction` leaves the state unchanged."""


class IllegalAction(Exception):
    """The move breaks a rule (or is not this seat's to make now).

    `reason` is a sentence for the player: "not your turn — Bo is playing",
    "a red 7 does not match a blue 3".
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class OptionError(ValueError):
    """An option that the game does not have, or a value it cannot take."""
