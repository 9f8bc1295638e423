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

Leaving (Esc or the Menu button) asks first; the game is saved after every
move, so Leave loses nothing — the menu offers to resume it.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.core import GameEnd, IllegalAction, RoundEnd
from table import autosave, input as intents
from table.render import TableRenderer
from table.scenes.base import Scene
from table.scenes.results import ResultsScene
from table.seats import SeatPlan
from table.session import TableSession
from table.ui import draw, theme
from table.ui.button import Button
from table.ui.tooltip import Tooltip
from table.ui.unit_widget import draw_unit

MESSAGE_S = 3.5
DRAG_PX = 12  # a pointer that moves further than this while down is dragging
RESULTS_DELAY_S = 1.2  # let the last card land before the results cover the table
SOUND_FOR_GAME_EVENT = {
    "CardPlayed": "card_play", "DrewCard": "card_draw", "UnoCalled": "uno", "UnoCaught": "penalty",
    "StockReshuffled": "shuffle", "SlapArmed": "slap_start",
}


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


def sound_for(event) -> str | None:
    if isinstance(event, GameEnd):
        return "win"
    if isinstance(event, RoundEnd):
        return "round_win"
    if type(event).__name__ in SOUND_FOR_GAME_EVENT:
        return SOUND_FOR_GAME_EVENT[type(event).__name__]
    if getattr(event, "cause", None) and getattr(event, "count", 0):
        return "penalty"
    return None


class TableScene(Scene):
    def __init__(self, app, game_id: str, options: dict, plans: list[SeatPlan], seed: int | None = None,
                 session: TableSession | None = None, save: bool = True, timer: bool = False) -> None:
        super().__init__(app)
        self.session = session or TableSession(game_id, options, plans, seed, app.settings.unit,
                                               save_to=autosave.path() if save else None, timer=timer,
                                               reactions=app.settings.bots)
        self.session.listeners.append(self.on_events)
        self.renderer = TableRenderer()
        self.chooser: list = []
        self.chooser_rects: list[tuple[pygame.Rect, object]] = []
        self.picked: Picked | None = None  # a card picked up: click (or drag to) its target pile
        self.focus = 0  # keyboard play: which of the viewer's moves the arrow keys point at
        self.chooser_index = 0
        self.held_keys: list[int] = []  # seats whose key is held, latest last
        self.held_pads: dict[int, int] = {}  # pointer id → seat showing its hand
        self.message, self.message_until = "", 0.0
        self.pending_results: tuple[float, object] | None = None
        self.rounds: list[list[int]] = []
        self._view_key = None
        self._view = None
        self.noted_moves = -1  # the log length the renderer last animated
        self.tooltip = Tooltip()  # what the card under a resting pointer does
        self.session.start(app.clock.now())

    @classmethod
    def resume(cls, app) -> tuple["TableScene | None", str | None]:
        data, problem = autosave.read(autosave.path())
        if data is None:
            return None, problem or "there is no saved game"
        try:
            session = TableSession.from_save(data, app.settings.unit, autosave.path(), app.settings.bots)
        except (IllegalAction, KeyError, ValueError, TypeError) as exc:
            backup = autosave.keep_aside(autosave.path())
            return None, f"the saved game could not be replayed ({exc}); kept aside as {backup.name}"
        return cls(app, session.game_id, session.options, session.plans, session=session), None

    # --- who looks ------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        people = self.session.people
        if len(people) == 1:
            return people[0]
        shown = [s for s in [*self.held_keys, *self.held_pads.values()] if s in people]
        return shown[-1] if shown else None

    def view(self):
        key = (len(self.session.state.log), self.viewer, self.session.round_over)
        if key != self._view_key:
            self._view_key = key
            self._view = self.session.state.table_view(self.viewer, self.session.names)
        return self._view

    @property
    def wants_fast_polling(self) -> bool:
        return self.session.unit is not None and self.session.unit.state.value == "slap race"

    # --- events from the session -------------------------------------------------------
    def on_events(self, events: list) -> None:
        audio = self.app.audio
        audio.play_for_unit_events([e for e in events if type(e).__module__ == "device.events"])
        self.app.stats.record_unit_events(events, self.session.names, self.session.people)
        for event in events:
            sound = sound_for(event)
            if sound:
                audio.play(sound)
            if isinstance(event, RoundEnd):
                self.rounds.append(list(event.running_totals()))
                self.app.stats.record_round(self.session.game_id, list(event.running_totals()), self.session.names,
                                            self.session.people)
            if isinstance(event, (RoundEnd, GameEnd)) and self.pending_results is None:
                self.pending_results = (self.app.clock.now() + RESULTS_DELAY_S, event)

    def say(self, text: str, now: float) -> None:
        self.message, self.message_until = text, now + MESSAGE_S
        self.app.audio.play("error")

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
        self.chooser, self.chooser_at, self.chooser_index = choices, pos, 0

    # --- keyboard play: ← → pick a move's card, pile or button; ↑ makes it; ↓ cancels ---------
    def focus_groups(self) -> list[tuple[str, object]]:
        groups: list[tuple[str, object]] = []
        for c in self.view().choices:
            group = ("card", c.card) if c.card is not None else ("pile", c.pile) if c.pile else ("button", c.label)
            if group not in groups:
                groups.append(group)
        return groups

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
        if step:
            self.focus = (self.focus + step) % len(groups)
        elif key == "up":
            group = groups[self.focus % len(groups)]
            choices = self.group_choices(group)
            if len(choices) == 1:
                self.act(self.viewer, choices[0].action, now)
            elif choices:
                rect = self.group_rect(group)
                self.open_chooser(choices, rect.center if rect else (0, 0))
        return True

    def drop(self, pos, now: float) -> bool:
        """Put the picked card on the pile at `pos`, if it may go there."""
        picked, self.picked = self.picked, None
        pile = self.renderer.pile_at(pos)
        for choice in picked.choices:
            if choice.target == pile:
                self.act(self.viewer, choice.action, now)
                return True
        if self.renderer.card_at(pos) == picked.card:  # the card again: list the moves instead
            self.open_chooser(picked.choices, pos)
            return True
        return False

    def press_seat(self, seat: int, now: float) -> None:
        if seat >= self.session.state.players or self.session.plans[seat].is_bot:
            return
        _, reason = self.session.press_seat(seat, now)
        if reason:
            self.say(f"{self.session.name(seat)}: {reason}", now)

    def handle(self, intent, now: float) -> bool:
        self.tooltip.track(intent, now)
        if isinstance(intent, intents.Command) and intent.name == "log":
            self.open_log()
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
        return False

    # --- round flow -------------------------------------------------------------------------
    def next_round(self) -> None:
        self.session.next_round(self.app.clock.now())

    def play_again(self) -> None:
        s = self.session
        self.app.replace(TableScene(self.app, s.game_id, s.options, s.plans, seed=None, timer=s.timer))

    def open_log(self) -> None:
        from table.scenes.log import LogScene
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
        from table.scenes.confirm import ConfirmScene
        if not self.session.people or self.session.state.is_over:
            self.leave()
            return
        saved = self.session.save_to is not None
        detail = "It is saved — Resume from the menu." if saved else "This game is not saved."
        self.app.push(ConfirmScene(self.app, "Leave the game?", detail, "Leave", self.leave))

    def on_back(self) -> None:
        if self.chooser or self.picked:
            self.chooser, self.picked = [], None
            return
        self.ask_to_leave()

    # --- lifecycle: nothing stays held under a cover ------------------------------------------
    def let_go(self) -> None:
        self.held_keys.clear()
        self.held_pads.clear()

    on_pause = on_close = let_go

    # --- layout, time, drawing ----------------------------------------------------------------
    unit_geometry = None
    pad_rects: list = ()  # (seat, rect) of each "show hand" pad, laid out with the scene

    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        bw, bh = int(u * 5.5), int(u * 2)
        right = w - bw - u // 2
        self.buttons = [Button(pygame.Rect(right, u // 2, bw, bh), "Menu", self.ask_to_leave,
                               hint=self.app.settings.keys.label("back"))]
        if self.session.unit:  # the unit in the middle, or as the turn timer
            self.buttons.append(Button(pygame.Rect(right - bw - u // 2, u // 2, bw, bh), "Pause",
                                       lambda: self.session.play_pause(self.app.clock.now()),
                                       hint=self.app.settings.keys.label("play_pause")))
        self.buttons.append(Button(pygame.Rect(self.buttons[-1].rect.left - bw - u // 2, u // 2, bw, bh), "Log",
                                   self.open_log, hint=self.app.settings.keys.label("log")))
        y = h - u // 2
        people = self.session.people
        self.pad_rects = []
        if len(people) > 1:
            for i, seat in enumerate(people):
                rect = pygame.Rect(int(u * 0.5), y - (i + 1) * int(u * 2.4), int(u * 8), int(u * 2))
                self.pad_rects.append((seat, rect))

    def update(self, now: float) -> None:
        self.session.update(now)
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
        frame = self.renderer.draw(surface, view, now, viewer=self.viewer, hints=self.app.settings.table.hints,
                                   log=list(self.session.lines), targets=targets,
                                   unit_size=0.0 if not unit else 0.3 if self.session.match else 0.2)
        self.unit_geometry = None
        if unit and frame.unit_rect:
            self.unit_geometry = draw_unit(surface, frame.unit_rect, unit.view(now), now, self.session.names,
                                           edge=False)
        self.draw_buttons(surface)
        u = int(theme.unit_size(surface.get_size()))
        for seat, rect in self.pad_rects:
            pressed = seat in self.held_pads.values()
            pygame.draw.rect(surface, theme.SEAT_COLOURS[seat % 6] if pressed else theme.BUTTON, rect,
                             border_radius=rect.height // 3)
            draw.text(surface, f"show {self.session.name(seat)}'s hand", rect.center, int(rect.height * 0.4),
                      theme.TEXT, anchor="center", max_width=rect.width - 6)
        if self.session.paused:
            draw.text(surface, "PAUSED — Play/Pause to go on", (surface.get_width() // 2, int(u * 3.2)),
                      int(u * 1.4), theme.YELLOW, anchor="midtop", bold=True)
        if self.message and now < self.message_until:
            w = surface.get_width()
            box = pygame.Rect(0, 0, int(w * 0.6), int(u * 2.4))
            box.midtop = (w // 2, int(u * 5))
            draw.panel(surface, box, colour=(90, 24, 18))
            draw.text(surface, self.message, box.center, int(u * 1.1), theme.TEXT, anchor="center",
                      max_width=box.width - u)
        if self.chooser:
            self._draw_chooser(surface, u)
        elif self.viewer is not None:
            self._draw_focus(surface)
        if self.picked:
            self._draw_picked(surface, view, u)
        self.tooltip.draw(surface, now, self.renderer, view, shown=not self.chooser and self.app.scene is self)

    def _draw_focus(self, surface) -> None:
        """The keyboard's focus: a white frame round the move ↑ would make."""
        groups = self.focus_groups()
        if groups:
            rect = self.group_rect(groups[self.focus % len(groups)])
            if rect is not None:
                pygame.draw.rect(surface, (255, 255, 255), rect.inflate(10, 10), width=3, border_radius=8)

    def _draw_picked(self, surface, view, u: int) -> None:
        """The picked card follows a dragging finger; otherwise a hint says where it may go."""
        picked = self.picked
        if picked.dragged:
            face = next((c.face for s in view.seats for p in (s.hand, *s.piles) for c in p.cards
                         if c.id == picked.card), None)
            from table.faces import card_size, draw_card
            cw, ch = card_size(int(surface.get_height() * 0.16))
            draw_card(surface, pygame.Rect(picked.at[0] - cw // 2, picked.at[1] - ch // 2, cw, ch), face,
                      highlight=True, game=view.game)
        else:
            draw.text(surface, "now click where it goes (lit piles) — or the card again for a list",
                      (surface.get_width() // 2, int(u * 3.2)), int(u * 1.1), theme.YELLOW, anchor="midtop")

    def _draw_chooser(self, surface, u: int) -> None:
        bh = int(u * 2.2)
        w, h = surface.get_size()
        longest = draw.widest((c.label for c in self.chooser), int(bh * 0.5))
        bw = min(w - 3 * u, max(int(u * 14), longest + 2 * u))  # wide enough to read every move
        x, y = self.chooser_at
        x = max(u, min(w - bw - u, x - bw // 2))
        y = max(u, min(h - (bh + 4) * len(self.chooser) - u, y - (bh + 4) * len(self.chooser)))
        box = pygame.Rect(x - u // 2, y - u // 2, bw + u, (bh + 4) * len(self.chooser) + u)
        draw.panel(surface, box)
        self.chooser_rects = []
        for i, choice in enumerate(self.chooser):
            rect = pygame.Rect(x, y + i * (bh + 4), bw, bh)
            Button(rect, choice.label, selected=i == self.chooser_index).draw(
                surface, hover=rect.collidepoint(self.hover))
            self.chooser_rects.append((rect, choice))
