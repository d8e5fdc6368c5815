#!/bin/sh
# The container's start-up step: wait for the database, apply migrations, then serve.
# The Dockerfile runs it as the non-root user `meja`; tests/app/test_container_start.py runs
# the same script as an unprivileged user against a local PostgreSQL.
set -eu
PY=${PYTHON:-python3}
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?DATABASE_URL must point at the PostgreSQL service}"
tries=0
until $PY -m alembic upgrade head; do
  tries=$((tries + 1))
  if [ "$tries" -ge 30 ]; then
    echo "container-start: the database did not accept migrations after 30 tries" >&2
    exit 1
  fi
  echo "container-start: database not ready, retrying in 2 s" >&2
  sleep 2
done
exec $PY -m app --host "${HOST:-0.0.0.0}" --port "${PORT:-8000}"
