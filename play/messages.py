"""Unit events as sentences for people: one wording for every front end.

The unit does not know the game: its buzzer and a lost slap race are worded
without a penalty. A game on the table says its own consequence in its event
(Go Fish: the turn passes); with real UNO cards and the unit alone (unit mode,
the terminal) `describe_uno` adds UNO's penalty."""
from __future__ import annotations

from typing import Sequence

from haudrauf.device import events as uev
from haudrauf.device.unit import UnitState, UnitView


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """'Seat 3' or 'Seat 3 — Anna' (seats count from 1 for people)."""
    name = names[seat] if names and seat < len(names) and names[seat] else ""
    return f"Seat {seat + 1} — {name}" if name else f"Seat {seat + 1}"


#: UNO Hau drauf's penalty for a timeout or a lost slap race, said to people
#: playing with real cards (the table's UNO game says it in its own event).
UNO_PENALTY = "take 2 cards, then press your button"

PENALTY_EVENTS = (uev.TurnTimedOut, uev.SlapResult)


def plural(count: int, word: str) -> str:
    """"1 turn", "3 turns"."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def seat_list(seats: Sequence[int]) -> str:
    return ", ".join(str(s + 1) for s in seats) or "none"


def describe(event: uev.UnitEvent, names: Sequence[str] | None = None) -> str | None:
    """A one-line message for the event, or None for events people need not read."""
    who = (lambda s: seat_name(s, names))
    match event:
        case uev.PoweredOn():
            return "Unit on: each player presses their button to join"
        case uev.PoweredOff():
            return "Unit off"
        case uev.RegistrationOpened(seats=seats):
            return f"Registration: seats {seat_list(seats)} in; press a button to join or leave, then Play"
        case uev.SeatRegistered(seat=s):
            return f"{who(s)} joins"
        case uev.SeatLeft(seat=s):
            return f"{who(s)} leaves"
        case uev.StartRefused(reason=reason):
            return f"Cannot start: {reason}"
        case uev.GameStarted(seats=seats):
            return f"Game on with seats {seat_list(seats)}"
        case uev.PlayerSelected(seat=s, limit_ms=limit):
            limit_text = "no time limit" if limit is None else f"{limit / 1000:g} s"
            return f"{who(s)}: your turn ({limit_text})"
        case uev.TurnEnded(seat=s, elapsed_ms=ms):
            return f"{who(s)} done in {ms / 1000:.1f} s"
        case uev.TurnTimedOut(seat=s):
            return f"BUZZ! {who(s)}: too slow"
        case uev.PenaltyAcknowledged(seat=s):
            return f"{who(s)} took the penalty"
        case uev.NotYourTurn(seat=s, waiting_for=waiting):
            return f"{who(s)}: not your turn (waiting for seat {seat_list(waiting)})"
        case uev.InputIgnored(reason=reason):
            return reason[0].upper() + reason[1:]
        case uev.SlapStarted(racers=racers):
            return f"HAU DRAUF! Seats {seat_list(racers)}: hit your buttons!"
        case uev.SlapPressed(seat=s, reaction_ms=ms, place=place):
            return f"{who(s)} #{place} in {ms:.0f} ms"
        case uev.SlapResult(losers=losers, window_expired=expired):
            names_ = ", ".join(who(s) for s in losers)
            why = "did not press in time" if expired else "slowest"
            return f"{names_}: {why}"
        case uev.Paused():
            return "Paused: press Play/Pause to go on"
        case uev.Resumed():
            return "Go on!"
        case uev.FellAsleep():
            return "The unit fell asleep: press Play/Pause to wake it"
        case uev.WokeUp():
            return "Awake again"
        case uev.SettingsChanged(settings=s):
            speed = "unlimited" if s.turn_time is None else f"{s.turn_time:g} s"
            return f"Settings changed: {speed} per turn (from the next turn)"
    return None


def describe_uno(event: uev.UnitEvent, names: Sequence[str] | None = None) -> str | None:
    """`describe`, with UNO's penalty after a timeout or a lost slap race: for
    people playing UNO Hau drauf with real cards and the unit alone."""
    text = describe(event, names)
    return f"{text} — {UNO_PENALTY}" if isinstance(event, PENALTY_EVENTS) else text


def race_time(ms: float | None, pm: float | None = None) -> str:
    """A racer's time as shown: "312 ms", a phone's "312 ms ±9" (± ?: its
    clock was not synced yet), "—" for no press."""
    if ms is None:
        return "—"
    if pm is None:
        return f"{ms:.0f} ms"
    return f"{ms:.0f} ms ±?" if pm == float("inf") else f"{ms:.0f} ms ±{pm * 1000:.0f}"


TOO_CLOSE = "too close to call"


def frozen(view: UnitView) -> bool:
    """Paused or asleep: every clock and the selection light stand still."""
    return view.state in (UnitState.PAUSED, UnitState.ASLEEP)


def unit_status(view: UnitView, names: Sequence[str] | None = None) -> str:
    """What the unit's state asks of the people round it, in one line."""
    state = view.state
    if state is UnitState.REGISTERING:
        n = len(view.seats)
        return f"Press your seat button to join ({n} in) — then Play" if n < 2 else \
            f"{n} players in — press Play to start"
    if state is UnitState.TURN:
        return f"{seat_name(view.current, names)}: your turn"
    if state is UnitState.SPINNING:
        return "Who's next…"
    if state is UnitState.SLAP_RACE:
        return "HAU DRAUF! Hit your button!"
    if state is UnitState.PAUSED:
        return "Paused — Play/Pause to go on"
    if state is UnitState.ASLEEP:
        return "Asleep — press Play/Pause"
    if state in (UnitState.TIMED_OUT, UnitState.SLAP_RESULT):
        return "Take your cards, then press your flashing button"
    return ""


def unit_line(view: UnitView, names: Sequence[str] | None, headline: str) -> str:
    """The unit's line for all: who takes cards (`headline`) until the next
    player is picked — unless the unit stands still, which matters more."""
    return headline if headline and not frozen(view) else unit_status(view, names)
