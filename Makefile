# The two set-up commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run run-cluster test lint bench bench-peer clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Meja needs Python 3.11 or newer (found " + sys.version.split()[0] + ")")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@rm -f $(VENV)/.installed-* && touch $@

## Start the service on the embedded SQLite default at http://127.0.0.1:8000
run: $(STAMP)
	$(VENV)/bin/alembic upgrade head
	$(PY) -m app --host $(HOST) --port $(PORT)

## N server processes on one PostgreSQL and one port (DATABASE_URL must be PostgreSQL):
## uvicorn's workers share the listening socket, the kernel spreads connections over them,
## and a worker that dies is restarted; games travel between them by LISTEN/NOTIFY.
WORKERS ?= 4
run-cluster: $(STAMP)
	@case "$$DATABASE_URL" in postgres*) ;; *) echo "run-cluster needs DATABASE_URL=postgresql://... (SQLite is one process)"; exit 2;; esac
	$(VENV)/bin/alembic upgrade head
	$(PY) -m app --host $(HOST) --port $(PORT) --workers $(WORKERS)

## Install what the tests need (PostgreSQL cluster, Chromium) and run the whole suite
test: $(STAMP)
	bash scripts/run-tests.sh

lint: $(STAMP)
	$(VENV)/bin/ruff check .

## Engine throughput (random full games per second per game)
bench: $(STAMP)
	$(PY) bench/engines.py

## Meja vs boardgame.io on the same load (see bench/README.md)
bench-peer: $(STAMP)
	bash bench/peer/run.sh

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis
