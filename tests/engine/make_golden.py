"""Write the golden replay files of UNO Hau drauf (tests/engine/golden/).
Run `python -m tests.engine.make_golden` only when a rule change is intended,
and read the diff: every changed file is a changed game."""
import json
from pathlib import Path

from tests.engine.test_uno_play import random_game

CASES = [(2, {"target": 1}), (4, {"target": 100, "scoring": "lowest-wins"}),
         (6, {"target": 1, "layer_chooses": True, "wild4_bluffing": True})]
MAX_LOG = 700  # keep the files small: the first seed whose game fits


def short_game(players: int, options: dict):
    for seed in range(1, 1000):
        state, _ = random_game(players, seed, check=False, **options)
        if len(state.log) <= MAX_LOG:
            return seed, state
    raise RuntimeError("no short game found")


def main() -> None:
    out = Path(__file__).parent / "golden"
    out.mkdir(exist_ok=True)
    for old in out.glob("uno-*.json"):
        old.unlink()
    for players, options in CASES:
        seed, state = short_game(players, options)
        saved = state.to_dict()
        data = {"options": saved["options"], "seed": seed, "log": saved["log"], "final": saved["data"]}
        (out / f"uno-{players}p-seed{seed}.json").write_text(json.dumps(data, indent=None) + "\n")


if __name__ == "__main__":
    main()
