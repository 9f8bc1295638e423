"""Bots at a table: when each bot acts and what it does.

A bot decides as soon as it has something to do, then acts after a human-like
delay from its `ReactionModel`. A planned move that stops being legal before
its time (the position changed) is dropped and the bot decides again. Seats
the game does not wait for (only optional moves, e.g. catching a player
without UNO) may decide to do nothing; they reconsider when their options change.
Time is whatever clock the caller uses: the simulator's fake one or the real one.

A planned move that is one of the legal list's own objects, due while the
position is still the one that list was taken from (`GameState.changes`),
is made without checking it again (`apply_legal`); any other goes through
the full check.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from haudrauf.engine.bots.base import ReactionModel
from haudrauf.engine.core import GameState


def bot_delay(state: GameState, action, model: ReactionModel, rng: np.random.Generator) -> float:
    """Seconds a bot takes, by the move's pace (see `GameState.pace`): a race
    is a reaction (ms), a button press quick, a move to choose thinking."""
    pace = state.pace(action)
    if pace == "react":
        return model.slap_time(rng) / 1000.0
    if pace == "press":
        return 0.3 * model.think_time(rng)
    return model.think_time(rng)


def one_of(action, legal) -> bool:
    """`action` is the very object of the legal list, not one equal to it
    (equality lets `0.0` pass for `0`): only such a move skips the check.
    Asked of a copy the bot never held, so that nothing it added counts."""
    for known in legal:
        if known is action:
            return True
    return False


@dataclass
class Plan:
    at: float
    action: Any
    options: tuple  # the legal moves when decided; a change means deciding again
    position: int | None  # `state.changes` when the action was last found in the legal list; None: not from it


class BotRunner:
    def __init__(self, state: GameState, bots: dict[int, Any], models: dict[int, ReactionModel],
                 rng: np.random.Generator) -> None:
        self.state, self.bots, self.models, self.rng = state, bots, models, rng
        self.plans: dict[int, Plan] = {}
        #: The position every bot has decided for (`state.changes`), until a plan leaves: asked
        #: again there, every bot would keep its decision. None: some bot may have to decide.
        self._settled: int | None = None

    def plan(self, now: float) -> None:
        """Let every bot with something to do decide (or keep its decision)."""
        state = self.state
        position = state.changes
        if position == self._settled:
            return
        waiting = state.waiting_for
        current = state.current_seats  # only they have legal moves: the others need not be asked
        plans = self.plans
        for seat, bot in self.bots.items():
            plan = plans.get(seat)
            if seat not in current:
                if plan is not None:
                    del plans[seat]
                continue
            legal = state.legal_actions(seat)
            options = tuple(legal)
            if plan is not None and plan.options == options:
                if plan.position is not None and plan.position != position:
                    plan.position = position if one_of(plan.action, legal) else None
                continue
            choices = legal if seat in waiting else [*legal, None]
            action = bot.choose(state.view(seat), choices, self.rng)
            at = float("inf") if action is None else now + bot_delay(state, action, self.models[seat], self.rng)
            plans[seat] = Plan(at, action, options, position if one_of(action, options) else None)
        self._settled = position

    def forget(self) -> None:
        """Every bot decides again (after a pause: its time is not thinking time)."""
        self.plans.clear()
        self._settled = None

    def next_time(self) -> float:
        return min([p.at for p in self.plans.values()], default=float("inf"))

    def due(self, now: float) -> list[tuple[int, Any, int | None]]:
        """Moves whose time has come, earliest first, each with the position
        whose legal list it was taken from (None: not from it); they leave the plan."""
        ready = sorted([(p.at, seat) for seat, p in self.plans.items() if p.at <= now])
        if not ready:
            return []
        self._settled = None
        return [(seat, plan.action, plan.position) for _, seat in ready for plan in (self.plans.pop(seat),)]
