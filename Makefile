# Two entry points, both idempotent on a fresh clone:
#   make start   set up, then run the main job
#   make test    set up, then run the whole test suite
VENV  ?= .venv
PY    := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup start test

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

start: setup
	$(VENV)/bin/designer validate scenarios/
	$(VENV)/bin/designer show scenarios/night-shift.json

test: setup
	$(VENV)/bin/pytest
