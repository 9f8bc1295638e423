"""Sea Salt & Paper: the deck, and scoring as a table of hands computed by hand."""
from collections import Counter

import pytest

from haudrauf.engine.games.sea_salt_paper import extra_pepper
from haudrauf.engine.games.sea_salt_paper.cards import BASE_IDS, CARDS, COLOUR, KIND, SALT_IDS, face, ids_of
from haudrauf.engine.games.sea_salt_paper.scoring import round_scores, score

SHORT = {"db": "dark-blue", "lb": "light-blue", "bk": "black", "ye": "yellow", "gn": "green", "wh": "white",
         "pu": "purple", "gy": "grey", "lo": "light-orange", "pk": "pink", "or": "orange"}


class Picker:
    """Card ids from specs like "crab:db" (kind:colour), each id used once."""

    def __init__(self):
        self.used = set()

    def one(self, spec: str) -> int:
        kind, _, colour = spec.partition(":")
        free = [c for c in ids_of(kind, SHORT[colour] if colour else None) if c not in self.used]
        assert free, f"no card left for {spec}"
        self.used.add(free[0])
        return free[0]

    def many(self, *specs: str) -> list[int]:
        return [self.one(s) for s in specs]


# --- the deck -------------------------------------------------------------------

def test_base_deck_has_58_cards_in_the_digest_types():
    kinds = Counter(KIND[c] for c in BASE_IDS)
    assert len(BASE_IDS) == 58
    assert kinds == {"mermaid": 4, "crab": 9, "boat": 8, "fish": 7, "swimmer": 5, "shark": 5, "shell": 6,
                     "octopus": 5, "penguin": 3, "sailor": 2, "lighthouse": 1, "shoal": 1, "colony": 1, "captain": 1}


def test_base_deck_colour_totals_match_the_digest():
    colours = Counter(COLOUR[c] for c in BASE_IDS)
    assert colours == {"dark-blue": 9, "light-blue": 9, "black": 8, "yellow": 8, "green": 6, "white": 4,
                       "purple": 4, "grey": 4, "light-orange": 3, "pink": 2, "orange": 1}


@pytest.mark.parametrize("kind, colours", [
    ("crab", {"dark-blue": 2, "light-blue": 2, "black": 1, "yellow": 2, "green": 1, "grey": 1}),
    ("boat", {"dark-blue": 2, "light-blue": 2, "black": 2, "yellow": 2}),
    ("fish", {"dark-blue": 2, "light-blue": 1, "black": 2, "yellow": 1, "green": 1}),
    ("swimmer", {"dark-blue": 1, "light-blue": 1, "black": 1, "yellow": 1, "light-orange": 1}),
    ("shark", {"dark-blue": 1, "light-blue": 1, "black": 1, "green": 1, "purple": 1}),
    ("octopus", {"light-blue": 1, "yellow": 1, "green": 1, "purple": 1, "grey": 1}),
    ("penguin", {"purple": 1, "light-orange": 1, "pink": 1}),
    ("sailor", {"pink": 1, "orange": 1}),
])
def test_each_kind_has_the_digest_colours(kind, colours):
    assert Counter(COLOUR[c] for c in ids_of(kind)) == colours


def test_extra_salt_adds_eight_cards_for_66():
    assert len(BASE_IDS) + len(SALT_IDS) == 66
    assert sorted((KIND[c], COLOUR[c]) for c in SALT_IDS) == sorted([
        ("jellyfish", "purple"), ("jellyfish", "pink"), ("lobster", "black"), ("cast-of-crabs", "green"),
        ("starfish", "dark-blue"), ("starfish", "light-blue"), ("starfish", "yellow"), ("seahorse", "white")])


def test_twelve_event_cards_follow_the_playing_cards():
    assert extra_pepper.EVENT_IDS == tuple(range(66, 78))
    signs = {e.name: e.sign for e in extra_pepper.EVENTS}
    assert [n for n, s in signs.items() if s == "+"] == ["kraken", "tornado", "treasure-chest", "diodon"]
    assert len(CARDS) == 66 and face(0) == "ssp/mermaid/white"


# --- scoring table: (hand, played groups, events) → card points, colour bonus ------

CASES = [
    # the digest's worked examples
    ("3 shells + 2 octopus + penguin", ["shell:db", "shell:lb", "shell:bk", "octopus:lb", "octopus:ye", "penguin:pu"],
     [], (), 8, 2),
    ("penguin colony + 2 penguins", ["colony:gn", "penguin:pu", "penguin:lo"], [], (), 7, 1),
    ("captain + 2 sailors", ["captain:lo", "sailor:pk", "sailor:or"], [], (), 11, 1),
    # collectors
    ("one shell scores nothing", ["shell:db"], [], (), 0, 1),
    ("six shells", ["shell:db", "shell:lb", "shell:bk", "shell:ye", "shell:gn", "shell:gy"], [], (), 10, 1),
    ("four octopus", ["octopus:lb", "octopus:ye", "octopus:gn", "octopus:pu"], [], (), 9, 1),
    ("five octopus", ["octopus:lb", "octopus:ye", "octopus:gn", "octopus:pu", "octopus:gy"], [], (), 12, 1),
    ("one penguin", ["penguin:pk"], [], (), 1, 1),
    ("three penguins", ["penguin:pu", "penguin:lo", "penguin:pk"], [], (), 5, 1),
    ("one sailor", ["sailor:or"], [], (), 0, 1),
    # multipliers, counting every matching card
    ("lighthouse + 3 boats", ["lighthouse:pu", "boat:db", "boat:db", "boat:lb"], [], (), 1 + 3, 2),
    ("lighthouse without boats", ["lighthouse:pu"], [], (), 0, 1),
    ("lighthouse counts played boats", ["lighthouse:pu", "boat:lb"], [["boat:db", "boat:db"]], (), 1 + 3, 2),
    ("shoal of fish + 2 fish", ["shoal:gy", "fish:bk", "fish:bk"], [], (), 1 + 2, 2),
    ("colony + 3 penguins", ["colony:gn", "penguin:pu", "penguin:lo", "penguin:pk"], [], (), 5 + 6, 1),
    ("captain + 1 sailor", ["captain:lo", "sailor:or"], [], (), 0 + 3, 1),
    ("cast of crabs + 3 crabs", ["cast-of-crabs:gn", "crab:ye", "crab:ye", "crab:gn"], [], (), 1 + 3, 2),
    ("cast of crabs counts played crabs", ["cast-of-crabs:gn", "crab:bk"], [["crab:db", "crab:db"]], (), 1 + 3, 2),
    # duos
    ("four pairs in hand", ["crab:db", "crab:db", "boat:lb", "boat:lb", "fish:bk", "fish:bk", "shark:gn",
                            "swimmer:lo"], [], (), 4, 2),
    ("three crabs make one pair", ["crab:db", "crab:lb", "crab:gn"], [], (), 1, 1),
    ("shark + two swimmers make one pair", ["shark:db", "swimmer:lb", "swimmer:bk"], [], (), 1, 1),
    ("two played duos", [], [["crab:db", "crab:db"], ["fish:bk", "fish:bk"]], (), 2, 2),
    ("jellyfish + swimmer", ["jellyfish:pu", "swimmer:ye"], [], (), 1, 1),
    ("lobster + three crabs", ["lobster:bk", "crab:db", "crab:lb", "crab:ye"], [], (), 2, 1),
    ("a lobster alone", ["lobster:bk"], [], (), 0, 1),
    # mermaids by colour rank, white counting as a colour
    ("one mermaid alone", ["mermaid:wh"], [], (), 1, 1),
    ("mermaid + 3 dark blue", ["mermaid:wh", "crab:db", "boat:db", "fish:db"], [], (), 3, 3),
    ("two mermaids: 1st and 2nd colour", ["mermaid:wh", "mermaid:wh", "crab:db", "boat:db", "fish:db", "crab:lb",
                                         "boat:lb"], [], (), 2 + 3 + 2, 3),
    ("three mermaids, one other colour", ["mermaid:wh", "mermaid:wh", "mermaid:wh", "shell:db"], [], (), 3 + 1 + 0, 3),
    ("mermaid counts played cards' colours", ["mermaid:wh"], [["boat:ye", "boat:ye"]], (), 1 + 2, 2),
    # Extra Salt: starfish and seahorse
    ("played starfish trio", [], [["crab:db", "crab:lb", "starfish:ye"]], (), 1 + 2, 1),
    ("starfish in hand makes a trio with a pair in hand", ["crab:db", "crab:lb", "starfish:db"], [], (), 1 + 2, 2),
    ("one starfish per pair in hand", ["crab:db", "crab:lb", "starfish:db", "starfish:ye"], [], (), 1 + 2, 2),
    ("two starfish, two pairs in hand", ["crab:db", "crab:lb", "fish:bk", "fish:bk", "starfish:db",
                                          "starfish:ye"], [], (), 2 + 4, 2),
    ("a starfish in hand does not join a played duo", ["starfish:db"], [["crab:db", "crab:lb"]], (), 1, 2),
    ("a starfish in hand with no pair scores nothing", ["starfish:db", "crab:db"], [], (), 0, 2),
    ("played trio and hand trio", ["boat:lb", "boat:lb", "starfish:lb"], [["crab:db", "crab:lb", "starfish:ye"]],
     (), 1 + 2 + 1 + 2, 4),
    ("seahorse with no collection", ["seahorse:wh", "crab:db"], [], (), 0, 1),
    ("seahorse joins the better collection", ["shell:db", "octopus:lb", "seahorse:wh"], [], (), 0 + 3, 1),
    ("seahorse never past the sailor cap", ["sailor:pk", "sailor:or", "seahorse:wh"], [], (), 5, 1),
    ("seahorse skips the full penguins", ["penguin:pu", "penguin:lo", "penguin:pk", "shell:gn", "seahorse:wh"],
     [], (), 5 + 2, 1),
    ("seahorse is white for mermaids", ["mermaid:wh", "mermaid:wh", "seahorse:wh", "shell:db"], [], (), 2 + 3 + 1, 3),
    # scoring events
    ("Dance of the shells: 3 shells", ["shell:db", "shell:lb", "shell:bk"], [], (extra_pepper.DANCE_OF_SHELLS,), 6, 1),
    ("Dance of the shells: 1 shell + seahorse", ["shell:db", "seahorse:wh"], [], (extra_pepper.DANCE_OF_SHELLS,), 4, 1),
    ("Kraken: 3 octopus", ["octopus:lb", "octopus:ye", "octopus:gn"], [], (extra_pepper.KRAKEN,), 3, 1),
    ("Tornado: mermaids score 0", ["mermaid:wh", "crab:db", "boat:db", "fish:db"], [], (extra_pepper.TORNADO,), 0, 3),
    ("Water rodeo: two swimmers pair", ["swimmer:db", "swimmer:lb"], [], (extra_pepper.WATER_RODEO,), 1, 1),
    ("no Water rodeo: two swimmers do not", ["swimmer:db", "swimmer:lb"], [], (), 0, 1),
    ("Water rodeo: jellyfish, swimmers, shark", ["jellyfish:pk", "swimmer:db", "swimmer:lb", "shark:bk"], [],
     (extra_pepper.WATER_RODEO,), 2, 1),
    ("no cards at all", [], [], (), 0, 0),
]


@pytest.mark.parametrize("hand, front, events, points, bonus", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_scoring_table(hand, front, events, points, bonus):
    pick = Picker()
    hand_ids = pick.many(*hand)
    groups = [pick.many(*g) for g in front]
    result = score(hand_ids, groups, frozenset(events))
    assert (result.card_points, result.colour_bonus) == (points, bonus), result.text()
    assert sum(p for _, p in result.lines) == result.card_points


def test_breakdown_names_each_scoring_part():
    pick = Picker()
    hand = pick.many("shell:db", "shell:lb", "shell:bk", "lighthouse:pu", "boat:ye", "mermaid:wh")
    lines = {str(what): points for what, points in score(hand, [pick.many("boat:db", "boat:db")]).lines}
    assert lines == {"1 duo played": 1, "3 shells": 4, "lighthouse: 3 boats": 3, "mermaid 1 (dark blue ×3)": 3}
    assert score(hand, []).colour == "dark-blue"


def test_a_hand_where_nothing_scores_yet_says_so():
    """A lone boat scores nothing, but it is a card: not "no cards = 0"."""
    pick = Picker()
    assert str(score([pick.one("boat:ye")], []).text()) == "nothing scores yet; colour bonus 1 (yellow)"
    assert str(score([], []).text()) == "no cards; colour bonus 0"


# --- round scores ------------------------------------------------------------------

def test_stop_scores_card_points_without_bonus():
    assert round_scores([9, 5, 12], [4, 3, 2], "stop", 0) == ([9, 5, 12], False)


def test_last_chance_tie_favours_the_caller():  # the digest's example
    assert round_scores([9, 9], [4, 3], "last_chance", 0) == ([13, 3], False)


def test_last_chance_beaten_caller_keeps_only_the_bonus():  # the digest's example
    assert round_scores([9, 10], [4, 3], "last_chance", 0) == ([4, 10], True)


def test_last_chance_beaten_by_one_of_three():
    assert round_scores([6, 8, 7], [2, 5, 1], "last_chance", 2) == ([6, 8, 1], True)


# --- event cards after a round -----------------------------------------------------

KRAKEN_ID, DOLPHINS_ID, DIODON_ID = (next(e.id for e in extra_pepper.EVENTS if e.name == n)
                                     for n in (extra_pepper.KRAKEN, extra_pepper.DOLPHINS, extra_pepper.DIODON))


def test_plus_event_goes_to_the_highest_minus_to_the_lowest():
    assert extra_pepper.settle([10, 20, 5], [None] * 3, KRAKEN_ID) == ([None] * 3, [], (1, KRAKEN_ID))
    assert extra_pepper.settle([10, 20, 5], [None] * 3, DOLPHINS_ID) == ([None] * 3, [], (2, DOLPHINS_ID))


def test_tied_event_is_discarded():
    assert extra_pepper.settle([20, 20, 5], [None] * 3, KRAKEN_ID) == ([None] * 3, [KRAKEN_ID], None)


def test_holder_keeps_only_while_still_strictly_highest():
    assert extra_pepper.settle([30, 20], [KRAKEN_ID, None], None) == ([KRAKEN_ID, None], [], None)
    assert extra_pepper.settle([20, 30], [KRAKEN_ID, None], None) == ([None, None], [KRAKEN_ID], None)
    assert extra_pepper.settle([30, 30], [KRAKEN_ID, None], None) == ([None, None], [KRAKEN_ID], None)


def test_second_event_is_offered_to_a_holder():
    assert extra_pepper.settle([30, 20], [KRAKEN_ID, None], DIODON_ID) == ([KRAKEN_ID, None], [], (0, DIODON_ID))
