# Two commands: `make run` (install what the app needs into .venv, start it) and `make test`
# (install the test tools, then ruff, the import contracts, mypy --strict, and every test). Both
# first compile the coach's play-outs with mypyc when a C compiler is there (`native`).
# Python packages come from the lock files in requirements/ (pip-compile of pyproject.toml:
# `make lock` regenerates them); the browser and database tests need Debian's chromium and
# postgresql, installed with apt-get when missing, or a clear stop saying what to install.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP_APP  := $(VENV)/.installed-app
STAMP_TEST := $(VENV)/.installed-test
STAMP_BENCH := $(VENV)/.installed-bench
STAMP_MYPYC := $(VENV)/.installed-mypyc

CHROMIUM   := /usr/bin/chromium
NGINX_BIN  := /usr/sbin/nginx
PG_MARK    := /usr/share/postgresql-common/pg_wrapper
CJK_FONT   := /usr/share/fonts/truetype/wqy/wqy-microhei.ttc
SYSTEM_PACKAGES := tools/system-packages.sh

.PHONY: run serve test lint typecheck pytest bench lock clean puzzles native

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' || \
	  { echo "make: Python 3.11 or newer is needed (set PYTHON=python3.11 or newer)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_APP): pyproject.toml requirements/app.lock | $(PY)
	$(PY) -m pip install --quiet -r requirements/app.lock
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

$(STAMP_TEST): pyproject.toml requirements/test.lock | $(PY)
	$(PY) -m pip install --quiet -r requirements/test.lock
	$(PY) -m pip install --quiet --no-deps -e .
	touch $(STAMP_APP) $@

# What only the benchmarks use (pyproject.toml's bench extra): RLCard, the figures beside ours in
# benchmarks/playouts.py. requirements/bench.lock pins it and what it needs, on top of test.lock.
$(STAMP_BENCH): pyproject.toml requirements/bench.lock | $(STAMP_TEST)
	$(PY) -m pip install --quiet -r requirements/bench.lock
	touch $@

# mypy's compiler, mypyc, at test.lock's versions (the test tools bring the same), for `make run`
# too; setuptools drives the C compiler. Without them the play-outs run as Python.
$(STAMP_MYPYC): requirements/test.lock | $(STAMP_APP)
	$(PY) -m pip install --quiet -c requirements/test.lock mypy setuptools || \
	  echo "make: mypyc could not be installed; the play-outs run as Python"
	touch $@

# The play-outs compiled by mypyc (trainer/coach/native.py, tools/build_native.py): built again
# when a source file it read has changed, else nothing to do; it never stops make — without a C
# compiler it says so and the Python modules run, the same play-outs, slower.
native: $(STAMP_MYPYC)
	$(PY) tools/build_native.py

run: $(STAMP_APP) native
	$(PY) -m streamlit run trainer/asgi.py

# Several replicas behind nginx on a local PostgreSQL kept in .serve/ (a try of the arrangement a
# school or club would run; docs/deployment.md). REPLICAS=3 make serve for more.
REPLICAS ?= 2
serve: $(STAMP_APP) native $(NGINX_BIN) $(PG_MARK)
	grep -E '^psycopg' requirements/test.lock | $(PY) -m pip install --quiet -r /dev/stdin
	$(PY) -m trainer.cli serve --replicas $(REPLICAS) --port 8500 --postgres .serve/postgres

lint: $(STAMP_TEST)
	$(PY) -m ruff check trainer tests benchmarks
	$(VENV)/bin/lint-imports

typecheck: $(STAMP_TEST)
	$(PY) -m mypy --strict trainer

# The browser tests drive Debian's Chromium (Playwright's own download does not work offline);
# the database tests start a throwaway PostgreSQL cluster from Debian's binaries.
$(CHROMIUM):
	@sh $(SYSTEM_PACKAGES) chromium fonts-wqy-microhei

# A Chinese font for the browser's pages and screenshots (中文 drawn, not boxes).
$(CJK_FONT):
	@sh $(SYSTEM_PACKAGES) fonts-wqy-microhei

$(PG_MARK):
	@sh $(SYSTEM_PACKAGES) postgresql

$(NGINX_BIN):
	@sh $(SYSTEM_PACKAGES) nginx-light

pytest: $(STAMP_TEST) native $(CHROMIUM) $(CJK_FONT) $(PG_MARK) $(NGINX_BIN)
	$(PY) -m pytest

test: lint typecheck pytest

bench: $(STAMP_TEST) $(STAMP_BENCH) native $(CHROMIUM) $(CJK_FONT) $(PG_MARK) $(NGINX_BIN)
	$(PY) benchmarks/run.py
	$(PY) benchmarks/game.py
	$(PY) benchmarks/safety.py
	$(PY) benchmarks/risk.py
	$(PY) benchmarks/proof_availability.py
	$(PY) benchmarks/risk_readings.py
	$(PY) benchmarks/practice.py
	$(PY) benchmarks/play.py
	$(PY) benchmarks/coach.py
	$(PY) benchmarks/playouts.py
	$(PY) benchmarks/mastery.py
	$(PY) benchmarks/pages.py
	$(PY) benchmarks/lessons_browser.py
	$(PY) benchmarks/load.py
	$(PY) benchmarks/abuse.py

# Regenerate the shipped puzzle bank from simulated hands, then re-check and measure it.
puzzles: $(STAMP_TEST)
	$(PY) tools/make_puzzle_bank.py
	$(VENV)/bin/dou14 puzzles check trainer/data/puzzles/*.jsonl
	$(VENV)/bin/dou14 puzzles stats trainer/data/puzzles/*.jsonl

# Regenerate the lock files from pyproject.toml (needs pip-tools: pip install pip-tools). The bench
# extra's requirements/bench.lock lists RLCard and what it needs only, pinned by hand beside them.
lock:
	pip-compile --quiet --no-emit-index-url --no-emit-find-links --strip-extras \
	  -o requirements/app.lock pyproject.toml
	pip-compile --quiet --no-emit-index-url --no-emit-find-links --strip-extras \
	  --extra test --extra postgres -o requirements/test.lock pyproject.toml

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis trainer/coach/_compiled build
