"""Opening the table loads no game's bots: a game's bots module is imported
only when its bots are asked for (the table starts faster)."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LOADED_BOTS = "sorted(m for m in sys.modules if m.startswith('haudrauf.engine.games.') and m.endswith('.bots'))"


def loaded_after(code: str) -> list[str]:
    script = f"import sys\n{code}\nprint({LOADED_BOTS})"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT, env=env)
    return eval(out.stdout.strip().splitlines()[-1])


def test_importing_the_table_and_every_game_loads_no_bots():
    assert loaded_after("import haudrauf.table.app\nfrom haudrauf.engine import registry\n"
                        "for g in registry.available(): registry.game_class(g)({'players': 2}, 1)") == []


def test_asking_for_one_games_bots_loads_only_that_games_bots():
    assert loaded_after("from haudrauf.engine import registry\nregistry.bot_factories('skip-bo')") == ["haudrauf.engine.games.skip_bo.bots"]
