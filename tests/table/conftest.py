"""Table tests: a headless app whose files live in a temporary folder."""
import pytest

from haudrauf.device.clock import FakeClock
from haudrauf.table.ui import draw


@pytest.fixture
def app(config_dir):
    from haudrauf.table.app import App
    application = App(size=(1280, 720), clock=FakeClock(100.0), seed=7,
                      settings_path=config_dir / "settings.toml")
    yield application
    application.audio.close()


@pytest.fixture
def drawn(monkeypatch):
    """Every string drawn on screen, in order."""
    texts: list[str] = []
    original = draw.text

    def record(surface, content, *args, **kwargs):
        texts.append(content)
        return original(surface, content, *args, **kwargs)

    monkeypatch.setattr(draw, "text", record)
    return texts


def run(app, seconds: float, step: float = 0.05, intents=None) -> None:
    """Let the app run on its fake clock (frames without input)."""
    for _ in range(int(seconds / step)):
        app.clock.advance(step)
        app.frame(intents or [])


def until_results(app, limit_s: float = 600.0, step: float = 1.0) -> None:
    """Let the game run until the results cover the table (bots play a round).
    One-second frames: a bot acts at most once a frame (bot_runner.due) and
    thinks about a second, so finer frames mostly draw the same position again."""
    from haudrauf.table.scenes.results import ResultsScene
    for _ in range(int(limit_s / step)):
        run(app, step, step=step)
        if isinstance(app.scene, ResultsScene):
            return
    raise AssertionError("no results shown")


def spread_over_sizes(codes, sizes) -> list:
    """(language, size) cases for every language at every size: one size per language in the
    fast tier, each language on a different one, the rest in the soak tier (`make test-all`)."""
    return [pytest.param(code, size, marks=[] if size == sizes[-1 - i % len(sizes)] else [pytest.mark.soak],
                         id=f"{code}-{size[0]}x{size[1]}")
            for i, code in enumerate(codes) for size in sizes]
