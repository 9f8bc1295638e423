"""Headless everywhere: no display, no sound card."""
import os
import tempfile

from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# No test reads or writes the user's own settings, stats or saves (a test that
# needs files of its own sets the variable to its tmp_path).
os.environ["HAUDRAUF_CONFIG_DIR"] = tempfile.mkdtemp(prefix="haudrauf-tests-")

# Hypothesis: CI draws the same examples every run (a red run is reproducible,
# never a fluke of the draw); a developer's runs explore new ones. Both print
# the blob that replays a failure.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
