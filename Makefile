# dodnb — two entry points:
#   make lab    open the tour notebook in JupyterLab (creates .venv on first use)
#   make test   every test: unit/property tests, notebooks under nbval, the real-browser test
# Works from a fresh clone: creates .venv with the machine's python3, installs the package into it,
# and (for `make test`) Debian's chromium and fonts-liberation if /usr/bin/chromium is missing.
# Re-runs skip the install while pyproject.toml is unchanged (stamp file named by its hash).
#
#   make test PYTEST_ARGS='-k layers'      extra pytest arguments
#   make test PYTEST_ARGS='-m "not browser"'
#   make lab LAB_ARGS='--no-browser --port 8899'

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check
PYTEST_ARGS ?=
NOTEBOOK ?= notebooks/01_tour.ipynb
CHROMIUM := /usr/bin/chromium
LIBERATION := /usr/share/fonts/truetype/liberation

# Stamps carry a hash of pyproject.toml: any edit there reinstalls.
KEY := $(shell sha256sum pyproject.toml | cut -c1-16)
TEST_STAMP := $(VENV)/.dodnb-test-$(KEY)
LAB_STAMP := $(VENV)/.dodnb-lab-$(KEY)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Jupyter refuses to run as root without being told (containers, CI machines)
LAB_ARGS ?=
# Jupyter refuses to start as root without this (the project's machines run as root)
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

# nbval runs the course notebooks, English and French (tests/browser/*.ipynb are fixtures, not collected)
TEST_PATHS = tests $(wildcard notebooks/*.ipynb) $(wildcard notebooks/fr/*.ipynb)
NBVAL_ARGS := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg
# One worker per core; a file's tests stay together in one worker, in order (a notebook's cells
# share one kernel). Files are handed out in collection order, the longest two first, one per worker
# (tests/conftest.py, LONGEST_FIRST). Serial: make test PYTEST_ARGS='-p no:xdist'
XDIST_ARGS := -n auto --dist loadfile --no-loadscope-reorder

.PHONY: help lab test chromium venv clean git-filter lab-settings

# The package and its extras, editable, into the venv: with uv (itself installed by pip; the same
# versions as pip resolves, in seconds instead of a minute), or with pip alone if uv cannot.
define install
	$(PIP) install -q --progress-bar off uv && $(BIN)/python -m uv pip install -q --python $(BIN)/python -e '$(1)' \
	  || $(PIP) install -q --progress-bar off -e '$(1)'
endef

help:
	@echo "make lab    open $(NOTEBOOK) in JupyterLab"
	@echo "make test   run every test (installs what is missing first)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

venv: $(BIN)/python

$(TEST_STAMP): | $(BIN)/python
	rm -f $(VENV)/.dodnb-test-*
	$(call install,.[test])
	touch $@

$(LAB_STAMP): | $(BIN)/python
	rm -f $(VENV)/.dodnb-lab-*
	$(call install,.[lab])
	touch $@

# Debian's browser for the real-browser test (Playwright drives it; no browser download).
chromium:
	@if [ ! -x $(CHROMIUM) ] || [ ! -d $(LIBERATION) ]; then \
	  echo "Installing Debian chromium and fonts-liberation"; \
	  $(SUDO) apt-get update -q; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-liberation; \
	fi

# Git stores the notebooks without what a run changes for no reason (execution counts, widget model
# ids, saved widget state): tools/nbclean.py, a clean filter named in .gitattributes. Running a
# notebook then leaves `git status` clean. Local to this clone's git config; skipped outside git.
git-filter:
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
	  git config filter.dodnb-notebook.clean 'python3 tools/nbclean.py'; \
	  git config filter.dodnb-notebook.smudge cat; \
	fi

# A notebook reopened the next day shows each widget's still picture and "Run the notebook to play
# again", not dead controls: the lab of this venv saves no widget state (jupyter/overrides.json) and
# its server opens a notebook with no kernel running for it without the widget views that have a
# still (dodnb.labserver.CourseContentsManager, set in the venv's server config: JupyterLab,
# Notebook 7 and Voila from .venv all read it).
LAB_SETTINGS_DIR := $(VENV)/share/jupyter/lab/settings
SERVER_CONFIG_DIR := $(VENV)/etc/jupyter/jupyter_server_config.d
lab-settings: | $(BIN)/python
	@$(BIN)/python tools/lab_settings.py $(LAB_SETTINGS_DIR) $(SERVER_CONFIG_DIR)

# HOME is a throw-away folder: Jupyter, IPython and Chromium write there.
test: $(TEST_STAMP) chromium
	@home="$$(mktemp -d "$${TMPDIR:-/tmp}/dodnb-home.XXXXXX")"; \
	trap 'rm -rf "$$home"' EXIT; \
	echo "HOME=$$home $(BIN)/python -m pytest $(TEST_PATHS) $(NBVAL_ARGS) $(XDIST_ARGS) $(PYTEST_ARGS)"; \
	HOME="$$home" JUPYTER_PLATFORM_DIRS=1 \
	  $(BIN)/python -m pytest $(TEST_PATHS) $(NBVAL_ARGS) $(XDIST_ARGS) $(PYTEST_ARGS)

# Serves the repository root (not only notebooks/): the notebooks' links to ../docs/*.md open in the lab.
# The kernel's WebSocket with TCP_NODELAY: the map answers the mouse 10-20 ms sooner (dodnb/labserver.py).
lab: $(LAB_STAMP) lab-settings git-filter
	$(BIN)/jupyter lab $(ROOT_FLAG) --ServerApp.root_dir=. \
	  --ServerApp.kernel_websocket_connection_class=dodnb.labserver.NoDelayKernelConnection $(LAB_ARGS) $(NOTEBOOK)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
