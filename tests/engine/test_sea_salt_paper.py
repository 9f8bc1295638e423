"""Sea Salt & Paper: every rule of the digest as a scenario from a built position."""
import pytest

from haudrauf.device.events import PlayerSelected, SlapStarted, TurnTimedOut
from haudrauf.engine.games.sea_salt_paper import GAME
from haudrauf.engine.games.sea_salt_paper import extra_pepper
from haudrauf.engine.games.sea_salt_paper.actions import (
    Call, ChooseOpponent, ChoosePile, DrawTop, DrawTwo, EndTurn, Give, Keep, KeepEvent, Pick, PlayDuo, ProtectShell,
    StealPair, TakeDiscard,
)
from haudrauf.engine.games.sea_salt_paper.cards import card_name
from haudrauf.engine.games.sea_salt_paper.events import RoundOver, TurnStarted
from haudrauf.testing.invariants import assert_refused, check_invariants
from tests.engine.test_sea_salt_paper_scoring import Picker

NAMES = ["Anna", "Bo", "Cy", "Di"]
EVENT = {e.name: e.id for e in extra_pepper.EVENTS}


def name(seat):
    return NAMES[seat]


def texts(events):
    return [str(e.message(name)) for e in events]


def build(players=2, hands=(), piles=((), ()), deck=(), fronts=None, turn=0, phase="play", salt=False,
          pepper=False, event=None, held=None, totals=None, **options):
    """A position: the given cards where they are said to be, every other card at
    the bottom of the deck (`deck` lists the top cards, top first)."""
    g = GAME({"players": players, "extra_salt": salt, "extra_pepper": pepper, **options}, seed=7)
    g.hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    g.fronts = [[list(grp) for grp in f] for f in fronts] if fronts else [[] for _ in range(players)]
    g.reefs = [[] for _ in range(players)]
    g.piles = [list(p) for p in piles]
    g.drawn = []
    placed = {c for zone in g.hands + g.piles + [list(deck)] for c in zone}
    placed |= {c for f in g.fronts for grp in f for c in grp}
    g.deck = [c for c in g.in_play if c not in placed] + list(reversed(deck))
    g.turn, g.phase, g.pending, g.acted = turn, phase, {}, True
    if totals:
        g.totals = list(totals)
    if pepper:
        g.round_event = EVENT[event] if event else None
        g.held = [EVENT[h] if h else None for h in (held or [None] * players)]
        taken = {g.round_event, *g.held}
        g.event_deck = [e for e in extra_pepper.EVENT_IDS if e not in taken]
    check_invariants(g)
    return g


def thin_deck(g, keep=0):
    """Leave only the top `keep` cards in the deck (the rest go under discard pile 1)."""
    cut = len(g.deck) - keep
    g.piles[0][:0] = g.deck[:cut]
    g.deck = g.deck[cut:]
    check_invariants(g)


def play(g, seat, *actions):
    """Apply actions in turn for one seat; all their events."""
    out = []
    for action in actions:
        out += g.apply(seat, action)
    check_invariants(g)
    return out


# --- the round's start -------------------------------------------------------------

def test_round_starts_with_two_face_up_discard_piles_and_empty_hands():
    g = GAME({"players": 3}, seed=1)
    assert [len(p) for p in g.piles] == [1, 1] and g.hands == [[], [], []]
    assert len(g.deck) == 56 and len(g.box) == 8 + 12
    assert g.current_seats == (0,)
    assert g.legal_actions(0) == [DrawTwo(), TakeDiscard(0), TakeDiscard(1)]
    assert g.legal_actions(1) == []


def test_expansions_put_their_cards_into_play():
    g = GAME({"players": 2, "extra_salt": True, "extra_pepper": True}, seed=1)
    assert len(g.deck) == 64 and g.box == []
    assert g.round_event is not None and len(g.event_deck) == 11
    check_invariants(g)


def test_starting_player_moves_clockwise_each_round():
    g = build(players=3, hands=[Picker().many("shell:db", "shell:lb", "shell:bk", "octopus:lb", "octopus:ye",
                                               "penguin:pu")])
    events = play(g, 0, Call("stop"))
    assert g.round == 2 and g.current_seats == (1,)
    assert "Round 2 begins; Bo starts" in texts(events)


# --- drawing -----------------------------------------------------------------------

def test_draw_two_keep_one_the_other_must_go_to_an_empty_pile():
    p = Picker()
    x, a, b = p.many("crab:db", "shell:db", "boat:ye")
    g = build(piles=([x], []), deck=[a, b], phase="draw")
    play(g, 0, DrawTwo())
    assert g.view(0)["shown"] == [a, b] and g.view(1)["shown"] == []
    assert g.legal_actions(0) == [Keep(a, 1), Keep(b, 1)]
    assert_refused(g, 0, Keep(a, 0), "discard pile 2 is empty: the other card must go there")
    events = play(g, 0, Keep(a, 1))
    assert g.hands[0] == [a] and g.piles[1] == [b]
    assert texts(events) == ["Anna keeps one and discards the yellow boat on discard pile 2"]
    assert str(card_name(a)) not in " ".join(texts(events))


def test_draw_two_with_both_piles_full_discards_on_either():
    p = Picker()
    x, y, a, b = p.many("crab:db", "crab:lb", "shell:db", "boat:ye")
    g = build(piles=([x], [y]), deck=[a, b], phase="draw")
    play(g, 0, DrawTwo())
    assert set(g.legal_actions(0)) == {Keep(a, 0), Keep(a, 1), Keep(b, 0), Keep(b, 1)}


def test_take_the_top_of_a_discard_pile_but_not_from_an_empty_one():
    p = Picker()
    x, y = p.many("crab:db", "shell:lb")
    g = build(piles=([x, y], []), phase="draw")
    assert_refused(g, 0, TakeDiscard(1), "discard pile 2 is empty")
    play(g, 0, TakeDiscard(0))
    assert g.hands[0] == [y] and g.piles[0] == [x] and g.phase == "play"


def test_last_card_of_the_deck_is_drawn_alone():
    p = Picker()
    last = p.one("shell:db")
    g = build(piles=(p.many("crab:db"), p.many("crab:lb")), deck=[last], phase="draw")
    thin_deck(g, 1)
    events = play(g, 0, DrawTwo())
    assert g.hands[0] == [last] and g.phase == "play"
    assert texts(events) == ["Anna takes the top card of the deck (the last card)"]


# --- duos ----------------------------------------------------------------------------

def test_crab_duo_looks_through_one_pile_and_takes_any_card_secretly():
    p = Picker()
    c1, c2, x, y, z = p.many("crab:db", "crab:lb", "shell:db", "octopus:lb", "boat:ye")
    g = build(hands=[[c1, c2]], piles=([x, y], [z]))
    events = play(g, 0, PlayDuo((c1, c2)))
    assert g.legal_actions(0) == [ChoosePile(0), ChoosePile(1)]
    events += play(g, 0, ChoosePile(0))
    assert g.view(0)["shown"] == [x, y] and g.view(1)["shown"] == []
    events += play(g, 0, Pick(x))  # not the top card
    assert g.hands[0] == [x] and g.piles[0] == [y] and g.phase == "play"
    assert "Anna takes a card from discard pile 1" in texts(events)
    assert str(card_name(x)) not in " ".join(texts(events))


def test_crab_duo_with_both_piles_empty_is_skipped():
    p = Picker()
    g = build(hands=[p.many("crab:db", "crab:lb")])
    events = play(g, 0, PlayDuo(tuple(g.hands[0])))
    assert "Anna's duo has no effect: both discard piles are empty" in texts(events)
    assert g.phase == "play" and len(g.fronts[0]) == 1


def test_boat_duo_gives_another_turn_at_once():
    p = Picker()
    g = build(hands=[p.many("boat:db", "boat:lb")], piles=(p.many("crab:db"), []))
    events = play(g, 0, PlayDuo(tuple(g.hands[0])))
    assert TurnStarted(0, extra=True) in events
    assert g.current_seats == (0,) and g.phase == "draw"
    play(g, 0, TakeDiscard(0), EndTurn())
    assert g.current_seats == (1,)


def test_fish_duo_takes_the_top_card_of_the_deck():
    p = Picker()
    top = p.one("mermaid")
    g = build(hands=[p.many("fish:db", "fish:bk")], deck=[top])
    events = play(g, 0, PlayDuo(tuple(g.hands[0])))
    assert g.hands[0] == [top]
    assert "Anna takes the top card of the deck (fish duo)" in texts(events)


def test_fish_duo_on_an_empty_deck_is_skipped_and_the_round_then_ends_unscored():
    p = Picker()
    g = build(hands=[p.many("fish:db", "fish:bk")], piles=(p.many("crab:db"), []))
    thin_deck(g)
    events = play(g, 0, PlayDuo(tuple(g.hands[0])))
    assert "Anna's duo has no effect: the deck is empty" in texts(events)
    events = play(g, 0, EndTurn())
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.how == "deck" and over.scores == (0, 0) and g.totals == [0, 0]
    assert "Round 1 over: the deck ran out, nobody scores" in texts(events)


def test_shark_and_swimmer_steal_a_random_card_unseen_by_others():
    p = Picker()
    shark, swimmer, a, b = p.many("shark:db", "swimmer:db", "shell:db", "mermaid")
    g = build(players=3, hands=[[shark, swimmer], [a, b], []])
    play(g, 0, PlayDuo(tuple(sorted((shark, swimmer)))))
    assert g.legal_actions(0) == [ChooseOpponent(1)]  # seat 2 has nothing to steal
    events = play(g, 0, ChooseOpponent(1))
    assert len(g.hands[0]) == 1 and g.hands[0][0] in (a, b) and len(g.hands[1]) == 1
    assert texts(events) == ["Anna steals a random card from Bo"]


def test_shark_and_swimmer_without_cards_to_steal_is_skipped():
    p = Picker()
    g = build(hands=[p.many("shark:db", "swimmer:db")])
    events = play(g, 0, PlayDuo(tuple(sorted(g.hands[0]))))
    assert "Anna's duo has no effect: no opponent has a card that can be taken" in texts(events)


def test_only_matching_pairs_are_duos():
    p = Picker()
    crab, boat, shark = p.many("crab:db", "boat:db", "shark:gn")
    g = build(hands=[[crab, boat, shark]])
    assert [a for a in g.legal_actions(0) if isinstance(a, PlayDuo)] == []
    assert_refused(g, 0, PlayDuo((crab, boat)), "dark blue crab + dark blue boat do not make a duo")
    assert_refused(g, 0, PlayDuo((crab, p.one("crab"))), "you do not hold the")


# --- calling -----------------------------------------------------------------------

EIGHT = ("shell:db", "shell:lb", "shell:bk", "octopus:lb", "octopus:ye", "penguin:pu")  # 8 card points, bonus 2


def test_call_needs_seven_card_points():
    p = Picker()
    g = build(hands=[p.many("shell:db", "shell:lb", "shell:bk", "octopus:lb")])  # 4
    assert Call("stop") not in g.legal_actions(0)
    assert_refused(g, 0, Call("stop"), "you have 4 card points; 7 are needed to call")
    g = build(hands=[g.hands[0] + [p.one("octopus:ye")]])  # 7
    assert {Call("stop"), Call("last_chance")} <= set(g.legal_actions(0))


def test_stop_scores_card_points_for_everyone_without_bonus():
    p = Picker()
    g = build(hands=[p.many(*EIGHT), p.many("captain:lo", "sailor:pk")])  # 8 and 3
    events = play(g, 0, Call("stop"))
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.scores == (8, 3) and g.totals == [8, 3]
    assert "Round 1 over (STOP by Anna): Anna 8, Bo 3" in texts(events)
    assert str(over.detail(name)[0]) == ("Anna: 3 shells 4 · 2 octopuses 3 · 1 penguin 1 = 8; "
                                    "colour bonus 2 (light blue)")


def test_a_starfish_in_hand_scores_with_a_pair_in_hand_at_the_round_end():
    """Extra Salt as the licensed edition counts it: 2 crabs + a starfish, all
    in hand, are worth 3 (1 for the pair, 2 for the trio), not 1."""
    p = Picker()
    g = build(hands=[p.many(*EIGHT), p.many("crab:db", "crab:lb", "starfish:ye")], salt=True)
    over = next(e for e in play(g, 0, Call("stop")) if isinstance(e, RoundOver))
    assert over.scores == (8, 3)
    assert "1 starfish trio in hand 2" in str(over.detail(name)[1])


def _last_chance_position(extra_for_bo):
    p = Picker()
    caller = p.many("shell:db", "shell:lb", "shell:bk", "octopus:lb", "octopus:ye", "crab:db", "crab:db",
                    "penguin:pu", "boat:db")  # 9 card points, bonus 4 (dark blue)
    other = p.many("colony:gn", "penguin:lo", "penguin:pk", "fish:bk", "fish:bk", "shark:gn", "swimmer:ye",
                   "crab:gn")  # 9 card points, bonus 3 (green)
    top = p.one(extra_for_bo)
    return build(hands=[caller, other], piles=([top], p.many("boat:lb")))


def test_last_chance_gives_each_other_player_one_turn_and_a_tie_favours_the_caller():
    g = _last_chance_position("octopus:gy")  # Bo's last draw adds nothing
    play(g, 0, Call("last_chance"))
    assert g.current_seats == (1,)
    play(g, 1, TakeDiscard(0))
    assert Call("stop") not in g.legal_actions(1)
    events = play(g, 1, EndTurn())
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.scores == (13, 3) and not over.beaten


def test_last_chance_beaten_caller_scores_only_the_colour_bonus():
    g = _last_chance_position("crab:ye")  # a crab pair: Bo reaches 10
    play(g, 0, Call("last_chance"))
    events = play(g, 1, TakeDiscard(0), EndTurn())
    over = next(e for e in events if isinstance(e, RoundOver))
    assert over.scores == (4, 10) and over.beaten
    assert "Round 1 over (LAST CHANCE by Anna, beaten): Anna 4, Bo 10" in texts(events)


def test_last_chance_ends_scored_when_the_deck_runs_out():
    g = _last_chance_position("octopus:gy")
    play(g, 0, Call("last_chance"))
    thin_deck(g)
    events = play(g, 1, TakeDiscard(0), EndTurn())
    assert next(e for e in events if isinstance(e, RoundOver)).how == "last_chance"


def test_deck_empty_at_the_end_of_a_turn_ends_the_round_without_scores():
    p = Picker()
    g = build(hands=[p.many(*EIGHT)], piles=(p.many("crab:db"), []))
    thin_deck(g)
    events = play(g, 0, EndTurn())
    assert next(e for e in events if isinstance(e, RoundOver)).how == "deck"
    assert g.totals == [0, 0] and g.round == 2 and g.hands == [[], []]


# --- mermaids and the end of the game --------------------------------------------------

def test_four_mermaids_win_at_once():
    p = Picker()
    g = build(hands=[p.many("mermaid", "mermaid", "mermaid")], piles=([p.one("mermaid")], []), phase="draw")
    events = play(g, 0, TakeDiscard(0))
    assert g.is_over and g.result.winners == (0,)
    assert texts(events)[-1] == "Game over: Anna wins (4 mermaids in hand)"
    assert_refused(g, 1, EndTurn(), "the game is over")


def test_game_ends_at_thirty_points_with_four_players():
    p = Picker()
    g = build(players=4, hands=[p.many(*EIGHT)], totals=[22, 0, 0, 0])
    play(g, 0, Call("stop"))
    assert g.is_over and g.result.winners == (0,) and g.result.scores == (30, 0, 0, 0)


def test_tie_goes_to_most_points_in_the_last_round():
    p = Picker()
    g = build(hands=[p.many(*EIGHT), p.many("penguin:lo", "penguin:pk")], totals=[32, 37])  # 8 and 3
    play(g, 0, Call("stop"))
    assert g.totals == [40, 40] and g.result.winners == (0,)


def test_double_points_doubles_the_goal():
    p = Picker()
    g = build(hands=[p.many(*EIGHT)], totals=[35, 0], double_points=True)
    play(g, 0, Call("stop"))
    assert not g.is_over and g.totals == [43, 0] and g.goal == 80


# --- Extra Salt ---------------------------------------------------------------------------

def test_jellyfish_lets_the_others_only_draw_the_top_card_next_turn():
    p = Picker()
    jelly, swimmer, c1, c2 = p.many("jellyfish:pu", "swimmer:db", "crab:db", "crab:lb")
    g = build(players=3, hands=[[jelly, swimmer], [c1, c2]], salt=True, piles=(p.many("boat:db"), []))
    events = play(g, 0, PlayDuo(tuple(sorted((jelly, swimmer)))), EndTurn())
    assert "Anna's jellyfish stings Bo, Cy: next turn only the top card of the deck" in texts(events)
    assert TurnStarted(1, stung=True) in events
    assert g.legal_actions(1) == [DrawTop()]
    assert_refused(g, 1, DrawTwo(), "stung by a jellyfish: you may only take the top card of the deck")
    play(g, 1, DrawTop())  # the turn ends at once: no duo with the crabs, no call
    assert len(g.hands[1]) == 3 and len(g.fronts[1]) == 0 and g.current_seats == (2,)
    play(g, 2, DrawTop())
    assert g.current_seats == (0,) and DrawTwo() in g.legal_actions(0)


def test_lobster_and_crab_take_one_of_the_top_five_and_shuffle_the_rest_back():
    p = Picker()
    lobster, crab = p.many("lobster", "crab:db")
    top = p.many("shell:db", "shell:lb", "mermaid", "octopus:gy", "boat:db", "fish:db")
    g = build(hands=[[lobster, crab]], deck=top, salt=True)
    play(g, 0, PlayDuo(tuple(sorted((lobster, crab)))))
    assert sorted(g.view(0)["shown"]) == sorted(top[:5]) and g.view(1)["shown"] == []
    events = play(g, 0, Pick(top[2]))
    assert g.hands[0] == [top[2]] and top[2] not in g.deck and set(top) - {top[2]} <= set(g.deck)
    assert "mermaid" not in " ".join(texts(events))


def test_starfish_trio_scores_two_more_and_has_no_effect():
    p = Picker()
    c1, c2, star = p.many("crab:db", "crab:lb", "starfish:ye")
    g = build(hands=[[c1, c2, star]], piles=(p.many("shell:db"), []), salt=True)
    assert PlayDuo((c1, c2, star)) in g.legal_actions(0)
    assert g.breakdown(0).card_points == 3  # in hand the starfish makes a trio with the pair too
    events = play(g, 0, PlayDuo((c1, c2, star)))
    assert g.phase == "play" and g.piles[0] and g.breakdown(0).card_points == 3
    assert "starfish trio — 2 more points, no effect" in texts(events)[0]
    assert_refused(g, 0, PlayDuo((c1, c2, p.one("crab"))), "you do not hold")


def test_trio_third_card_must_be_a_starfish():
    p = Picker()
    c1, c2, c3 = p.many("crab:db", "crab:lb", "crab:ye")
    g = build(hands=[[c1, c2, c3]], salt=True)
    assert_refused(g, 0, PlayDuo((c1, c2, c3)), "the third card of a trio must be a starfish")


def test_cast_of_crabs_and_seahorse_score_in_the_live_breakdown():
    p = Picker()
    g = build(hands=[p.many("cast-of-crabs", "crab:db", "crab:lb", "shell:db", "seahorse")], salt=True)
    lines = {str(what): points for what, points in g.breakdown(0).lines}
    assert lines["cast of crabs: 2 crabs"] == 2 and lines["1 shell + seahorse"] == 2
    assert g.view(0)["breakdown"]["card_points"] == 1 + 2 + 2


# --- Extra Pepper ----------------------------------------------------------------------------

def test_hermit_crab_takes_one_card_from_each_discard_pile():
    p = Picker()
    c1, c2, x, y, z = p.many("crab:db", "crab:lb", "shell:db", "octopus:lb", "boat:ye")
    g = build(hands=[[c1, c2]], piles=([x, y], [z]), pepper=True, event=extra_pepper.HERMIT_CRAB)
    play(g, 0, PlayDuo((c1, c2)))
    assert set(g.legal_actions(0)) == {Pick(x), Pick(y), Pick(z)}
    play(g, 0, Pick(x))
    assert g.legal_actions(0) == [Pick(z)]
    play(g, 0, Pick(z))
    assert sorted(g.hands[0]) == sorted([x, z]) and g.phase == "play"


def test_sunfish_fish_duo_takes_two_cards():
    p = Picker()
    g = build(hands=[p.many("fish:db", "fish:bk")], deck=p.many("shell:db", "shell:lb"), pepper=True,
              event=extra_pepper.SUNFISH)
    events = play(g, 0, PlayDuo(tuple(g.hands[0])))
    assert len(g.hands[0]) == 2 and "Anna takes the top 2 cards of the deck (fish duo)" in texts(events)


def test_water_rodeo_two_swimmers_look_and_swap_one_card():
    p = Picker()
    s1, s2, mine, theirs, other = p.many("swimmer:db", "swimmer:lb", "boat:db", "mermaid", "shell:gy")
    g = build(players=3, hands=[[s1, s2, mine], [theirs, other]], pepper=True, event=extra_pepper.WATER_RODEO)
    events = play(g, 0, PlayDuo((s1, s2)), ChooseOpponent(1))
    assert sorted(g.view(0)["shown"]) == sorted([theirs, other]) and g.view(2)["shown"] == []
    assert all(c.face is None for c in g.table_view(2, NAMES).seats[1].hand.cards)
    assert {c.id for c in g.table_view(0, NAMES).seats[1].hand.cards} == {theirs, other}
    events += play(g, 0, Pick(theirs))
    assert Give(theirs) not in g.legal_actions(0)
    events += play(g, 0, Give(mine))
    assert g.hands[0] == [theirs] and sorted(g.hands[1]) == sorted([other, mine])
    assert "Anna swaps a card with Bo" in texts(events)
    assert "mermaid" not in " ".join(texts(events))


def test_water_rodeo_two_sharks_steal_a_played_duo():
    p = Picker()
    k1, k2 = p.many("shark:db", "shark:lb")
    pair = tuple(p.many("boat:db", "boat:db"))
    g = build(hands=[[k1, k2]], fronts=[[], [pair]], pepper=True, event=extra_pepper.WATER_RODEO)
    play(g, 0, PlayDuo((k1, k2)))
    assert g.legal_actions(0) == [StealPair(pair)]
    play(g, 0, StealPair(pair))
    assert g.fronts[1] == [] and g.fronts[0] == [[k1, k2], list(pair)]
    assert g.breakdown(0).card_points == 2


def test_water_rodeo_keeps_shark_and_swimmer_a_steal():
    p = Picker()
    g = build(hands=[p.many("shark:db", "swimmer:db"), p.many("shell:db")], pepper=True, event=extra_pepper.WATER_RODEO)
    play(g, 0, PlayDuo(tuple(sorted(g.hands[0]))), ChooseOpponent(1))
    assert len(g.hands[0]) == 1 and g.hands[1] == []


def test_two_swimmers_are_no_duo_without_water_rodeo():
    p = Picker()
    g = build(hands=[p.many("swimmer:db", "swimmer:lb")])
    assert_refused(g, 0, PlayDuo(tuple(g.hands[0])), "a duo only with the Water rodeo event")


@pytest.mark.parametrize("event, hand, points", [
    (extra_pepper.DANCE_OF_SHELLS, ("shell", "shell", "shell"), 6),
    (extra_pepper.KRAKEN, ("octopus", "octopus"), 2),
    (extra_pepper.TORNADO, ("mermaid", "crab", "boat"), 0),
])
def test_scoring_events_change_the_live_breakdown(event, hand, points):
    p = Picker()
    g = build(hands=[p.many(*hand), p.many(*hand)], pepper=True, event=event)
    assert g.breakdown(0).card_points == points == g.breakdown(1).card_points


def test_dance_of_the_mermaids_three_mermaids_win():
    p = Picker()
    g = build(hands=[p.many("mermaid", "mermaid")], piles=([p.one("mermaid")], []), phase="draw", pepper=True,
              event=extra_pepper.DANCE_OF_MERMAIDS)
    play(g, 0, TakeDiscard(0))
    assert g.result.winners == (0,) and str(g.result.summary) == "3 mermaids in hand"


def test_tornado_four_mermaids_still_win():
    p = Picker()
    g = build(hands=[p.many("mermaid", "mermaid", "mermaid")], piles=([p.one("mermaid")], []), phase="draw",
              pepper=True, event=extra_pepper.TORNADO)
    play(g, 0, TakeDiscard(0))
    assert g.result.winners == (0,)


def test_treasure_chest_needs_ten_to_call():
    p = Picker()
    g = build(hands=[p.many(*EIGHT)], pepper=True, event=extra_pepper.TREASURE_CHEST)
    assert_refused(g, 0, Call("stop"), "you have 8 card points; 10 are needed to call")


def test_diodon_allows_only_last_chance():
    p = Picker()
    g = build(hands=[p.many(*EIGHT)], pepper=True, event=extra_pepper.DIODON)
    assert Call("last_chance") in g.legal_actions(0) and Call("stop") not in g.legal_actions(0)
    assert_refused(g, 0, Call("stop"), "Diodon: only LAST CHANCE may be called")


def test_angelfish_takes_one_of_two_same_coloured_discards_at_the_end_of_the_turn():
    p = Picker()
    x, y = p.many("crab:db", "shell:db")
    g = build(piles=([x], [y]), pepper=True, event=extra_pepper.ANGELFISH)
    play(g, 0, EndTurn())
    assert g.current_seats == (0,) and set(g.legal_actions(0)) == {Pick(x), Pick(y)}
    events = play(g, 0, Pick(y))
    assert g.hands[0] == [y] and g.current_seats == (1,)
    assert "Anna takes the dark blue shell from discard pile 2 (Angelfish)" in texts(events)


def test_angelfish_does_nothing_when_the_colours_differ():
    p = Picker()
    g = build(piles=(p.many("crab:db"), p.many("shell:lb")), pepper=True, event=extra_pepper.ANGELFISH)
    play(g, 0, EndTurn())
    assert g.current_seats == (1,)


def test_dolphins_discarding_a_collector_takes_the_top_card():
    p = Picker()
    keep, shell, bonus = p.many("crab:db", "shell:db", "boat:ye")
    g = build(piles=(p.many("crab:lb"), p.many("crab:ye")), deck=[keep, shell, bonus], phase="draw",
              pepper=True, event=extra_pepper.DOLPHINS)
    events = play(g, 0, DrawTwo(), Keep(keep, 0))
    assert sorted(g.hands[0]) == sorted([keep, bonus])
    assert "Anna takes the top card of the deck (Dolphins)" in texts(events)


def test_dolphins_discarding_a_duo_card_takes_nothing():
    p = Picker()
    keep, crab = p.many("shell:db", "crab:db")
    g = build(piles=(p.many("crab:lb"), p.many("crab:ye")), deck=[keep, crab], phase="draw", pepper=True,
              event=extra_pepper.DOLPHINS)
    play(g, 0, DrawTwo(), Keep(keep, 0))
    assert g.hands[0] == [keep]


def test_coral_reef_shell_protects_from_attacks_and_scores_nothing():
    p = Picker()
    s1, s2, s3 = p.many("shell:db", "shell:lb", "shell:bk")
    shark, swimmer, jelly, swimmer2 = p.many("shark:db", "swimmer:db", "jellyfish:pu", "swimmer:lb")
    g = build(hands=[[s1, s2, s3], [shark, swimmer, jelly, swimmer2]], pepper=True, salt=True,
              event=extra_pepper.CORAL_REEF)
    assert g.breakdown(0).card_points == 4
    events = play(g, 0, ProtectShell(s1))
    assert "Anna lays a shell face down: protected from attacks (coral reef)" in texts(events)
    assert g.breakdown(0).card_points == 2 and ProtectShell(s2) not in g.legal_actions(0)
    assert g.table_view(1, NAMES).seats[0].piles[0].cards[0].face is None
    g.turn = 1
    g.cache.clear()  # the position was changed by hand, not by a move
    events = play(g, 1, PlayDuo(tuple(sorted((shark, swimmer)))))
    assert "Bo's duo has no effect: no opponent has a card that can be taken" in texts(events)
    events = play(g, 1, PlayDuo(tuple(sorted((jelly, swimmer2)))))
    assert "stings nobody" in texts(events)[-1] and g.stung == []


def test_held_event_applies_only_to_its_holder():
    p = Picker()
    octo = ("octopus:lb", "octopus:ye", "octopus:gn")
    g = build(hands=[p.many(*octo[:2]), p.many(*octo[2:], "octopus:pu")], pepper=True, held=[extra_pepper.KRAKEN, None])
    assert g.breakdown(0).card_points == 2 and g.breakdown(1).card_points == 3


def test_after_the_round_a_plus_event_goes_to_the_highest_total():
    p = Picker()
    g = build(hands=[p.many(*EIGHT)], pepper=True, event=extra_pepper.KRAKEN)
    events = play(g, 0, Call("stop"))
    assert g.held == [EVENT[extra_pepper.KRAKEN], None]
    assert "Anna has the highest total and takes Kraken: it now applies to them only" in texts(events)
    assert g.round_event is not None and g.round_event != EVENT[extra_pepper.KRAKEN]


def test_a_tied_event_is_discarded():
    p = Picker()
    g = build(hands=[p.many(*EIGHT)], pepper=True, event=extra_pepper.DOLPHINS, totals=[0, 8])  # 8 : 8 after the round
    events = play(g, 0, Call("stop"))
    assert g.held == [None, None] and EVENT[extra_pepper.DOLPHINS] in g.event_discard
    assert "Dolphins is discarded (tie)" in texts(events)


def test_holder_loses_the_event_when_no_longer_lowest():
    p = Picker()
    g = build(hands=[p.many(*EIGHT)], pepper=True, held=[extra_pepper.DOLPHINS, None], totals=[0, 5])
    events = play(g, 0, Call("stop"))
    assert g.held == [None, None]
    assert "Dolphins is discarded (its holder is no longer highest/lowest)" in texts(events)


def test_a_second_event_makes_its_holder_choose():
    p = Picker()
    g = build(hands=[p.many(*EIGHT)], pepper=True, event=extra_pepper.KRAKEN, held=[extra_pepper.DIODON, None])
    play(g, 0, Call("last_chance"))
    play(g, 1, DrawTwo())
    play(g, 1, g.legal_actions(1)[0], EndTurn())
    assert g.phase == "event" and g.current_seats == (0,)
    assert set(g.legal_actions(0)) == {KeepEvent(EVENT[extra_pepper.DIODON]), KeepEvent(EVENT[extra_pepper.KRAKEN])}
    shown = {c.id for pile in g.table_view(0, NAMES).centre + g.table_view(0, NAMES).seats[0].piles
             for c in pile.cards}
    assert {c.card for c in g.table_view(0, NAMES).choices} <= shown
    assert_refused(g, 0, KeepEvent(EVENT[extra_pepper.SUNFISH]), "keep either your event card or the new one")
    events = play(g, 0, KeepEvent(EVENT[extra_pepper.KRAKEN]))
    assert g.held[0] == EVENT[extra_pepper.KRAKEN] and EVENT[extra_pepper.DIODON] in g.event_discard
    assert "Anna keeps Kraken and discards Diodon" in texts(events) and g.phase == "draw"


# --- the unit: timeout and first player --------------------------------------------------------

def test_timeout_before_drawing_keeps_the_top_card_and_ends_the_turn():
    p = Picker()
    x, a, b = p.many("crab:db", "shell:db", "boat:ye")
    g = build(piles=([x], []), deck=[a, b], phase="draw")
    events = g.feed(TurnTimedOut(at=6.0, seat=0, limit_ms=6000.0))
    assert g.hands[0] == [a] and g.piles[1] == [b] and g.current_seats == (1,)
    assert "Anna ran out of time: the turn ends" in texts(events)
    check_invariants(g)


def test_timeout_after_drawing_ends_the_turn_without_duos():
    p = Picker()
    g = build(hands=[p.many("crab:db", "crab:lb")], piles=(p.many("shell:db"), []))
    g.feed(TurnTimedOut(at=6.0, seat=0, limit_ms=6000.0))
    assert g.current_seats == (1,) and g.fronts[0] == [] and len(g.hands[0]) == 2


def test_timeout_halfway_through_a_water_rodeo_swap_undoes_it():
    p = Picker()
    s1, s2, mine, theirs = p.many("swimmer:db", "swimmer:lb", "boat:db", "mermaid")
    g = build(hands=[[s1, s2, mine], [theirs]], pepper=True, event=extra_pepper.WATER_RODEO)
    play(g, 0, PlayDuo((s1, s2)), ChooseOpponent(1), Pick(theirs))
    events = g.feed(TurnTimedOut(at=6.0, seat=0, limit_ms=6000.0))
    assert g.hands == [[mine], [theirs]] and "Anna ran out of time: no swap with Bo" in texts(events)


def test_timeout_choosing_an_event_keeps_the_held_one():
    p = Picker()
    g = build(hands=[p.many(*EIGHT)], pepper=True, event=extra_pepper.KRAKEN, held=[extra_pepper.DIODON, None])
    play(g, 0, Call("last_chance"))
    play(g, 1, DrawTwo())
    play(g, 1, g.legal_actions(1)[0], EndTurn())
    g.feed(TurnTimedOut(at=6.0, seat=0, limit_ms=6000.0))
    assert g.held[0] == EVENT[extra_pepper.DIODON] and g.phase == "draw"


def test_timeout_of_a_seat_that_is_not_playing_is_refused():
    g = build(phase="draw")
    with pytest.raises(Exception, match="seat 2 cannot time out: it is seat 1's turn"):
        g.feed(TurnTimedOut(at=6.0, seat=1, limit_ms=6000.0))


def test_unit_chooses_the_first_player_only_before_the_first_move():
    g = GAME({"players": 3}, seed=3)
    events = g.feed(PlayerSelected(at=1.0, seat=2, limit_ms=None))
    assert g.current_seats == (2,) and texts(events) == ["Cy's turn"]
    g.apply(2, DrawTwo())
    with pytest.raises(Exception, match="the unit can pick who starts only before the first move"):
        g.feed(PlayerSelected(at=2.0, seat=1, limit_ms=None))
    with pytest.raises(Exception, match="does not use the unit's SlapStarted"):
        g.feed(SlapStarted(at=2.0, slapper=0, racers=(0, 1), window_ms=900.0))


# --- refusals -------------------------------------------------------------------------------------

def test_illegal_moves_are_refused_with_reasons():
    p = Picker()
    crab1, crab2 = p.many("crab:db", "crab:lb")
    g = build(hands=[[crab1, crab2]], phase="draw", piles=(p.many("shell:db"), []))
    assert_refused(g, 1, DrawTwo(), "not your turn")
    assert_refused(g, 0, PlayDuo((crab1, crab2)), "not now: draw first")
    assert_refused(g, 0, TakeDiscard(5), "there is no discard pile 6")
    play(g, 0, TakeDiscard(0))
    assert_refused(g, 0, DrawTwo(), "not now: play duos, call or end your turn")
    assert_refused(g, 0, ChooseOpponent(1), "not now")


# --- what seats see ----------------------------------------------------------------------------------

def test_table_view_shows_duos_per_seat_events_and_the_live_breakdown():
    p = Picker()
    pair = p.many("boat:db", "boat:lb")
    g = build(hands=[p.many(*EIGHT)], fronts=[[], [pair]], pepper=True, event=extra_pepper.KRAKEN,
              held=[None, extra_pepper.DOLPHINS], piles=(p.many("crab:db"), []))
    tv = g.table_view(0, NAMES)
    assert [pv.key for pv in tv.seats[1].piles] == ["s1.duo0", "s1.event"]
    assert [c.id for c in tv.seats[1].piles[0].cards] == pair
    assert all(c.face is None for c in tv.seats[1].hand.cards) or not tv.seats[1].hand.cards
    assert all(c.face for c in tv.seats[0].hand.cards)
    info = [str(line) for line in tv.info]
    assert any(line.startswith("Event this round: Kraken (+)") for line in info)
    assert any(line.startswith("Bo holds Dolphins (−)") for line in info)
    assert "Your cards: 3 shells 4 · 2 octopuses 2 · 1 penguin 1 = 7; colour bonus 2 (light blue)" in info
    labels = {str(c.label) for c in tv.choices}
    assert {"call STOP", "call LAST CHANCE", "end your turn"} <= labels


def test_table_view_anchors_draw_choices_to_the_piles():
    g = GAME({"players": 2}, seed=5)
    choices = g.table_view(0, NAMES).choices
    assert [(str(c.label), c.pile) for c in choices][0] == ("draw two cards", "deck")
    assert {c.pile for c in choices} == {"deck", "discard0", "discard1"}
    assert g.table_view(1, NAMES).choices == ()
    assert str(g.table_view(1, NAMES).prompt) == "Waiting for Anna"
    spectator = g.table_view(None, NAMES)
    assert spectator.choices == () and not any(str(line).startswith("Your cards") for line in spectator.info)
