"""Unit events as sentences for people: one wording for every front end.

The unit does not know the game: its buzzer and a lost slap race are worded
without a penalty. A game on the table says its own consequence in its event
(Go Fish: the turn passes); with real UNO cards and the unit alone (unit mode,
the terminal) `describe_uno` adds UNO's penalty."""
from __future__ import annotations

from typing import Sequence

from babel.numbers import get_decimal_symbol

from haudrauf.device import events as uev
from haudrauf.device.machine import UnitState
from haudrauf.device.unit import UnitView
from haudrauf.play.language import Language

#: The default reader: the window, the game log and the phones speak English.
ENGLISH = Language()


def decimal(lang: Language, number: float, spec: str) -> str:
    """`number` formatted as `spec` ("g", ".1f") with the language's decimal sign ("2,5" in German)."""
    return format(number, spec).replace(".", get_decimal_symbol(lang.code))


def seat_name(seat: int, names: Sequence[str] | None = None, lang: Language = ENGLISH) -> str:
    """'Seat 3' or 'Seat 3 — Anna' (seats count from 1 for people; a name stays as the player wrote it)."""
    name = names[seat] if names and seat < len(names) and names[seat] else ""
    if name:
        return lang.gettext("Seat {number} — {name}").format(number=seat + 1, name=name)
    return lang.gettext("Seat {number}").format(number=seat + 1)


def uno_penalty(lang: Language = ENGLISH) -> str:
    """UNO Hau drauf's penalty for a timeout or a lost slap race, said to people
    playing with real cards (the table's UNO game says it in its own event)."""
    return lang.gettext("take 2 cards, then press your button")

PENALTY_EVENTS = (uev.TurnTimedOut, uev.SlapResult)


def plural(count: int, word: str) -> str:
    """"1 turn", "3 turns"."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def seat_list(seats: Sequence[int], lang: Language = ENGLISH) -> str:
    return ", ".join(str(s + 1) for s in seats) or lang.gettext("none")


def seconds(lang: Language, number: float, spec: str = "g") -> str:
    """"6 s", "2,5 s"."""
    return lang.gettext("{seconds} s").format(seconds=decimal(lang, number, spec))


def describe(event: uev.UnitEvent, names: Sequence[str] | None = None,
             lang: Language = ENGLISH) -> str | None:
    """A one-line message for the event in `lang`, or None for events people need not read.
    (The unit's own reasons in StartRefused and InputIgnored are passed on as it words them.)"""
    _ = lang.gettext
    who = (lambda s: seat_name(s, names, lang))
    match event:
        case uev.PoweredOn():
            return _("Unit on: each player presses their button to join")
        case uev.PoweredOff():
            return _("Unit off")
        case uev.RegistrationOpened(seats=seats):
            return _("Registration: seats {seats} in; press a button to join or leave, then Play").format(
                seats=seat_list(seats, lang))
        case uev.SeatRegistered(seat=s):
            return _("{seat} joins").format(seat=who(s))
        case uev.SeatLeft(seat=s):
            return _("{seat} leaves").format(seat=who(s))
        case uev.StartRefused(reason=reason):
            return _("Cannot start: {reason}").format(reason=reason)
        case uev.GameStarted(seats=seats):
            return _("Game on with seats {seats}").format(seats=seat_list(seats, lang))
        case uev.PlayerSelected(seat=s, limit_ms=limit):
            limit_text = _("no time limit") if limit is None else seconds(lang, limit / 1000)
            return _("{seat}: your turn ({limit})").format(seat=who(s), limit=limit_text)
        case uev.TurnEnded(seat=s, elapsed_ms=ms):
            return _("{seat} done in {time}").format(seat=who(s), time=seconds(lang, ms / 1000, ".1f"))
        case uev.TurnTimedOut(seat=s):
            return _("BUZZ! {seat}: too slow").format(seat=who(s))
        case uev.PenaltyAcknowledged(seat=s):
            return _("{seat} took the penalty").format(seat=who(s))
        case uev.NotYourTurn(seat=s, waiting_for=waiting):
            return _("{seat}: not your turn (waiting for seat {seats})").format(
                seat=who(s), seats=seat_list(waiting, lang))
        case uev.InputIgnored(reason=reason):
            return reason[0].upper() + reason[1:]
        case uev.SlapStarted(racers=racers):
            return _("HAU DRAUF! Seats {seats}: hit your buttons!").format(seats=seat_list(racers, lang))
        case uev.SlapPressed(seat=s, reaction_ms=ms, place=place):
            return _("{seat} #{place} in {ms} ms").format(seat=who(s), place=place, ms=f"{ms:.0f}")
        case uev.SlapResult(losers=losers, window_expired=expired):
            seats = ", ".join(who(s) for s in losers)
            if expired:
                return _("{seats}: did not press in time").format(seats=seats)
            return _("{seats}: slowest").format(seats=seats)
        case uev.Paused():
            return _("Paused: press Play/Pause to go on")
        case uev.Resumed():
            return _("Go on!")
        case uev.FellAsleep():
            return _("The unit fell asleep: press Play/Pause to wake it")
        case uev.WokeUp():
            return _("Awake again")
        case uev.SettingsChanged(settings=s):
            if s.turn_time is None:
                return _("Settings changed: unlimited per turn (from the next turn)")
            return _("Settings changed: {time} per turn (from the next turn)").format(
                time=seconds(lang, s.turn_time))
    return None


def describe_uno(event: uev.UnitEvent, names: Sequence[str] | None = None,
                 lang: Language = ENGLISH) -> str | None:
    """`describe`, with UNO's penalty after a timeout or a lost slap race: for
    people playing UNO Hau drauf with real cards and the unit alone."""
    text = describe(event, names, lang)
    return f"{text} — {uno_penalty(lang)}" if isinstance(event, PENALTY_EVENTS) else text


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


def unit_status(view: UnitView, names: Sequence[str] | None = None, lang: Language = ENGLISH) -> str:
    """What the unit's state asks of the people round it, in one line."""
    _ = lang.gettext
    state = view.state
    if state is UnitState.REGISTERING:
        n = len(view.seats)
        return _("Press your seat button to join ({count} in) — then Play").format(count=n) if n < 2 else \
            lang.ngettext("{count} player in — press Play to start", "{count} players in — press Play to start",
                          n).format(count=n)
    if state is UnitState.TURN:
        return _("{seat}: your turn").format(seat=seat_name(view.current, names, lang))
    if state is UnitState.SPINNING:
        return _("Who's next…")
    if state is UnitState.SLAP_RACE:
        return _("HAU DRAUF! Hit your button!")
    if state is UnitState.PAUSED:
        return _("Paused — Play/Pause to go on")
    if state is UnitState.ASLEEP:
        return _("Asleep — press Play/Pause")
    if state in (UnitState.TIMED_OUT, UnitState.SLAP_RESULT):
        return _("Take your cards, then press your flashing button")
    return ""


def unit_line(view: UnitView, names: Sequence[str] | None, headline: str, lang: Language = ENGLISH) -> str:
    """The unit's line for all: who takes cards (`headline`) until the next
    player is picked — unless the unit stands still, which matters more."""
    return headline if headline and not frozen(view) else unit_status(view, names, lang)
