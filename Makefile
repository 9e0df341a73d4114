# Two commands do all set-up on a fresh machine:
#   make lab    opens JupyterLab on the lessons (installs the project with its lab extra)
#   make test   runs the whole test suite (engine, widgets, notebooks, real browser; adds the
#               test extra)
# and one checks a change in under two minutes:
#   make check  lint, types, and the tests of the rules, the protocol and the golden games
# Each creates the virtual environment it needs in .venv, pinned by constraints.txt (one pin
# per package and supported Python; Binder's own exact pins are binder/requirements.txt).
# Without make (Windows), the README gives the same steps as plain commands.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
LAB_STAMP := $(VENV)/.installed-lab
TEST_STAMP := $(VENV)/.installed-test
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
$(VENV)/bin/python: stale-venv
endif
.PHONY: stale-venv
stale-venv:
	@echo "$(VENV) was made by a Python older than 3.10, or by one that is gone: recreating it"
	rm -rf $(VENV)

$(VENV)/bin/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < ($(OLDEST)))' 2>/dev/null || { \
	  echo "Python 3.10 or newer is needed; '$(PYTHON)' is: $$($(PYTHON) -V 2>&1)."; \
	  echo "Install one, then e.g.: make PYTHON=python3.12 $(MAKECMDGOALS)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

# what the lessons need (the README's set-up without make installs the same). The bytecode is
# made at once, as a non-editable install (pip, Binder) makes it: a class tournament's sandbox
# cannot write it, and without it each student's sandbox compiles the engine afresh (0.45 s of
# CPU) and forks every seat from a template 2 MB larger (benchmarks/README, issue 33 round six).
$(LAB_STAMP): $(VENV)/bin/python pyproject.toml constraints.txt
	$(PY) -m pip install -q -c constraints.txt -e '.[lab]'
	$(PY) -m compileall -q engine classplay tabletop_widgets
	touch $(LAB_STAMP)

# and the test tools
$(TEST_STAMP): $(LAB_STAMP)
	$(PY) -m pip install -q -c constraints.txt -e '.[lab,test]'
	touch $(TEST_STAMP)

.PHONY: lab test check lint rooms bench binder-check binder-lock binder-link constraints clean
# The server's root is the project folder, so every link of the README and the notebooks
# opens (docs/, the play pages at /voila/render/notebooks/play/...), and Voila reads
# ./voila.json from the folder it starts in. The project folder is put on Jupyter's config path
# (after the user's own ~/.jupyter, which still wins), so the server reads
# ./jupyter_server_config.json too: kernels of closed Voila pages are culled, as on Binder.
lab: export JUPYTER_CONFIG_PATH := $(CURDIR)$(if $(JUPYTER_CONFIG_PATH),:$(JUPYTER_CONFIG_PATH))
lab: $(LAB_STAMP)
	$(VENV)/bin/jupyter lab $(LAB_ARGS) --ServerApp.root_dir=. notebooks/00_welcome.ipynb

# the room server, for a class at one table (docs/teaching.md); its rooms kept in rooms.sqlite
rooms: $(LAB_STAMP)
	$(VENV)/bin/tabletop-rooms serve --db rooms.sqlite

test: $(TEST_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) -m pytest -n $(JOBS) --dist loadscope -rfE

# The fast tier: the engine's tests and doctests and the project's own (tests/test_*.py),
# without the tests marked slow or browser, and without nbval (its plugin alone takes seconds
# to import in every worker; no notebook runs here), so addopts is given without it.
CHECK_TESTS := tests/engine $(wildcard tests/test_*.py) engine
check: $(TEST_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) -m pytest -n $(JOBS) --dist loadscope -p no:nbval -o addopts="--doctest-modules -p no:cacheprovider" -m "not slow and not browser" $(CHECK_TESTS)

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check . && $(VENV)/bin/ruff format --check .

bench: $(TEST_STAMP)
	for script in benchmarks/[!_]*.py; do $(PY) $$script || exit 1; done

binder-check: $(TEST_STAMP)
	bash scripts/check_binder.sh

# binder/requirements.in -> binder/requirements.txt, resolved on repo2docker's base environment
binder-lock: $(TEST_STAMP)
	$(PY) scripts/binder.py lock

# binder/requirements.txt and pyproject.toml -> constraints.txt, resolved on every supported
# Python (3.10 to 3.13; each must be installed: pyenv, or python3.X on PATH)
constraints: $(LAB_STAMP)
	$(PY) scripts/binder.py constraints

# the Binder badge for this clone's GitHub remote; WRITE=1 puts it in the README and the
# welcome notebook (every mybinder.org link there)
binder-link:
	$(PYTHON) scripts/binder.py link $(if $(WRITE),--write)

clean:
	rm -rf $(VENV) build *.egg-info
