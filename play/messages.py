"""Unit events as sentences for people: one wording for every front end,
said as `Message`s each screen renders in its reader's language.

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
from haudrauf.words import Message, msg, nmsg

Text = Message | str

#: The default reader of the screens that do not choose one yet.
ENGLISH = Language()


def decimal(lang: Language, number: float, spec: str) -> str:
    """`number` formatted as `spec` ("g", ".1f") with the language's decimal sign ("2,5" in German)."""
    return format(number, spec).replace(".", get_decimal_symbol(lang.code))


def seat_name(seat: int, names: Sequence[str] | None = None) -> Message:
    """'Seat 3' or 'Seat 3 — Anna' (seats count from 1 for people; a name stays as the player wrote it)."""
    name = names[seat] if names and seat < len(names) and names[seat] else ""
    if name:
        return msg("Seat {number} — {name}", number=seat + 1, name=name)
    return msg("Seat {number}", number=seat + 1)


def uno_penalty() -> Message:
    """UNO Hau drauf's penalty for a timeout or a lost slap race, said to people
    playing with real cards (the table's UNO game says it in its own event)."""
    return msg("take 2 cards, then press your button")

PENALTY_EVENTS = (uev.TurnTimedOut, uev.SlapResult)


def seat_list(seats: Sequence[int]) -> Text:
    return ", ".join(str(s + 1) for s in seats) or msg("none")


def seconds(lang: Language, number: float, spec: str = "g") -> str:
    """"6 s", "2,5 s", now in `lang` (a screen's own words; a log line says `in_seconds`)."""
    return lang.gettext("{seconds} s").format(seconds=decimal(lang, number, spec))


def turn_time_words(lang: Language, turn_time: float | None) -> str:
    """A turn time as a switch or a menu shows it: "6 s", "2,5 s", "no limit"."""
    return lang.gettext("no limit") if turn_time is None else seconds(lang, turn_time)


def in_seconds(number: float) -> Message:
    """"6 s", "2,5 s" in whichever language reads it."""
    return msg("{seconds} s", seconds=float(number))


def in_tenths(number: float) -> Message:
    """"0.0 s", "2,5 s": always one decimal (a turn's time in the log)."""
    whole, tenths = format(number, ".1f").split(".")
    return msg("{seconds} s", seconds=msg("{whole}.{tenths}", whole=whole, tenths=tenths))


def describe(event: uev.UnitEvent, names: Sequence[str] | None = None) -> Message | None:
    """A one-line message for the event, or None for events people need not read.
    (The unit's own reasons in StartRefused and InputIgnored are its own messages; a log shows
    one as a sentence: `log_line`.)"""
    who = (lambda s: seat_name(s, names))
    match event:
        case uev.PoweredOn():
            return msg("Unit on: each player presses their button to join")
        case uev.PoweredOff():
            return msg("Unit off")
        case uev.RegistrationOpened(seats=seats):
            return msg("Registration: seats {seats} in; press a button to join or leave, then Play",
                       seats=seat_list(seats))
        case uev.SeatRegistered(seat=s):
            return msg("{seat} joins", seat=who(s))
        case uev.SeatLeft(seat=s):
            return msg("{seat} leaves", seat=who(s))
        case uev.StartRefused(reason=reason):
            return msg("Cannot start: {reason}", reason=reason)
        case uev.GameStarted(seats=seats):
            return msg("Game on with seats {seats}", seats=seat_list(seats))
        case uev.PlayerSelected(seat=s, limit_ms=limit):
            return msg("{seat}: your turn ({limit})", seat=who(s),
                       limit=msg("no time limit") if limit is None else in_seconds(limit / 1000))
        case uev.TurnEnded(seat=s, elapsed_ms=ms):
            return msg("{seat} done in {time}", seat=who(s), time=in_tenths(ms / 1000))
        case uev.TurnTimedOut(seat=s):
            return msg("BUZZ! {seat}: too slow", seat=who(s))
        case uev.PenaltyAcknowledged(seat=s):
            return msg("{seat} took the penalty", seat=who(s))
        case uev.NotYourTurn(seat=s, waiting_for=waiting):
            return msg("{seat}: not your turn (waiting for seat {seats})", seat=who(s), seats=seat_list(waiting))
        case uev.InputIgnored(reason=reason):
            return reason
        case uev.SlapStarted(racers=racers):
            return msg("HAU DRAUF! Seats {seats}: hit your buttons!", seats=seat_list(racers))
        case uev.SlapPressed(seat=s, reaction_ms=ms, place=place):
            return msg("{seat} #{place} in {ms} ms", seat=who(s), place=place, ms=format(ms, ".0f"))
        case uev.SlapResult(losers=losers, window_expired=expired):
            seats = tuple(who(s) for s in losers)
            if expired:
                return msg("{seats}: did not press in time", seats=seats)
            return msg("{seats}: slowest", seats=seats)
        case uev.Paused():
            return msg("Paused: press Play/Pause to go on")
        case uev.Resumed():
            return msg("Go on!")
        case uev.FellAsleep():
            return msg("The unit fell asleep: press Play/Pause to wake it")
        case uev.WokeUp():
            return msg("Awake again")
        case uev.SettingsChanged(settings=s):
            if s.turn_time is None:
                return msg("Settings changed: unlimited per turn (from the next turn)")
            return msg("Settings changed: {time} per turn (from the next turn)", time=in_seconds(s.turn_time))
    return None


def log_line(said: Message, lang: Language) -> str:
    """A line of the unit's log in `lang`: a sentence, so it starts with a capital letter
    (the unit's reasons, said as they are, start small: "wait until the light stops")."""
    line = lang.say(said)
    return line[:1].upper() + line[1:]


def describe_uno(event: uev.UnitEvent, names: Sequence[str] | None = None) -> Message | None:
    """`describe`, with UNO's penalty after a timeout or a lost slap race: for
    people playing UNO Hau drauf with real cards and the unit alone."""
    said = describe(event, names)
    if isinstance(event, PENALTY_EVENTS):
        return msg("{event} — {penalty}", event=said, penalty=uno_penalty())
    return said


def race_time(ms: float | None, pm: float | None = None, lang: Language = ENGLISH) -> str:
    """A racer's time as shown: "312 ms", a phone's "312 ms ±9" (± ?: its
    clock was not synced yet), "—" for no press; the unit as the reader writes it ("312 мс")."""
    if ms is None:
        return "—"
    if pm is None:
        return lang.gettext("{ms} ms").format(ms=format(ms, ".0f"))
    if pm == float("inf"):
        return lang.gettext("{ms} ms ±?").format(ms=format(ms, ".0f"))
    return lang.gettext("{ms} ms ±{pm}").format(ms=format(ms, ".0f"), pm=format(pm * 1000, ".0f"))


TOO_CLOSE = "too close to call"


def frozen(view: UnitView) -> bool:
    """Paused or asleep: every clock and the selection light stand still."""
    return view.state in (UnitState.PAUSED, UnitState.ASLEEP)


def unit_status(view: UnitView, names: Sequence[str] | None = None) -> Text:
    """What the unit's state asks of the people round it, in one line."""
    state = view.state
    if state is UnitState.REGISTERING:
        n = len(view.seats)
        return msg("Press your seat button to join ({count} in) — then Play", count=n) if n < 2 else \
            nmsg("{count} player in — press Play to start", "{count} players in — press Play to start", n, count=n)
    if state is UnitState.TURN:
        return msg("{seat}: your turn", seat=seat_name(view.current, names))
    if state is UnitState.SPINNING:
        return msg("Who's next…")
    if state is UnitState.SLAP_RACE:
        return msg("HAU DRAUF! Hit your button!")
    if state is UnitState.PAUSED:
        return msg("Paused — Play/Pause to go on")
    if state is UnitState.ASLEEP:
        return msg("Asleep — press Play/Pause")
    if state in (UnitState.TIMED_OUT, UnitState.SLAP_RESULT):
        return msg("Take your cards, then press your flashing button")
    return ""


def unit_line(view: UnitView, names: Sequence[str] | None, headline: Text) -> Text:
    """The unit's line for all: who takes cards (`headline`) until the next
    player is picked — unless the unit stands still, which matters more."""
    return headline if headline and not frozen(view) else unit_status(view, names)
