"""The commands the command line runs, once its checks passed. Each imports
what it needs lazily, so `haudrauf simulate` never loads pygame; a chart
(`--chart`) is drawn by the table's `plot.py` from the tuner's figures."""
from __future__ import annotations

import os
import sys

from haudrauf.cli.checks import (Refused, check_phones, check_play, check_players, check_simulate, check_unit,
                                 only_with_timer, unit_settings)
from haudrauf.cli.parser import PRECISION_CAP

#: The commands that print and open no window.
HEADLESS = ("simulate", "sweep", "tune", "rules")


class LineEnds:
    """stderr that knows whether a progress bar left its line open, to end it before anything else is said."""

    def __init__(self, stream) -> None:
        self.stream, self.open = stream, False

    def write(self, text: str) -> None:
        self.stream.write(text)
        if text:
            self.open = not text.endswith("\n")

    def flush(self) -> None:
        self.stream.flush()

    def end_line(self) -> None:
        if self.open:
            self.write("\n")
            self.flush()


def run_simulate(args) -> int:
    from haudrauf.tuner.progress import Progress
    from haudrauf.tuner.simulate import simulate
    options, bots, reaction, (unit, unit_from) = check_simulate(args)
    stderr = LineEnds(sys.stderr)
    bar = None if args.quiet else Progress(args.games, label=args.game, stream=stderr)
    try:
        stats = simulate(args.game, args.players, args.games, args.seed or 0, options, bots, args.difficulty,
                         progress=bar.update if bar else None, reaction=reaction, settings=unit,
                         timer=args.timer, settings_from=unit_from)
    except (ValueError, RuntimeError) as exc:  # something the simulator refuses; a game that cannot end
        raise Refused(str(exc)) from None
    finally:
        stderr.end_line()
    if args.json:
        import json
        print(json.dumps(stats.to_dict(), indent=2))
    elif args.csv:
        print(stats.seat_csv(), end="")
    else:
        print(stats.report(verbose=args.verbose, lang=args.language))
    return 0


def check_chart(path: str | None) -> None:
    """A chart file that could not be written is refused before any game is played."""
    if path is None:
        return
    from haudrauf.table.plot import check_writable
    try:
        check_writable(path)
    except OSError as exc:
        raise Refused(f"--chart {path}: {exc}") from None


def sweep_bar(args, configurations: int, games: int, stderr):
    """One bar over the whole sweep: games played of the most still possible, configurations settled."""
    from haudrauf.tuner.progress import Progress
    if args.quiet:
        return None
    bar = Progress(configurations * games, stream=stderr)

    def update(done: int, most: int, settled: int) -> None:
        bar.total, bar.label = most, f"sweep {args.game}, {settled}/{configurations} configurations done"
        bar.update(done)
    return update


def run_sweep(args) -> int:
    from pathlib import Path

    from haudrauf.engine import registry
    from haudrauf.tuner.sweep import heading, report, sweep, to_csv, to_dict
    info = registry.game_class(args.game).info
    if args.timer and info.uses_unit:
        raise Refused(args.language.gettext("--timer: {game} always plays with the unit; leave --timer out").format(
            game=args.language.say(info.name)))
    if not (info.uses_unit or args.timer):
        raise only_with_timer(args.language, "--game", args.language.say(info.name))
    for players in args.players:
        check_players(args.language, args.game, players, f"--players {players}")
    check_chart(args.chart)
    unit, unit_from = unit_settings(args.settings, None, "sweep", args.language)
    speeds = [None if s == "unlimited" else s for s in args.speeds]
    games = args.games or (100 if args.precision is None else PRECISION_CAP)
    configurations = len(speeds) * len(args.difficulty) * len(args.players)
    executor = cluster_executor(args) or forked_workers(args.workers or os.cpu_count() or 1)
    stderr = LineEnds(sys.stderr)
    try:
        results = sweep(args.game, speeds, args.difficulty, args.players, games, args.seed or 0, unit,
                        timer=args.timer, precision=args.precision,
                        progress=sweep_bar(args, configurations, games, stderr), executor=executor)
    finally:
        stderr.end_line()
        executor.shutdown(wait=False)  # done, or stopped by Ctrl-C: no game is started after
    if args.json:
        import json
        print(json.dumps(to_dict(results, args.precision), indent=2))
    elif args.csv:
        print(to_csv(results, args.precision), end="")
    else:
        counted = heading(info.name, games, args.precision, args.language)
        print(f"{counted}; unit{unit_from}")
        print(report(results, args.precision, args.language))
    if args.chart:
        from haudrauf.table import plot  # pygame draws it: loaded only for a chart
        from haudrauf.tuner.charts import sweep_panels, sweep_title
        try:
            plot.save_chart(Path(args.chart), sweep_title(info.name), sweep_panels(results), args.language)
        except OSError as exc:
            raise Refused(f"--chart {args.chart}: cannot write it ({exc.strerror or exc})") from None
    return 0


def cluster_executor(args):
    """The Dask cluster's executor for --scheduler (None: this machine's processes)."""
    if args.scheduler is None:
        return None
    if args.workers is not None:
        raise Refused("--workers: with --scheduler the cluster's own workers play the games; leave --workers out")
    from haudrauf.tuner.cluster import ClusterError, connect
    try:
        return connect(args.scheduler)
    except ClusterError as exc:
        raise Refused(f"--scheduler: {exc}") from None


def run_tune(args) -> int:
    from pathlib import Path

    from haudrauf.play import paths
    from haudrauf.tuner import tune
    from haudrauf.tuner.progress import Progress
    from haudrauf.tuner.tuning import people, read_book
    try:
        book = read_book(Path(args.stats) if args.stats else paths.stats_path())
    except ValueError as exc:
        said = args.language.say(exc.args[0])
        raise Refused(f"--stats {args.stats}: {said}" if args.stats else said) from None
    try:
        group, notes = people(book, args.people, args.game)
    except ValueError as exc:  # nobody of that name, or too few or many for the game
        raise Refused(f"--people: {args.language.say(exc.args[0])}") from None
    check_chart(args.chart)
    unit, unit_from = unit_settings(args.settings, None, "tune", args.language)
    stderr = LineEnds(sys.stderr)
    pool = forked_workers(args.workers) if args.workers > 1 else None
    run = tune.Run(group, args.band, args.seed or 0, unit, pool, args.games, args.precision)
    bar = None if args.quiet else Progress(run.expected, label=f"tune {args.game}", stream=stderr)

    def progress(done: int) -> None:
        bar.total = done if run.result else max(bar.total, run.expected)  # known only at the end
        bar.update(done)
    try:
        result = run.wait(progress if bar else None)
    finally:
        stderr.end_line()
        if pool:
            pool.shutdown(cancel_futures=True)
    if args.chart:
        from haudrauf.table import plot  # pygame draws it: loaded only for a chart
        from haudrauf.tuner.charts import tuning_panels, tuning_title
        try:
            plot.save_chart(Path(args.chart), tuning_title(result), tuning_panels(result), args.language)
        except OSError as exc:
            raise Refused(f"--chart {args.chart}: {exc}") from None
    if args.json:
        import json
        print(json.dumps({**result.to_dict(), "people_notes": [str(note) for note in notes]}, indent=2))
    else:
        lang = args.language
        print("\n".join([*map(lang.say, notes), f"unit settings{unit_from}", result.report(lang)]))
    return 0


def forked_workers(count: int):
    """The command line's worker processes (`tune`, `sweep`), forked: a fork starts with the tuner,
    the game and its bots already loaded, where a spawned worker (`sweep.local_workers`) first spends
    about half a second importing them — a good part of an answer in 3 s. Safe here: the command line
    runs no other thread whose locks a fork could copy held (the app's tune scene spawns its workers,
    and starts them early)."""
    import multiprocessing
    import sys
    from concurrent.futures import ProcessPoolExecutor

    from haudrauf.tuner.sweep import local_workers
    if sys.platform != "linux":  # Windows has no fork, and macOS's system libraries may crash in a forked child
        return local_workers(count)
    return ProcessPoolExecutor(max_workers=count, mp_context=multiprocessing.get_context("fork"))


def run_rules(args) -> int:
    from haudrauf.play import rules
    lang = args.language
    try:
        text = rules.text(args.game, lang.code)
    except KeyError as exc:
        raise Refused(exc.args[0]) from None
    if not rules.translated(args.game, lang.code):
        print(lang.gettext("haudrauf rules: the rules of {game} are not written in {language} yet; here they are "
                           "in English").format(game=args.game, language=lang.name), file=sys.stderr)
    print(text, end="")
    return 0


def run_terminal_unit(args) -> int:
    import curses

    from haudrauf.cli.terminal import run_terminal
    try:
        run_terminal(seed=args.seed, speed=args.speed, lang=args.language)
    except curses.error as exc:  # a terminal curses cannot drive (TERM=dumb, far too small)
        raise Refused(args.language.gettext("--terminal: this terminal cannot show the unit ({problem})").format(
            problem=exc)) from None
    return 0


def load_replay(args):
    """The save to replay, checked before any window opens."""
    from haudrauf.play import game_log
    try:
        replay, problem = game_log.load(args.file or game_log.default_file())
    except Exception as exc:  # the file is anyone's: whatever it makes the loader trip on is the file's fault
        raise Refused(f"{args.file or 'the last game'} cannot be replayed ({type(exc).__name__}: {exc})") from None
    if replay is None:
        raise Refused(problem)
    return replay


def run_window(args) -> int:
    """Open the window on the scene the command line asks for; every check is done before."""
    options = check_play(args) if args.command == "play" else None
    if args.command in ("play", "unit"):
        check_phones(args)
    replay = load_replay(args) if args.command == "replay" else None
    from haudrauf.table.app import App
    from haudrauf.table.scenes.menu import MenuScene
    app = App(fullscreen=args.fullscreen or None, seed=args.seed, lang_flag=args.lang)
    app.phones_bind = getattr(args, "bind", None)
    if args.demo:
        from haudrauf.table.scenes.demo import demo_scene
        first = demo_scene(app)
    elif args.command == "unit":
        from haudrauf.table.scenes.unit_mode import UnitModeScene
        app.push(MenuScene(app))
        first = UnitModeScene(app, seats=tuple(range(args.seats)), speed=args.speed)
    elif args.command == "play":
        from haudrauf.table.scenes.table_mode import TableScene
        from haudrauf.play.seats import SeatPlan
        names = app.settings.table.names
        plans = [SeatPlan(names[s], None if s < args.people else args.bot, args.difficulty)
                 for s in range(options["players"])]
        menu = MenuScene(app, game=args.game)
        menu.remember(options, plans, args.timer)
        app.push(menu)
        unit = None if args.speed is None else app.settings.unit.with_changes(
            turn_time=None if args.speed == "unlimited" else args.speed)
        first = TableScene(app, args.game, options, plans, seed=args.seed, timer=args.timer, unit_settings=unit)
    elif args.command == "replay":
        from haudrauf.table.scenes.replay import ReplayScene
        first = ReplayScene(app, replay)  # alone: closing it ends the program, as it began it
    else:
        first = MenuScene(app)
    app.run(first, phones_port=(args.port or 0) if getattr(args, "phones", False) else None)
    return 0


def run_command(args) -> int:
    if args.demo and args.command:
        raise Refused(args.language.gettext("--demo: the demo plays by itself; leave out {command!r}").format(
            command=args.command))
    if args.fullscreen and args.command in HEADLESS:
        raise Refused(args.language.gettext("--fullscreen: {command} opens no window; leave out --fullscreen").format(
            command=args.command))
    if args.command == "simulate":
        return run_simulate(args)
    if args.command == "sweep":
        return run_sweep(args)
    if args.command == "tune":
        return run_tune(args)
    if args.command == "rules":
        return run_rules(args)
    if args.command == "unit":
        check_unit(args)
        if args.terminal:
            return run_terminal_unit(args)
    return run_window(args)
