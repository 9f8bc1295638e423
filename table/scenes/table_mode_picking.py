"""Choosing a move by hand in table mode: a click or tap on a card or pile,
a card dragged (or carried) to a pile, the chooser when several moves share
what was clicked, and the keyboard's ← → ↑ ↓. Part of `TableScene`
(table_mode.py), which routes the input here and makes the moves."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from haudrauf.play.phone_seat import card_refusal
from haudrauf.table import input as intents

DRAG_PX = 12  # a pointer that moves further than this while down is dragging


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


class MovePicking:
    """TableScene's moves by hand: from what was clicked, dragged or focused to the move it makes."""

    def refuse_card(self, card: int | None, now: float) -> bool:
        """A click (or ↑) on one of the viewer's cards that makes no move: say
        the engine's reason, softly. False if `card` is not the viewer's."""
        view, viewer = self.view(), self.viewer
        own = {c.id for seat in view.seats if seat.seat == viewer for p in (seat.hand, *seat.piles) for c in p.cards}
        if card is None or viewer is None or card not in own:
            return False
        self.say(card_refusal(self.session, viewer, card, view.prompt), now, sound="refused")
        return True

    def choose(self, choices: list, pos, now: float, pointer: int = intents.MOUSE) -> None:
        viewer = self.viewer
        targets = [c.target for c in choices]
        if viewer is None:
            self.say(self.lang.gettext("hold your seat key to see your hand and play"), now)
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
        self.say(reason or self.lang.gettext("it cannot go there — put it on a lit pile"), now, sound="refused")
