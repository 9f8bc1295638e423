"""A line chart drawn with pygame: axes, ticks, one coloured line per series."""
from __future__ import annotations

import pygame

from table.ui import draw, theme


def nice_ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least `top`."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    magnitude = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    ticks, value = [], 0.0
    while value < top + step:
        ticks.append(value)
        value += step
    return ticks


def line_chart(surface, rect: pygame.Rect, series: dict[str, list[float]], colours: list, *,
               x_label: str = "", y_label: str = "") -> None:
    size = max(11, rect.height // 22)
    plot = pygame.Rect(rect.left + size * 4, rect.top + size, rect.width - size * 5, rect.height - size * 4)
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=8)
    values = [v for points in series.values() for v in points]
    longest = max((len(points) for points in series.values()), default=0)
    if not values or longest == 0:
        draw.text(surface, "no data yet", rect.center, size * 2, theme.MUTED, anchor="center")
        return
    ticks = nice_ticks(max(values))
    top = ticks[-1]
    for tick in ticks:
        y = plot.bottom - int(plot.height * tick / top)
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.left, y), (plot.right, y), 1)
        draw.text(surface, f"{tick:g}", (plot.left - 4, y), size, theme.MUTED, anchor="midright", shadow=False)
    pygame.draw.line(surface, theme.TEXT, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, theme.TEXT, plot.bottomleft, plot.topleft, 2)
    span = max(1, longest - 1)
    for (name, points), colour in zip(series.items(), colours):
        xy = [(plot.left + int(plot.width * i / span), plot.bottom - int(plot.height * v / top))
              for i, v in enumerate(points)]
        if len(xy) > 1:
            pygame.draw.lines(surface, colour, False, xy, 3)
        for p in xy:
            pygame.draw.circle(surface, colour, p, 4)
    draw.text(surface, x_label, (plot.centerx, plot.bottom + size // 2), size, theme.MUTED, anchor="midtop")
    draw.text(surface, y_label, (rect.left + 4, rect.top + 4), size, theme.MUTED)
    x = plot.left
    for (name, _), colour in zip(series.items(), colours):
        pygame.draw.rect(surface, colour, pygame.Rect(x, rect.bottom - size * 2, size, size))
        r = draw.text(surface, name, (x + size + 4, rect.bottom - size * 2 - 2), size, theme.TEXT)
        x = r.right + size
