"""The options of Crazy Old Fish War (what each does: the module docstring of
`state.py`), and the table sizes they allow."""
from __future__ import annotations

from haudrauf.words import msg
from haudrauf.engine.core import Option, cards_text, players_option

MIN_PLAYERS, MAX_PLAYERS = 2, 6

OPTIONS = (
    players_option(MIN_PLAYERS, MAX_PLAYERS, 4),
    Option("war", False, msg("the advanced game: with no match you may declare war instead of going fishing"),
           label=msg("War")),
    Option("crazy8_names_number", False, msg("a Crazy 8 names a colour and a number (the Swedish rules)"),
           label=msg("Crazy 8 names a number")),
    Option("rounds_to_win", 3, msg("rounds a player must win to win the game"), low=1, high=9,
           label=msg("Rounds to win")),
    Option("turn_passes", "clockwise", msg("who plays after a failed fish or a war: the asker's left "
                                           "neighbour, or the player who was asked or challenged"),
           choices=("clockwise", "to-opponent"), label=msg("After a miss, next is"),
           value_names=(("clockwise", msg("the asker's left")), ("to-opponent", msg("the player asked")))),
    Option("fish_penalty", 0, msg("cards drawn by a player who calls no fish when down to one card"),
           low=0, high=5, label=msg("Forgetting a fish call"),
           value_names=((0, msg("costs nothing")), *((n, cards_text(n)) for n in range(1, 6)))),
    Option("fish_names", "start-over", msg("when every fish name has been called: the names start over, or "
                                           "nobody calls a fish any more"), choices=("start-over", "no-more-calls"),
           label=msg("When every fish is named"),
           value_names=(("start-over", msg("names start over")), ("no-more-calls", msg("no more calls")))),
)
