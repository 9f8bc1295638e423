"""A game at the table: the engine, the unit (driving the game, or as a turn
timer: see `unit_driver.py`), the bots, and the people — in real time, without
pygame (so tests and the demo drive it exactly as the window does).

People's moves come in through `act`; their unit buttons through
`press_seat` / `press_hau_drauf` / `play_pause`, which the engine gates: a
press it refuses never reaches the unit, and `press_seat` returns the reason.
`update(now)` lets the unit's clock and the bots move: the session is the one
match loop (`match_loop.py`) holding the round's end for the results, with
the people, the log and the autosave around it. Every change is written
to the autosave (except where the game says its position is not `savable`,
mid-race: the save is then a moment older).

Games with their own turn order can use the unit as a turn timer (`timer`,
the "speed game").

A round's end (`RoundEnd`, or the game's `GameEnd`) holds everything while the
results show: no bot moves, no person's move is taken, the unit's clock is
stopped — until `next_round`, which starts the next round with one call
(waking a unit that fell asleep over a long results screen)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

import numpy as np

from haudrauf.device.settings import UnitSettings
from haudrauf.device.machine import IN_GAME, UnitState
from haudrauf.device.unit import Unit
from haudrauf.engine import registry
from haudrauf.engine.bots.base import DIFFICULTIES, ReactionModel
from haudrauf.engine.core import IllegalAction
from haudrauf.play import autosave, game_log
from haudrauf.play.bot_runner import BotRunner
from haudrauf.play.match_loop import MatchLoop
from haudrauf.play.seats import SeatPlan
from haudrauf.play.unit_driver import TurnTimer, UnitDriver
from haudrauf.words import Message

LOG_LINES = 8


class TableSession(MatchLoop):
    def __init__(self, game_id: str, options: dict, plans: list[SeatPlan], seed: int | None,
                 unit_settings: UnitSettings, save_to: Path | None = None, log: list | None = None,
                 timer: bool = False, reactions: Mapping[str, ReactionModel] = DIFFICULTIES) -> None:
        """`reactions`: how fast bots of each difficulty think and slap (the settings' [bots])."""
        self.game_id, self.plans = game_id, plans
        self.seed = int(np.random.default_rng(seed).integers(2**31)) if seed is None else seed
        cls = registry.game_class(game_id)
        self.state, self.history = (game_log.replay(cls, options, self.seed, log, self.name, self.names) if log
                                    else (cls(options, self.seed), []))  # history: every log line of the game
        if len(plans) != self.state.players:
            raise ValueError(f"{len(plans)} seats for a game of {self.state.players} players")
        self.options = dict(self.state.options)
        self.save_to = save_to
        #: Why the last save failed (None: it worked), and who is told: the game goes on in memory.
        self.save_failed: OSError | None = None
        self.on_save_failed: Callable[[OSError], None] | None = None
        self.listeners: list[Callable[[list], None]] = []  # sounds, animations, stats
        self.unit = driver = None
        self.timer = timer and not cls.info.uses_unit
        self.held = False  # the unit was paused because something covers the table
        if cls.info.uses_unit or self.timer:
            self.unit = Unit(np.random.default_rng(self.seed + 1), unit_settings)
        if cls.info.uses_unit:
            driver = UnitDriver(self.state, self.unit, auto_next_round=False)
        elif self.timer:
            driver = TurnTimer(self.state, self.unit)
        rng = np.random.default_rng(self.seed + 2)
        factories = registry.bot_factories(game_id)
        bots = {s: factories[p.bot](s) for s, p in enumerate(plans) if p.is_bot}
        models = {s: reactions[p.difficulty] for s, p in enumerate(plans) if p.is_bot}
        super().__init__(self.state, driver, BotRunner(self.state, bots, models, rng), hold_results=True,
                         noted=self.record)

    @property
    def lines(self) -> list[Message]:
        """The newest log lines, for the side panel (the log overlay shows `history`), as `Message`s
        each screen renders in its own language (a resumed game too)."""
        return self.history[-LOG_LINES:]

    # --- names and people -------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [p.name for p in self.plans]

    def name(self, seat: int) -> str:
        return self.plans[seat].name if 0 <= seat < len(self.plans) else f"Seat {seat + 1}"

    @property
    def people(self) -> list[int]:
        return [s for s, p in enumerate(self.plans) if not p.is_bot]

    # --- people's buttons -----------------------------------------------------------
    def press_seat(self, seat: int, now: float) -> tuple[list, Message | None]:
        """A person's seat button in table mode: passed to the unit only if the
        game allows it now; otherwise (events, the reason). A game without
        the unit's buttons (a speed game) ignores it."""
        if self.state.seat_button is None:
            return [], None
        try:
            return self.act(seat, self.state.seat_button, now), None
        except IllegalAction as refusal:
            return [], refusal.reason

    def press_hau_drauf(self, now: float) -> tuple[list, Message | None]:
        """The big button: it belongs to the person the game lets press it
        (who just laid a HAU DRAUF card); otherwise the game says why not."""
        button = self.state.hau_drauf_button
        if button is None:
            return [], None
        for seat in self.people:
            if button in self.state.legal_actions(seat):
                return self.act(seat, button, now), None
        return [], self.state.why_illegal(self.people[0] if self.people else 0, button)

    def play_pause(self, now: float) -> list:
        """The unit's Play/Pause; while the results show, the round is held anyway."""
        if not self.driver or self.round_over:
            return []
        return self.after(self.driver.press_play_pause(now), now)

    def hold(self, now: float) -> list:
        """Something covers the table (help, the log, the leave question): a
        running unit pauses, so nobody is buzzed while reading; `release` goes on."""
        self.held = self.unit is not None and not self.round_over and self.unit.state in IN_GAME
        return self.play_pause(now) if self.held else []

    def release(self, now: float) -> list:
        held, self.held = self.held, False
        return self.play_pause(now) if held and self.unit.state is UnitState.PAUSED else []

    # --- bookkeeping ----------------------------------------------------------------
    def record(self, events: list) -> None:
        """Every change: log it, tell the listeners, save."""
        for e in events:
            text = game_log.line_for(e, self.name, self.names)
            if text:
                self.history.append(text)
        if events:
            for listener in self.listeners:
                listener(events)
            self.autosave()

    def autosave(self) -> None:
        """Save the game as it stands. A disk that refuses (read-only, full)
        stops nothing: the game goes on in memory and `on_save_failed` is told."""
        if self.save_to is None or not self.state.savable:
            return
        try:
            self._write_save()
        except OSError as exc:
            self.save_failed = exc
            if self.on_save_failed:
                self.on_save_failed(exc)
        else:
            self.save_failed = None

    def _write_save(self) -> None:
        target = self.save_to
        if self.state.is_over:
            autosave.remove(self.save_to)
            target = self.save_to.with_name(autosave.LAST_GAME)  # kept for the replay viewer
        autosave.write(target, self.game_id, self.options, self.seed, self.state.log,
                       [p.to_dict() for p in self.plans], timer=self.timer)

    @classmethod
    def from_save(cls, data: dict[str, Any], unit_settings: UnitSettings, save_to: Path,
                  reactions: Mapping[str, ReactionModel] = DIFFICULTIES) -> "TableSession":
        plans = [SeatPlan.from_dict(p) for p in data["plans"]]
        return cls(data["game"], data["options"], plans, data["seed"], unit_settings, save_to, log=data["log"],
                   timer=bool(data.get("timer", False)), reactions=reactions)
