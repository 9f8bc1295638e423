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

With phones on (table/phones/), a seat held by a phone plays there: its hand
and moves are on the phone, never on the shared screen, and the phone's moves
and presses arrive as `RemoteMove` / `RemotePress`. A slap race with phones in
it is decided on the phones' corrected times (race_presses.py).

Leaving (Esc or the Menu button) asks first; the game is saved after every
move, so Leave loses nothing — the menu offers to resume it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pygame

from haudrauf.device import events as uev
from haudrauf.device.settings import UnitSettings
from haudrauf.device.unit import UnitState
from haudrauf.engine.core import GameEnd, GameEvent, IllegalAction, RoundEnd
from haudrauf.play import autosave, game_log
from haudrauf.table import input as intents
from haudrauf.table.audio import game_event_sound
from haudrauf.table.faces import draw_swatch, has_swatch
from haudrauf.play.messages import TOO_CLOSE, race_time
from haudrauf.phones import host as phones
from haudrauf.play.race_presses import RacePresses
from haudrauf.table.render import TableRenderer, TurnClock
from haudrauf.table.scenes.base import Scene
from haudrauf.table.scenes.phones import open_phones, phones_on
from haudrauf.table.scenes.results import ResultsScene
from haudrauf.play.phone_view import View
from haudrauf.play.phone_seat import Refusal, TableSeatPhones, card_refusal
from haudrauf.play.seats import SeatPlan
from haudrauf.play.session import TableSession
from haudrauf.play.stats import TurnWatch
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.tooltip import Tooltip
from haudrauf.table.ui.unit_widget import FLASH_LOOKS, draw_unit, flash_strength

RACE_RESULT_S = 4.0  # every racer's time stays up at least this long, and until the next player is picked
NBSP = "\u00a0"
DRAG_PX = 12  # a pointer that moves further than this while down is dragging
RESULTS_DELAY_S = 1.2  # let the last card land before the results cover the table


@dataclass
class Picked:
    """A card picked up whose moves each go to a different pile."""
    card: int | None
    choices: list
    at: tuple[int, int]
    pointer: int
    start: tuple[int, int] | None = None
    down: bool = True

    def __post_init__(self) -> None:
        self.start = self.at

    @property
    def dragged(self) -> bool:
        return self.down and abs(self.at[0] - self.start[0]) + abs(self.at[1] - self.start[1]) > DRAG_PX


class TableScene(Scene):
    def __init__(self, app, game_id: str, options: dict, plans: list[SeatPlan], seed: int | None = None,
                 session: TableSession | None = None, save: bool = True, timer: bool = False,
                 unit_settings: UnitSettings | None = None) -> None:
        """`unit_settings`: the unit's for this game (the command line's --speed); default the saved ones."""
        super().__init__(app)
        self.session = session or TableSession(game_id, options, plans, seed, unit_settings or app.settings.unit,
                                               save_to=autosave.path() if save else None, timer=timer,
                                               reactions=app.settings.bots)
        self.session.listeners.append(self.on_events)
        self.session.on_save_failed = lambda exc: app.could_not_save("the game", exc)
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
            return None, problem or "there is no saved game"
        try:
            session = TableSession.from_save(data, app.settings.unit, autosave.path(), app.settings.bots)
            return cls(app, session.game_id, session.options, session.plans, session=session), None
        except Exception as exc:  # noqa: BLE001 — the save is untrusted: whatever breaks on it, it is refused
            return None, autosave.set_aside(autosave.path(), f"cannot be replayed: {game_log.why_not_replayable(exc)}")

    # --- who looks ------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return self.session.names

    def phone_seat_taken(self, seat: int) -> str | None:
        """A phone plays only a person's seat in this game."""
        if seat >= self.session.state.players:
            return "not in this game"
        return "a bot plays it" if self.session.plans[seat].is_bot else None

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
        key = (len(self.session.state.log), self.viewer, self.session.round_over, on_phones)
        if key != self._view_key:
            self._view_key = key
            view = self.session.state.table_view(self.viewer, self.session.names)
            seats = tuple(replace(seat, status=" · ".join(filter(None, [seat.status, "on phone"])))
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

    def say(self, text: str, now: float, sound: str = "error") -> None:
        self.refusal = Refusal.said(text, now, self.session.state)
        self.app.audio.play(sound)

    @property
    def message(self) -> str:
        """What the table says under the prompt now."""
        return self.refusal.shown(self.app.clock.now(), self.session.state)

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

    def refuse_card(self, card: int | None, now: float) -> bool:
        """A click (or ↑) on one of the viewer's cards that makes no move: say
        the engine's reason, softly. False if `card` is not the viewer's."""
        view, viewer = self.view(), self.viewer
        own = {c.id for seat in view.seats if seat.seat == viewer for p in (seat.hand, *seat.piles) for c in p.cards}
        if card is None or viewer is None or card not in own:
            return False
        self.say(card_refusal(self.session, viewer, card, view.prompt), now, sound="refused")
        return True

    # --- moves ---------------------------------------------------------------------------
    def act(self, seat: int, action, now: float) -> None:
        try:
            self.session.act(seat, action, now)
        except IllegalAction as refusal:
            self.say(refusal.reason, now)

    def choose(self, choices: list, pos, now: float, pointer: int = intents.MOUSE) -> None:
        viewer = self.viewer
        targets = [c.target for c in choices]
        if viewer is None:
            self.say("hold your seat key to see your hand and play", now)
        elif len(choices) == 1:
            self.act(viewer, choices[0].action, now)
        elif all(targets) and len(set(targets)) == len(targets):
            self.picked = Picked(self.renderer.card_at(pos), choices, pos, pointer)
        else:
            self.open_chooser(choices, pos)

    def open_chooser(self, choices: list, pos) -> None:
        """List the moves that share what was clicked at `pos` (or focused);
        the list is drawn clear of that card or pile, so the player still sees
        what they choose for."""
        first = choices[0]
        over = self.group_rect(("card", first.card) if first.card is not None else ("pile", first.pile))
        self.chooser, self.chooser_index = choices, 0
        self.chooser_over = over or pygame.Rect(pos, (1, 1))

    # --- keyboard play: ← → pick a move's card, pile or button; ↑ makes it; ↓ cancels ---------
    def focus_groups(self) -> list[tuple[str, object]]:
        """What ← → step through: every card of the viewer's hand in order (a
        card without a move says why on ↑, as a click does), the cards, piles
        and buttons of the other moves."""
        view = self.view()
        hand = [c.id for seat in view.seats if seat.seat == self.viewer for c in seat.hand.cards
                if c.id is not None]
        groups: list[tuple[str, object]] = [("card", card) for card in hand]
        for c in view.choices:
            group = ("card", c.card) if c.card is not None else ("pile", c.pile) if c.pile else ("button", c.label)
            if group not in groups:
                groups.append(group)
        return groups

    _focus_for = None  # the moves the focus was last placed for

    def focused(self, groups: list) -> int:
        """The focused group's index. When the moves change (a new turn) it
        starts on the first card that can be played — never on the draw pile
        while a card can be played."""
        choices = self.view().choices
        if choices != self._focus_for:
            self._focus_for = choices
            playable = [i for i, g in enumerate(groups) if self.group_choices(g)]
            cards = [i for i in playable if groups[i][0] == "card"]
            self.focus = (cards or playable or [0])[0]
        return self.focus % len(groups)

    def group_choices(self, group) -> list:
        kind, key = group
        return [c for c in self.view().choices
                if (kind == "card" and (c.card == key or key in c.cards)) or (kind == "pile" and c.pile == key)
                or (kind == "button" and c.card is None and c.pile is None and c.label == key)]

    def group_rect(self, group) -> pygame.Rect | None:
        kind, key = group
        frame = self.renderer.frame
        if kind == "card":
            return next((a.rect for a in reversed(frame.anchors) if a.card == key), None)
        if kind == "pile":
            return frame.zones.get(key)
        return next((rect for rect, c in frame.buttons if c.label == key), None)

    def arrow(self, key: str, now: float) -> bool:
        """← → (Tab) move, ↑ (Enter in a list) makes the move, ↓ cancels."""
        if key == "down":
            self.chooser, self.picked = [], None
            return True
        step = {"left": -1, "right": 1, "tab": 1}.get(key)
        if self.chooser:
            if step:
                self.chooser_index = (self.chooser_index + step) % len(self.chooser)
            elif key in ("up", "enter"):
                choice = self.chooser[self.chooser_index]
                self.chooser = []
                self.act(self.viewer, choice.action, now)
            return True
        groups = self.focus_groups()
        if not groups:
            return False
        focus = self.focused(groups)
        if step:
            self.focus = (focus + step) % len(groups)
        elif key == "up":
            group = groups[focus]
            choices = self.group_choices(group)
            if len(choices) == 1:
                self.act(self.viewer, choices[0].action, now)
            elif choices:
                rect = self.group_rect(group)
                self.open_chooser(choices, rect.center if rect else (0, 0))
            elif group[0] == "card":
                self.refuse_card(group[1], now)
        return True

    def drop(self, pos, now: float) -> bool:
        """Put the picked card on the pile at `pos`, if it may go there; on a
        pile where it may not, say why and keep it picked. Anywhere else (or
        on another move) the pick goes."""
        picked, self.picked = self.picked, None
        pile = self.renderer.pile_at(pos)
        for choice in picked.choices:
            if choice.target == pile:
                self.act(self.viewer, choice.action, now)
                return True
        if self.renderer.card_at(pos) == picked.card:  # the card again: list the moves instead
            self.open_chooser(picked.choices, pos)
            return True
        if pile is None or self.renderer.choices_at(pos, self.view()):
            return False
        self.picked = picked
        self.refuse_drop(picked.card, pile, now)
        return True

    def refuse_drop(self, card: int | None, pile: str, now: float) -> None:
        """The picked card may not go on `pile`: the engine's reason, softly."""
        state, viewer = self.session.state, self.viewer
        move = state.pile_move(viewer, card, pile) if card is not None else None
        reason = state.refusal(viewer, move) if move is not None else None
        self.say(reason or "it cannot go there — put it on a lit pile", now, sound="refused")

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
            self.refuse(seat, f"{self.session.name(seat)}: {reason}", t)

    def refuse(self, seat: int, reason: str, now: float) -> None:
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
        saved = self.session.save_to is not None
        detail = "It is saved — Resume from the menu." if saved and not self.session.save_failed else \
            "It could not be saved: it ends when you leave." if saved else "This game is not saved."
        self.app.push(ConfirmScene(self.app, "Leave the game?", detail, "Leave", self.leave))

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
        self.session.release(self.app.clock.now())
        self.turn_watch.cover(False)

    on_close = let_go

    # --- layout, time, drawing ----------------------------------------------------------------
    unit_geometry = None
    pad_rects: list = ()  # (seat, rect) of each "show hand" pad, laid out with the scene

    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        keys = self.app.settings.keys
        top_right = [("Menu", self.ask_to_leave, keys.label("back"))]
        if self.session.unit:  # the unit in the middle, or as the turn timer
            top_right.append(("Pause", lambda: self.session.play_pause(self.app.clock.now()), keys.label("play_pause")))
        self.laid_out_phones = phones_on(self.app)
        if self.laid_out_phones:  # phones are switched on in the menu (or by --phones); here latecomers join
            top_right.append(("Phones", lambda: open_phones(self.app), ""))
        bh = int(u * 2)
        bw = int(u * 5.5) if len(top_right) < 3 else min(int(u * 5.5), int(w * 0.095))  # clear of the top plate
        self.buttons = [Button(pygame.Rect(w - (i + 1) * (bw + u // 2), u // 2, bw, bh), label, action, hint=hint)
                        for i, (label, action, hint) in enumerate(top_right)]
        y = h - u // 2
        people = self.screen_people
        self.pad_rects = []
        if len(people) > 1:
            for i, seat in enumerate(people):
                rect = pygame.Rect(int(u * 0.5), y - (i + 1) * int(u * 2.4), int(u * 8), int(u * 2))
                self.pad_rects.append((seat, rect))

    def update(self, now: float) -> None:
        unit = self.session.unit  # the game runs behind the wall clock while a race waits for phones' presses
        self.race.step(now, self.press_now, self.session.update,
                       lambda: unit is not None and unit.state is UnitState.SLAP_RACE)
        if self.session.unit is None:  # no unit times the turns: the stats' watch does
            ended = self.turn_watch.look(() if self.session.round_over else self.session.state.waiting_for, now)
            if ended:
                self.app.stats.record_turn(*ended, self.session.names, self.session.people)
        moves = len(self.session.state.log)
        if moves != self.noted_moves:  # bots' and people's moves alike get their card flights
            self.noted_moves = moves
            self.renderer.note_view(self.view(), now)
        if self.pending_results and now >= self.pending_results[0] and self.app.scene is self:
            event = self.pending_results[1]
            self.pending_results = None
            self.app.push(ResultsScene(self.app, self, event, self.rounds))

    def draw(self, surface, now: float) -> None:
        view = self.view()
        unit = self.session.unit
        targets = {c.target for c in self.picked.choices} if self.picked else None
        prompt, hint = self.prompt_and_hint(view)
        frame = self.renderer.draw(surface, view, now, viewer=self.viewer, hints=self.app.settings.table.hints,
                                   log=self.session.lines, targets=targets, clock=self.turn_clock(now),
                                   prompt=prompt, hint=hint,
                                   notice=self.refusal.shown(now, self.session.state),
                                   log_hint=f"whole log: {self.app.settings.keys.label('log')} or click here",
                                   unit_size=0.0 if not unit else 0.3 if self.session.state.info.uses_unit else 0.2)
        self.unit_geometry = None
        if unit and frame.unit_rect:
            self.unit_geometry = draw_unit(surface, frame.unit_rect, unit.view(now), now, self.session.names,
                                           edge=False, clock_ring=self.app.settings.table.clock_ring)
        if self.session.unit:  # the Play/Pause button says what a press does now
            self.buttons[1].label = "Play" if self.session.paused else "Pause"
        if self.laid_out_phones != phones_on(self.app):
            self.size = (0, 0)  # phones switched on or off: the Phones button comes or goes
        self.draw_buttons(surface)
        u = int(theme.unit_size(surface.get_size()))
        self._place_pads(surface, u)
        for seat, rect in self.pad_rects:
            pressed = seat in self.held_pads.values()
            pygame.draw.rect(surface, theme.SEAT_COLOURS[seat % 6] if pressed else theme.BUTTON, rect,
                             border_radius=rect.height // 3)
            draw.text(surface, f"show {self.session.name(seat)}'s hand", rect.center, int(rect.height * 0.4),
                      theme.TEXT, anchor="center", max_width=rect.width - 6)
        frame.banners += [b.rect for b in self.buttons] + [rect for _, rect in self.pad_rects]  # kept clear too
        self._draw_flash(surface, now)
        if self.session.paused:
            self.banner(surface, "PAUSED — Play/Pause to go on", int(u * 3.2), int(u * 1.4), theme.YELLOW)
        race = self.race_shown(now)
        if race:
            self._draw_race_result(surface, race)
        if self.chooser:
            self._draw_chooser(surface, u)
        elif self.viewer is not None:
            self._draw_focus(surface)
        if self.picked:
            self._draw_picked(surface, view, u)
        self.tooltip.draw(surface, now, self.renderer, view, shown=not self.chooser and self.app.scene is self)

    def _place_pads(self, surface, u: int) -> None:
        """The "show hand" pads move up the left edge, clear of the name plates,
        piles and hands the table drew there."""
        if not self.pad_rects:
            return
        frame = self.renderer.frame
        rects = [rect for _, rect in self.pad_rects]
        stack = rects[0].unionall(rects[1:])
        spot = draw.clear_spot(stack, [*frame.plates.values(), *frame.banners, *frame.zones.values()],
                               surface.get_rect(), u // 2)
        if spot:
            self.pad_rects = [(seat, rect.move(0, spot.top - stack.top)) for seat, rect in self.pad_rects]

    def banner(self, surface, text: str, y: int, size: int, colour=theme.TEXT, share: float = 0.7) -> pygame.Rect:
        """A message across the table (at most `share` of its width), moved clear
        of every name plate — and, where there is room, of what is already
        written and of the unit."""
        frame = self.renderer.frame
        rect = draw.banner(surface, text, (surface.get_width() // 2, y), size, colour, avoid=frame.plates.values(),
                           rather=[*frame.banners, *filter(None, [frame.unit_rect])],
                           max_width=int(surface.get_width() * share))
        frame.banners.append(rect)
        return rect

    def turn_clock(self, now: float) -> TurnClock | None:
        """The unit's turn clock, when it times turns (a speed switch setting)."""
        unit = self.session.unit
        limit = unit.settings.turn_time if unit else None
        if limit is None:
            return None
        shown = unit.view(now)
        running = shown.remaining_ms is not None
        return TurnClock(shown.current if running else None, shown.remaining_ms / 1000 if running else None, limit)

    def prompt_and_hint(self, view) -> tuple[str, str]:
        """The prompt with the key and the button it waits for, and a line on
        how to make a move: nobody has to guess what to press."""
        keys = self.app.settings.keys
        people = [s for s in view.press if s in self.screen_people]
        prompt = view.prompt
        on_phones = [s for s in view.press if s in self.session.people and self.on_phone(s)]
        if on_phones:
            prompt += f" — {', '.join(self.session.name(s) for s in on_phones)}: tap your button on your phone"
        if people:
            who = "" if len(self.session.people) == 1 else \
                ", ".join(f"{self.session.name(s)} {keys.label(f'seat{s + 1}')}" for s in people) + ": "
            press = f"press {keys.label(f'seat{people[0] + 1}')}" if not who else "press your key"
            prompt += f" — {who}{press} or tap your button on the unit"
        state = self.session.state
        if any(c.action == state.hau_drauf_button for c in view.choices):
            prompt += f" — press {keys.label('hau_drauf')} or tap the big yellow button"
        moves = [c for c in view.choices if c.action not in (state.seat_button, state.hau_drauf_button)]  # named above
        if not self.session.people:
            hint = "only bots play this game: sit back and watch"
        elif self.viewer is None and not self.screen_people:
            hint = "every hand is on its phone"
        elif self.viewer is None and len(self.session.people) > 1:
            held = ", ".join(f"{self.session.name(s)} {keys.label(f'seat{s + 1}')}" for s in self.screen_people)
            hint = f"hold your seat key ({held}) or your pad to see your hand and play"
        elif self.picked:
            hint = "drop it on a lit pile" if self.picked.dragged else \
                "now click where it goes (lit piles) — or the card again for a list"
        elif any(c.card is not None for c in moves):
            hint = f"{self.card_hint(view, [c for c in moves if c.card is not None])}, or ← → then ↑"
        elif any(c.pile is not None for c in moves):
            hands = {seat.hand.key for seat in view.seats}
            lit = "a lit player" if all(c.pile in hands for c in moves if c.pile) else "the lit pile"
            hint = f"click {lit}, or ← → then ↑"
        elif moves:
            hint = "click a button, or ← → then ↑"
        else:
            hint = ""
        return prompt, hint

    def card_hint(self, view, moves: list) -> str:
        """How to make a move that starts on a card: "click a lit card" only
        when such a card is lit (Skip-Bo lights the cards that build, not
        those that may only be discarded; the hints setting may light none)."""
        lit = {card.id for seat in view.seats for pile in (seat.hand, *seat.piles) for card in pile.cards
               if card.highlight} if self.app.settings.table.hints else set()
        if any(c.card in lit or lit & set(c.cards) for c in moves):
            return "click a lit card"
        if all(c.target for c in moves):
            return "click one of your cards, then a lit pile to put it on"
        return "click one of your cards"

    def _draw_flash(self, surface, now: float) -> None:
        """HAU DRAUF! When a slap race starts the table flashes as unit mode
        does (the `flashes` setting: whole table, its edge, or not at all) and
        says so in big letters whatever the setting."""
        strength = flash_strength("slap", now - self.flash_at)
        if not strength:
            return
        how = self.app.settings.table.flashes
        if how != "off":
            frame = None if how == "full" else int(theme.unit_size(surface.get_size()) * 1.5)
            draw.flash_layer(surface, FLASH_LOOKS["slap"][0], strength, frame=frame)
        w, h = surface.get_size()
        draw.text(surface, "HAU DRAUF!", (w // 2, h // 2), int(h * 0.14), theme.RED, anchor="center", bold=True)

    def race_text(self, result) -> str:
        """Every racer's time and who takes cards (a name and its time never
        wrap apart: they are joined by no-break spaces)."""
        name = self.session.name
        verdict = self.race.verdict
        pm = verdict.pm if verdict else {}
        times = "  ·  ".join(NBSP.join((name(s), race_time(ms, pm.get(s)).replace(" ", NBSP)))
                             for s, ms in result.times)
        close = f" ({TOO_CLOSE})" if verdict and verdict.close_call else ""
        return f"{times}\n{' & '.join(name(s) for s in result.losers)}: take 2 cards{close}"

    def _draw_race_result(self, surface, result) -> None:
        """The race's times, big enough to read across the table."""
        h = surface.get_height()
        self.banner(surface, self.race_text(result), int(h * 0.2), int(h * 0.042), theme.TEXT,
                    share=0.6)  # between the side panels

    def _draw_focus(self, surface) -> None:
        """The keyboard's focus: a frame round the move ↑ would make."""
        groups = self.focus_groups()
        if groups:
            rect = self.group_rect(groups[self.focused(groups)])
            if rect is not None:
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(10, 10), width=3, border_radius=8)

    def _draw_picked(self, surface, view, u: int) -> None:
        """The picked card follows a dragging finger; otherwise it stays marked
        until it is placed (the hint under the prompt says where it may go)."""
        picked = self.picked
        if picked.dragged:
            face = next((c.face for s in view.seats for p in (s.hand, *s.piles) for c in p.cards
                         if c.id == picked.card), None)
            from haudrauf.table.faces import card_size, draw_card
            cw, ch = card_size(int(surface.get_height() * 0.16))
            draw_card(surface, pygame.Rect(picked.at[0] - cw // 2, picked.at[1] - ch // 2, cw, ch), face,
                      highlight=True, game=view.game)
            return
        rect = self.group_rect(("card", picked.card)) if picked.card is not None else None
        if rect is not None:
            width = max(3, u // 3)
            pygame.draw.rect(surface, theme.PICKED, rect.inflate(2 * width, 2 * width), width=width,
                             border_radius=8)

    CHOOSER_HINT = "← → choose · Enter or ↑ take · ↓ / Esc cancel"

    def _draw_chooser(self, surface, u: int) -> None:
        """The moves one under another, with how to pick one by keys, above or
        below what they share — clear of it and of every name plate where
        there is room."""
        bh, gap = int(u * 2.2), 4
        hint_size = max(12, int(u * 0.8))
        colours = [getattr(c.action, "colour", None) for c in self.chooser]
        swatch = int(bh * 1.5) if any(has_swatch(self.session.game_id, colour) for colour in colours) else 0
        longest = max(draw.widest((c.label for c in self.chooser), int(bh * 0.5)) + 2 * swatch,  # the label centred
                      draw.widest([self.CHOOSER_HINT], hint_size))
        bw = min(surface.get_width() - 3 * u, max(int(u * 14), longest + 2 * u))  # wide enough to read every move
        box = pygame.Rect(0, 0, bw + u, (bh + gap) * len(self.chooser) + int(hint_size * 1.4) + u)
        over = self.chooser_over
        box.midbottom = (over.centerx, over.top - u // 2)
        bounds = surface.get_rect()
        box = box.clamp(bounds.inflate(-u, -u)).clamp(bounds)
        plates = list(self.renderer.frame.plates.values())
        box = draw.clear_spot(box, [over, *plates], bounds, u // 2) or draw.clear_spot(box, [over], bounds, u // 2) \
            or box
        draw.panel(surface, box)
        self.chooser_rects = []
        x, y = box.left + u // 2, box.top + u // 2
        for i, choice in enumerate(self.chooser):
            rect = pygame.Rect(x, y + i * (bh + gap), bw, bh)
            Button(rect, choice.label, selected=i == self.chooser_index).draw(
                surface, hover=rect.collidepoint(self.hover))
            if swatch and has_swatch(self.session.game_id, colours[i]):  # a colour is shown, not only named
                draw_swatch(surface, pygame.Rect(rect.left + 5, rect.top + 5, swatch - 10, bh - 10),
                            self.session.game_id, colours[i])
            self.chooser_rects.append((rect, choice))
        draw.text(surface, self.CHOOSER_HINT, (box.centerx, y + len(self.chooser) * (bh + gap)), hint_size,
                  theme.MUTED, anchor="midtop", max_width=bw)
