# The two commands of the quick start: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test test-pure lint typecheck bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files: reinstall only when the build changes (setup.py compiles the C core of Draw).
BUILD := pyproject.toml setup.py src/pegboard/draw/_fastround.c

$(VENV)/.installed: $(BUILD) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: $(BUILD) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,research]'
	touch $@ $(VENV)/.installed

$(VENV)/.installed-bench: $(BUILD) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,research,bench]'
	touch $@ $(VENV)/.installed $(VENV)/.installed-dev

play: $(VENV)/.installed
	$(BIN)/pegboard play

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/pytest

# The whole suite again on the pure-Python core of Draw (make test runs the C core).
test-pure: $(VENV)/.installed-dev
	PEGBOARD_PURE_PYTHON=1 $(BIN)/pytest

# `make bench QUICK=1`: fewer, shorter repetitions (a smoke test, not a measurement).
bench: $(VENV)/.installed-bench
	$(BIN)/python -m benchmarks $(if $(QUICK),--quick)

clean:
	rm -rf $(VENV) build src/*.egg-info .mypy_cache .pytest_cache .ruff_cache
	rm -f src/pegboard/draw/_fastround*.so
