"""What the charts of a sweep and of a tuning show, as figures: panels of
lines over named x values, their words as Messages for the reader's language.
The tuner computes them; the command line has them drawn into a PNG
(`table/plot.py`), so the tuner needs no pygame."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from haudrauf.engine import registry
from haudrauf.tuner.simulate import SimStats
from haudrauf.tuner.sweep import Config
from haudrauf.play.messages import in_seconds
from haudrauf.tuner.tuning import Tuning
from haudrauf.words import Message, msg, nmsg

Text = Message | str


@dataclass(frozen=True)
class Panel:
    y_label: Text
    x_labels: list[Text]
    series: list[tuple[Text, list[float | None]]]  # (name, one value per x; None: nothing there)
    fmt: Callable[[float], str]
    x_title: Text = msg("turn time")


def sweep_panels(results: dict[Config, SimStats]) -> list[Panel]:
    """Timed-out share and minutes per game against speed, one line per model (difficulty × players)."""
    speeds = list(dict.fromkeys(config.speed for config in results))
    lines: dict[Message, dict[float | None, SimStats]] = {}
    for config, stats in results.items():
        model = nmsg("{difficulty}, {n} player", "{difficulty}, {n} players", config.players,
                     difficulty=config.difficulty)
        lines.setdefault(model, {})[config.speed] = stats

    def series(figure: Callable[[SimStats], float]) -> list[tuple[Text, list[float | None]]]:
        return [(model, [figure(by_speed[speed]) for speed in speeds]) for model, by_speed in lines.items()]
    x_labels: list[Text] = [msg("no limit") if speed is None else in_seconds(speed) for speed in speeds]
    return [
        Panel(msg("turns timed out"), x_labels, series(lambda s: s.timeout_share), lambda v: f"{v:.0%}"),
        Panel(msg("minutes per game"), x_labels, series(lambda s: s.per_finished_game(s.played_seconds / 60)),
              lambda v: f"{v:.0f}"),
    ]


def sweep_title(game: Text) -> Message:
    return msg("{game}: turns timed out and game length by turn time", game=game)


def limit_labels(limits: list[float], most: int = 12) -> list[Text]:
    """The chart's names of the time limits played: whole seconds, each one or
    every 2, 5 or 10 s, so that no more than about `most` crowd the axis (a
    slow person's scan reaches 45 s)."""
    span = limits[-1] - limits[0] if limits else 0
    step = next((s for s in (1, 2, 5) if span / s <= most), 10)
    return [in_seconds(t) if t == int(t) and int(t) % step == 0 else "" for t in limits]




def tuning_panels(tuning: Tuning) -> list[Panel]:
    """Timed-out turns against a seat's time limit, one line per person; the whole seconds named."""
    x_labels = limit_labels(tuning.limits)
    series = list(zip(tuning.group.names, tuning.curves))
    return [Panel(msg("turns timed out"), x_labels, series, lambda v: f"{v * 100:g} %",
                  x_title=msg("time limit of a seat: turn time + its extra time"))]


def tuning_title(tuning: Tuning) -> Message:
    return msg("{game}: {advice}", game=registry.game_class(tuning.group.game).info.name, advice=tuning.words())
