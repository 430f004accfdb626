# genpnp: `make pdf` builds every game into out/, `make test` runs the whole suite.
# Both create the virtual environment first; a fresh machine needs only python3 and make.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: all pdf test lint typecheck bench preview release clean browser

all: pdf

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

pdf: $(STAMP)
	$(BIN)/genpnp build --out out
	@echo "genpnp is installed in $(BIN): run $(BIN)/genpnp, or put it on your PATH to type genpnp as the docs do:"
	@echo '  export PATH="$$PWD/$(BIN):$$PATH"    (or: . $(BIN)/activate)'

test: $(STAMP) lint typecheck browser
	$(BIN)/python -m pytest

# The browser tests (tests/test_serve_browser.py) drive Debian's chromium: installed here where it is missing
# and can be (as root, with apt-get); elsewhere those tests are skipped and say so.
browser:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing chromium (Debian) for the browser tests"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
			|| echo "chromium could not be installed: the browser tests will be skipped"; fi

lint: $(STAMP)
	$(BIN)/ruff check genpnp tests bench tools

typecheck: $(STAMP)
	$(BIN)/mypy genpnp

bench: $(STAMP)
	$(BIN)/python bench/run.py

preview: $(STAMP)
	for game in $$($(BIN)/genpnp list | grep -v '^ ' | cut -d: -f1); do \
		$(BIN)/genpnp preview $$game --out out/preview/$$game || exit 1; done

clean:
	rm -rf out .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
