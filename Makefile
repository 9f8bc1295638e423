# Two commands that work on a fresh machine with python3 and make:
#   make run   — create .venv, install what running needs, open the table
#   make test  — create .venv, install that and the test tools, run the fast tier (headless)
#   make test-all — the same, every test: the fast, soak and browser tiers (what CI runs)
# One quiet pip call each. The venv's own pip is new enough (Python >= 3.11
# ships pip >= 22.3, which installs this project editable), so it is not upgraded.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --quiet --no-input --disable-pip-version-check
#: What is installed: running needs only the first; tests need both.
RUN_STAMP  := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test test-all bench sounds shots catalogs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e '.[test]'
	touch $@ $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/haudrauf $(ARGS)

# Compiled modules are kept (__pycache__) even where PYTHONDONTWRITEBYTECODE is set:
# each test worker imports every module and rewrites every test file, ~10 s of CPU
# each from source, ~3 s from the cache.
PYTEST := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n 2 --dist worksteal

test: $(TEST_STAMP)
	$(PYTEST) -m "not soak and not browser"

test-all: $(TEST_STAMP)
	$(PYTEST)

# The engines' references (RLCard, OpenSpiel) are no dependency: point BENCH_PYTHON at a venv that has
# them (bench/README.md) to get their ratios; without them the ratios are null.
BENCH_PYTHON ?= $(BIN)/python

bench: $(RUN_STAMP)
	$(BENCH_PYTHON) bench/bench_unit.py
	$(BENCH_PYTHON) bench/bench_engines.py
	$(BENCH_PYTHON) bench/bench_tune.py
	$(BENCH_PYTHON) bench/bench_table.py

sounds: $(RUN_STAMP)
	$(BIN)/python sounds/make_sounds.py

shots: $(RUN_STAMP)
	$(BIN)/python -m haudrauf.table.shots shots

# The translations: extract every marked message into the template, then bring each
# language's catalog in step with it (a new or changed message comes in empty: translate it).
# Extraction stamps the template with the time (POT-Creation-Date), and the update copies
# that stamp into every catalog: when only the stamp differs the old template is kept, so
# a run with no new or changed message leaves every file as it was.
LANGS := de nb sv da fi be
POT   := locale/haudrauf.pot
catalogs: $(TEST_STAMP)
	$(BIN)/pybabel extract -F babel.cfg --no-location --sort-output -k msg -k nmsg:1,2 \
		--project haudrauf -o $(POT).new cli play table phones tuner engine device words
	if diff -q -I '^"POT-Creation-Date: ' $(POT) $(POT).new >/dev/null 2>&1; \
		then rm $(POT).new; else mv $(POT).new $(POT); fi
	for lang in $(LANGS); do \
		$(BIN)/pybabel --quiet update -D haudrauf -i $(POT) -d locale -l $$lang --ignore-obsolete --no-fuzzy-matching; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
