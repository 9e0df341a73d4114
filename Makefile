# Two commands do all set-up on a fresh machine:
#   make lab    opens JupyterLab on the lessons
#   make test   runs the whole test suite (engine, widgets, notebooks, real browser)
# Each creates the virtual environment it needs in .venv, pinned to binder/requirements.txt.
# Without make (Windows), the README gives the same three steps as plain commands.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
OLDEST := 3, 10
# Jupyter refuses to run as root (a container, a classroom VM) unless told it may.
LAB_ARGS ?= $(if $(filter 0,$(shell id -u)),--allow-root)
# pytest-xdist workers; loadscope keeps a notebook's cells (and a browser test file's tests,
# with their JupyterLab) on one worker.
JOBS ?= auto

# A .venv made by a Python older than 3.10, or by one an upgrade has since removed, would
# make every later run fail inside pip or pytest until `make clean`: recreate it instead.
VENV_OK := $(shell [ ! -d $(VENV) ] || $(PY) -c 'import sys; sys.exit(sys.version_info < ($(OLDEST)))' 2>/dev/null && echo yes)
ifneq ($(VENV_OK),yes)
$(STAMP): stale-venv
endif
.PHONY: stale-venv
stale-venv:
	@echo "$(VENV) was made by a Python older than 3.10, or by one that is gone: recreating it"
	rm -rf $(VENV)

$(STAMP): pyproject.toml binder/requirements.txt binder/voila.json
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < ($(OLDEST)))' 2>/dev/null || { \
	  echo "Python 3.10 or newer is needed; '$(PYTHON)' is: $$($(PYTHON) -V 2>&1)."; \
	  echo "Install one, then e.g.: make PYTHON=python3.12 $(MAKECMDGOALS)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c binder/requirements.txt -e '.[lab,test]'
	mkdir -p $(VENV)/etc/jupyter && cp binder/voila.json $(VENV)/etc/jupyter/voila.json
	touch $(STAMP)

.PHONY: lab test lint bench binder-check binder-lock binder-link clean
lab: $(STAMP)
	$(VENV)/bin/jupyter lab $(LAB_ARGS) notebooks/00_welcome.ipynb

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) -m pytest -n $(JOBS) --dist loadscope

lint: $(STAMP)
	$(VENV)/bin/ruff check . && $(VENV)/bin/ruff format --check .

bench: $(STAMP)
	for script in benchmarks/[!_]*.py; do $(PY) $$script || exit 1; done

binder-check: $(STAMP)
	bash scripts/check_binder.sh

# binder/requirements.in -> binder/requirements.txt, resolved on repo2docker's base environment
binder-lock: $(STAMP)
	$(PY) scripts/binder.py lock

# the Binder badge for this clone's GitHub remote; WRITE=1 puts it in the README and the
# welcome notebook (every mybinder.org link there)
binder-link:
	$(PYTHON) scripts/binder.py link $(if $(WRITE),--write)

clean:
	rm -rf $(VENV) build *.egg-info
