"""The trusted path (`GameState.apply_legal`, `feed_own`, the drivers' `act_legal`)
skips the refusal checks for what our own drivers took from `legal_actions` or
got from our own unit. It must play exactly as the checked path does, and
nothing from outside — a person, a phone, a file, a bot's move gone stale —
may reach it."""
import ast
import copy
from pathlib import Path

import numpy as np
import pytest

from haudrauf.device import events as uev
from haudrauf.engine import registry
from haudrauf.engine.bots.base import DIFFICULTIES
from haudrauf.engine.core import GameState, IllegalAction
from haudrauf.engine.games.uno_hau_drauf.actions import CallUno, Play
from haudrauf.play.bot_runner import BotRunner
from haudrauf.play.match_loop import MatchLoop
from haudrauf.play.phone_view import table_offer
from haudrauf.play.seats import SeatPlan
from haudrauf.play.session import TableSession
from haudrauf.play.unit_driver import TurnTimer, UnitDriver
from haudrauf.phones.protocol import PhoneMove, parse_intent
from haudrauf.tuner import simulate
from haudrauf.tuner.simulate import SIM_UNIT, SimStats, play_turn_based, play_with_unit

ROOT = Path(__file__).resolve().parents[2]
TRUSTED = ("apply_legal", "feed_own", "act_legal")
#: The only modules that may take the trusted path: our own drivers (and the bench mirroring them).
DRIVERS = {"play/unit_driver.py", "play/match_loop.py", "tuner/simulate.py", "bench/bench_engines.py"}
#: Shorter games where a game has an option for it (a whole match to 500 is thousands of moves).
SHORT = {"uno-hau-drauf": {"target": 60}, "skip-bo": {"short_game": True}, "crazy-old-fish-war": {"rounds_to_win": 1}}


def ways() -> list:
    """Every game and player count, each way the simulator drives it: UNO Hau
    drauf by its unit; the others move by move and as speed games on the unit's timer."""
    found = []
    for game in registry.available():
        info = registry.game_class(game).info
        for players in range(info.min_players, info.max_players + 1):
            for timer in ((False,) if info.uses_unit else (False, True)):
                found.append(pytest.param(game, players, timer, id=f"{game}-{players}p{'-timer' if timer else ''}"))
    return found


def snapshot(state: GameState) -> dict:
    """The position: every game attribute and the random generator (the log is compared at the end)."""
    data = {k: copy.deepcopy(v) for k, v in vars(state).items() if k not in ("_log", "_unlogged", "cache", "rng")}
    return {"data": data, "rng": state.rng.bit_generator.state}


def played(monkeypatch, game: str, players: int, timer: bool, seed: int, checked: bool):
    """One seeded game as the simulator plays it: every batch of events with the
    position after it, the log, and how often the trusted entries were taken.
    `checked`: every trusted entry replaced by the fully checked one."""
    taken = {name: 0 for name in TRUSTED}
    with monkeypatch.context() as patch:
        if checked:
            patch.setattr(GameState, "apply_legal", GameState.apply)
            patch.setattr(GameState, "feed_own", GameState.feed)
            patch.setattr(UnitDriver, "act_legal", UnitDriver.act)
            patch.setattr(TurnTimer, "act_legal", TurnTimer.act)
        for owner, name in ((GameState, "apply_legal"), (GameState, "feed_own"), (UnitDriver, "act_legal"),
                            (TurnTimer, "act_legal")):
            patch.setattr(owner, name, counted(getattr(owner, name), taken, name))
        cls, factories = registry.game_class(game), registry.bot_factories(game)
        names = sorted(factories)
        bots = [factories[names[(seat + seed) % len(names)]](seat) for seat in range(players)]
        state = cls({**SHORT.get(game, {}), "players": players}, seed=seed)
        batches = []
        patch.setattr(simulate, "count_events", lambda stats, events: batches.append((list(events), snapshot(state))))
        rng, stats = np.random.default_rng(seed), SimStats(game, players)
        if cls.info.uses_unit or timer:
            stopped = play_with_unit(state, bots, rng, stats, [DIFFICULTIES["normal"]] * players, SIM_UNIT, timer)
        else:
            stopped = play_turn_based(state, bots, rng, stats)
    assert stopped is None and state.is_over
    return batches, state.log, taken


def counted(method, taken: dict, name: str):
    def call(*args, **kwargs):
        taken[name] += 1
        return method(*args, **kwargs)
    return call


def both_ways_alike(monkeypatch, game: str, players: int, timer: bool, seeds) -> None:
    for seed in seeds:
        trusted, trusted_log, took = played(monkeypatch, game, players, timer, seed, checked=False)
        checked, checked_log, _ = played(monkeypatch, game, players, timer, seed, checked=True)
        assert len(trusted) == len(checked), f"seed {seed}: {len(trusted)} batches of events, checked {len(checked)}"
        for step, (mine, theirs) in enumerate(zip(trusted, checked)):
            assert mine[0] == theirs[0], f"seed {seed}, batch {step}: other events"
            assert mine[1] == theirs[1], f"seed {seed}, after batch {step}: another position"
        assert trusted_log == checked_log
        moves = took["act_legal"] if game == "uno-hau-drauf" or timer else took["apply_legal"]
        assert moves > 0, "the bots' moves never took the trusted path"
        if game == "uno-hau-drauf" or timer:
            assert took["feed_own"] > 0, "the unit's events never took the trusted path"


@pytest.mark.parametrize("game, players, timer", ways())
def test_the_trusted_path_plays_every_game_exactly_as_the_checked_one(monkeypatch, game, players, timer):
    both_ways_alike(monkeypatch, game, players, timer, seeds=(1, 2))


@pytest.mark.soak
@pytest.mark.parametrize("game, players, timer", ways())
def test_the_trusted_path_plays_many_games_exactly_as_the_checked_one(monkeypatch, game, players, timer):
    both_ways_alike(monkeypatch, game, players, timer, seeds=range(3, 23))


# --- nothing from outside reaches it ------------------------------------------------------------

def person_and_bots(players: int = 3) -> TableSession:
    plans = [SeatPlan("Anna")] + [SeatPlan(f"Bot {s}", "heuristic") for s in range(1, players)]
    return TableSession("uno-hau-drauf", {"players": players}, plans, seed=4, unit_settings=SIM_UNIT)


def until_anna_may_lay(session: TableSession) -> float:
    now = 0.0
    session.start(now)
    while not any(isinstance(a, Play) for a in session.state.legal_actions(0)):
        now += 0.1
        session.update(now)
        if session.round_over:
            session.next_round(now)
        assert now < 600, "Anna never had a card to lay"
    return now


def test_a_phones_move_gone_stale_is_refused_with_its_reason_and_changes_nothing():
    """The phone sends the very move object the table offered it, but after the
    position moved on: it is checked in full, like every move from outside."""
    session = person_and_bots()
    now = until_anna_may_lay(session)
    offer = table_offer(session.state, 0, session.names)
    move_id, action = next((m, a) for m, a in offer.moves.items() if isinstance(a, Play))
    other = next(a for a in session.state.legal_actions(0) if a is not action)
    session.act(0, other, now)  # the position moves on: Anna lays another card, or draws
    intent = parse_intent(f'{{"type": "move", "seat": 0, "move": "{move_id}", "t": 0}}', 0, offer.moves)
    assert isinstance(intent, PhoneMove) and intent.action is action
    before, changes = session.state.to_dict(), session.state.changes
    with pytest.raises(IllegalAction) as refused:
        session.act(0, intent.action, now)
    assert str(refused.value.reason)
    assert session.state.to_dict() == before and session.state.changes == changes


@pytest.mark.parametrize("forged, reason", [
    (Play(200), "there is no such card"),
    (Play(0, colour=0.0), "that is not a move: the colour must be"),
    (CallUno(), "UNO is called when you are down to one card after playing"),
])
def test_a_forged_move_from_the_table_or_a_phone_is_refused_and_changes_nothing(forged, reason):
    session = person_and_bots()
    now = until_anna_may_lay(session)
    before = session.state.to_dict()
    with pytest.raises(IllegalAction) as refused:
        session.act(0, forged, now)
    assert str(refused.value.reason).startswith(reason)
    assert session.state.to_dict() == before


def test_an_edited_save_is_refused_with_its_reason():
    """Moves and events from a file go through the full check: an event naming a
    seat the game has not, and a move the position does not allow."""
    state = registry.game_class("uno-hau-drauf")({"players": 2}, seed=3)
    log = [["unit", {"type": "PlayerSelected", "at": 1.0, "seat": 5, "limit_ms": 6000.0}]]
    with pytest.raises(IllegalAction, match="names seat 6, but there is no seat 6 in this game"):
        type(state).replay({"players": 2}, 3, log)
    state.feed(uev.PlayerSelected(at=1.0, seat=0, limit_ms=6000.0))
    held = next(c for c in range(108) if c not in state.hands[0])
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="you do not hold that card"):
        state.apply_entry(["act", 0, {"type": "Play", "card": held, "colour": None, "target": None}])
    assert state.to_dict() == before


class Stale:
    """A bot runner whose one move was planned at an earlier position."""

    def __init__(self, seat: int, action, position: int) -> None:
        self.plans, self.move = {}, (seat, action, position)

    def plan(self, now: float) -> None:
        pass

    def due(self, now: float):
        move, self.move = self.move, None
        return [move] if move else []

    def next_time(self) -> float:
        return float("inf")


def test_a_bots_move_gone_stale_is_checked_in_full_and_refused():
    """The bot chose a card when it was its turn; the position has moved on
    since: the move gets the full check (made unchecked, it would lay a card
    out of turn)."""
    state = registry.game_class("go-fish")({"players": 3}, seed=2)
    seat = state.current_seats[0]
    planned, position = state.legal_actions(seat)[0], state.changes
    state.apply(seat, planned)  # the position moves on (the same seat may even be on turn again)
    while seat in state.current_seats:
        state.apply(state.current_seats[0], state.legal_actions(state.current_seats[0])[0])
    loop = MatchLoop(state, None, Stale(seat, planned, position), hold_results=False, noted=lambda events: None)
    before, changes = state.to_dict(), state.changes
    loop.update(1.0)
    assert state.to_dict() == before and state.changes == changes and loop.bot_moves == 0
    assert state.refusal(seat, planned) is not None  # the full check's reason stood in the way


def test_a_bots_move_of_this_very_position_takes_the_trusted_path(monkeypatch):
    state = registry.game_class("go-fish")({"players": 3}, seed=2)
    seat = state.current_seats[0]
    planned = state.legal_actions(seat)[0]
    taken = []
    monkeypatch.setattr(GameState, "apply", lambda *args: pytest.fail("checked again"))
    monkeypatch.setattr(GameState, "apply_legal", lambda self, s, a: taken.append(a) or [])
    loop = MatchLoop(state, None, Stale(seat, planned, state.changes), hold_results=False, noted=lambda events: None)
    loop.update(1.0)
    assert taken == [planned] and loop.bot_moves == 1


def test_only_our_own_drivers_reach_the_trusted_path():
    """No module of the house but the drivers names an entry of the trusted
    path: a key, a phone or a file reaches the game only through `act`, `apply` and `feed`."""
    found = {}
    for room in ("words", "device", "engine", "play", "tuner", "phones", "table", "cli", "testing", "bench"):
        for path in sorted((ROOT / room).rglob("*.py")):
            names = {node.attr for node in ast.walk(ast.parse(path.read_text(), filename=str(path)))
                     if isinstance(node, ast.Attribute) and (node.attr in TRUSTED or node.attr == "_act")}
            if names:
                found[path.relative_to(ROOT).as_posix()] = names
    assert set(found) <= DRIVERS, f"the trusted path is named outside the drivers: {sorted(set(found) - DRIVERS)}"
    assert "_act" not in set().union(*(found[m] for m in found if m != "play/match_loop.py"))
    assert {"play/unit_driver.py", "play/match_loop.py", "tuner/simulate.py"} <= set(found)


class Copier:
    """A bot that answers with a copy of a legal move: equal to it, not the list's own."""

    def choose(self, view, legal, rng):
        return copy.copy(next(a for a in legal if a is not None))


def test_a_bots_move_that_is_not_the_legal_lists_own_is_checked_in_full(monkeypatch):
    state = registry.game_class("go-fish")({"players": 2}, seed=2)
    checked = []
    monkeypatch.setattr(GameState, "apply_legal", lambda *args: pytest.fail("made unchecked"))
    monkeypatch.setattr(GameState, "apply", lambda self, seat, action: checked.append(action) or [])
    bots = BotRunner(state, {0: Copier(), 1: Copier()}, {0: DIFFICULTIES["hard"], 1: DIFFICULTIES["hard"]},
                     np.random.default_rng(1))
    loop = MatchLoop(state, None, bots, hold_results=False, noted=lambda events: None)
    loop.update(0.0)
    loop.update(100.0)
    assert checked and loop.bot_moves == 1
