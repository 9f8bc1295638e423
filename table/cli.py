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
    sub = parser.add_subparsers(dest="command")
    unit = sub.add_parser("unit", help="the unit alone (people hold real cards)")
    unit.add_argument("--speed", type=speed_value, default=None,
                      help="seconds per turn: unlimited, 6, 4 or any 1–60 (default: saved setting)")
    unit.add_argument("--terminal", action="store_true", help="run in the terminal instead of a window")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command in (None, "unit"):
        from table.terminal import run_terminal
        run_terminal(seed=args.seed, speed=getattr(args, "speed", None))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
