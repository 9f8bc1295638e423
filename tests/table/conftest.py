"""Table tests: a headless app whose files live in a temporary folder."""
import pytest

from device.clock import FakeClock


@pytest.fixture
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HAUDRAUF_CONFIG_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(config_dir):
    from table.app import App
    application = App(size=(1280, 720), clock=FakeClock(100.0), seed=7,
                      settings_path=config_dir / "settings.toml")
    yield application
    application.audio.close()


def run(app, seconds: float, step: float = 0.05, intents=None) -> None:
    """Let the app run on its fake clock (frames without input)."""
    for _ in range(int(seconds / step)):
        app.clock.advance(step)
        app.frame(intents or [])
