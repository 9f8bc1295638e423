"""The one line chart, drawn with pygame: y from 0 with round tick values,
x numbered from 1, one coloured line per series (stats and results screens).
A None in a series is a gap: nothing there (a race that player missed)."""
from __future__ import annotations

import math

import pygame

from haudrauf.table.ui import draw, theme


def nice_step(span: float, count: int = 5, whole: bool = False) -> float:
    """A round step (1, 2, 2.5 or 5 × 10ⁿ) giving about `count` ticks over `span`;
    `whole`: a whole number (rounds won, points: no tick at 0.4 or 7.5)."""
    if span <= 0:
        return 1.0
    raw = max(span / count, 1.0) if whole else span / count
    magnitude = 10 ** math.floor(math.log10(raw))
    steps = (m * magnitude for m in (1, 2, 2.5, 5, 10))
    return next(step for step in steps if step >= raw and (not whole or float(step).is_integer()))


def ticks(top: float, count: int = 5, whole: bool = False) -> list[float]:
    """Tick values from 0 to the first tick at or above `top`."""
    step = nice_step(top, count, whole)
    n = max(1, math.ceil(top / step - 1e-9))
    return [i * step for i in range(n + 1)]


def runs(values: list[float | None]) -> list[list[tuple[int, float]]]:
    """The stretches of (x, value) between gaps: each is drawn as one line."""
    stretches: list[list[tuple[int, float]]] = [[]]
    for i, v in enumerate(values):
        if v is None:
            stretches.append([])
        else:
            stretches[-1].append((i, v))
    return [s for s in stretches if s]


def plot_lines(surface, rect: pygame.Rect, series: list[tuple[tuple, list[float | None]]], fmt, x_label: str,
               u: int, x_labels: list[str] | None = None) -> None:
    """A line chart: y from 0 with labelled ticks, x numbered from 1 (or
    named, every point: `x_labels`), one line per series."""
    values = [v for _, vs in series for v in vs if v is not None]
    n = max((len(vs) for _, vs in series), default=0)
    if not values or n == 0:
        return
    size = max(11, int(u * 1.0))
    y_ticks = ticks(max(max(values), 1e-9), whole=all(float(v).is_integer() for v in values))
    label_w = max(theme.font(size).size(fmt(t))[0] for t in y_ticks)
    plot = pygame.Rect(rect.left + label_w + u, rect.top + u // 2, 0, 0)
    plot.width = rect.right - plot.left - u
    plot.height = rect.bottom - plot.top - int(u * 2.6)
    top = y_ticks[-1]

    def to_xy(i: int, v: float) -> tuple[int, int]:
        x = plot.centerx if n == 1 else plot.left + round(plot.width * i / (n - 1))
        return x, plot.bottom - round(plot.height * v / top)

    for t in y_ticks:
        y = to_xy(0, t)[1]
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.left, y), (plot.right, y), 1)
        draw.text(surface, fmt(t), (plot.left - u // 3, y), size, theme.MUTED, anchor="midright", shadow=False)
    if x_labels:
        labelled = list(enumerate(x_labels))
    else:
        steps = ticks(max(1, n - 1), 6 if plot.width > u * 20 else 4)
        labelled = [(int(t), str(int(t) + 1)) for t in steps if t == int(t) and t < n]
    for i, name in labelled:
        x = to_xy(i, 0)[0]
        pygame.draw.line(surface, theme.TEXT, (x, plot.bottom), (x, plot.bottom + u // 3), 2)
        draw.text(surface, name, (x, plot.bottom + u // 2), size, theme.MUTED, anchor="midtop", shadow=False)
    pygame.draw.line(surface, theme.TEXT, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, theme.TEXT, plot.bottomleft, plot.topleft, 2)
    width = max(2, u // 6)
    for colour, vs in series:
        for run in runs(vs):
            points = [to_xy(i, v) for i, v in run]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, width)
            if len(points) <= 40:
                for p in points:
                    pygame.draw.circle(surface, colour, p, width + 2)
    draw.text(surface, x_label, (plot.centerx, rect.bottom), size, theme.MUTED, anchor="midbottom")
