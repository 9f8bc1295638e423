# Two commands that work on a fresh machine with python3 and make:
#   make run   — create .venv, install, open the table
#   make test  — create .venv, install, run the whole suite (headless)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test bench sounds shots clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/haudrauf $(ARGS)

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -n 2 --dist worksteal

bench: $(STAMP)
	$(BIN)/python bench/bench_unit.py
	$(BIN)/python bench/bench_engines.py
	$(BIN)/python bench/bench_table.py

sounds: $(STAMP)
	$(BIN)/python sounds/make_sounds.py

shots: $(STAMP)
	$(BIN)/python -m table.shots shots

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
