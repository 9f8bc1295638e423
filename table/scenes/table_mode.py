"""Table mode: the whole game on screen, for any of the five games.

People click (or tap) a card or a pile to make the move anchored there; when
several moves share it (the colour of a wild, the opponent to ask), a chooser
asks which. Moves without a card to click are buttons. In UNO Hau drauf the
unit sits in the middle of the table: seat keys (or its buttons) press the
seat buttons, Space the big one — each press checked by the rules first.

Several people at one screen: a hand is shown only while its owner holds their
seat key, or keeps a finger on their "show hand" pad; bots' hands never show.
When anything covers the table (help, results, a question) every held key and
pad is let go: their release would go to the overlay, and the hand must not
stay face up.

With phones on (phones/), a seat held by a phone plays there: its hand
and moves are on the phone, never on the shared screen, and the phone's moves
and presses arrive as `RemoteMove` / `RemotePress`. A slap race with phones in
it is decided on the phones' corrected times (race_presses.py).

Leaving (Esc or the Menu button) asks first; the game is saved after every
move, so Leave loses nothing — the menu offers to resume it.

`TableScene` is the controller: who looks, input, what a move does, the
phones, the round's flow. Choosing a move by hand (click, drag, chooser,
keys) is in table_mode_picking.py, the layout and drawing in
table_mode_drawing.py; what a phone sees in play/phone_seat.py.
"""
from __future__ import annotations

import math
from dataclasses import replace

import pygame

from haudrauf.device import events as uev
from haudrauf.device.settings import UnitSettings
from haudrauf.device.machine import UnitState
from haudrauf.engine.core import GameEnd, GameEvent, IllegalAction, RoundEnd
from haudrauf.engine.core.table_view import Text
from haudrauf.phones import host as phones
from haudrauf.play import autosave, game_log
from haudrauf.play.language import Language
from haudrauf.play.phone_seat import Refusal, TableSeatPhones
from haudrauf.play.phone_view import View
from haudrauf.play.race_presses import RacePresses
from haudrauf.play.seats import SeatPlan
from haudrauf.play.session import TableSession
from haudrauf.play.stats import TurnWatch
from haudrauf.table import input as intents
from haudrauf.table.audio import game_event_sound
from haudrauf.table.render import TableRenderer
from haudrauf.table.scenes.base import Scene
from haudrauf.table.scenes.results import ResultsScene
from haudrauf.table.scenes.table_mode_drawing import TableDrawing
from haudrauf.table.scenes.table_mode_picking import MovePicking, Picked
from haudrauf.table.ui import theme
from haudrauf.table.ui.tooltip import Tooltip
from haudrauf.words import Message, msg

RACE_RESULT_S = 4.0  # every racer's time stays up at least this long, and until the next player is picked
RESULTS_DELAY_S = 1.2  # let the last card land before the results cover the table


class TableScene(MovePicking, TableDrawing, Scene):
    def __init__(self, app, game_id: str, options: dict, plans: list[SeatPlan], seed: int | None = None,
                 session: TableSession | None = None, save: bool = True, timer: bool = False,
                 unit_settings: UnitSettings | None = None) -> None:
        """`unit_settings`: the unit's for this game (the command line's --speed); default the saved ones."""
        super().__init__(app)
        self.lang = Language(app.language_code())  # read again at each layout: Settings may change it
        self.session = session or TableSession(game_id, options, plans, seed, unit_settings or app.settings.unit,
                                               save_to=autosave.path() if save else None, timer=timer,
                                               reactions=app.settings.bots)
        self.session.listeners.append(self.on_events)
        self.session.on_save_failed = lambda exc: app.could_not_save(msg("the game"), exc)
        self.renderer = TableRenderer()
        self.chooser: list = []
        self.chooser_rects: list[tuple[pygame.Rect, object]] = []
        self.chooser_over = pygame.Rect(0, 0, 1, 1)  # what the chooser's moves share: it is drawn clear of it
        self.picked: Picked | None = None  # a card picked up: click (or drag to) its target pile
        self.focus = 0  # keyboard play: which of the viewer's moves the arrow keys point at
        self.chooser_index = 0
        self.held_keys: list[int] = []  # seats whose key is held, latest last
        self.held_pads: dict[int, int] = {}  # pointer id → seat showing its hand
        self.refusal = Refusal()  # what the table says under the prompt, for a while
        self.pending_results: tuple[float, object] | None = None
        self.rounds: list[list[int]] = []
        self._view_key = None
        self._view = None
        self.noted_moves = -1  # the log length the renderer last animated
        self.tooltip = Tooltip()  # what the card under a resting pointer does
        self.turn_watch = TurnWatch()  # times turns when no unit does (kept in the stats)
        self.race = RacePresses()  # a slap race's presses, held for the phones' in it; its verdict
        self.phone_seats = TableSeatPhones(self.session, self.race)  # what each seat's phone sees
        self.session.start(app.clock.now())

    @classmethod
    def resume(cls, app) -> tuple["TableScene | None", str | None]:
        """The saved game, or (None, one line): a save that cannot be replayed
        is moved aside, so the menu does not offer it again."""
        data, problem = autosave.read(autosave.path())
        if data is None:
            return None, problem or Language(app.language_code()).gettext("there is no saved game")
        try:
            session = TableSession.from_save(data, app.settings.unit, autosave.path(), app.settings.bots)
            return cls(app, session.game_id, session.options, session.plans, session=session), None
        except Exception as exc:  # noqa: BLE001 — the save is untrusted: whatever breaks on it, it is refused
            return None, autosave.set_aside(autosave.path(),
                                            msg("cannot be replayed: {why}", why=game_log.why_not_replayable(exc)))

    # --- who looks ------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return self.session.names

    def phone_seat_taken(self, seat: int) -> Message | None:
        """A phone plays only a person's seat in this game."""
        if seat >= self.session.state.players:
            return msg("not in this game")
        return msg("a bot plays it") if self.session.plans[seat].is_bot else None

    def on_phone(self, seat: int) -> bool:
        return self.app.phones is not None and self.app.phones.holds(seat)

    @property
    def screen_people(self) -> list[int]:
        """The people who play on the shared screen: a phone's seat plays on the phone."""
        return [s for s in self.session.people if not self.on_phone(s)]

    @property
    def viewer(self) -> int | None:
        """Whose hand the screen shows: a lone person's (nobody else is at the
        table, not even on a phone), else whoever holds their key or pad."""
        people = self.screen_people
        if len(people) == 1 and people == self.session.people:
            return people[0]
        shown = [s for s in [*self.held_keys, *self.held_pads.values()] if s in people]
        return shown[-1] if shown else None

    def view(self):
        """The table as the screen shows it; a seat played on a phone says so by its name plate."""
        on_phones = tuple(s for s in self.session.people if self.on_phone(s))
        key = (self.session.state.changes, self.viewer, self.session.round_over, on_phones, self.lang.code)
        if key != self._view_key:
            self._view_key = key
            view = self.session.state.table_view(self.viewer, self.session.names)
            on_phone = self.lang.gettext("on phone")
            seats = tuple(replace(seat, status=" · ".join(filter(None, [self.lang.say(seat.status), on_phone])))
                          if seat.seat in on_phones else seat for seat in view.seats)
            self._view = replace(view, seats=seats)
        return self._view

    @property
    def wants_fast_polling(self) -> bool:
        return self.session.unit is not None and self.session.unit.state is UnitState.SLAP_RACE

    # --- events from the session -------------------------------------------------------
    def on_events(self, events: list) -> None:
        audio = self.app.audio
        audio.play_for_unit_events([e for e in events if isinstance(e, uev.UnitEvent)])
        self.app.stats.record_unit_events(events, self.session.names, self.session.people)
        for event in events:
            self.note_race(event)
            sound = game_event_sound(event) if isinstance(event, GameEvent) else None
            if sound:
                audio.play(sound)
            if isinstance(event, RoundEnd):
                self.rounds.append(list(event.running_totals()))
                self.app.stats.record_round(self.session.game_id, list(event.running_totals()), self.session.names,
                                            self.session.people)
            if isinstance(event, (RoundEnd, GameEnd)) and self.pending_results is None:
                self.pending_results = (self.app.clock.now() + RESULTS_DELAY_S, event)

    def say(self, text: Text, now: float, sound: str = "error") -> None:
        self.refusal = Refusal.said(text, now, self.session.state)
        self.app.audio.play(sound)

    @property
    def message(self) -> str:
        """What the table says under the prompt now, in the window's language."""
        return self.lang.say(self.refusal.shown(self.app.clock.now(), self.session.state))

    flash_at = -math.inf  # when the last slap race started
    race_result = None  # (SlapResult, shown until): until the next player is picked, and RACE_RESULT_S at least
    race_kept_until = -math.inf  # the least time the last race's times stay up

    def note_race(self, event) -> None:
        """A slap race flashes the table when it starts; its times stay up after,
        until the next player is picked — and long enough to read, even when
        the unit picks at once."""
        now = self.app.clock.now()
        self.race.note(event, self.app.race_hold)
        if isinstance(event, uev.SlapStarted):
            self.flash_at, self.race_result = now, None
        elif isinstance(event, uev.SlapResult):
            self.race_result, self.race_kept_until = (event, math.inf), now + RACE_RESULT_S
        elif isinstance(event, uev.PlayerSelected) and self.race_result and self.race_result[1] == math.inf:
            self.race_result = (self.race_result[0], max(now, self.race_kept_until))

    def race_shown(self, now: float):
        """The slap race whose times are up now, or None."""
        return self.race_result[0] if self.race_result and now < self.race_result[1] else None

    # --- moves ---------------------------------------------------------------------------
    def act(self, seat: int, action, now: float) -> None:
        try:
            self.session.act(seat, action, now)
        except IllegalAction as refusal:
            self.say(refusal.reason, now)

    def press_seat(self, seat: int, now: float, pm: float | None = None) -> None:
        """A seat button, from a key or a finger, or a phone (`pm`: its ±): in a slap race with
        phones it waits its turn in time order (race_presses.py)."""
        if seat >= self.session.state.players or self.session.plans[seat].is_bot:
            return
        if not self.race.take(seat, now, pm):
            self.press_now(seat, now)

    def press_now(self, seat: int, t: float) -> None:
        _, reason = self.session.press_seat(seat, t)
        if reason:
            self.refuse(seat, msg("{name}: {reason}", name=self.session.name(seat), reason=reason), t)

    def refuse(self, seat: int, reason: Text, now: float) -> None:
        """The engine's reason goes where the player looks: their phone, or the table."""
        if self.on_phone(seat):
            self.phone_seats.refuse(seat, reason, now)
            self.app.audio.play("refused")
        else:
            self.say(reason, now)

    def phone_act(self, seat: int, action, t: float, pm: float) -> None:
        """A move chosen on a phone: its seat button in a race waits its turn like
        any press; anything else is tried now, and a refusal goes back to it."""
        if action == self.session.state.seat_button:
            self.press_seat(seat, t, pm)
            return
        try:
            self.session.act(seat, action, t)
        except IllegalAction as refusal:
            self.refuse(seat, refusal.reason, t)

    def handle(self, intent, now: float) -> bool:
        self.tooltip.track(intent, now)
        if self.chooser and intents.is_enter(intent):  # Return arrives as Play/Pause: here it takes the move
            return self.arrow("enter", now)
        if isinstance(intent, intents.Command) and intent.name == "log":
            self.open_log()
            return True
        if isinstance(intent, phones.RemoteMove):
            self.phone_act(intent.seat, intent.action, intent.t, intent.uncertainty)
            return True
        if isinstance(intent, phones.RemotePress):
            if intent.button == "seat":
                self.press_seat(intent.seat, intent.t, intent.uncertainty)
            elif self.session.state.hau_drauf_button is not None:
                self.phone_act(intent.seat, self.session.state.hau_drauf_button, intent.t, intent.uncertainty)
            return True
        if isinstance(intent, (phones.PhoneJoined, phones.PhoneLeft)):
            self.size = (0, 0)  # lay out again: a phone's seat has no "show hand" pad
            return True
        if isinstance(intent, intents.SeatKey):
            if intent.down:
                self.held_keys.append(intent.seat)
                self.press_seat(intent.seat, intent.t)
            elif intent.seat in self.held_keys:
                self.held_keys.remove(intent.seat)
            return True
        if isinstance(intent, intents.HauDraufKey):
            _, reason = self.session.press_hau_drauf(intent.t)
            if reason:
                self.say(reason, now)
            return True
        if isinstance(intent, intents.PlayPauseKey):
            self.session.play_pause(intent.t)
            return True
        if isinstance(intent, intents.PointerMove) and self.picked and self.picked.pointer == intent.pointer:
            self.picked.at = intent.pos
        if isinstance(intent, intents.PointerUp):
            self.held_pads.pop(intent.pointer, None)
            picked = self.picked
            if picked and picked.pointer == intent.pointer and picked.dragged:
                picked.down = False  # kept if refused: it goes back to its place, still picked
                return self.drop(intent.pos, now)  # a drag ends where the finger lifts
            if picked:
                picked.down = False
            return False
        if isinstance(intent, intents.PointerDown):
            return self.pointer_down(intent, now)
        if isinstance(intent, intents.EditKey) and self.viewer is not None:
            return self.arrow(intent.key, now)
        return super().handle(intent, now)

    def pointer_down(self, intent, now: float) -> bool:
        log_panel = self.renderer.frame.log
        if log_panel and log_panel.collidepoint(intent.pos) and not (self.picked or self.chooser):
            self.open_log()
            return True
        if self.picked:
            if self.drop(intent.pos, now):
                return True
        if self.chooser:
            for rect, choice in self.chooser_rects:
                if rect.collidepoint(intent.pos):
                    self.chooser = []
                    self.act(self.viewer, choice.action, now)
                    return True
            self.chooser = []
            return True
        for seat, rect in self.pad_rects:
            if rect.collidepoint(intent.pos):
                self.held_pads[intent.pointer] = seat
                return True
        if self.unit_geometry is not None:
            seat = self.unit_geometry.seat_at(intent.pos)
            if seat is not None:
                self.press_seat(seat, intent.t)
                return True
            if self.unit_geometry.is_hau_drauf(intent.pos):
                return self.handle(intents.HauDraufKey(intent.t), now)
        if super().handle(intent, now):
            return True
        choices = self.renderer.choices_at(intent.pos, self.view())
        if choices:
            self.choose(choices, intent.pos, now, intent.pointer)
            return True
        return self.refuse_card(self.renderer.card_at(intent.pos), now)

    # --- the phones ---------------------------------------------------------------------------
    takes_phones = True

    def phone_view(self, seat: int, now: float) -> View:
        return self.phone_seats.view(seat, now, theme.css(theme.SEAT_COLOURS[seat % 6]), self.paused_line,
                                     self.race_shown(now))

    # --- round flow -------------------------------------------------------------------------
    def next_round(self) -> None:
        self.session.next_round(self.app.clock.now())

    def play_again(self) -> None:
        s = self.session
        self.app.replace(TableScene(self.app, s.game_id, s.options, s.plans, seed=None, timer=s.timer))

    def open_log(self) -> None:
        from haudrauf.table.scenes.log import LogScene
        self.app.push(LogScene(self.app, self.session))

    def leave(self) -> None:
        """Back to the menu; the game is saved as it stands (a game not yet
        begun too), so the menu can offer to resume it."""
        self.session.autosave()
        self.app.save_stats()
        self.app.pop()

    def ask_to_leave(self) -> None:
        """People playing are asked first; a table of bots only, or a game
        already over, is left at once (nothing to lose)."""
        from haudrauf.table.scenes.confirm import ConfirmScene
        if not self.session.people or self.session.state.is_over:
            self.leave()
            return
        _ = self.lang.gettext
        saved = self.session.save_to is not None
        detail = _("It is saved — Resume from the menu.") if saved and not self.session.save_failed else \
            _("It could not be saved: it ends when you leave.") if saved else _("This game is not saved.")
        self.app.push(ConfirmScene(self.app, _("Leave the game?"), detail, _("Leave"), self.leave))

    def on_back(self) -> None:
        if self.chooser or self.picked:
            self.chooser, self.picked = [], None
            return
        self.ask_to_leave()

    # --- lifecycle: nothing stays held under a cover, and no turn clock runs ------------------
    def let_go(self) -> None:
        self.held_keys.clear()
        self.held_pads.clear()

    def on_pause(self) -> None:
        self.let_go()
        self.session.hold(self.app.clock.now())
        self.turn_watch.cover(True)

    def on_resume(self) -> None:
        self.size = (0, 0)  # lay out again: Settings may have changed the language
        self.session.release(self.app.clock.now())
        self.turn_watch.cover(False)

    on_close = let_go

    def update(self, now: float) -> None:
        unit = self.session.unit  # the game runs behind the wall clock while a race waits for phones' presses
        self.race.step(now, self.press_now, self.session.update,
                       lambda: unit is not None and unit.state is UnitState.SLAP_RACE)
        if self.session.unit is None:  # no unit times the turns: the stats' watch does
            ended = self.turn_watch.look(() if self.session.round_over else self.session.state.waiting_for, now)
            if ended:
                self.app.stats.record_turn(*ended, self.session.names, self.session.people)
        moves = self.session.state.changes
        if moves != self.noted_moves:  # bots' and people's moves alike get their card flights
            self.noted_moves = moves
            self.renderer.note_view(self.view(), now)
        if self.pending_results and now >= self.pending_results[0] and self.app.scene is self:
            event = self.pending_results[1]
            self.pending_results = None
            self.app.push(ResultsScene(self.app, self, event, self.rounds))
