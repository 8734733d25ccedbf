# Two commands: `make run` (install what the app needs into .venv, start it) and `make test`
# (install the test tools, then ruff, mypy --strict on the engine, and every test).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP_APP  := $(VENV)/.installed-app
STAMP_TEST := $(VENV)/.installed-test

CHROMIUM   := /usr/bin/chromium
PG_MARK    := /usr/share/postgresql-common/pg_wrapper

.PHONY: run test lint typecheck pytest bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_APP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP_APP) $@

run: $(STAMP_APP)
	$(PY) -m streamlit run trainer/app.py

lint: $(STAMP_TEST)
	$(PY) -m ruff check trainer tests benchmarks
	$(VENV)/bin/lint-imports

typecheck: $(STAMP_TEST)
	$(PY) -m mypy --strict trainer/engine

# The browser tests drive Debian's Chromium (Playwright's own download does not work offline).
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium

# The PostgreSQL tests start a throwaway cluster from Debian's postgresql binaries.
$(PG_MARK):
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq postgresql

pytest: $(STAMP_TEST) $(CHROMIUM) $(PG_MARK)
	$(PY) -m pytest

test: lint typecheck pytest

bench: $(STAMP_TEST) $(CHROMIUM)
	$(PY) benchmarks/run.py
	$(PY) benchmarks/game.py
	$(PY) benchmarks/safety.py
	$(PY) benchmarks/practice.py
	$(PY) benchmarks/play.py
	$(PY) benchmarks/pages.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
