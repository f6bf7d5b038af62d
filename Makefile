# The two commands of the quick start: `make run` (the web app) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run play test test-pure test-deps lint typecheck docs docs-check bench clean translations screenshots

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files: reinstall only when the build changes (setup.py compiles the C cores of Draw,
# of its expert's search and of the Fives family).
BUILD := pyproject.toml setup.py src/pegboard/draw/_fastround.c src/pegboard/fives/_fastfives.c \
	src/pegboard/draw/bots/_fastsearch.c src/pegboard/draw/bots/_deals.h \
	src/pegboard/dominoes/_shuffle.h

$(VENV)/.installed: $(BUILD) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-web: $(BUILD) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $@ $(VENV)/.installed

$(VENV)/.installed-docs: $(BUILD) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	touch $@ $(VENV)/.installed

$(VENV)/.installed-dev: $(BUILD) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,docs,research,cluster,web,e2e]'
	touch $@ $(VENV)/.installed $(VENV)/.installed-web $(VENV)/.installed-docs

$(VENV)/.installed-bench: $(BUILD) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,docs,research,cluster,web,e2e,bench]'
	touch $@ $(VENV)/.installed $(VENV)/.installed-web $(VENV)/.installed-dev $(VENV)/.installed-docs

# The web app on http://127.0.0.1:8000 (pegboard serve: SQLite unless given --db);
# `make run PORT=8123` serves it on another port.
# The compiled catalogs are not kept in git: the install compiles them (setup.py), and a .po
# changed since is compiled again here before the app or the tests read it.
CATALOGS := $(patsubst %.po,%.mo,$(wildcard src/pegboard/locale/*/LC_MESSAGES/*.po))
src/pegboard/locale/%.mo: src/pegboard/locale/%.po
	$(BIN)/pybabel compile --statistics -i $< -o $@

run: $(VENV)/.installed-web $(CATALOGS)
	$(BIN)/pegboard serve $(if $(PORT),--port $(PORT))

play: $(VENV)/.installed
	$(BIN)/pegboard play

# ESLint and TypeScript for the page's JavaScript, from npm at the versions of package-lock.json (into
# node_modules/, never into the repository); npm itself from Debian's packages if missing.
node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || scripts/apt-ensure nodejs npm
	npm ci --no-audit --no-fund --silent
	touch $@

lint: $(VENV)/.installed-dev node_modules/.installed
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/lint-imports --no-logo
	node_modules/.bin/eslint src/pegboard tests/games

# mypy --strict over the Python; TypeScript over the page's JavaScript and its JSDoc types
# (tsconfig.json: checkJs, no output: the page is served as written, with no build step).
typecheck: $(VENV)/.installed-dev node_modules/.installed
	$(BIN)/mypy
	node_modules/.bin/tsc -p tsconfig.json

# The documentation (Sphinx, docs/conf.py): the pages of docs/ and the API reference built
# from the docstrings, into build/docs/html (open build/docs/html/index.html).
DOCS_OUT := build/docs
docs: $(VENV)/.installed-docs
	$(BIN)/sphinx-build -q -b html docs $(DOCS_OUT)/html

# What make test asks of them (tests/test_docs.py makes these two builds inside make test):
# no warning at all, and every example (doctest) right.
docs-check: $(VENV)/.installed-dev
	$(BIN)/sphinx-build -q -W --keep-going -b html docs $(DOCS_OUT)/html
	$(BIN)/sphinx-build -q -W --keep-going -b doctest docs $(DOCS_OUT)/doctest

# What the web tests need from the system: Debian's Chromium for the browser tests, and a
# PostgreSQL server. Unless PEGBOARD_TEST_POSTGRES_URL names one already, a throwaway cluster
# is started (or reused) on a loopback port and its URL handed to pytest; when it cannot be
# installed or started, the tests do not run at all (CI must run the PostgreSQL tests).
# PG_URL is a recipe fragment: the shell line that sets PEGBOARD_TEST_POSTGRES_URL.
test-deps:
	@scripts/ensure-browser
	@scripts/ensure-nginx
	@$(PG_URL)
PG_URL = url="$${PEGBOARD_TEST_POSTGRES_URL:-}"; \
	if [ -z "$$url" ]; then url="$$(scripts/ensure-postgres)" || exit 1; fi; \
	export PEGBOARD_TEST_POSTGRES_URL="$$url"

# The suite runs on one worker more than the cores (pytest-xdist; TEST_WORKERS=0 for one
# process), a test file's tests on one worker so that its module fixtures (servers, browsers,
# builds) start once. One more than the cores because the browser tests wait on the browser
# and the server: with a worker a core the two cores were 65% busy (1,198 CPU s in 929 s),
# and a third worker took pytest from 921 s to 841 s on this 2-core machine, in two runs of
# the same tree (CONTRIBUTING.md, "Test").
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
PYTEST = $(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile
test: lint typecheck test-deps $(CATALOGS)
	@$(PG_URL); echo "PostgreSQL for the tests: $$url"; $(PYTEST)

# The whole suite again on the pure-Python cores of Draw and the Fives family (make test runs
# the C cores).
test-pure: $(VENV)/.installed-dev test-deps
	@$(PG_URL); PEGBOARD_PURE_PYTHON=1 $(PYTEST)

# The documentation's pictures of each game's table (docs/screenshots/web-GAME-desktop.png
# and -phone.png): scripts/screenshots serves this checkout with fixed deals and photographs
# a position mid-round in Debian's Chromium (scripts/ensure-browser installs it).
screenshots: $(VENV)/.installed-dev
	@scripts/ensure-browser
	$(BIN)/python scripts/screenshots

# `make bench QUICK=1`: fewer, shorter repetitions (a smoke test, not a measurement).
bench: $(VENV)/.installed-bench
	$(BIN)/python -m benchmarks $(if $(QUICK),--quick)

# Catalogs (src/pegboard/locale): extract the messages of the source into the template,
# merge it into each language's .po (translate the new entries there), compile the .mo files
# the program reads. tests/i18n/test_catalogs.py fails until all three are done and translated.
LOCALE := src/pegboard/locale
BABEL_FLAGS := --width=100
translations: $(VENV)/.installed-dev
	$(BIN)/pybabel extract -F babel.cfg -k _ -k gettext -k ngettext:1,2 -k pgettext:1c,2 -k NC_:1c,2 --no-location \
		--sort-output --project=pegboard --copyright-holder="pegboard developers" \
		$(BABEL_FLAGS) -o $(LOCALE)/pegboard.pot .
	$(BIN)/pybabel update -i $(LOCALE)/pegboard.pot -d $(LOCALE) -D pegboard --no-fuzzy-matching --ignore-obsolete \
		$(BABEL_FLAGS)
	$(BIN)/pybabel compile -d $(LOCALE) -D pegboard --statistics
	@PYTHONPATH=src:. $(BIN)/python -m tests.i18n.review | tail -n 1

clean:
	rm -rf $(VENV) node_modules build src/*.egg-info .mypy_cache .pytest_cache .ruff_cache
	rm -f src/pegboard/draw/_fastround*.so src/pegboard/fives/_fastfives*.so \
		src/pegboard/draw/bots/_fastsearch*.so
	rm -f $(CATALOGS)
