#!/usr/bin/env node
'use strict';
/**
 * Markdown comparison of Meja and boardgame.io from load.js result lines (JSONL written by
 * bench/peer/run.sh): one row per (G, P), the median over repeated runs of each server, and
 * the ratio Meja / peer of the throughput.
 *
 *   node bench/peer/compare.js bench/results/peer-<stamp>.jsonl [more.jsonl ...]
 *
 * A line's server is told apart by its label: "meja" (one process), "meja-xN" (`--workers N`,
 * row "Meja xN"), anything else is the peer: "boardgame.io", or, once the results hold the
 * durable peer (extra.store "postgres…", label "bgio-pg"), "boardgame.io (in memory)" and
 * "boardgame.io (PostgreSQL)". The ratio column compares each Meja row with each peer row of
 * its cell (one figure when there is one peer). Lines with an "error" field (a run that did
 * not complete) are listed under the table.
 */

const fs = require('fs');

function median(values) {
  const xs = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

function fmt(x) {
  if (x === null || x === undefined) return '–';
  const a = Math.abs(x);
  if (a >= 100) return String(Math.round(x));
  if (a >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node compare.js results.jsonl [...]');
  process.exit(1);
}
const runs = [];
const failed = [];
for (const file of files) {
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let r;
    try {
      r = JSON.parse(line);
    } catch {
      continue;
    }
    if (r.error || typeof r.moves_per_s !== 'number') {
      failed.push(`${r.label || '?'} G=${r.games} P=${r.players}: ${r.error || 'no result'}`);
    } else {
      runs.push(r);
    }
  }
}

const isMeja = (label) => String(label).startsWith('meja');
const isDurablePeer = (r) =>
  r.label === 'bgio-pg' || /^postgres/.test(String((r.extra && r.extra.store) || ''));
/** The row a line belongs to: [order, name, short name for the ratio column]. */
const variantOf = (r) => {
  if (isMeja(r.label)) {
    const m = /^meja-x(\d+)$/.exec(String(r.label));
    return m ? [1 + Number(m[1]), `Meja x${m[1]}`] : [0, 'Meja'];
  }
  return isDurablePeer(r) ? [1001, 'boardgame.io (PostgreSQL)', 'PG'] : [1000, 'boardgame.io', 'mem'];
};
const anyDurable = runs.some((r) => !isMeja(r.label) && isDurablePeer(r));
const cells = new Map();
for (const r of runs) {
  const key = `${r.games}:${r.players}`;
  if (!cells.has(key)) cells.set(key, { games: r.games, players: r.players, rows: new Map() });
  const [order, name, short] = variantOf(r);
  const rows = cells.get(key).rows;
  if (!rows.has(name)) rows.set(name, { order, name, short, meja: isMeja(r.label), runs: [] });
  rows.get(name).runs.push(r);
}

const stat = (rs, f) => median(rs.map(f));
const describe = (rs) => {
  if (rs.length === 0) return null;
  return {
    n: rs.length,
    mps: stat(rs, (r) => r.moves_per_s),
    mpsMin: Math.min(...rs.map((r) => r.moves_per_s)),
    mpsMax: Math.max(...rs.map((r) => r.moves_per_s)),
    p50: stat(rs, (r) => r.lat_all_ms.p50),
    p95: stat(rs, (r) => r.lat_all_ms.p95),
    p99: stat(rs, (r) => r.lat_all_ms.p99),
    cpu: stat(rs, (r) => r.server && r.server.cpu_pct),
    pgCpu: stat(rs, (r) => r.server && r.server.postgres && r.server.postgres.cpu_pct),
    rssStart: stat(rs, (r) => r.server && r.server.rss_mb_start),
    rssEnd: stat(rs, (r) => r.server && r.server.rss_mb_end),
    pgRss: stat(rs, (r) => r.server && r.server.postgres && r.server.postgres.rss_mb_end),
    pgPss: stat(rs, (r) => r.server && r.server.postgres && r.server.postgres.pss_mb_end),
    appRssStart: stat(rs, (r) => r.server && r.server.app && r.server.app.rss_mb_start),
    appRssEnd: stat(rs, (r) => r.server && r.server.app && r.server.app.rss_mb_end),
    bytes: stat(rs, (r) => r.update_msg_bytes),
    loadCpu: stat(rs, (r) => r.load && r.load.cpu_pct),
    errors: rs.reduce((s, r) => s + (r.error_total || 0), 0),
    errorKinds: rs.reduce((acc, r) => {
      for (const [k, v] of Object.entries(r.errors || {})) if (v) acc[k] = (acc[k] || 0) + v;
      return acc;
    }, {}),
    rejected: rs.reduce((s, r) => s + (r.rejected || 0), 0),
    loadavg: stat(rs, (r) => r.bench_env && r.bench_env.loadavg_1m_before),
    fsync: stat(rs, (r) => (r.bench_env && r.bench_env.fdatasync_per_s_before) || null),
  };
};

const header = [
  'G', 'P', 'conns', 'server', 'runs', 'moves/s', 'min–max', 'Meja / peer', 'lat p50 ms', 'p95 ms',
  'p99 ms', 'server CPU % (PG)', 'server RSS start→end MB', 'update msg bytes',
  'load CPU %', 'errors', 'rejected', 'loadavg before', 'disk fdatasync/s before',
];
const out = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
const sorted = [...cells.values()].sort((a, b) => a.games - b.games || a.players - b.players);
for (const c of sorted) {
  const rows = [...c.rows.values()].sort((a, b) => a.order - b.order);
  for (const row of rows) row.d = describe(row.runs);
  const peers = rows.filter((row) => !row.meja);
  const ratioOf = (m) => {
    if (peers.length === 0) return '–';
    const one = (p) => (p.d.mps ? `**${(m.mps / p.d.mps).toFixed(2)}×**` : '–');
    return peers.length === 1 ? one(peers[0]) : peers.map((p) => `${one(p)} ${p.short}`).join(', ');
  };
  for (const row of rows) {
    const { d } = row;
    const name = row.name === 'boardgame.io' && anyDurable ? 'boardgame.io (in memory)' : row.name;
    const kinds = Object.entries(d.errorKinds).map(([k, v]) => `${k} ${v}`).join(', ');
    out.push(`| ${[
      c.games, c.players, c.games * c.players, name, d.n, `**${fmt(d.mps)}**`,
      `${fmt(d.mpsMin)}–${fmt(d.mpsMax)}`,
      row.meja ? ratioOf(d) : '',
      fmt(d.p50), fmt(d.p95), fmt(d.p99),
      d.pgCpu === null ? fmt(d.cpu) : `${fmt(d.cpu)} (${fmt(d.pgCpu)})`,
      `${fmt(d.rssStart)} → ${fmt(d.rssEnd)}` + (d.pgRss === null ? '' :
        ` (app ${fmt(d.appRssStart)} → ${fmt(d.appRssEnd)}; PG ${fmt(d.pgRss)}, PSS ${fmt(d.pgPss)})`),
      fmt(d.bytes), fmt(d.loadCpu), kinds ? `${d.errors} (${kinds})` : d.errors, d.rejected,
      fmt(d.loadavg), fmt(d.fsync),
    ].join(' | ')} |`);
  }
}
console.log(out.join('\n'));
const any = runs[0];
if (any) {
  console.log(`\nD=${any.duration_s} s after a ${any.warmup_s} s warmup; medians over the runs of ` +
    'each row; errors and rejected are summed. Meja\'s CPU and RSS include its PostgreSQL ' +
    'cluster (in brackets: PostgreSQL alone; for RSS the Python process, PostgreSQL\'s VmRSS sum ' +
    'at the end, which counts shared buffers once per process, and its PSS, which does not). "loadavg before": the machine\'s 1-minute load ' +
    'average when the run started (2 CPUs; above ~2 other work competed with the bench). ' +
    '"disk fdatasync/s before": 8 kB writes with fdatasync per second in the cluster\'s data ' +
    'folder just before the run (bench/fsync_rate.py; pg_test_fsync\'s fdatasync line): the most ' +
    'moves per second one move in flight (G=1) can commit.');
  const multi = [...new Set(runs.filter((r) => /^meja-x\d+$/.test(String(r.label))).map((r) => r.label))];
  if (multi.length) {
    const n = multi.map((l) => l.slice('meja-x'.length)).join(' or ');
    console.log(`\n${multi.map((l) => variantOf({ label: l })[1]).join(', ')}: \`python -m app ` +
      `--workers ${n}\` (uvicorn's supervisor and ${n} worker processes on one socket; games shared ` +
      'through PostgreSQL LISTEN/NOTIFY). Its workers and PostgreSQL are not pinned: they share ' +
      'both CPUs with the load generator (on CPU1), while every other row has its server and ' +
      'PostgreSQL on CPU0 alone. Its CPU % is the whole process tree plus PostgreSQL (200 = ' +
      'both cores) and its RSS that of every process.');
  }
  if (anyDurable) {
    console.log('\nboardgame.io (PostgreSQL): the harness\'s server.js with `BGIO_PG_URL` ' +
      '(bgio-postgres) on a fresh database of the same PostgreSQL cluster, stock durability, ' +
      'server and cluster on CPU0; its CPU and RSS include PostgreSQL\'s as Meja\'s do (in ' +
      'brackets). It broadcasts a move before its write completes; Meja commits first. ' +
      'boardgame.io (in memory) keeps everything in memory. In the ratio column: mem = Meja / ' +
      'boardgame.io (in memory), PG = Meja / boardgame.io (PostgreSQL).');
  }
}
if (failed.length) console.log(`\nRuns that did not complete:\n${failed.map((f) => `- ${f}`).join('\n')}`);
