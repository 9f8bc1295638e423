"""The 58 cards of Crazy Old Fish War and the fish names players call.

Card ids 0–54 are the numbered cards: colour `COLOURS[id // 11]`, number
`id % 11 + 1`; the five 8s are the Crazy 8s. Ids 55–57 are the three Old
Mermaids. The printed rules do not name the five colours, so we do; each colour
also has a symbol, so the cards can be told apart without seeing colour.
"""
from __future__ import annotations

from haudrauf.words import Message, msg

#: Colour key (used in face strings and actions) → (display name, symbol).
#: Colour-blind friendly: every colour has its own shape as well.
COLOUR_TABLE = {
    "red": (msg("Red"), "●"),
    "yellow": (msg("Yellow"), "▲"),
    "green": (msg("Green"), "■"),
    "blue": (msg("Blue"), "◆"),
    "purple": (msg("Purple"), "★"),
}
COLOURS = tuple(COLOUR_TABLE)
#: The colours as a sentence names them: "Anna names red".
COLOUR_NAMES = (msg("red"), msg("yellow"), msg("green"), msg("blue"), msg("purple"))
#: Every card's name, whole per colour (languages bend the colour word and put
#: it in their own place): a numbered card takes its number, "red 7".
NUMBER_NAMES = (msg("red {number}"), msg("yellow {number}"), msg("green {number}"), msg("blue {number}"),
                msg("purple {number}"))
CRAZY_NAMES = (msg("red Crazy 8"), msg("yellow Crazy 8"), msg("green Crazy 8"), msg("blue Crazy 8"),
               msg("purple Crazy 8"))
#: What matches the pile, per colour: any card of it, or it or a number ("a red
#: or a 5"; English says "an" before 8 and 11).
WANTED_COLOUR = (msg("a red card"), msg("a yellow card"), msg("a green card"), msg("a blue card"),
                 msg("a purple card"))
WANTED_OR_A = (msg("a red or a {number}"), msg("a yellow or a {number}"), msg("a green or a {number}"),
               msg("a blue or a {number}"), msg("a purple or a {number}"))
WANTED_OR_AN = (msg("a red or an {number}"), msg("a yellow or an {number}"), msg("a green or an {number}"),
                msg("a blue or an {number}"), msg("a purple or an {number}"))
NUMBERS = tuple(range(1, 12))
CRAZY = 8
NUMBERED = len(COLOURS) * len(NUMBERS)  # 55
MERMAIDS = (55, 56, 57)
CARD_COUNT = NUMBERED + len(MERMAIDS)  # 58
MERMAID_WAR_VALUE = 12  # only for ordering cards by strength; a Mermaid wins a war outright

#: Per card id: colour index (None for a Mermaid) and number (None for a Mermaid).
CARD_COLOUR = tuple([c // len(NUMBERS) for c in range(NUMBERED)] + [None] * len(MERMAIDS))
CARD_NUMBER = tuple([c % len(NUMBERS) + 1 for c in range(NUMBERED)] + [None] * len(MERMAIDS))

#: Names to call when down to one card; a name is never called twice in a game.
#: The English name is the fish's key (in moves and saves); each reader sees it
#: in their language.
FISH_WORDS: dict[str, Message] = {
    "Cod": msg("Cod"), "Haddock": msg("Haddock"), "Herring": msg("Herring"), "Mackerel": msg("Mackerel"),
    "Salmon": msg("Salmon"), "Trout": msg("Trout"), "Pike": msg("Pike"), "Perch": msg("Perch"), "Carp": msg("Carp"),
    "Tuna": msg("Tuna"), "Sardine": msg("Sardine"), "Anchovy": msg("Anchovy"), "Plaice": msg("Plaice"),
    "Sole": msg("Sole"), "Halibut": msg("Halibut"), "Turbot": msg("Turbot"), "Flounder": msg("Flounder"),
    "Eel": msg("Eel"), "Catfish": msg("Catfish"), "Goldfish": msg("Goldfish"), "Swordfish": msg("Swordfish"),
    "Marlin": msg("Marlin"), "Barracuda": msg("Barracuda"), "Grouper": msg("Grouper"), "Snapper": msg("Snapper"),
    "Clownfish": msg("Clownfish"), "Angelfish": msg("Angelfish"), "Pufferfish": msg("Pufferfish"),
    "Sturgeon": msg("Sturgeon"), "Bream": msg("Bream"), "Roach": msg("Roach"), "Zander": msg("Zander"),
    "Whiting": msg("Whiting"), "Pollock": msg("Pollock"), "Monkfish": msg("Monkfish"), "Mullet": msg("Mullet"),
    "Sprat": msg("Sprat"), "Char": msg("Char"), "Grayling": msg("Grayling"), "Tench": msg("Tench"),
    "Minnow": msg("Minnow"), "Stickleback": msg("Stickleback"), "Guppy": msg("Guppy"), "Piranha": msg("Piranha"),
    "Wrasse": msg("Wrasse"), "Gurnard": msg("Gurnard"), "Ling": msg("Ling"), "Hake": msg("Hake"),
    "Lumpsucker": msg("Lumpsucker"), "Sea bass": msg("Sea bass"),
}
FISH_NAMES = tuple(FISH_WORDS)
FISH_OFFERED = 6  # how many unused names a player is offered to call


def is_mermaid(card: int) -> bool:
    return card >= NUMBERED


def is_crazy8(card: int) -> bool:
    return CARD_NUMBER[card] == CRAZY


def is_wild(card: int) -> bool:
    """Crazy 8s and Old Mermaids match any top card."""
    return card >= NUMBERED or CARD_NUMBER[card] == CRAZY


#: The wild cards, as a set the rules look a card up in.
WILD = frozenset(c for c in range(CARD_COUNT) if is_wild(c))


def matches(card: int, colour: int, number: int | None) -> bool:
    """May `card` go on a pile that asks for `colour` (or `number`, if any)?"""
    return card >= NUMBERED or CARD_NUMBER[card] == CRAZY or CARD_COLOUR[card] == colour \
        or CARD_NUMBER[card] == number


#: MATCHING[colour][number or 0]: every card that may go on a pile asking for them.
MATCHING = tuple(
    tuple(frozenset(c for c in range(CARD_COUNT) if matches(c, colour, number or None)) for number in range(12))
    for colour in range(len(COLOURS))
)


def fish_word(name: str) -> Message | str:
    """A fish name in the reader's words (a name that is no fish of ours, from a forged move, as it came)."""
    return FISH_WORDS.get(name, name)


def war_value(card: int) -> int:
    """A card's strength in a war: its number (Crazy 8s count 8); Mermaids above all."""
    return MERMAID_WAR_VALUE if card >= NUMBERED else CARD_NUMBER[card]


def face(card: int) -> str:
    if is_mermaid(card):
        return "cofw/mermaid"
    return f"cofw/{COLOURS[CARD_COLOUR[card]]}/{CARD_NUMBER[card]}"


def colour_label(colour: int, number: int | None = None) -> Message:
    """"Red ●", "Red ● 5": the colour's name with its symbol (and a named number)."""
    name, symbol = COLOUR_TABLE[COLOURS[colour]]
    if number is None:
        return msg("{colour} {symbol}", colour=name, symbol=symbol)
    return msg("{colour} {symbol} {number}", colour=name, symbol=symbol, number=number)


def card_name(card: int) -> Message:
    """"red 7", "red Crazy 8", "Old Mermaid"."""
    if is_mermaid(card):
        return msg("Old Mermaid")
    colour = CARD_COLOUR[card]
    if is_crazy8(card):
        return CRAZY_NAMES[colour]
    return Message(NUMBER_NAMES[colour].text, (("number", CARD_NUMBER[card]),))


def wanted(colour: int, number: int | None) -> Message:
    """What matches the pile, in words: "a red or a 5", "a red card"."""
    if number is None:
        return WANTED_COLOUR[colour]
    template = WANTED_OR_AN[colour] if number in (8, 11) else WANTED_OR_A[colour]
    return Message(template.text, (("number", number),))
