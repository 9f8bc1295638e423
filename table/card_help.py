"""What a card does, in a sentence or two, for the tooltip in table mode.
Keyed by the card face strings the games produce (engine/README.md, "Card
faces"); `explain(face)` is None for a face it does not know (or a card lying
face down, whose face is None)."""
from __future__ import annotations

from engine.games.crazy_old_fish_war.cards import COLOURS as COFW_COLOURS
from engine.games.sea_salt_paper import cards as ssp
from engine.games.sea_salt_paper.extra_pepper import EVENTS
from engine.games.uno_hau_drauf.cards import COLOURS as UNO_COLOURS

UNO = {
    "draw2": "draw two: the next player the unit picks draws 2 and lays no card this turn — even if that is you. "
             "Goes on its colour or another draw two. 20 points.",
    "skip": "skip: the next player the unit picks misses the turn, but must still press their button in time. "
            "Goes on its colour or another skip. 20 points.",
    "haudrauf": "HAU DRAUF: lay it, then press the big yellow button. Everyone races to press their own button; "
                "the slowest takes 2 cards. Goes on its colour or another HAU DRAUF. 20 points.",
    "wild": "wild: goes on any card; you name the next colour. 50 points.",
    "wild4": "wild draw four: name the colour; the next player the unit picks draws 4 and sits out. Only when you "
             "hold no card of the current colour — it may be challenged. 50 points.",
}

GO_FISH_RANKS = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings"}

SKIP_BO = "Skip-Bo: stands for any number — starts a building pile or continues one."

COFW_MERMAID = ("Old Mermaid: matches anything. Name the colour play goes on in, and draw five cards. "
                "In a war it wins at once (only the challenged player may lay it).")
COFW_CRAZY8 = "Crazy 8: matches anything; name the colour play goes on in. In a war it counts as a plain 8."

SSP = {
    ssp.MERMAID: "Mermaid: 1 point per card of your most common colour; a second mermaid scores your second "
                 "colour, and so on. Four mermaids in hand win the game at once.",
    ssp.CRAB: "Crab: two crabs make a duo — look through a discard pile and take any card. A duo is worth 1 point.",
    ssp.BOAT: "Boat: two boats make a duo — take another turn. A duo is worth 1 point.",
    ssp.FISH: "Fish: two fish make a duo — take the top card of the deck. A duo is worth 1 point.",
    ssp.SWIMMER: "Swimmer: with a shark, a duo — steal a random card from another player's hand "
                 "(with a jellyfish: the others may only draw from the deck next turn). A duo is worth 1 point.",
    ssp.SHARK: "Shark: with a swimmer, a duo — steal a random card from another player's hand. "
               "A duo is worth 1 point.",
    ssp.SHELL: "Shell: a collection — 0, 2, 4, 6, 8, 10 points for 1 to 6 shells.",
    ssp.OCTOPUS: "Octopus: a collection — 0, 3, 6, 9, 12 points for 1 to 5 octopuses.",
    ssp.PENGUIN: "Penguin: a collection — 1, 3, 5 points for 1 to 3 penguins.",
    ssp.SAILOR: "Sailor: a collection — 0 points for one sailor, 5 for both.",
    ssp.LIGHTHOUSE: "Lighthouse: +1 point for every boat you have.",
    ssp.SHOAL: "Shoal of fish: +1 point for every fish you have.",
    ssp.COLONY: "Penguin colony: +2 points for every penguin you have.",
    ssp.CAPTAIN: "Captain: +3 points for every sailor you have.",
    ssp.JELLYFISH: "Jellyfish (Extra Salt): with a swimmer, a duo — on their next turn the other players may only "
                   "take the top card of the deck, and play no duos and make no call.",
    ssp.LOBSTER: "Lobster (Extra Salt): with a crab, a duo — look at the top five cards of the deck and take one.",
    ssp.CAST: "Cast of crabs (Extra Salt): +1 point for every crab you have.",
    ssp.STARFISH: "Starfish (Extra Salt): lay it with a duo as a trio for +2 points (the duo's effect is lost); "
                  "in hand it adds 2 to a duo in hand.",
    ssp.SEAHORSE: "Seahorse (Extra Salt): counts as one more card of a collection you already have "
                  "(shell, octopus, penguin or sailor).",
}

SSP_EVENTS = {e.name: f"{e.title} (Extra Pepper, goes to the {'highest' if e.sign == '+' else 'lowest'} total): "
                      f"{e.text}." for e in EVENTS}


def explain(face: str | None) -> str | None:
    """What the card with this face does, or None."""
    if not face:
        return None
    parts = face.split("/")
    explainer = EXPLAINERS.get(parts[0])
    try:
        return explainer(parts[1:]) if explainer else None
    except (IndexError, KeyError, ValueError):
        return None


def _uno(parts: list[str]) -> str:
    if len(parts) == 1:
        text = UNO[parts[0]]
        return text[0].upper() + text[1:]
    colour, symbol = parts
    if colour not in UNO_COLOURS:
        raise ValueError(colour)
    if symbol in UNO:
        return f"{colour.capitalize()} {UNO[symbol]}"
    if symbol not in "0123456789" or len(symbol) != 1:
        raise ValueError(symbol)
    return f"{colour.capitalize()} {symbol}: goes on a {colour} card or any {symbol}. Worth {symbol} points."


def _go_fish(parts: list[str]) -> str:
    rank, suit = parts
    if suit not in ("clubs", "diamonds", "hearts", "spades"):
        raise ValueError(suit)
    plural = GO_FISH_RANKS.get(rank) or f"{int(rank)}s"
    return (f"{plural.capitalize()}: ask an opponent for {plural} while you hold one. All four {plural} make a "
            f"book, laid down at once; suits do not matter.")


def _skip_bo(parts: list[str]) -> str:
    (value,) = parts
    if value == "sb":
        return SKIP_BO
    number = int(value)
    if not 1 <= number <= 12:
        raise ValueError(value)
    if number == 1:
        return "1: starts a new building pile (so does a Skip-Bo)."
    ending = " A pile that reaches 12 is complete and set aside." if number == 12 else ""
    return f"{number}: goes on a building pile showing {number - 1}.{ending}"


def _cofw(parts: list[str]) -> str:
    if parts == ["mermaid"]:
        return COFW_MERMAID
    colour, value = parts
    number = int(value)
    if colour not in COFW_COLOURS or not 1 <= number <= 11:
        raise ValueError(value)
    if number == 8:
        return f"{colour.capitalize()} {COFW_CRAZY8}"
    return f"{colour.capitalize()} {number}: goes on a {colour} card or any {number}. In a war it counts {number}."


def _ssp(parts: list[str]) -> str:
    kind, name = parts
    if kind == "event":
        return SSP_EVENTS[name]
    return f"{SSP[kind]} Colour: {ssp.COLOURS[name]}."


EXPLAINERS = {"uno": _uno, "std": _go_fish, "skipbo": _skip_bo, "cofw": _cofw, "ssp": _ssp}
