"""Every stored playthrough (tests/engine/playthroughs/) is played again from
its seed and must come out the same, step by step: the same seeds give the
same games, the same prompts, choices and log lines."""
import difflib

import pytest

from tests.engine.make_playthroughs import OUT, REGENERATE, cases, playthrough

CASES = {case.name: case for case in cases()}


def first_difference(stored: str, now: str, name: str) -> str:
    """A unified diff around the first step that differs (not the whole file)."""
    diff = list(difflib.unified_diff(stored.splitlines(), now.splitlines(), f"stored {name}.txt",
                                     "played now", n=4, lineterm=""))
    shown = "\n".join(diff[:60]) + ("\n…" if len(diff) > 60 else "")
    return (f"the playthrough {name} plays differently now. If the rules (or words) were meant to change, "
            f"regenerate with `{REGENERATE}` and read the diff.\n{shown}")


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_stored_playthrough_plays_the_same(name):
    path = OUT / f"{name}.txt"
    assert path.is_file(), f"no playthrough {path.name}: regenerate with `{REGENERATE}`"
    stored, now = path.read_text(), playthrough(CASES[name])
    assert stored == now, first_difference(stored, now, name)


def test_every_game_has_playthroughs_and_none_is_stale():
    stored = {path.stem for path in OUT.glob("*.txt")}
    assert stored == set(CASES), f"stale or missing playthroughs: regenerate with `{REGENERATE}`"
    from haudrauf.engine import registry
    assert {case.game for case in CASES.values()} == set(registry.available())


def test_a_changed_game_is_shown_as_a_diff_that_says_how_to_regenerate():
    message = first_difference("step 1: Anna\n  action: Ask Bo for 3s\n", "step 1: Anna\n  action: Ask Bo for 4s\n",
                               "go-fish--defaults")
    assert REGENERATE in message
    assert "-  action: Ask Bo for 3s" in message and "+  action: Ask Bo for 4s" in message
