#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the test suite (and the benchmark).
#
#   scripts/test-postgres.sh start DIR PORT   -> prints the DATABASE_URL on stdout
#   scripts/test-postgres.sh stop DIR
#
# initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
# Stock durability (fsync, synchronous_commit on): the suite tests what production runs.
set -euo pipefail
cmd=${1:?usage: start DIR PORT | stop DIR}
dir=${2:?data directory}

bindir=""
for d in /usr/lib/postgresql/*/bin; do [[ -x $d/initdb ]] && bindir=$d; done
if [[ -z $bindir ]] && command -v initdb >/dev/null; then bindir=$(dirname "$(readlink -f "$(command -v initdb)")"); fi
if [[ -z $bindir ]]; then
  echo "test-postgres: PostgreSQL server binaries not found. Install them: apt-get install -y postgresql" >&2
  exit 1
fi

as_owner() {
  if [[ $(id -u) == 0 ]]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

case $cmd in
  start)
    port=${3:?port}
    rm -rf "$dir"; mkdir -p "$dir"
    [[ $(id -u) == 0 ]] && { id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres; chown postgres "$dir"; }
    as_owner "$bindir/initdb" -D "$dir/data" -U meja --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200 -c fsync=on -c synchronous_commit=on" start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bindir/createdb" -h 127.0.0.1 -p "$port" -U meja meja
    echo "postgresql+psycopg://meja@127.0.0.1:$port/meja"
    ;;
  stop)
    [[ -d $dir/data ]] && as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: start DIR PORT | stop DIR" >&2; exit 2 ;;
esac
