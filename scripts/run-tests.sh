#!/usr/bin/env bash
# `make test`: provide what the suite needs, then run all of it (nothing is skipped).
# - PostgreSQL: DATABASE_URL if set (it must be PostgreSQL), else a throwaway cluster.
# - Chromium: Debian's /usr/bin/chromium, installed with apt-get when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.venv

fail() { echo "make test: $*" >&2; exit 1; }

# --- the browser -------------------------------------------------------------------------
if [[ ! -x /usr/bin/chromium ]]; then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "make test: installing Debian's chromium (once)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
      || fail "could not install chromium; run: sudo apt-get install -y chromium"
  else
    fail "the e2e tests need Debian's Chromium at /usr/bin/chromium; run: sudo apt-get install -y chromium"
  fi
fi

# --- the database ------------------------------------------------------------------------
PGDIR=""
cleanup() { [[ -n $PGDIR ]] && bash scripts/test-postgres.sh stop "$PGDIR" || true; }
trap cleanup EXIT
if [[ -n ${DATABASE_URL:-} ]]; then
  [[ $DATABASE_URL == postgres* ]] || fail "DATABASE_URL must point at PostgreSQL for the tests (got ${DATABASE_URL%%:*})"
  export MEJA_TEST_PG_URL=$DATABASE_URL
else
  PGDIR=$(mktemp -d /tmp/meja-test-pg.XXXXXX)
  chmod 755 "$PGDIR"
  PORT=$($VENV/bin/python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  MEJA_TEST_PG_URL=$(bash scripts/test-postgres.sh start "$PGDIR" "$PORT") \
    || fail "could not start a throwaway PostgreSQL; install it with: apt-get install -y postgresql"
  export MEJA_TEST_PG_URL
fi
unset DATABASE_URL

# --- lint, types, then the suite -----------------------------------------------------------------
$VENV/bin/ruff check . || fail "ruff found problems (see above)"
$VENV/bin/mypy || fail "mypy found type errors in engines/ or app/ (see above)"
export MEJA_BOT_DELAY=0
$VENV/bin/python -m pytest -n 2 --dist load -p no:cacheprovider "$@"
