"""`python -m haudrauf.cli`: the same as the `haudrauf` command."""
import sys

from haudrauf.cli.main import main

sys.exit(main())
