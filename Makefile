# Two commands do all set-up on a fresh machine:
#   make lab    opens JupyterLab on the lessons
#   make test   runs the whole test suite (engine, widgets, notebooks, real browser)
# Each creates the virtual environment it needs in .venv, pinned to binder/requirements.txt.

VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Jupyter refuses to run as root (a container, a classroom VM) unless told it may.
LAB_ARGS ?= $(if $(filter 0,$(shell id -u)),--allow-root)

$(STAMP): pyproject.toml binder/requirements.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c binder/requirements.txt -e '.[lab,test]'
	touch $(STAMP)

.PHONY: lab test lint bench binder-check clean
lab: $(STAMP)
	$(VENV)/bin/jupyter lab $(LAB_ARGS) notebooks/00_welcome.ipynb

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check . && $(VENV)/bin/ruff format --check .

bench: $(STAMP)
	for script in benchmarks/[!_]*.py; do $(PY) $$script || exit 1; done

binder-check: $(STAMP)
	bash scripts/check_binder.sh

clean:
	rm -rf $(VENV) build *.egg-info
