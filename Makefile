# Two entry points, both idempotent on a fresh clone:
#   make start   set up, then run the main job
#   make test    set up, then run the whole test suite
VENV  ?= .venv
PY    := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup start test bundle browser golden app screenshot

$(STAMP): pyproject.toml setup.py designer/engine/rng.py designer/engine/rng.pxd designer/engine/typed/play.py designer/bench/kernel.py \
  designer/engine/state.py designer/engine/board.py designer/engine/policies.py designer/engine/view.py
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

start: setup
	$(VENV)/bin/jupyter lab notebooks/01-design-a-scenario.ipynb

# Rebuild the map canvas bundle (committed in designer/widgets/static/) from its JavaScript source.
bundle:
	cd designer/widgets/js && npm ci && npm run build

# Regenerate the golden playthroughs (tests/golden/) after a deliberate change to the rules.
golden: setup
	$(PY) -m designer.engine.golden tests/golden scenarios

# PYTEST_WORKERS=2 runs two pytest-xdist workers (faster on an idle 2-core machine); --dist
# loadgroup then keeps the Dask tests on one worker (one cluster) and the notebook and browser
# tests on one worker. The default, 0, runs in one process: on a machine already busy with other
# work, the browser tests' servers get too little CPU beside a second worker.
PYTEST_WORKERS ?= 0

test: setup browser
	DESIGNER_BROWSER_TESTS=1 $(VENV)/bin/pytest -n $(PYTEST_WORKERS) --dist loadgroup

# Browser tests drive Debian's Chromium (Playwright cannot download browsers here).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else \
	    echo "browser tests skipped: install Debian's chromium (sudo apt-get install chromium)"; \
	  fi; \
	fi

# The designer as a standalone web app (Voilà).
app: setup
	$(VENV)/bin/voila notebooks/designer-app.ipynb

# Screenshots for docs/: the browser tests save them when DESIGNER_SCREENSHOTS names a folder
# (a plain `make test` never writes into the checkout).
screenshot: setup browser
	DESIGNER_BROWSER_TESTS=1 DESIGNER_SCREENSHOTS=$(CURDIR)/docs $(VENV)/bin/pytest tests/test_browser.py -q \
	  -k "seven_zone or voila_app or tile_sample or tune_in_the"
