"""The engine trusts no unit event: a save file can be edited, so `feed` refuses
a malformed event, one naming seats that do not play, or one the game is not
waiting for — with a reason, and with the game exactly as it was.

Real games are driven by the unit's events (UNO Hau drauf by a real unit, the
others as speed games: the unit picks the starter and buzzes the waiting seat);
before each event the game takes, bent copies of it are thrown at the game."""
from __future__ import annotations

import dataclasses
import functools
import math
import typing

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from haudrauf.device import events as uev
from haudrauf.device.settings import UnitSettings
from haudrauf.device.unit import Unit
from haudrauf.engine import registry
from haudrauf.engine.core import IllegalAction
from haudrauf.engine.core.codec import decoder
from haudrauf.testing.invariants import check_invariants
from haudrauf.play.unit_driver import UnitDriver
from tests.engine.test_uno_play import random_game

UNIT_GAMES = [g for g in registry.available() if registry.game_class(g).unit_events]
EVENT_TYPES = tuple(t for t in vars(uev).values() if isinstance(t, type) and issubclass(t, uev.UnitEvent)
                    and t is not uev.UnitEvent)
decode_event = decoder(EVENT_TYPES)
NAN, INF = float("nan"), float("inf")


def test_every_game_with_a_timer_takes_unit_events():
    assert set(UNIT_GAMES) == set(registry.available())


# --- games driven by the unit -------------------------------------------------------------

def speed_game_log(game_id: str, players: int, seed: int, steps: int = 400) -> list:
    """A speed game as the table plays it: the spin picks the starter, then
    random moves and, now and then, the buzzer for the seat the game waits for."""
    cls = registry.game_class(game_id)
    state = cls({"players": players}, seed)
    rng = np.random.default_rng(seed)
    starter = int(rng.integers(players))
    if cls.takes_the_spin:
        state.feed(uev.SpinStarted(at=0.0, seats=tuple(range(players)), schedule=((0.0, starter),), duration_ms=0.0))
    state.feed(uev.PlayerSelected(at=0.5, seat=starter, limit_ms=6000.0))
    for step in range(steps):
        if state.is_over:
            break
        if state.waiting_for and rng.random() < 0.15:
            state.feed(uev.TurnTimedOut(at=1.0 + step, seat=state.waiting_for[0], limit_ms=6000.0))
            continue
        seat = state.current_seats[int(rng.integers(len(state.current_seats)))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.integers(len(legal)))])
    return state.log


@functools.cache
def driven_log(game_id: str, players: int, seed: int) -> tuple:
    if game_id == "uno-hau-drauf":
        return tuple(random_game(players, seed, check=False, target=1)[0].log)
    return tuple(speed_game_log(game_id, players, seed))


GAMES_PLAYED = ((2, 1), (4, 2))  # (players, seed)
CASES = [(g, p, s) for g in UNIT_GAMES for p, s in GAMES_PLAYED]


def walk(game_id: str, players: int, seed: int):
    """(state, the next event the unit really sent) before each event of the game."""
    log = driven_log(game_id, players, seed)
    state = registry.game_class(game_id)({"players": players}, seed)
    for entry in log:
        if entry[0] == "unit":
            yield state, decode_event(entry[1])
        state.apply_entry(entry)


# --- bent copies of a real event ---------------------------------------------------------

SEAT_FIELDS = {"seat", "slapper"}
SEAT_LISTS = {"seats", "racers", "losers", "waiting_for"}


def bent(event, players: int) -> list:
    """Copies of `event` that no unit sends: a field of the wrong type, a seat
    that does not play, a seat named twice, a number that is no number."""
    hints = typing.get_type_hints(type(event))
    copies = []
    for field in dataclasses.fields(event):
        name, value, hint = field.name, getattr(event, field.name), hints[field.name]
        wrong: list = {bool: [1, 0, "yes", None], str: [1, True, None]}.get(hint, ["1", [], True])
        if type(None) not in typing.get_args(hint) and hint is not bool:
            wrong.append(None)
        if name in SEAT_FIELDS:
            wrong += [players, 7, -1, 1.0, 0.0]
        elif name in SEAT_LISTS:
            wrong += [(players,), (7,), (-1,), value[:1] * 2 or (0, 0), list(value), (True,), (1.0,)]
        elif name == "times":
            wrong += [((players, 100.0),), ((-1, None),), value[:1] * 2 or ((0, 1.0), (0, 2.0)),
                      tuple((s, NAN) for s, _ in value), tuple([s, t] for s, t in value) or [[0, 1.0]]]
        elif name == "schedule":
            wrong += [((0.0, players),), ((0.0, -1),), ((NAN, 0),), ((0.0, True),)]
        elif float in (hint, *typing.get_args(hint)):
            wrong += [NAN, INF, -INF]
        elif hint is int:
            wrong += [1.0]
        copies += [dataclasses.replace(event, **{name: w}) for w in wrong]
    return copies


def refusal(state, event) -> str:
    with pytest.raises(IllegalAction) as refused:
        state.feed(event)
    reason = str(refused.value.reason)
    assert reason and "\n" not in reason
    return reason


def assert_refused_unchanged(state, event) -> str:
    before = state.to_dict()
    reason = refusal(state, event)
    assert state.to_dict() == before, f"the refused {event!r} changed the game"
    return reason


@pytest.mark.parametrize("game_id", UNIT_GAMES)
def test_bent_copies_of_every_real_event_are_refused_and_change_nothing(game_id):
    kinds = set()
    for players, seed in GAMES_PLAYED:
        for state, event in walk(game_id, players, seed):
            kinds.add(type(event))
            before = state.to_dict()
            for forged in bent(event, state.players):
                refusal(state, forged)
            assert state.to_dict() == before, f"a bent copy of {event!r} changed the game"
    assert kinds == set(registry.game_class(game_id).unit_events)  # every kind the game takes was bent


@pytest.mark.parametrize("game_id, players, seed", CASES)
def test_events_the_game_does_not_use_are_refused(game_id, players, seed):
    state = next(walk(game_id, players, seed))[0]
    name = state.info.name
    for event, reason in [(uev.Paused(at=1.0, remaining_ms=None), f"{name} does not use the unit's Paused event"),
                          (uev.PoweredOff(at=1.0), f"{name} does not use the unit's PoweredOff event"),
                          ("a slap", "'a slap' is not an event of the unit"),
                          (None, "None is not an event of the unit")]:
        assert assert_refused_unchanged(state, event) == reason


# --- the cases of the issue: a slap race with a forged result -------------------------------

def in_a_race(players: int = 4, seed: int = 2, fits=lambda result: True):
    """A UNO game waiting for its slap race's result, and the result the unit sent."""
    for state, event in walk("uno-hau-drauf", players, seed):
        if isinstance(event, uev.SlapResult) and fits(event):
            return state, event
    raise AssertionError("no such slap race in this game")


@pytest.mark.parametrize("losers, reason", [
    ((7,), "names seat 8, but there is no seat 8 in this game"),
    ((-1,), "names seat 0, but there is no seat 0 in this game"),
    ((0, 0), "names a seat twice in its losers"),
    ((), "does not fit the game now"),
])
def test_a_forged_slap_result_is_refused_before_anyone_draws(losers, reason):
    state, real = in_a_race()
    cards_in_hands = [len(h) for h in state.hands]
    assert reason in assert_refused_unchanged(state, dataclasses.replace(real, losers=losers))
    assert [len(h) for h in state.hands] == cards_in_hands
    state.feed(real)  # the true result still goes through
    assert state.phase == "penalty" and set(state.must_press) == set(real.losers)


def test_a_slap_result_naming_a_racer_who_pressed_or_a_time_that_is_no_time_is_refused():
    def some_pressed(result):
        return result.window_expired and any(t is not None for _, t in result.times)
    state, real = in_a_race(fits=some_pressed)
    pressed = next(s for s, t in real.times if t is not None)
    assert "does not fit the game now" in assert_refused_unchanged(
        state, dataclasses.replace(real, losers=tuple(sorted({*real.losers, pressed}))))
    times = tuple((s, NAN if t is not None else None) for s, t in real.times)
    assert "times must be a tuple of pairs of a whole number and a number or nothing" in \
        assert_refused_unchanged(state, dataclasses.replace(real, times=times))


def test_a_race_of_a_player_alone_or_of_seats_that_do_not_play_is_refused():
    for state, event in walk("uno-hau-drauf", 3, 1):
        if isinstance(event, uev.SlapStarted):
            break
    else:
        raise AssertionError("no slap race")
    for racers in ((event.slapper,), (0, 1, 2, 5), (0, 0, 1)):
        assert_refused_unchanged(state, dataclasses.replace(event, racers=racers))


def test_a_save_with_a_forged_slap_result_does_not_replay():
    """Resume replays the log: the forged entry is refused, not an IndexError."""
    log = [list(entry) for entry in driven_log("uno-hau-drauf", 4, 2)]
    at = next(i for i, e in enumerate(log) if e[0] == "unit" and e[1]["type"] == "SlapResult")
    log[at] = ["unit", {**log[at][1], "losers": [7]}]
    cls = registry.game_class("uno-hau-drauf")
    with pytest.raises(IllegalAction, match="names seat 8"):
        cls.replay({"players": 4}, 2, log)


# --- random forged events at real positions -------------------------------------------------

SEAT = st.integers(0, 3)  # the positions are of four-player games
NUMBER = st.floats(0, 1e5)
VALUES = {  # well typed, seats that play: such events reach the game's own checks
    int: SEAT,
    float: NUMBER,
    float | None: st.one_of(st.none(), NUMBER),
    int | None: st.one_of(st.none(), SEAT),
    bool: st.booleans(),
    str: st.sampled_from(["timeout", "slap", ""]),
    tuple[int, ...]: st.lists(SEAT, max_size=5).map(tuple),
    tuple[tuple[int, float | None], ...]: st.lists(st.tuples(SEAT, st.one_of(st.none(), NUMBER)),
                                                   max_size=5).map(tuple),
    tuple[tuple[float, int], ...]: st.lists(st.tuples(NUMBER, SEAT), min_size=1, max_size=4).map(tuple),
}
JUNK = st.one_of(st.sampled_from([NAN, INF, -INF, -1, 4, 7, True, False, None, "", (7,), (-1,), ((7, 1.0),)]),
                 st.text(max_size=3), st.floats(allow_nan=True), st.lists(SEAT, max_size=2))
WELL_TYPED = {t for t in EVENT_TYPES if all(h in VALUES for h in typing.get_type_hints(t).values())}


@st.composite
def unit_events(draw, types):
    """A unit event, mostly of a type the game takes and with fields of the right type."""
    cls = draw(st.sampled_from(sorted(types, key=lambda t: t.__name__)))
    hints = typing.get_type_hints(cls)
    fields = {name: draw(VALUES[hint]) for name, hint in hints.items()}
    if draw(st.integers(0, 3)) == 0:  # now and then one field holds junk
        fields[draw(st.sampled_from(sorted(fields)))] = draw(JUNK)
    return cls(**fields)


@functools.cache
def positions(game_id: str) -> tuple:
    """Saved positions spread over a driven game (as dicts: each example starts afresh)."""
    states = [state.to_dict() for state, _ in walk(game_id, 4, 2)]
    return tuple(states[:: max(1, len(states) // 12)])


@pytest.mark.soak
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_forged_event_is_refused_unchanged_or_leaves_a_sound_game(data):
    game_id = data.draw(st.sampled_from(UNIT_GAMES))
    cls = registry.game_class(game_id)
    state = cls.from_dict(data.draw(st.sampled_from(positions(game_id))))
    taken = {t for t in cls.unit_events if t in WELL_TYPED}
    event = data.draw(unit_events(taken | ({uev.Paused} if data.draw(st.booleans()) else set())))
    before = state.to_dict()
    try:
        state.feed(event)
    except IllegalAction as refusal:
        assert refusal.reason
        assert state.to_dict() == before
    else:  # it happened to be an event the unit could have sent now
        check_invariants(state)
        assert all(0 <= s < state.players for s in state.current_seats)
        assert not any(isinstance(v, float) and not math.isfinite(v) for v in state.to_dict()["data"].values())


@pytest.mark.parametrize("game_id", UNIT_GAMES)
def test_a_time_that_is_no_number_is_refused_in_words(game_id):
    state = next(walk(game_id, 2, 1))[0]
    event = uev.PlayerSelected(at=NAN, seat=0, limit_ms=6000.0)
    assert assert_refused_unchanged(state, event) == \
        "the unit's PlayerSelected is not well formed: the time must be a number, not nan"


# --- a forged selection in a game the unit drives: a move is made whole or not at all ---------------

FORGED_GAMES = 60


def moves_around_a_forged_selection(seed: int):
    """A UNO game driven by a real unit, random legal moves at random times; from the
    20th step on, a PlayerSelected the unit never sent (a random seat) is put into the
    game once it waits for a pick, as an edited save does. Yields (driver, seat, move,
    time) for every move to try."""
    rng = np.random.default_rng(seed)
    state = registry.game_class("uno-hau-drauf")({"players": 4}, seed)
    driver = UnitDriver(state, Unit(np.random.default_rng(seed + 1), UnitSettings()))
    now, forged = 0.0, False
    driver.start(now)
    for step in range(300):
        if state.is_over:
            return
        now += float(rng.uniform(0.05, 0.6))
        try:
            driver.tick(now)
        except IllegalAction:  # the unit's own pick, which the forged one stood in for
            pass
        if not forged and step >= 20 and state.waiting_on_unit:
            state.feed(uev.PlayerSelected(at=now, seat=int(rng.integers(4)), limit_ms=6000.0))
            forged = True
        if state.current_seats:
            seat = state.current_seats[int(rng.integers(len(state.current_seats)))]
            legal = state.legal_actions(seat)
            yield driver, seat, legal[int(rng.integers(len(legal)))], now


def test_after_a_forged_selection_every_move_is_made_whole_or_refused_with_nothing_changed():
    refused = 0
    for seed in range(FORGED_GAMES):
        for driver, seat, move, now in moves_around_a_forged_selection(seed):
            moves, unit = len(driver.state.log), driver.unit.view(now)
            try:
                driver.act(seat, move, now)
            except IllegalAction as refusal:
                assert refusal.reason and len(driver.state.log) == moves, \
                    f"game {seed}: {move!r} of seat {seat + 1} was made, then refused ({refusal.reason})"
                assert driver.unit.view(now) == unit
                refused += 1
    assert refused > 0  # the forged selection did lead to moves the unit would not take
