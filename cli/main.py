"""`haudrauf`: the command line — read by `parser.py`, checked by
`checks.py`, run by `commands.py`. Subcommands import what they need
lazily, so `haudrauf simulate` never loads pygame.

A command line that cannot run is refused before anything opens: one line on
stderr naming the flag and what it takes, exit status 2 (argparse's own
mistakes too). Ctrl-C ends any command quietly with status 130."""
from __future__ import annotations

import os
import sys

from haudrauf.cli.checks import USAGE_ERROR, Refused
from haudrauf.cli.commands import run_command
from haudrauf.cli.parser import build_parser

#: The shell's statuses for Ctrl-C and a closed pipe (128 + SIGINT, 128 + SIGPIPE).
INTERRUPTED, BROKEN_PIPE = 130, 141


def main(argv: list[str] | None = None) -> int:
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as done:  # --help, or a mistake argparse has said in one line
            return done.code or 0
        try:
            return run_command(args)
        except Refused as exc:
            print(f"haudrauf{' ' + args.command if args.command else ''}: {exc}", file=sys.stderr)
            return USAGE_ERROR
    except KeyboardInterrupt:  # Ctrl-C: the person wants out, not a traceback
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away (`haudrauf simulate … | head -1`): stop quietly
        quiet_stdout()
        return BROKEN_PIPE


def quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush at exit does not fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # a stdout without a file (a test's capture)
        pass
