"""How table mode draws: the game's table (render.py), the unit in the
middle, the buttons and "show hand" pads, the prompt and how to make a move,
a slap race's flash and times, the chooser, the keyboard's focus and a picked
card. Part of `TableScene` (table_mode.py): it shows the scene's state and
makes no move."""
from __future__ import annotations

import pygame

from haudrauf.play.language import Language
from haudrauf.play.messages import race_time
from haudrauf.table.faces import draw_swatch, has_swatch
from haudrauf.table.render import TurnClock
from haudrauf.table.scenes.phones import open_phones, phones_on
from haudrauf.table.ui import draw, theme
from haudrauf.table.ui.button import Button
from haudrauf.table.ui.unit_widget import FLASH_LOOKS, draw_unit, flash_strength

NBSP = "\u00a0"


class TableDrawing:
    """TableScene's layout and drawing (the scene's own state, read)."""

    unit_geometry = None
    pad_rects: list = ()  # (seat, rect) of each "show hand" pad, laid out with the scene

    def layout(self, size) -> None:
        w, h = size
        u = int(theme.unit_size(size))
        self.lang = Language(self.app.language_code())  # read again at each layout: Settings may change it
        _ = self.lang.gettext
        keys = self.app.settings.keys
        top_right = [(_("Menu"), self.ask_to_leave, keys.label("back", self.lang))]
        if self.session.unit:  # the unit in the middle, or as the turn timer
            top_right.append((_("Pause"), lambda: self.session.play_pause(self.app.clock.now()),
                              keys.label("play_pause", self.lang)))
        self.laid_out_phones = phones_on(self.app)
        if self.laid_out_phones:  # phones are switched on in the menu (or by --phones); here latecomers join
            top_right.append((_("Phones"), lambda: open_phones(self.app), ""))
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


    def draw(self, surface, now: float) -> None:
        view = self.view()
        unit = self.session.unit
        lang = self.lang
        _ = lang.gettext
        targets = {c.target for c in self.picked.choices} if self.picked else None
        prompt, hint = self.prompt_and_hint(view)
        frame = self.renderer.draw(surface, view, now, viewer=self.viewer, hints=self.app.settings.table.hints,
                                   log=self.session.lines, targets=targets, clock=self.turn_clock(now),
                                   prompt=prompt, hint=hint,
                                   notice=self.refusal.shown(now, self.session.state),
                                   log_hint=_("whole log: {key} or click here").format(
                                       key=self.app.settings.keys.label('log', self.lang)),
                                   unit_size=0.0 if not unit else 0.3 if self.session.state.info.uses_unit else 0.2,
                                   lang=lang)
        self.unit_geometry = None
        if unit and frame.unit_rect:
            self.unit_geometry = draw_unit(surface, frame.unit_rect, unit.view(now), now, self.session.names,
                                           edge=False, clock_ring=self.app.settings.table.clock_ring, lang=lang)
        if self.session.unit:  # the Play/Pause button says what a press does now
            self.buttons[1].label = _("Play") if self.session.paused else _("Pause")
        if self.laid_out_phones != phones_on(self.app):
            self.size = (0, 0)  # phones switched on or off: the Phones button comes or goes
        self.draw_buttons(surface)
        u = int(theme.unit_size(surface.get_size()))
        self._place_pads(surface, u)
        for seat, rect in self.pad_rects:
            pressed = seat in self.held_pads.values()
            pygame.draw.rect(surface, theme.SEAT_COLOURS[seat % 6] if pressed else theme.BUTTON, rect,
                             border_radius=rect.height // 3)
            draw.text(surface, _("show {name}'s hand").format(name=self.session.name(seat)), rect.center,
                      int(rect.height * 0.4), theme.TEXT, anchor="center", max_width=rect.width - 6)
        frame.banners += [b.rect for b in self.buttons] + [rect for _, rect in self.pad_rects]  # kept clear too
        self._draw_flash(surface, now)
        if self.session.paused:
            self.banner(surface, _("PAUSED — Play/Pause to go on"), int(u * 3.2), int(u * 1.4), theme.YELLOW)
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
        how to make a move: nobody has to guess what to press. Both in the window's language."""
        keys, name, _ = self.app.settings.keys, self.session.name, self.lang.gettext
        people = [s for s in view.press if s in self.screen_people]
        prompt = [self.lang.say(view.prompt)]
        on_phones = [s for s in view.press if s in self.session.people and self.on_phone(s)]
        if on_phones:
            prompt.append(_("{names}: tap your button on your phone").format(
                names=", ".join(name(s) for s in on_phones)))
        if len(self.session.people) == 1 and people:
            prompt.append(_("press {key} or tap your button on the unit").format(
                key=keys.label(f"seat{people[0] + 1}", self.lang)))
        elif people:
            prompt.append(_("{people}: press your key or tap your button on the unit").format(
                people=", ".join(f"{name(s)} {keys.label(f'seat{s + 1}', self.lang)}" for s in people)))
        state = self.session.state
        if any(c.action == state.hau_drauf_button for c in view.choices):
            prompt.append(_("press {key} or tap the big yellow button").format(key=keys.label("hau_drauf", self.lang)))
        return " — ".join(prompt), self.hint(view)

    def hint(self, view) -> str:
        """How to make a move now: which key to hold, what to click."""
        _ = self.lang.gettext
        state = self.session.state
        moves = [c for c in view.choices if c.action not in (state.seat_button, state.hau_drauf_button)]  # named above
        if not self.session.people:
            return _("only bots play this game: sit back and watch")
        if self.viewer is None and not self.screen_people:
            return _("every hand is on its phone")
        if self.viewer is None and len(self.session.people) > 1:
            keys = self.app.settings.keys
            held = ", ".join(f"{self.session.name(s)} {keys.label(f'seat{s + 1}', self.lang)}"
                             for s in self.screen_people)
            return _("hold your seat key ({keys}) or your pad to see your hand and play").format(keys=held)
        if self.picked:
            return _("drop it on a lit pile") if self.picked.dragged else \
                _("now click where it goes (lit piles) — or the card again for a list")
        if any(c.card is not None for c in moves):
            return self.card_hint(view, [c for c in moves if c.card is not None])
        if any(c.pile is not None for c in moves):
            hands = {seat.hand.key for seat in view.seats}
            if all(c.pile in hands for c in moves if c.pile):
                return _("click a lit player, or ← → then ↑")
            return _("click the lit pile, or ← → then ↑")
        return _("click a button, or ← → then ↑") if moves else ""

    def card_hint(self, view, moves: list) -> str:
        """How to make a move that starts on a card: "click a lit card" only
        when such a card is lit (Skip-Bo lights the cards that build, not
        those that may only be discarded; the hints setting may light none)."""
        _ = self.lang.gettext
        lit = {card.id for seat in view.seats for pile in (seat.hand, *seat.piles) for card in pile.cards
               if card.highlight} if self.app.settings.table.hints else set()
        if any(c.card in lit or lit & set(c.cards) for c in moves):
            return _("click a lit card, or ← → then ↑")
        if all(c.target for c in moves):
            return _("click one of your cards, then a lit pile to put it on, or ← → then ↑")
        return _("click one of your cards, or ← → then ↑")

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
        name, _ = self.session.name, self.lang.gettext
        verdict = self.race.verdict
        pm = verdict.pm if verdict else {}
        times = "  ·  ".join(NBSP.join((name(s), race_time(ms, pm.get(s), self.lang).replace(" ", NBSP)))
                             for s, ms in result.times)
        takers = _("{names}: take 2 cards").format(names=" & ".join(name(s) for s in result.losers))
        close = " ({})".format(_("too close to call")) if verdict and verdict.close_call else ""
        return f"{times}\n{takers}{close}"

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
                      highlight=True, game=view.game, lang=self.lang)
            return
        rect = self.group_rect(("card", picked.card)) if picked.card is not None else None
        if rect is not None:
            width = max(3, u // 3)
            pygame.draw.rect(surface, theme.PICKED, rect.inflate(2 * width, 2 * width), width=width,
                             border_radius=8)

    def _draw_chooser(self, surface, u: int) -> None:
        """The moves one under another, with how to pick one by keys, above or
        below what they share — clear of it and of every name plate where
        there is room."""
        bh, gap = int(u * 2.2), 4
        hint_size = max(12, int(u * 0.8))
        colours = [getattr(c.action, "colour", None) for c in self.chooser]
        swatch = int(bh * 1.5) if any(has_swatch(self.session.game_id, colour) for colour in colours) else 0
        say = self.lang.say
        chooser_hint = self.lang.gettext("← → choose · Enter or ↑ take · ↓ / Esc cancel")
        longest = max(draw.widest((say(c.label) for c in self.chooser), int(bh * 0.5)) + 2 * swatch,  # label centred
                      draw.widest([chooser_hint], hint_size))
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
            Button(rect, say(choice.label), selected=i == self.chooser_index).draw(
                surface, hover=rect.collidepoint(self.hover))
            if swatch and has_swatch(self.session.game_id, colours[i]):  # a colour is shown, not only named
                draw_swatch(surface, pygame.Rect(rect.left + 5, rect.top + 5, swatch - 10, bh - 10),
                            self.session.game_id, colours[i])
            self.chooser_rects.append((rect, choice))
        draw.text(surface, chooser_hint, (box.centerx, y + len(self.chooser) * (bh + gap)), hint_size,
                  theme.MUTED, anchor="midtop", max_width=bw)
