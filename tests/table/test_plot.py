"""Charts written as PNG files: readable back as an image with every line in
it, and a path that cannot take one is refused before any work is done."""
import pygame
import pytest

from haudrauf.play.language import Language
from haudrauf.table.plot import PALETTE, check_writable, render, save_chart
from haudrauf.table.ui import draw
from haudrauf.tuner.charts import Panel, sweep_panels, sweep_title
from haudrauf.tuner.sweep import Config
from haudrauf.tuner.simulate import SimStats

SPEEDS = ["none", "6 s", "4 s"]


def panels() -> list[Panel]:
    share = Panel("timed out", SPEEDS, [("easy", [0, 0.1, 0.3]), ("hard", [0, 0.02, None])], lambda v: f"{v:.0%}")
    length = Panel("minutes per game", SPEEDS, [("easy", [8, 7, 6]), ("hard", [5, 5, None])], lambda v: f"{v:g}")
    return [share, length]


def count_of(image: pygame.Surface, colour) -> int:
    return sum(1 for x in range(image.get_width()) for y in range(0, image.get_height(), 2)
               if image.get_at((x, y))[:3] == colour)


def test_a_chart_is_a_png_with_a_line_per_series(tmp_path):
    path = tmp_path / "sweep.png"
    save_chart(path, "Go Fish", panels(), Language())
    image = pygame.image.load(path)
    assert image.get_size() == (1200, 560)
    assert count_of(image, PALETTE[0]) > 200 and count_of(image, PALETTE[1]) > 200  # both lines, and the legend
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.png"]  # nothing half-written beside it


@pytest.mark.parametrize("name, said", [("chart.txt", "written as a .png"), ("missing/chart.png", "no folder"),
                                        ("folder.png", "is a folder")])
def test_a_path_that_cannot_take_a_chart_is_refused_up_front(tmp_path, name, said):
    (tmp_path / "folder.png").mkdir()
    with pytest.raises(OSError, match=said):
        check_writable(tmp_path / name)
    with pytest.raises(OSError, match=said):
        save_chart(tmp_path / name, "Go Fish", panels(), Language())


def test_a_sweep_chart_speaks_the_readers_language(monkeypatch):
    drawn = []
    monkeypatch.setattr(draw, "text", lambda surface, text, *args, **kwargs: drawn.append(text))
    results = {Config(speed=None, difficulty="normal", players=4): SimStats("uno-hau-drauf", 4),
               Config(speed=4.5, difficulty="normal", players=4): SimStats("uno-hau-drauf", 4)}
    render(sweep_title("Go Fish"), sweep_panels(results), Language("de"))
    german = Language("de").gettext
    assert german("turns timed out") in drawn and german("minutes per game") in drawn
    assert german("{game}: turns timed out and game length by turn time").format(game="Go Fish") in drawn
    assert "4,5 s" in " ".join(drawn) and german("no limit") in " ".join(drawn)
    assert "turns timed out" not in drawn and german("turns timed out") != "turns timed out"
