#!/usr/bin/env bash
# `make test`: provide what the suite needs, then run all of it (nothing is skipped).
# - PostgreSQL: DATABASE_URL if set (it must be PostgreSQL), else a throwaway cluster
#   (Debian's postgresql server is installed with apt-get when its binaries are missing).
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
# Without DATABASE_URL the suite starts its own cluster, so it needs PostgreSQL's server
# binaries (initdb, pg_ctl): Debian's `postgresql` package, installed once when missing.
have_pg_server() {
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null
}
if [[ -z ${DATABASE_URL:-} ]] && ! have_pg_server; then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "make test: installing Debian's postgresql server (once)" >&2
    # The tests start their own throwaway clusters: no default cluster, no service start.
    mkdir -p /etc/postgresql-common
    [[ -f /etc/postgresql-common/createcluster.conf ]] \
      || echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.conf
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive UCF_FORCE_CONFFOLD=1 apt-get install -y -qq \
      -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold postgresql >/dev/null \
      || fail "could not install postgresql; run: sudo apt-get install -y postgresql"
  else
    fail "the tests need PostgreSQL's server (initdb); run: sudo apt-get install -y postgresql, or set DATABASE_URL to a PostgreSQL database"
  fi
  have_pg_server || fail "postgresql was installed but initdb is still missing"
fi
PGDIR=""
SIDE=""
cleanup() {
  [[ -n $PGDIR ]] && bash scripts/test-postgres.sh stop "$PGDIR" || true
  [[ -n $SIDE ]] && rm -rf "$SIDE" || true
}
trap cleanup EXIT
if [[ -n ${DATABASE_URL:-} ]]; then
  [[ $DATABASE_URL == postgres* ]] || fail "DATABASE_URL must point at PostgreSQL for the tests (got ${DATABASE_URL%%:*})"
  export MEJA_TEST_PG_URL=$DATABASE_URL
else
  # In memory when /dev/shm has room (a container's default 64 MB has not): the cluster keeps
  # its stock settings (fsync on), but a commit no longer waits for a disk, which was most of a
  # PostgreSQL test's time. No test crashes the database's host, so nothing they check changes.
  PGPARENT=/tmp
  if [[ -d /dev/shm && -w /dev/shm ]] \
      && (( $(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 { print $4 }') + 0 > 2097152 )); then
    PGPARENT=/dev/shm
  fi
  PGDIR=$(mktemp -d "$PGPARENT/meja-test-pg.XXXXXX")
  chmod 755 "$PGDIR"
  PORT=$($VENV/bin/python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  MEJA_TEST_PG_URL=$(bash scripts/test-postgres.sh start "$PGDIR" "$PORT") \
    || fail "could not start a throwaway PostgreSQL; install it with: apt-get install -y postgresql"
  export MEJA_TEST_PG_URL
fi
unset DATABASE_URL

# --- lint, then types and the Node tests beside the suite -------------------------------------
$VENV/bin/ruff check . || fail "ruff found problems (see above)"
# The wings of app/ import each other in one direction only (.importlinter, docs/architecture.md).
$VENV/bin/lint-imports || fail "lint-imports found an import across app/'s wings that .importlinter forbids (see above)"
# mypy (cold cache on a fresh clone) and the Node tests run at a lower priority while pytest
# runs: they use the CPU the suite leaves idle while it waits on sockets and the browser,
# instead of adding their minute in front of it. Their output is shown when they are done.
SIDE=$(mktemp -d /tmp/meja-test-side.XXXXXX)
nice -n 10 $VENV/bin/mypy >"$SIDE/mypy.log" 2>&1 & MYPY_PID=$!
nice -n 10 node --test tests/static/ >"$SIDE/node.log" 2>&1 & NODE_PID=$!
export MEJA_BOT_DELAY=0
# Three workers on CI's two cores: the browser tests mostly wait (for Chromium, for a bot's
# turn), so a third worker fills the CPU they leave idle: 792 s of pytest instead of 982 s
# on an idle 2-core machine, 14.2 min for all of `make test` from a clean clone.
# worksteal: a worker that runs out of tests takes some of the others' instead of idling while
# another plays the last long tests alone (tests are independent: own games, own lobbies).
status=0
# The slowest tests are listed at the end, so a CI log shows where the suite's time went.
$VENV/bin/python -m pytest -n 3 --dist worksteal -p no:cacheprovider --durations=30 "$@" || status=$?
wait $MYPY_PID || { cat "$SIDE/mypy.log" >&2; echo "make test: mypy found type errors in engines/ or app/ (see above)" >&2; status=1; }
wait $NODE_PID || { cat "$SIDE/node.log" >&2; echo "make test: the browser client's Node tests failed (see above)" >&2; status=1; }
exit $status
