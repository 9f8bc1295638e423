"""Attract mode (`haudrauf --demo`): four bots play UNO Hau drauf with sound;
results stay up a few seconds, then the next round or game begins. Esc leaves."""
from __future__ import annotations

from haudrauf.table.scenes.results import ResultsScene
from haudrauf.table.scenes.table_mode import TableScene
from haudrauf.play.seats import SeatPlan

RESULTS_SHOWN_S = 4.0


class DemoResults(ResultsScene):
    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.until = self.app.clock.now() + RESULTS_SHOWN_S

    def update(self, now: float) -> None:
        if now >= self.until:
            self.again() if self.final else self.next_round()


class DemoScene(TableScene):
    def update(self, now: float) -> None:
        pending = self.pending_results
        if pending and now >= pending[0] and self.app.scene is self:
            self.pending_results = None
            self.app.push(DemoResults(self.app, self, pending[1], self.rounds))
        super().update(now)

    def play_again(self) -> None:
        self.app.replace(demo_scene(self.app))


def demo_scene(app) -> DemoScene:
    names = app.settings.table.names
    plans = [SeatPlan(names[s], "heuristic", d) for s, d in enumerate(("easy", "normal", "hard", "normal"))]
    return DemoScene(app, "uno-hau-drauf", {"players": 4, "target": 200}, plans, seed=app.seed, save=False)
