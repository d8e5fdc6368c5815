#!/usr/bin/env bash
# Meja vs. boardgame.io on the peer harness's `race` workload, in one run.
#
#   bench/peer/run.sh                    # matrix (G,P) = (1,2) (10,2) (100,2) (100,4), D=20
#   bench/peer/run.sh -d 10 -c 100:2     # one cell, 10 s window
#   bench/peer/run.sh -r 3 -c 1:2 -c 10:2 --meja-only
#   bench/peer/run.sh --durable-peer --meja-workers 1,2   # with issue 17's two extra rows
#
# Options:
#   -d D            measured seconds per run (default 20; the peer's standard)
#   -w W            warmup seconds (default 2, as the peer)
#   -c G:P          a matrix cell; repeatable (default: 1:2 10:2 100:2 100:4)
#   -r REPS         repetitions of the whole matrix, interleaved (default 1)
#   --meja-only / --peer-only
#   --durable-peer  after each boardgame.io run, a second one on its PostgreSQL store
#                   (the harness's BGIO_PG_URL: bgio-postgres on a fresh database of the same
#                   cluster, stock durability), row "boardgame.io (PostgreSQL)"; its CPU and RSS
#                   include PostgreSQL's, as Meja's do (load-with-db.js)
#   --meja-workers N  Meja as `python -m app --workers N` (uvicorn's supervisor and N workers
#                   on one socket, games shared through LISTEN/NOTIFY) instead of one process on
#                   CPU0; rows "Meja xN". The workers and PostgreSQL are then NOT pinned: they
#                   share both CPUs with the load generator (still on CPU1); CPU and RSS are the
#                   whole process tree's plus PostgreSQL's. Default 1 (the pinned single
#                   process). A list runs each per cell: `--meja-workers 1,2` gives Meja and Meja x2
#   --python PY     run Meja's server (and its migrations) on the interpreter PY, in a venv of
#                   the project's dependencies made for it once (/tmp/meja-bench-venv-*), e.g.
#                   --python /usr/bin/python3.11: Debian's build is compiled with profile-guided
#                   and link-time optimization, as the production image's (python:3.11-slim) is;
#                   a pyenv build without --enable-optimizations is about 10 % slower per move.
#                   Default: the project's .venv (whatever `python3` made it)
#   --rev REV       run Meja from a clean export of commit REV (git archive into /tmp), not from
#                   the working tree (which others may be editing); e.g. --rev HEAD
#   --profile       record Meja with py-spy (PYSPY, default /tmp/pyspy-venv/bin/py-spy; on CPU1,
#                   non-blocking; PYSPY_IDLE=1 adds idle threads) into the logs folder and print
#                   its hottest functions (bench/peer/hot.py); such runs are for diagnosis only
#   -- ARGS         passed to both load generators (e.g. -- --invalid-every 50)
# Environment: NICE (e.g. -10: run both servers, PostgreSQL and both load generators at that
#   niceness, so other work on the machine disturbs the runs less; default 0), PEER_SRC (the harness, default /work/shared/peer-bench/boardgameio),
#   PEER_DIR (its scratch copy, default /tmp/peer-bgio), BENCH_WS_DEFLATE (0: the adapter does
#   not offer permessage-deflate; whether the server accepts it is the server's setting).
#
# Per run, for Meja: a fresh database in one throwaway PostgreSQL 15 cluster (stock durability:
# fsync and synchronous_commit on), `alembic upgrade head`, ONE server process
# (`python -m app`, the service's own uvicorn settings); PostgreSQL and
# Meja pinned to CPU0, the load generator to CPU1 (as the peer's run.sh pins its server and load).
# load-with-db.js wraps the harness's load.js and adds PostgreSQL's CPU and RSS over the window
# to Meja's. For the peer: the harness's own run.sh with the same G, D, P and WARMUP. The
# durable peer (--durable-peer): the harness's server.js with BGIO_PG_URL on CPU0, a fresh
# database of the same cluster per run, its load.js through load-with-db.js as for Meja.
# Everything listens on 127.0.0.1 only; everything started here is stopped on exit (trap).
# Result lines go to bench/results/peer-<stamp>.jsonl; the comparison table to stdout and to
# bench/results/peer-<stamp>.md.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
PEER_SRC=${PEER_SRC:-$REPO/../shared/peer-bench/boardgameio}
PEER_DIR=${PEER_DIR:-/tmp/peer-bgio}
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PY="$REPO/.venv/bin/python"

ORIG_ARGS=("$@")
REV= D=20 WARMUP=2 REPS=1 CELLS=() RUN_MEJA=1 RUN_PEER=1 EXTRA_ARGS=() PROFILE=0
DURABLE_PEER=0 MEJA_WORKERS=1 WORKER_LIST=1 INTERP=
PYSPY=${PYSPY:-/tmp/pyspy-venv/bin/py-spy}
NICE=${NICE:-0}
usage() { awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0" | sed 's/^# \{0,1\}//' >&2; exit 1; }
while [[ $# -gt 0 ]]; do
  case $1 in
    -d) D=$2; shift 2 ;;
    -w) WARMUP=$2; shift 2 ;;
    -c) CELLS+=("$2"); shift 2 ;;
    -r) REPS=$2; shift 2 ;;
    --meja-only) RUN_PEER=0; shift ;;
    --peer-only) RUN_MEJA=0; shift ;;
    --durable-peer) DURABLE_PEER=1; shift ;;
    --meja-workers) WORKER_LIST=$2; shift 2 ;;
    --profile) PROFILE=1; shift ;;
    --rev) REV=$2; shift 2 ;;
    --python) INTERP=$2; shift 2 ;;
    --) shift; EXTRA_ARGS=("$@"); break ;;
    -h|--help) usage ;;
    *) echo "run.sh: unknown option $1" >&2; usage ;;
  esac
done
[[ ${#CELLS[@]} -gt 0 ]] || CELLS=(1:2 10:2 100:2 100:4)
[[ $D =~ ^[1-9][0-9]*$ && $REPS =~ ^[1-9][0-9]*$ && $WARMUP =~ ^[0-9]+(\.[0-9]+)?$ ]] || usage
for c in "${CELLS[@]}"; do [[ $c =~ ^[1-9][0-9]*:[2-4]$ ]] || { echo "run.sh: bad cell $c" >&2; usage; }; done
[[ $WORKER_LIST =~ ^[1-9][0-9]?(,[1-9][0-9]?)*$ ]] || { echo "run.sh: --meja-workers takes N or N,M,... (1..99)" >&2; usage; }
if [[ $WORKER_LIST != 1 && ( $PROFILE == 1 || -n ${CPROFILE:-} || -n ${PRELUDE:-} ) ]]; then
  # py-spy, cProfile and the prelude would see the supervisor, not the workers.
  echo "run.sh: --profile, CPROFILE and PRELUDE need --meja-workers 1" >&2; exit 1
fi

log() { echo "run.sh: $*" >&2; }
[[ $NICE =~ ^-?[0-9]+$ ]] || { log "NICE must be an integer"; exit 1; }
NICE_CMD=()
if [[ $NICE != 0 ]]; then
  # With the kernel's autogroups (sched_autogroup_enabled=1) CPU time is shared per session
  # first, so a process niceness only counts inside its own session. Run the bench in a session
  # of its own and give that session's autogroup the niceness too; both end with the session.
  if [[ -z ${MEJA_BENCH_SESSION:-} ]]; then
    # A new session does not get the terminal's Ctrl-C: pass INT/TERM on to it, wait for its
    # own clean-up, and let it stop by itself should this parent disappear.
    MEJA_BENCH_SESSION=1 MEJA_BENCH_PARENT=$$ setsid "$0" "${ORIG_ARGS[@]}" &
    child=$!
    # The child leads its own process group: TERM reaches it and whatever it is waiting for
    # (load generator, servers), so its clean-up runs at once, not after the current run.
    trap 'kill -TERM -- "-$child" 2>/dev/null || kill -TERM "$child" 2>/dev/null' INT TERM
    rc=0
    wait "$child" || rc=$?
    while kill -0 "$child" 2>/dev/null; do wait "$child" || rc=$?; done
    exit "$rc"
  fi
  if [[ -w /proc/self/autogroup ]]; then
    echo "$NICE" >/proc/self/autogroup 2>/dev/null || log "could not set the autogroup's niceness"
  fi
  NICE_CMD=(nice -n "$NICE")
fi
# After the re-exec above, so that this runs once, in the bench's own session.
if [[ -n $INTERP ]]; then
  # A venv per interpreter and dependency list, made once: the project's dependencies only
  # (as the Dockerfile installs them), since the server runs from its source folder.
  real=$(command -v "$INTERP" 2>/dev/null) && real=$(readlink -f "$real") ||
    { log "--python: no interpreter $INTERP"; exit 1; }
  key=$( (echo "$real"; cat "$REPO/pyproject.toml") | cksum | cut -d' ' -f1)
  venv=/tmp/meja-bench-venv-$key
  if [[ ! -f $venv/.ready ]]; then
    log "making $venv for $real"
    rm -rf "$venv"
    deps=$(mktemp -d)  # pyproject.toml and empty packages: nothing is built in the repo
    cp "$REPO/pyproject.toml" "$deps/" && mkdir "$deps/app" "$deps/engines" &&
      touch "$deps/app/__init__.py" "$deps/engines/__init__.py"
    "$real" -m venv "$venv" && "$venv/bin/pip" install --quiet "$deps" &&
      "$venv/bin/pip" uninstall --quiet -y meja && touch "$venv/.ready" ||
      { rm -rf "$deps"; log "--python: could not make a venv for $real"; exit 1; }
    rm -rf "$deps"
  fi
  PY=$venv/bin/python
fi
PY_DESC=$("$PY" -c 'import sys; print(sys.version.split()[0], sys.base_prefix)')
log "Meja's interpreter: Python $PY_DESC"
free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
as_pg() { runuser -u postgres -- "$@"; }

# Pinning as the peer's run.sh does it: server side on CPU0, load generator on CPU1.
SERVER_CPU=() LOAD_CPU=() PINNED=0
if [[ $(nproc) -ge 2 ]] && taskset -c 0,1 true 2>/dev/null; then
  SERVER_CPU=(taskset -c 0) LOAD_CPU=(taskset -c 1) PINNED=1
else
  log "cannot pin to CPU0/CPU1; running unpinned"
fi

STAMP=$(date -u +%Y%m%dT%H%M%SZ)
RESULTS="$REPO/bench/results"
mkdir -p "$RESULTS"
OUT="$RESULTS/peer-$STAMP.jsonl"
LOGDIR="$RESULTS/logs-$STAMP"
mkdir -p "$LOGDIR"

# ---- cleanup: everything started here, by PID --------------------------------------------
PGDATA= SERVER_PID= SPY_PID= SRC_TMP=
stop_server() {
  if [[ -n ${CPROFILE:-} && -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -USR1 "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do [[ -s $CPROFILE ]] && break; sleep 0.1; done
  fi
  if [[ -n $SPY_PID ]] && kill -0 "$SPY_PID" 2>/dev/null; then
    kill -INT "$SPY_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SPY_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SPY_PID" 2>/dev/null || true
  fi
  SPY_PID=
  if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    # A multi-process server's workers, by PID, should its supervisor not take them along.
    local kids; kids=$(pgrep -P "$SERVER_PID" || true)
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    local pid
    for pid in $kids; do
      for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
    done
  fi
  SERVER_PID=
}
cleanup() {
  stop_server
  if [[ -n $PGDATA && -f $PGDATA/postmaster.pid ]]; then
    as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -m fast -t 20 stop >/dev/null 2>&1 || true
  fi
  [[ -n $PGDATA && -d $PGDATA ]] && cp -f "$PGDATA/server.log" "$LOGDIR/postgres.log" 2>/dev/null || true
  [[ -n $PGDATA && $PGDATA == /tmp/meja-bench-pg.* ]] && rm -rf "$PGDATA"
  PGDATA=
  [[ -n $SRC_TMP && $SRC_TMP == /tmp/meja-bench-src.* ]] && rm -rf "$SRC_TMP"
  SRC_TMP=
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- (a) the peer harness in a scratch folder --------------------------------------------
# The durable peer needs bgio-postgres, which older copies of the harness lack.
if [[ ! -d $PEER_DIR/node_modules/boardgame.io ]] || { [[ $RUN_PEER == 1 && $DURABLE_PEER == 1 ]] &&
    ! { [[ -d $PEER_DIR/node_modules/bgio-postgres ]] && grep -q BGIO_PG_URL "$PEER_DIR/server.js"; }; }; then
  log "copying $PEER_SRC to $PEER_DIR and installing it"
  rm -rf "$PEER_DIR"
  cp -r "$PEER_SRC" "$PEER_DIR"
  chmod -R u+w "$PEER_DIR"
  (cd "$PEER_DIR" && ./setup.sh >&2)
fi

# ---- (b) a throwaway PostgreSQL 15 cluster on CPU0 ---------------------------------------
PG_PORT=
start_postgres() {
  PGDATA=$(mktemp -d /tmp/meja-bench-pg.XXXXXX)
  chown postgres: "$PGDATA"
  chmod 700 "$PGDATA"
  as_pg "$PGBIN/initdb" -D "$PGDATA" -U postgres -A trust -E UTF8 --no-instructions >/dev/null
  PG_PORT=$(free_port)
  # Stock durability, said out loud: every commit waits for its WAL flush. PG_DIAG_OPTS (e.g.
  # "-c synchronous_commit=off") is for diagnosis only: such figures are not Meja's.
  # nice before runuser: only root may lower a niceness; the backends inherit it.
  "${NICE_CMD[@]}" runuser -u postgres -- "${SERVER_CPU[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -c unix_socket_directories=$PGDATA -c fsync=on -c synchronous_commit=on ${PG_DIAG_OPTS:-}" \
    start >/dev/null
  PG_PID=$(head -n1 "$PGDATA/postmaster.pid")
  log "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT, postmaster $PG_PID, data $PGDATA"
}
# Moves the cluster (postmaster and every process it has forked; new backends inherit the
# postmaster's mask) to CPUs $1: "0,1" for a multi-worker Meja run, back to "0" after it.
pg_cpus() {
  [[ $PINNED == 1 && -n ${PG_PID:-} ]] || return 0
  local pid
  for pid in "$PG_PID" $(pgrep -P "$PG_PID" || true); do
    taskset -p -c "$1" "$pid" >/dev/null 2>&1 || true
  done
}

# ---- (c) a fresh database and ONE Meja server on CPU0 ------------------------------------
MEJA_PORT= SERVER_LOG=
start_meja() {  # $1: database name
  local db=$1
  as_pg "$PGBIN/createdb" -h 127.0.0.1 -p "$PG_PORT" "$db"
  export DATABASE_URL="postgresql+psycopg://postgres@127.0.0.1:$PG_PORT/$db"
  (cd "$SRC" && "$PY" -m alembic upgrade head >"$LOGDIR/alembic-$db.log" 2>&1) || {
    log "alembic upgrade head failed:"; tail -n 20 "$LOGDIR/alembic-$db.log" >&2; return 1; }
  MEJA_PORT=$(free_port)
  SERVER_LOG="$LOGDIR/meja-$db.log"
  # The service's own way to serve, `python -m app` (its uvicorn settings: no per-frame
  # deflate, frame size limit); before app/__main__.py existed, uvicorn with the same flags.
  local mod=uvicorn args=(app.main:app --host 127.0.0.1 --port "$MEJA_PORT" --log-level warning
                          --no-access-log)
  if [[ -f $SRC/app/__main__.py ]]; then
    mod=app args=(--host 127.0.0.1 --port "$MEJA_PORT" --log-level warning)
  fi
  local cpus=("${SERVER_CPU[@]}")
  if [[ $MEJA_WORKERS -gt 1 ]]; then
    [[ $mod == app ]] || { log "--meja-workers needs app/__main__.py"; return 1; }
    args+=(--workers "$MEJA_WORKERS")
    cpus=()  # the workers share both CPUs (see the header)
  fi
  SERVER_CMD="python -m $mod ${args[*]}"
  local pyrun=(-m "$mod")
  # CPROFILE=FILE (diagnosis only): the event loop's thread under cProfile (written on SIGUSR1,
  # which stop_server sends first).
  [[ -n ${CPROFILE:-} ]] && pyrun=("$HERE/cprofile_server.py" "$CPROFILE" "$mod")
  # PRELUDE=FILE.py (diagnosis only): executed in the server process before the server starts,
  # e.g. to measure a proposed fix without touching app/.
  [[ -n ${PRELUDE:-} ]] && pyrun=(-c "import sys, runpy; runpy.run_path(sys.argv[1]); mod = sys.argv[2]; sys.argv = [mod] + sys.argv[3:]; runpy.run_module(mod, run_name='__main__', alter_sys=True)" "$PRELUDE" "$mod")
  # taskset execs python, so $! is the server's own PID (what load.js measures).
  # The load comes from one address: the per-address rate limits (app/config.py) are off.
  # A seat's actions per second (app/rtsettings.py: 500, set for people and floods) are out
  # of the way too: at G=1 a fast machine drives one seat past 500/s, and the rejections
  # cost round trips that the peer, with no limit, does not pay.
  (cd "$SRC" && exec "${NICE_CMD[@]}" env MEJA_BOT_DELAY=0 MEJA_RATE_LOBBIES=0 MEJA_RATE_JOINS=0 \
    MEJA_RATE_CLAIMS=0 MEJA_WS_ACTIONS_PER_SECOND=1000000 MEJA_WS_ACTION_BURST=1000000 \
    "${cpus[@]}" "$PY" "${pyrun[@]}" \
    "${args[@]}" \
    >"$SERVER_LOG" 2>&1) &
  SERVER_PID=$!
  for _ in $(seq 600); do  # at most 60 s (a busy machine starts Python slowly)
    # Several workers: ready once every one of them listens for the others' commits (its
    # startup opens the fan-out's LISTEN connection before it serves).
    if [[ $MEJA_WORKERS -le 1 || $(listeners "$db") -ge $MEJA_WORKERS ]] &&
        curl -fsS -o /dev/null --max-time 1 "http://127.0.0.1:$MEJA_PORT/api/games" 2>/dev/null; then
      return 0
    fi
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.1
  done
  log "Meja did not become ready; its log:"; tail -n 30 "$SERVER_LOG" >&2
  return 1
}

# Notes on the machine around a run (other work on it skews both servers): the 1-minute load
# average before and after, and the niceness used, added to the result line as "bench_env".
# Load generators or peer servers of ANOTHER bench (not of this session) running right now.
others_running() {
  local me n=0 pid
  me=$(ps -o sid= -p $$ | tr -d ' ')
  for pid in $(pgrep -f 'load\.js|load-with-db\.js|node server\.js' || true); do
    [[ $(ps -o sid= -p "$pid" 2>/dev/null | tr -d ' ') == "$me" ]] || n=$((n + 1))
  done
  echo "$n"
}

# The disk's commit limit just before a run (8 kB write + fdatasync per second in the
# cluster's data folder, bench/fsync_rate.py): G=1 cannot commit faster than this.
fsync_now() { "$PY" "$REPO/bench/fsync_rate.py" "${PGDATA:-/tmp}" --seconds 1 2>/dev/null || echo 0; }

annotate() {  # $1: load average before; $2: fdatasync/s before; stdin: the result line
  OTHERS=$(others_running) LA0=$1 FS0=${2:-0} LA1=$(cut -d' ' -f1 /proc/loadavg) NICE=$NICE node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      const r = JSON.parse(s);
      r.bench_env = { loadavg_1m_before: Number(process.env.LA0),
        loadavg_1m_after: Number(process.env.LA1), nice: Number(process.env.NICE),
        fdatasync_per_s_before: Number(process.env.FS0),
        other_bench_processes_at_end: Number(process.env.OTHERS) };
      console.log(JSON.stringify(r));
    });'
}

# Prints "commits events" of one database (pg_stat_database's xact_commit, which the query's
# own transaction does not change until it ends; the rows in events).
pg_stat_cmd() {
  printf '%q ' "$PGBIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "$1" -At -F ' ' -c \
    "select xact_commit, (select count(*) from events) from pg_stat_database where datname = current_database()"
}

# Meja's fan-out listeners connected to database $1 (one per server process).
listeners() {
  "$PGBIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "$1" -At -c \
    "select count(*) from pg_stat_activity where datname = current_database() and application_name = 'meja-listener'" 2>/dev/null || echo 0
}

# ---- (d) one Meja run ---------------------------------------------------------------------
run_meja() {  # G P rep
  local G=$1 P=$2 rep=$3 db="bench_g$1_p$2_r$3" line label=meja tree=() pinned=$PINNED
  if [[ $MEJA_WORKERS -gt 1 ]]; then
    label=meja-x$MEJA_WORKERS db+="_x$MEJA_WORKERS" tree=(--server-tree) pinned=0
    pg_cpus 0,1
  fi
  if ! start_meja "$db"; then
    stop_server
    pg_cpus 0
    echo "{\"label\":\"$label\",\"games\":$G,\"players\":$P,\"error\":\"server did not start\"}" >>"$OUT"
    return 0
  fi
  local extra
  extra=$(printf '{"server":"meja","server_version":"%s","source":"%s","command":"%s","python":"%s","store":"postgresql 15 (fsync on, synchronous_commit on)","workers":%s,"pinned":%s,"nproc":%s,"ws_deflate_offered_by_client":%s,"server_log":"%s"}' \
    "$SRC_VERSION" "$SRC_LABEL" "$SERVER_CMD" "$PY_DESC" "$MEJA_WORKERS" "$([[ $pinned == 1 ]] && echo true || echo false)" \
    "$(nproc)" "$([[ ${BENCH_WS_DEFLATE:-1} == 0 ]] && echo false || echo true)" "$SERVER_LOG")
  if [[ $MEJA_WORKERS -gt 1 ]]; then
    extra=${extra%\}}',"server_cpus":"all (workers and PostgreSQL unpinned; load generator on CPU1)","worker_pids":"'"$(pgrep -P "$SERVER_PID" | tr '\n' ' ' | sed 's/ $//')"'"}'
  fi
  log "Meja${tree:+ x$MEJA_WORKERS} G=$G P=$P D=$D (rep $rep): server pid $SERVER_PID port $MEJA_PORT"
  local la0 fs0; la0=$(cut -d' ' -f1 /proc/loadavg); fs0=$(fsync_now)
  [[ $(others_running) == 0 ]] || log "WARNING: another benchmark is running; these figures are disturbed"
  local spy_out="$LOGDIR/pyspy-$db.txt"
  if [[ $PROFILE == 1 ]]; then
    local idle=(); [[ ${PYSPY_IDLE:-0} == 1 ]] && idle=(--idle)
    "${LOAD_CPU[@]}" "$PYSPY" record --pid "$SERVER_PID" --rate 250 --nonblocking "${idle[@]}" \
      --threads --format raw --output "$spy_out" --duration "$(( ${WARMUP%.*} + D + 4 ))" \
      >"$LOGDIR/pyspy-$db.log" 2>&1 &
    SPY_PID=$!
  fi
  if line=$("${NICE_CMD[@]}" "${LOAD_CPU[@]}" node "$HERE/load-with-db.js" --harness "$PEER_DIR" \
      --db-pid "$PG_PID" --db-stat-cmd "$(pg_stat_cmd "$db")" \
      --proto "$HERE/proto-meja.js" --url "http://127.0.0.1:$MEJA_PORT" \
      --games "$G" --players "$P" --duration "$D" --warmup "$WARMUP" \
      --server-pid "$SERVER_PID" --server-log "$SERVER_LOG" --clk-tck "$(getconf CLK_TCK)" \
      "${tree[@]}" --label "$label" --extra "$extra" "${EXTRA_ARGS[@]}" 2>"$LOGDIR/load-meja-$db.log"); then :; else
    log "Meja load run exited with $?; its log:"; tail -n 5 "$LOGDIR/load-meja-$db.log" >&2
  fi
  grep -h '^\[load\] done' "$LOGDIR/load-meja-$db.log" >&2 || true
  [[ -n ${line:-} ]] && line=$(annotate "$la0" "$fs0" <<<"$line")
  if [[ -n ${line:-} ]]; then echo "$line" >>"$OUT"; echo "$line"; fi
  # Group commit at work: transactions and stored events in the window.
  if [[ -n ${line:-} ]]; then
    node -e 'const p = JSON.parse(process.argv[1]).server.postgres || {};
      if (p.commits !== undefined) console.error(`run.sh: PostgreSQL in the window: ${p.commits} commits, ${p.events} events (${p.events_per_commit} per commit)`);' "$line" || true
    [[ $MEJA_WORKERS -gt 1 ]] && node -e 'const s = JSON.parse(process.argv[1]).server;
      console.error(`run.sh: server tree (${s.app.processes_end} processes) CPU ${s.app.cpu_pct} %, with PostgreSQL ${s.cpu_pct} %`);' "$line" || true
  fi
  if [[ -n $SPY_PID ]]; then
    for _ in $(seq 150); do kill -0 "$SPY_PID" 2>/dev/null || break; sleep 0.1; done
    stop_server
    if [[ -s $spy_out ]]; then
      log "py-spy profile of G=$G P=$P: $spy_out"
      "$PY" "$HERE/hot.py" "$spy_out" --top 20 >"$LOGDIR/hot-$db.md" 2>&1 || true
      cat "$LOGDIR/hot-$db.md" >&2
    fi
  fi
  stop_server
  pg_cpus 0
}

# ---- (e) one peer run ---------------------------------------------------------------------
run_peer() {  # G P rep
  local G=$1 P=$2 plog="$LOGDIR/load-peer-g$1-p$2-r$3.log" line
  log "boardgame.io G=$G P=$P D=$D"
  local la0 fs0; la0=$(cut -d' ' -f1 /proc/loadavg); fs0=$(fsync_now)
  [[ $(others_running) == 0 ]] || log "WARNING: another benchmark is running; these figures are disturbed"
  if line=$(cd "$PEER_DIR" && PORT=$(free_port) WARMUP=$WARMUP PIN=1 "${NICE_CMD[@]}" ./run.sh "$G" "$D" "$P" \
      "${EXTRA_ARGS[@]}" 2>"$plog"); then :; else
    log "peer run exited with $?"; tail -n 5 "$plog" >&2
  fi
  grep -h '^\[load\] done' "$plog" >&2 || true
  [[ -n ${line:-} ]] && line=$(annotate "$la0" "$fs0" <<<"$line")
  if [[ -n ${line:-} ]]; then echo "$line" >>"$OUT"; echo "$line"; fi
}

# ---- (e2) one durable peer run: boardgame.io on bgio-postgres --------------------------------
# What the harness's run.sh does with BGIO_PG_URL (server.js on CPU0, READY, its PID checked,
# the same "extra"), but the load goes through load-with-db.js, so PostgreSQL's CPU and RSS
# count as the peer's, as they do for Meja.
run_peer_pg() {  # G P rep
  local G=$1 P=$2 rep=$3 db="bgio_g$1_p$2_r$3" line port
  local slog="$LOGDIR/bgio-pg-$db.log" plog="$LOGDIR/load-bgio-pg-$db.log"
  as_pg "$PGBIN/createdb" -h 127.0.0.1 -p "$PG_PORT" "$db"
  port=$(free_port)
  log "boardgame.io (PostgreSQL) G=$G P=$P D=$D (rep $rep)"
  (cd "$PEER_DIR" && exec "${NICE_CMD[@]}" env NODE_ENV=production PORT="$port" BGIO_DELTA=0 \
    BGIO_PG_URL="postgresql://postgres@127.0.0.1:$PG_PORT/$db" "${SERVER_CPU[@]}" node server.js \
    >"$slog" 2>&1) &
  SERVER_PID=$!
  for _ in $(seq 300); do
    grep -q '^READY ' "$slog" && break
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.1
  done
  local ready; ready=$(grep -m1 '^READY ' "$slog" || true)
  if [[ $ready != *" pid=$SERVER_PID "* ]]; then
    log "boardgame.io (PostgreSQL) did not become ready (or reports another PID); its log:"
    tail -n 20 "$slog" >&2
    stop_server
    echo "{\"label\":\"bgio-pg\",\"games\":$G,\"players\":$P,\"error\":\"server did not start\"}" >>"$OUT"
    return 0
  fi
  log "$ready"
  local extra
  extra=$(cd "$PEER_DIR" && PINNED=$PINNED SLOG=$slog node -e '
    const e = process.env;
    console.log(JSON.stringify({
      server: "boardgame.io",
      server_version: require("boardgame.io/package.json").version,
      store: "postgres (bgio-postgres)",
      store_version: require("bgio-postgres/package.json").version,
      postgres: "15 (fsync on, synchronous_commit on), the cluster Meja uses",
      note: "boardgame.io broadcasts a move before its write completes",
      delta: false, node_env: "production", pinned: e.PINNED === "1",
      nproc: require("os").cpus().length, server_log: e.SLOG,
    }));')
  local la0 fs0; la0=$(cut -d' ' -f1 /proc/loadavg); fs0=$(fsync_now)
  [[ $(others_running) == 0 ]] || log "WARNING: another benchmark is running; these figures are disturbed"
  local stat_cmd
  stat_cmd=$(printf '%q ' "$PGBIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "$db" -At -c \
    "select xact_commit from pg_stat_database where datname = current_database()")
  if line=$(cd "$PEER_DIR" && "${NICE_CMD[@]}" "${LOAD_CPU[@]}" node "$HERE/load-with-db.js" \
      --harness "$PEER_DIR" --db-pid "$PG_PID" --db-stat-cmd "$stat_cmd" \
      --server-name boardgame.io --proto ./proto-bgio.js --url "http://127.0.0.1:$port" \
      --games "$G" --players "$P" --duration "$D" --warmup "$WARMUP" --think-ms 0 \
      --server-pid "$SERVER_PID" --server-log "$slog" --clk-tck "$(getconf CLK_TCK)" \
      --label bgio-pg --extra "$extra" "${EXTRA_ARGS[@]}" 2>"$plog"); then :; else
    log "boardgame.io (PostgreSQL) load run exited with $?; its log:"; tail -n 5 "$plog" >&2
  fi
  grep -h '^\[load\] done' "$plog" >&2 || true
  [[ -n ${line:-} ]] && line=$(annotate "$la0" "$fs0" <<<"$line")
  if [[ -n ${line:-} ]]; then
    echo "$line" >>"$OUT"; echo "$line"
    node -e 'const s = JSON.parse(process.argv[1]).server; const p = s.postgres || {};
      console.error(`run.sh: with PostgreSQL: CPU ${s.cpu_pct} % (PG ${p.cpu_pct} %), ${p.commits} commits in the window (${p.commits_per_move} per move)`);' "$line" || true
  fi
  stop_server
}

# ---- (f) the matrix -------------------------------------------------------------------------
SRC=$REPO SRC_VERSION=$(git -C "$REPO" rev-parse --short HEAD) SRC_LABEL="working tree"
if [[ $RUN_MEJA == 1 ]]; then
  if [[ -n $REV ]]; then
    SRC_VERSION=$(git -C "$REPO" rev-parse --short "$REV")
    SRC_TMP=$(mktemp -d /tmp/meja-bench-src.XXXXXX)
    git -C "$REPO" archive "$SRC_VERSION" | tar -x -C "$SRC_TMP"
    SRC=$SRC_TMP SRC_LABEL="commit $SRC_VERSION"
  elif [[ -n $(git -C "$REPO" status --porcelain -- app engines migrations 2>/dev/null) ]]; then
    SRC_VERSION+="+dirty"
  fi
  log "Meja from the $SRC_LABEL ($SRC)"
  [[ -f $SRC/app/main.py ]] || { log "no app/main.py in $SRC: Meja's server does not exist yet"; exit 1; }
fi
if [[ $RUN_MEJA == 1 || ( $RUN_PEER == 1 && $DURABLE_PEER == 1 ) ]]; then start_postgres; fi
for rep in $(seq "$REPS"); do
  for cell in "${CELLS[@]}"; do
    if [[ -n ${MEJA_BENCH_PARENT:-} ]] && ! kill -0 "$MEJA_BENCH_PARENT" 2>/dev/null; then
      log "the invoking run.sh is gone; stopping"; exit 1
    fi
    G=${cell%:*} P=${cell#*:}
    if [[ $RUN_MEJA == 1 ]]; then
      for MEJA_WORKERS in ${WORKER_LIST//,/ }; do run_meja "$G" "$P" "$rep"; done
    fi
    if [[ $RUN_PEER == 1 ]]; then run_peer "$G" "$P" "$rep"; fi
    if [[ $RUN_PEER == 1 && $DURABLE_PEER == 1 ]]; then run_peer_pg "$G" "$P" "$rep"; fi
    sleep 1
  done
done

echo
node "$HERE/compare.js" "$OUT" | tee "$RESULTS/peer-$STAMP.md"
log "results: $OUT (logs in $LOGDIR)"
