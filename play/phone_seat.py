"""What a phone at a seat sees and may do: its message and the moves it may
send back, in table mode (from the game's session) and in unit mode (from the
unit), built here once whatever screen hosts the phones. The screen adds only
what it alone knows: the seat's colour, the race result it shows now, and
what covers the game while it is paused (`paused_line` says "Paused — …").
Its words are `Message`s, so each phone reads them in its own language."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from haudrauf.device import events as uev
from haudrauf.device.machine import UnitState
from haudrauf.device.unit import UnitView
from haudrauf.engine.core import GameState
from haudrauf.play.messages import unit_line
from haudrauf.play.phone_view import View, race_message, table_offer, unit_message, waiting
from haudrauf.play.race_presses import RacePresses, RaceVerdict
from haudrauf.play.session import TableSession
from haudrauf.words import Message, msg

MESSAGE_S = 3.5  # a refusal stays up at most this long

PausedLine = Callable[[Message], Message]  # how to go on → "Paused — " what covers the game, or how to go on


def moment(state: GameState) -> tuple:
    """Where the game stands: a refusal said at another moment is old news
    (a move was made, or the turn moved on) and no longer shown."""
    return state.changes, tuple(state.current_seats)


@dataclass(frozen=True)
class Refusal:
    """Why a move was refused (or a word to one player), and how long it stays:
    until the game moves on (a move, another seat to play) or MESSAGE_S pass.
    The table's line and a phone's red line both read it, so neither outlives the other."""
    text: Message | str = ""
    until: float = 0.0
    moment: tuple = ()  # the game's moment it was said at

    @classmethod
    def said(cls, text: Message | str, now: float, state: GameState) -> "Refusal":
        return cls(text, now + MESSAGE_S, moment(state))

    def shown(self, now: float, state: GameState) -> Message | str:
        return self.text if now < self.until and moment(state) == self.moment else ""


def card_refusal(session: TableSession, seat: int, card: int, prompt: Message | str) -> Message:
    """Why a tap on `card`, one of `seat`'s, makes no move: the engine's
    reason, said with names (the engine knows only seat numbers) — on the
    table and on the seat's phone alike. `prompt`: what the seat is asked."""
    state = session.state
    on = state.current_seats
    if seat not in on:
        return msg("not your turn — {names} to play", names=" & ".join(session.name(s) for s in on)) if on else \
            msg("wait — {prompt}", prompt=prompt)
    move = state.card_move(seat, card)
    return (state.refusal(seat, move) if move is not None else None) or \
        msg("that card has no move now — {prompt}", prompt=prompt)


class TableSeatPhones:
    """Table mode's phones: each seat's hand, moves, prompt, last refusal and
    why each of its cards without a move has none, built from the engine's
    `table_view(seat)` (phone_view.table_offer) — again only when the game
    moved on; the unit's part (its clock) is fresh, and so is "Paused — why"."""

    def __init__(self, session: TableSession, race: RacePresses) -> None:
        self.session = session
        self.race = race
        self.refusals: dict[int, Refusal] = {}  # seat → the engine's reason, on that phone
        self._offers: dict[int, tuple] = {}  # seat → (what its offer was built from, the offer)

    def refuse(self, seat: int, reason: Message | str, now: float) -> None:
        self.refusals[seat] = Refusal.said(reason, now, self.session.state)

    def view(self, seat: int, now: float, colour: str, paused_line: PausedLine,
             race: uev.SlapResult | None) -> View:
        """`seat`'s phone now; `race`: the slap race whose times the table shows now."""
        session = self.session
        if seat >= session.state.players:
            return waiting(msg("This game has {players} seats: seat {seat} is not in it",
                               players=session.state.players, seat=seat + 1))
        if session.plans[seat].is_bot:
            return waiting(msg("A bot plays seat {seat} ({name}) in this game", seat=seat + 1, name=session.name(seat)))
        state = session.state
        refusal = self.refusals.get(seat, Refusal()).shown(now, state)
        basis = (state.changes, session.round_over, tuple(state.current_seats), refusal)
        cached = self._offers.get(seat)
        if cached is None or cached[0] != basis:
            why = lambda card, prompt: card_refusal(session, seat, card, prompt)  # noqa: E731
            cached = self._offers[seat] = (basis, table_offer(state, seat, session.names, refusal, why=why))
        offer = cached[1]
        message = {**offer.message, "colour": colour, "paused": self.paused_words(paused_line)}
        if session.unit is not None:
            unit = unit_message(session.unit.view(now), seat)
            unit["race"] = race and _race(race, session.names, self.race.verdict)
            message["unit"] = unit
        return message, offer.moves

    def paused_words(self, paused_line: PausedLine) -> Message | str:
        """"Paused — why" while the game is paused (what covers the table, or how to go on), else ""."""
        if not self.session.paused:
            return ""
        asleep = self.session.unit.state is UnitState.ASLEEP
        return paused_line(msg("the unit fell asleep: press Play/Pause on the table") if asleep else
                           msg("press Play/Pause on the table to go on"))


def unit_seat_view(view: UnitView, seat: int, names: Sequence[str], colour: str, headline: Message | str,
                   race: uev.SlapResult | None, verdict: RaceVerdict | None, paused_line: PausedLine) -> View:
    """Unit mode's phone at `seat`: its button's light and turn clock, the
    unit's line (`headline`: who takes cards, until the next player is picked),
    the last race's times (`race`, judged by `verdict`), and "Paused — why"
    while the unit is paused or asleep — all on the unit for all to see."""
    message = unit_message(view, seat)
    message.update(name=names[seat], colour=colour, status=unit_line(view, names, headline),
                   race=race and _race(race, names, verdict), paused=_unit_paused_words(view.state, paused_line))
    return message, {}


def _race(result: uev.SlapResult, names: Sequence[str], verdict: RaceVerdict) -> dict:
    return race_message(result, list(names), verdict.pm, verdict.close_call)


def _unit_paused_words(state: UnitState, paused_line: PausedLine) -> Message | str:
    if state is UnitState.PAUSED:
        return paused_line(msg("press Play/Pause to go on"))
    return paused_line(msg("the unit fell asleep: press Play/Pause")) if state is UnitState.ASLEEP else ""
