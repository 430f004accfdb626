# genpnp: `make pdf` builds every game into out/, `make test` runs the whole suite.
# Both create the virtual environment first; a fresh machine needs only python3 and make.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: all pdf test lint typecheck bench preview release clean

all: pdf

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

pdf: $(STAMP)
	$(BIN)/genpnp build --out out
	@echo "genpnp is installed in $(BIN): run $(BIN)/genpnp, or put it on your PATH to type genpnp as the docs do:"
	@echo '  export PATH="$$PWD/$(BIN):$$PATH"    (or: . $(BIN)/activate)'

test: $(STAMP) lint typecheck
	$(BIN)/python -m pytest

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
