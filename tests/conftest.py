"""Headless everywhere: no display, no sound card."""
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# No test reads or writes the user's own settings, stats or saves (a test that
# needs files of its own sets the variable to its tmp_path).
os.environ["HAUDRAUF_CONFIG_DIR"] = tempfile.mkdtemp(prefix="haudrauf-tests-")
