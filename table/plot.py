"""Charts written to PNG files (`haudrauf sweep --chart`, `haudrauf tune
--chart`), drawn with the same pygame line chart the stats screen shows, so
a chart needs no display and no plotting library: panels side by side, one
coloured line per series, a legend under them. The figures come from the
tuner (`tuner/charts.py`); this only draws them."""
from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame's banner would land in `--json` output
import pygame  # noqa: E402

from haudrauf.play import storage  # noqa: E402
from haudrauf.play.language import Language  # noqa: E402
from haudrauf.table.ui import draw, theme  # noqa: E402
from haudrauf.table.ui.chart import plot_lines  # noqa: E402
from haudrauf.tuner.charts import Panel, Text  # noqa: E402

#: Enough colours for six people or nine configurations, each easy to tell from the others on the dark panel.
PALETTE = (*theme.SEAT_COLOURS, (240, 240, 240), (0, 214, 255), (255, 120, 200))
SIZE = (1200, 560)
#: What a chart file takes at most (ours are some tens of kB): written once before the games to be sure it fits.
PROBE_BYTES = 256 * 1024


def render(title: Text, panels: list[Panel], lang: Language, size: tuple[int, int] = SIZE) -> pygame.Surface:
    """The chart as an image, its words in `lang`: title, the panels side by side, the legend."""
    pygame.font.init()
    say = lang.say
    surface = pygame.Surface(size)
    surface.fill(theme.PANEL)
    u = max(12, size[1] // 30)
    draw.text(surface, say(title), (size[0] // 2, u), int(u * 1.4), bold=True, anchor="midtop", shadow=False,
              max_width=size[0] - 2 * u)
    names = list(dict.fromkeys(name for panel in panels for name, _ in panel.series))
    colours = {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(names)}
    legend_h = u * 2 * ((len(names) + 3) // 4)
    top, bottom = u * 4, size[1] - legend_h - u
    width = (size[0] - u) // max(len(panels), 1)
    for i, panel in enumerate(panels):
        area = pygame.Rect(u + i * width, top, width - u, bottom - top)
        draw.text(surface, say(panel.y_label), (area.centerx, area.top - u // 2), u, theme.TEXT, anchor="midbottom",
                  shadow=False)
        series = [(colours[name], values) for name, values in panel.series]
        plot_lines(surface, area, series, panel.fmt, say(panel.x_title), u, [say(x) for x in panel.x_labels])
    column = (size[0] - 2 * u) // 4
    for i, name in enumerate(names):
        x, y = u + (i % 4) * column, bottom + u // 2 + (i // 4) * u * 2
        pygame.draw.rect(surface, colours[name], (x, y + u // 4, u * 2, u // 2))
        draw.text(surface, say(name), (x + u * 3, y + u // 2), u, theme.TEXT, anchor="midleft", shadow=False,
                  max_width=column - u * 4)
    return surface


def check_writable(path: Path) -> None:
    """Raises OSError now if a chart could not be written there later (so a
    long run is not spent for a chart that fails at the end)."""
    path = Path(path)
    if path.suffix.lower() != ".png":
        raise OSError(f"{path.name}: a chart is written as a .png file")
    if path.is_dir():
        raise IsADirectoryError(f"{path} is a folder")
    if not path.parent.is_dir():
        raise FileNotFoundError(f"there is no folder {path.parent}")
    if not os.access(path.parent, os.W_OK):
        raise PermissionError(f"cannot write in {path.parent}")
    probe_write(path.parent)


def probe_write(folder: Path) -> None:
    """Write as much as a chart takes into a file of our own there, flush it to disk and remove
    it: a full disk (or one that refuses for another reason) says so now, not after the games."""
    probe = None
    try:
        fd, probe = tempfile.mkstemp(prefix=".chart-probe.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as f:
            f.write(bytes(PROBE_BYTES))
            f.flush()
            os.fsync(f.fileno())
    except OSError as exc:
        raise OSError(f"cannot write in {folder}: {storage.reason(exc)}") from None
    finally:
        if probe is not None:
            os.unlink(probe)


def save_chart(path: Path, title: Text, panels: list[Panel], lang: Language) -> None:
    """Write the chart as a PNG, its words in `lang`, atomically (a half-written chart is never
    left behind). Raises OSError."""
    check_writable(path)
    buffer = io.BytesIO()
    pygame.image.save(render(title, panels, lang), buffer, "png")
    storage.write_atomic(Path(path), buffer.getvalue())
