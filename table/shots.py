"""Screenshots of every scene, headless: `python -m table.shots [folder]`
(default `shots/`). Runs on a fake clock with fixed seeds, so the pictures are
the same every time; the README shows a few of them (assets/screenshots/)."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from haudrauf.device.clock import FakeClock  # noqa: E402
from haudrauf.engine import registry  # noqa: E402
from haudrauf.engine.core.options import resolve  # noqa: E402
from haudrauf.table import input as intents  # noqa: E402
from haudrauf.play.seats import SeatPlan  # noqa: E402

SIZE = (1280, 720)
#: The options a game's table is shown with, where its defaults would show less
#: (a game not named here is shown with its defaults).
GAME_OPTIONS = {
    "uno-hau-drauf": {"players": 4},
    "go-fish": {"players": 4},
    "skip-bo": {"players": 3},
    "crazy-old-fish-war": {"players": 4, "war": True},
    "sea-salt-paper": {"players": 3, "extra_salt": True, "extra_pepper": True},
}


def run(app, seconds: float, step: float = 0.05) -> None:
    for _ in range(int(seconds / step)):
        app.clock.advance(step)
        app.frame([])


def shoot(app, folder: Path, name: str) -> Path:
    path = folder / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def refused_card(app, folder: Path) -> Path:
    """UNO Hau drauf at the person's turn: a card that does not fit is clicked
    and the table says why (the turn clock running in the plate)."""
    from haudrauf.table.scenes.table_mode import TableScene
    names = app.settings.table.names
    plans = [SeatPlan(names[0])] + [SeatPlan(names[s], "heuristic") for s in range(1, 4)]
    scene = TableScene(app, "uno-hau-drauf", {"players": 4}, plans, seed=1, save=False)
    app.push(scene)
    state = scene.session.state
    for _ in range(300):  # with this seed the person's first turn comes after ~12 s
        if state.current == 0 and state.phase == "turn":
            break
        run(app, 0.1)
    run(app, 1.0)
    playable = {c.card for c in scene.view().choices}
    card = next(c for c in state.hands[0] if c not in playable)
    anchor = next(a for a in reversed(scene.renderer.frame.anchors) if a.card == card)
    app.frame([intents.PointerDown(anchor.rect.center, intents.MOUSE, app.clock.now()),
               intents.PointerUp(anchor.rect.center, intents.MOUSE, app.clock.now())])
    run(app, 0.3)
    path = shoot(app, folder, "table-refused")
    app.pop()
    return path


def reaction_test(app, folder: Path) -> list[Path]:
    """Unit mode's reaction test for four: a false start, a lit seat, the
    results, and the People view of the stats with the models it gave."""
    from haudrauf.table.scenes.stats import StatsScene
    from haudrauf.table.scenes.unit_mode import UnitModeScene
    app.push(UnitModeScene(app, seats=(0, 1, 2, 3)))
    app.frame([intents.Command("reaction_test")])
    scene = app.scene
    app.frame([intents.PlayPauseKey(app.clock.now())])
    run(app, 0.5)
    app.frame([intents.SeatKey(1, True, app.clock.now())])
    run(app, 0.2)
    taken = [shoot(app, folder, "reaction-test-false-start")]
    while scene.phase != "done":
        while scene.lit is None:
            run(app, 0.02, step=0.02)
        if not taken[1:]:
            taken.append(shoot(app, folder, "reaction-test-lit"))
        app.clock.advance(0.2 + 0.04 * scene.lit + 0.01 * (len(scene.queue) % 5))  # a little spread
        app.frame([intents.SeatKey(scene.lit, True, app.clock.now())])
    run(app, 0.1)
    taken.append(shoot(app, folder, "reaction-test-results"))
    app.pop()
    stats = StatsScene(app)
    app.push(stats)
    stats.select_view("people")
    app.frame([])
    taken.append(shoot(app, folder, "stats-people"))
    app.pop()
    app.pop()
    return taken


def main(folder: str = "shots") -> list[Path]:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("HAUDRAUF_CONFIG_DIR", tempfile.mkdtemp(prefix="haudrauf-shots-"))
    from haudrauf.table.app import App
    from haudrauf.table.scenes.help import HelpScene
    from haudrauf.table.scenes.menu import MenuScene
    from haudrauf.table.scenes.results import ResultsScene
    from haudrauf.table.scenes.settings import SettingsScene
    from haudrauf.table.scenes.stats import StatsScene
    from haudrauf.table.scenes.table_mode import TableScene
    from haudrauf.table.scenes.unit_mode import UnitModeScene

    app = App(size=SIZE, clock=FakeClock(100.0), seed=11)
    app.lang_flag = "en"  # the README's screenshots are in English, whatever the machine's language
    taken = []
    menu = MenuScene(app, game="uno-hau-drauf")
    app.push(menu)
    app.frame([])
    taken.append(shoot(app, out, "menu"))

    unit_scene = UnitModeScene(app, seats=(0, 1, 2, 3, 4))
    app.push(unit_scene)
    app.frame([intents.PlayPauseKey(app.clock.now())])
    run(app, 0.8)
    taken.append(shoot(app, out, "unit-spinning"))
    run(app, 1.5)
    app.frame([intents.HauDraufKey(app.clock.now())])
    for seat, delay in ((2, 0.21), (0, 0.12), (4, 0.09), (1, 0.3), (3, 0.25)):
        app.clock.advance(delay)
        app.frame([intents.SeatKey(seat, True, app.clock.now())])
    run(app, 0.3)
    taken.append(shoot(app, out, "unit-slap-result"))
    app.push(StatsScene(app))
    app.frame([])
    taken.append(shoot(app, out, "stats"))
    app.pop()
    app.pop()

    for game in registry.available():
        options = resolve(registry.game_class(game).info.options, GAME_OPTIONS.get(game))
        names = app.settings.table.names
        plans = [SeatPlan(names[0])] + [SeatPlan(names[s], "heuristic") for s in range(1, options["players"])]
        scene = TableScene(app, game, options, plans, seed=5, save=False)
        app.push(scene)
        run(app, 12.0)
        taken.append(shoot(app, out, f"table-{game}"))
        app.pop()

    taken.append(refused_card(app, out))
    taken += reaction_test(app, out)
    bots = [SeatPlan(n, "heuristic", "hard") for n in app.settings.table.names[:3]]
    app.settings.unit = app.settings.unit.with_changes(spin_duration=0.2)
    scene = TableScene(app, "uno-hau-drauf", {"players": 3, "target": 1000}, bots, seed=5, save=False)
    app.push(scene)
    for _ in range(2000):
        run(app, 0.5, step=0.25)
        if isinstance(app.scene, ResultsScene):
            break
    taken.append(shoot(app, out, "results"))
    from haudrauf.table.scenes.replay import ReplayScene
    app.push(ReplayScene.of_session(app, scene.session))
    app.frame([intents.EditKey("right")] * 40)
    run(app, 0.5)
    taken.append(shoot(app, out, "replay"))
    app.pop()
    app.pop()
    app.pop()
    from haudrauf.table.scenes.rules import RulesScene
    app.push(RulesScene(app, "uno-hau-drauf"))
    app.frame([])
    taken.append(shoot(app, out, "rules"))
    app.pop()

    app.push(SettingsScene(app))
    run(app, 1.0)
    taken.append(shoot(app, out, "settings"))
    app.pop()
    app.push(HelpScene(app))
    app.frame([])
    taken.append(shoot(app, out, "help"))
    return taken


if __name__ == "__main__":
    for path in main(*sys.argv[1:]):
        print(path)
