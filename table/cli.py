"""`haudrauf`: the command line. Subcommands import what they need lazily, so
`haudrauf simulate` never loads pygame."""
from __future__ import annotations

import argparse
import sys


def speed_value(text: str) -> float | str:
    """Seconds per turn, or "unlimited"."""
    if text in ("unlimited", "0", "inf"):
        return "unlimited"
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"speed must be 'unlimited' or seconds 1–60, got {text!r}")
    if not 1 <= value <= 60:
        raise argparse.ArgumentTypeError(f"speed must be 'unlimited' or seconds 1–60, got {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="haudrauf", description="The UNO Hau drauf unit and card table.")
    parser.add_argument("--seed", type=int, default=None, help="seed for the random selector and shuffles")
    parser.add_argument("--fullscreen", action="store_true", help="open full screen (F11 toggles)")
    parser.add_argument("--demo", action="store_true", help="attract mode: bots play with sound")
    # the same option after a subcommand (`haudrauf simulate --seed 1`)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--seed", type=int, default=argparse.SUPPRESS, help="seed for shuffles and the selector")
    common.add_argument("--fullscreen", action="store_true", default=argparse.SUPPRESS, help="open full screen")
    sub = parser.add_subparsers(dest="command")
    unit = sub.add_parser("unit", parents=[common], help="the unit alone (people hold real cards)")
    unit.add_argument("--speed", type=speed_value, default=None,
                      help="seconds per turn: unlimited, 6, 4 or any 1–60 (default: saved setting)")
    unit.add_argument("--seats", type=int, default=0, metavar="N",
                      help="register seats 1…N at once (2–6; default: players press their buttons)")
    unit.add_argument("--terminal", action="store_true", help="run in the terminal instead of a window")
    play = sub.add_parser("play", parents=[common], help="a game on the table with people and bots")
    play.add_argument("game", help="game id: uno-hau-drauf, go-fish, skip-bo, crazy-old-fish-war, sea-salt-paper")
    play.add_argument("--people", type=int, default=1, help="people at the table (they sit first)")
    play.add_argument("--bots", type=int, default=3, help="bots at the table")
    play.add_argument("--bot", default="heuristic", help="which bot: heuristic or random")
    play.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"))
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    play.add_argument("--timer", action="store_true",
                      help="a speed game: the unit times every turn and picks who starts (not for UNO, "
                           "which always plays with the unit)")
    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", help="the game's id or name (any case): uno-hau-drauf, go-fish, skip-bo, "
                                    "crazy-old-fish-war, sea-salt-paper")
    replay = sub.add_parser("replay", parents=[common], help="step through a saved or finished game move by move")
    replay.add_argument("file", nargs="?", default=None,
                        help="a save file (default: the last finished game, else the unfinished one)")
    sim = sub.add_parser("simulate", parents=[common], help="bots play many games headless and print statistics")
    sim.add_argument("--game", required=True, help="game id, e.g. uno-hau-drauf, go-fish, skip-bo")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a game option, e.g. --option war=on (repeatable)")
    sim.add_argument("--bots", default=None, help="comma-separated bot names, rotated over the seats")
    sim.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"),
                     help="the bots' thinking and reaction speed (games driven by the unit)")
    sim.add_argument("--think", type=mean_spread, metavar="MEAN,SPREAD",
                     help="the bots' thinking time in seconds, e.g. 2,0.9 (replaces the difficulty's)")
    sim.add_argument("--slap", type=mean_spread, metavar="MEAN,SPREAD",
                     help="the bots' slap reaction time in ms, e.g. 430,110 (replaces the difficulty's)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def parse_options(game_id: str, pairs: list[str]) -> dict:
    """--option name=value pairs, typed by the game's declared options."""
    from engine import registry
    declared = {o.name: o for o in registry.game_class(game_id).info.options}
    options = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise ValueError(f"--option wants NAME=VALUE, got {pair!r}")
        if name not in declared:
            raise ValueError(f"{game_id} has no option {name!r}; options: {', '.join(declared)}")
        options[name] = declared[name].parse(text)
    return options


def mean_spread(text: str) -> tuple[float, float]:
    """"2,0.9" → (2.0, 0.9)."""
    try:
        mean, spread = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"want MEAN,SPREAD such as 2,0.9, got {text!r}") from None
    return mean, spread


def run_simulate(args) -> int:
    from dataclasses import replace

    from engine.bots.base import DIFFICULTIES
    from table.progress import Progress
    from table.simulate import simulate
    try:
        options = parse_options(args.game, args.option)
        reaction = DIFFICULTIES[args.difficulty]
        if args.think:
            reaction = replace(reaction, think_mean_s=args.think[0], think_spread_s=args.think[1])
        if args.slap:
            reaction = replace(reaction, slap_mean_ms=args.slap[0], slap_spread_ms=args.slap[1])
        bar = None if args.quiet else Progress(args.games, label=args.game)
        stats = simulate(args.game, args.players, args.games, args.seed or 0, options,
                         args.bots.split(",") if args.bots else None, args.difficulty,
                         progress=bar.update if bar else None, reaction=reaction)
    except (KeyError, ValueError, ModuleNotFoundError, RuntimeError) as exc:  # unknown game, option or bot; no end
        print(f"haudrauf simulate: {exc.args[0] if exc.args else exc}")
        return 2
    print(stats.report())
    return 0


def squeezed(text: str) -> str:
    """A game's id or name as typed, without case, spaces or hyphens ("Go Fish" = "go-fish" = "GOFISH")."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def game_called(text: str, game_ids: list[str]) -> str | None:
    """The game a person means by its id or its name, however written."""
    from engine import registry
    wanted = squeezed(text)
    for game_id in game_ids:
        names = [game_id] + ([registry.game_class(game_id).info.name] if game_id in registry.MODULES else [])
        if wanted in map(squeezed, names):
            return game_id
    return None


def run_rules(args) -> int:
    from table import rules
    game_id = game_called(args.game, rules.games())
    if game_id is None:
        print(f"haudrauf rules: no game called {args.game!r}; games: {', '.join(rules.games())}")
        return 2
    print(rules.text(game_id), end="")
    return 0


def run_window(args) -> int:
    """Open the window on the scene the command line asks for."""
    if args.command == "replay":  # a save that cannot be replayed is said before any window opens
        from table import game_log
        replay, problem = game_log.load(args.file or game_log.default_file())
        if replay is None:
            print(f"haudrauf replay: {problem}")
            return 2
    from table.app import App
    from table.scenes.menu import MenuScene
    app = App(fullscreen=args.fullscreen or None, seed=args.seed)
    if args.demo:
        from table.scenes.demo import demo_scene
        first = demo_scene(app)
    elif args.command == "unit":
        from table.scenes.unit_mode import UnitModeScene
        app.push(MenuScene(app))
        first = UnitModeScene(app, seats=tuple(range(args.seats)), speed=args.speed)
    elif args.command == "play":
        from engine import registry
        from table.scenes.table_mode import TableScene
        from table.seats import SeatPlan
        if args.game not in registry.MODULES:
            print(f"haudrauf play: unknown game {args.game!r}; games: {', '.join(registry.MODULES)}")
            return 2
        options = {**parse_options(args.game, args.option), "players": args.people + args.bots}
        names = app.settings.table.names
        plans = [SeatPlan(names[s], None if s < args.people else args.bot, args.difficulty)
                 for s in range(args.people + args.bots)]
        app.push(MenuScene(app, game=args.game))
        first = TableScene(app, args.game, options, plans, seed=args.seed, timer=args.timer)
    elif args.command == "replay":
        from table.scenes.replay import ReplayScene
        first = ReplayScene(app, replay)  # alone: closing it ends the program, as it began it
    else:
        first = MenuScene(app)
    app.run(first)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        return run_simulate(args)
    if args.command == "rules":
        return run_rules(args)
    if args.command == "unit" and args.terminal:
        from table.terminal import run_terminal
        run_terminal(seed=args.seed, speed=args.speed)
        return 0
    if args.command == "unit" and args.seats and not 2 <= args.seats <= 6:
        print("haudrauf unit: --seats must be 2–6")
        return 2
    try:
        return run_window(args)
    except (ValueError, KeyError) as exc:  # an option the game refuses, an unknown bot …
        print(f"haudrauf: {exc.args[0] if exc.args else exc}")
        return 2


if __name__ == "__main__":
    sys.exit(main())
