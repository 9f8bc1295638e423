"""Sea Salt & Paper: seeded random play (over 1 000 rounds, every expansion
combination), secrets, determinism and saves, the unit's events, bots, simulate."""
import numpy as np
import pytest

from haudrauf.device.events import PlayerSelected, TurnTimedOut
from haudrauf.engine.games.sea_salt_paper import GAME
from haudrauf.engine.games.sea_salt_paper.bots import BOTS
from haudrauf.engine.games.sea_salt_paper.actions import Call
from haudrauf.cli import main as cli
from haudrauf.tuner.simulate import simulate
from haudrauf.testing.invariants import assert_replays_and_round_trips, check_invariants, play_random
from tests.engine.test_sea_salt_paper import NAMES, build
from tests.engine.test_sea_salt_paper_scoring import Picker

OPTION_SETS = [
    {},
    {"extra_salt": True},
    {"extra_pepper": True},
    {"extra_salt": True, "extra_pepper": True},
    {"extra_salt": True, "extra_pepper": True, "double_points": True},
]
ROUNDS_EACH = 67  # 15 combinations × 67 > 1 000 rounds


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "base")
def test_random_play_keeps_every_card_exactly_once(options, players):
    rounds, seed, ended = 0, 0, set()
    while rounds < ROUNDS_EACH:
        state = play_random(GAME, {"players": players, **options}, seed)  # checks after every action
        rounds += state.round
        ended.add("mermaids" if "mermaids" in str(state.result.summary) else "points")
        assert state.result.winners and len(state.result.scores) == players
        seed += 1
    assert "points" in ended


def test_random_play_with_timeouts_and_chosen_starters_replays_exactly():
    for seed in range(12):
        state = GAME({"players": 3, "extra_salt": True, "extra_pepper": True}, seed)
        rng = np.random.default_rng(seed)
        while not state.is_over:
            if state.phase == "draw" and not state.acted and rng.random() < 0.5:
                state.feed(PlayerSelected(at=0.0, seat=int(rng.integers(3)), limit_ms=6000.0))
            elif rng.random() < 0.15:
                state.feed(TurnTimedOut(at=0.0, seat=state.current_seats[0], limit_ms=6000.0))
            else:
                seat = state.current_seats[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[int(rng.integers(len(legal)))])
            check_invariants(state)
        assert_replays_and_round_trips(state)


def _visible_ids(state, viewer):
    """Card ids the viewer is allowed to see face up now."""
    allowed = set(state.hands[viewer]) | set(state.reefs[viewer]) | set(state.visible_choices(viewer))
    allowed |= {c for f in state.fronts for g in f for c in g}
    allowed |= {p[-1] for p in state.piles if p}
    allowed |= {c for c in state.held + [state.round_event, state.offer] if c is not None}
    return allowed


def test_nobody_sees_cards_they_may_not_see():
    for seed in range(2):
        state = GAME({"players": 3, "extra_salt": True, "extra_pepper": True}, seed)
        rng = np.random.default_rng(seed)
        while not state.is_over:
            for viewer in range(3):
                tv = state.table_view(viewer, NAMES[:3])
                faces = {c.id for pile in tv.centre for c in pile.cards if c.face}
                faces |= {c.id for s in tv.seats for pile in (s.hand, *s.piles) for c in pile.cards if c.face}
                assert faces <= _visible_ids(state, viewer)
                view = state.view(viewer)
                assert view["hand"] == state.hands[viewer] and set(view["shown"]) <= _visible_ids(state, viewer)
                assert "deck" not in view and "hands" not in view
            seat = state.current_seats[0]
            _assert_choices_are_anchored(state.table_view(seat, NAMES[:3]))
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.integers(len(legal)))])


def _assert_choices_are_anchored(tv):
    """Every choice points at a card the player sees or a pile on the table."""
    piles = list(tv.centre) + [p for s in tv.seats for p in (s.hand, *s.piles)]
    faces = {c.id for p in piles for c in p.cards if c.face}
    keys = {p.key for p in piles}
    for choice in tv.choices:
        assert choice.card is None or choice.card in faces, choice
        assert choice.pile is None or choice.pile in keys, choice
        assert choice.label


def test_same_seed_same_game_and_saves_round_trip():
    options = {"players": 4, "extra_salt": True, "extra_pepper": True}
    a = play_random(GAME, options, 11, check_every_action=False)
    b = play_random(GAME, options, 11, check_every_action=False)
    c = play_random(GAME, options, 12, check_every_action=False)
    assert a.to_dict() == b.to_dict() and a.log != c.log
    assert_replays_and_round_trips(a)
    middle = GAME.replay(a.options, a.seed, a.log[: len(a.log) // 2])
    assert_replays_and_round_trips(middle)


def test_round_over_event_carries_every_breakdown():
    state = GAME({"players": 2}, 3)
    rng = np.random.default_rng(3)
    while True:
        seat = state.current_seats[0]
        legal = state.legal_actions(seat)
        events = state.apply(seat, legal[int(rng.integers(len(legal)))])
        over = [e for e in events if type(e).__name__ == "RoundOver"]
        if over and over[0].how != "deck":
            break
    assert len(over[0].breakdowns) == 2
    assert all(b.card_points == sum(p for _, p in b.lines) for b in over[0].breakdowns)
    assert str(over[0].detail(lambda s: NAMES[s])[0]).startswith("Anna: ")


# --- bots ----------------------------------------------------------------------------------

@pytest.mark.soak
def test_heuristic_bot_beats_random_clearly():
    stats = simulate("sea-salt-paper", 2, 150, seed=4, options={"extra_salt": True})
    rate = stats.wins["heuristic"] / stats.seats_played["heuristic"]
    assert rate > 0.85, rate  # measured about 0.99; a fair coin would give 0.5


def test_heuristic_bots_finish_games_with_every_expansion():
    stats = simulate("sea-salt-paper", 4, 10, seed=5, options={"extra_salt": True, "extra_pepper": True},
                     bot_names=["heuristic"])
    assert stats.games == 10 and sum(stats.wins.values()) >= 10


def _bot_call(opponent_cards):
    p = Picker()
    hand = p.many("shell:db", "shell:lb", "shell:bk", "octopus:lb", "octopus:ye", "penguin:pu", "boat:lb")
    g = build(hands=[hand, p.many(*["crab"] * opponent_cards)])  # 8 card points, colour bonus 3
    return BOTS["heuristic"](0).choose(g.view(0), g.legal_actions(0), np.random.default_rng(0))


def test_heuristic_bot_bets_last_chance_only_when_safely_ahead():
    assert _bot_call(0) == Call("last_chance")
    assert _bot_call(9) == Call("stop")  # nine unseen cards may well beat 8


def test_simulate_command_runs_with_both_expansions(capsys):
    code = cli.main(["simulate", "--game", "sea-salt-paper", "--players", "4", "--games", "10", "--seed", "1",
                     "--bots", "heuristic,random",
                     "--option", "extra_salt=on", "--option", "extra_pepper=on", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0
    assert "sea-salt-paper: 10 games, 4 players" in out and "heuristic" in out and "random" in out
