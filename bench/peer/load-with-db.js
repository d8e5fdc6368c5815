#!/usr/bin/env node
'use strict';
/**
 * Runs the peer harness's load.js unchanged and adds the database's cost to the server's:
 * Meja persists every move in PostgreSQL, and the workload spec counts the database as part
 * of the server (README of the peer harness, "Driving Meja").
 *
 *   node load-with-db.js --harness /tmp/peer-bgio --db-pid POSTMASTER_PID [load.js options]
 *
 * load.js measures one process (--server-pid) over its D-second window. This wrapper finds the
 * same window (load.js logs "run: W s warmup + D s window" the instant the warmup starts, and
 * the window opens W seconds later), reads the PostgreSQL cluster's processes from /proc at the
 * window's start and end, samples their RSS every 250 ms, and rewrites load.js's result line:
 *
 *   server.cpu_pct, rss_mb_{start,end,max}   Meja's Python process + PostgreSQL (the totals)
 *   server.app                               load.js's own figures for the Python process
 *   server.postgres                          {cpu_pct, rss_mb_{start,end,max}, pss_mb_end,
 *                                             processes_{start,end}, postmaster_pid, and with
 *                                             --db-stat-cmd: commits, events, events_per_commit
 *                                             in the window}
 *
 * --db-stat-cmd CMD: a shell command printing "COMMITS EVENTS" (the database's transaction
 * count and stored events) or just "COMMITS" (a server whose stored rows are not one per
 * move: then commits_per_move, over the moves applied in the window); run without blocking at
 * the window's start and end.
 *
 * --server-tree: the server is several processes (`python -m app --workers N`: uvicorn's
 * supervisor, the --server-pid, and its workers). server.app then holds the whole process
 * tree's figures, measured like PostgreSQL's over the same window (processes_{start,end});
 * load.js's own figures for the supervisor alone move to server.app.root_process.
 *
 * --server-name NAME: who the totals are for, in server.note (default "Meja").
 *
 * PostgreSQL CPU = Δ over the window of: the postmaster's utime+stime+cutime+cstime (a backend
 * that exits is reaped by the postmaster, so its time lands in cutime/cstime) plus the same four
 * of every live descendant (a backend has no children, so that is its utime+stime). RSS = the sum of VmRSS over the postmaster and its children, which
 * counts shared buffers once per process that touched them; pss_mb_end (proportional set
 * size) counts them once, for reference.
 */

const { exec } = require('child_process');
const fs = require('fs');
const path = require('path');
const { performance } = require('perf_hooks');

const SAMPLE_MS = 250;

function takeArg(argv, name) {
  const i = argv.indexOf(name);
  if (i < 0 || i + 1 >= argv.length) return null;
  const [, val] = argv.splice(i, 2);
  return val;
}

const argv = process.argv.slice(2);
const harness = takeArg(argv, '--harness');
const dbPid = Number(takeArg(argv, '--db-pid'));
const dbStatCmd = takeArg(argv, '--db-stat-cmd');
const serverName = takeArg(argv, '--server-name') || 'Meja';
const treeIdx = argv.indexOf('--server-tree');
const serverTree = treeIdx >= 0;
if (serverTree) argv.splice(treeIdx, 1);
if (!harness || !Number.isInteger(dbPid) || dbPid <= 0) {
  console.error('usage: node load-with-db.js --harness DIR --db-pid PID [load.js options]');
  process.exit(1);
}
const argOf = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
};
const warmupS = Number(argOf('--warmup', '2'));
const durationS = Number(argOf('--duration', '20'));
const appPid = Number(argOf('--server-pid', '0')) || null;
const clkTck = Number(argOf('--clk-tck', '100'));

/** Fields 3.. of /proc/PID/stat (after "pid (comm) "), or null. */
function statFields(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Field n (1-based, as in proc(5)) from statFields' array. */
const field = (f, n) => Number(f[n - 3]);

/** Every live descendant of root (children, their children, ...), from one pass over /proc. */
function descendants(root) {
  const kids = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(name);
    if (!f) continue;
    const ppid = field(f, 4);
    if (!kids.has(ppid)) kids.set(ppid, []);
    kids.get(ppid).push(Number(name));
  }
  const out = [];
  const todo = [...(kids.get(root) || [])];
  while (todo.length) {
    const pid = todo.pop();
    out.push(pid);
    todo.push(...(kids.get(pid) || []));
  }
  return out;
}

function statusKB(pid, key) {
  try {
    const m = new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm').exec(
      fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function pssKB(pid) {
  try {
    const m = /^Pss:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * A process tree (the cluster, or a multi-process server) at one instant: CPU ticks (see the
 * header), RSS and PSS sums, process count.
 */
function treeSnapshot(root, withPss = false) {
  const pf = statFields(root);
  if (!pf) return null;
  let ticks = 0;
  const pids = [root, ...descendants(root)];
  for (const pid of pids) {
    const f = pid === root ? pf : statFields(pid);
    if (f) ticks += field(f, 14) + field(f, 15) + field(f, 16) + field(f, 17);
  }
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    rss += statusKB(pid, 'VmRSS');
    if (withPss) pss += pssKB(pid);
  }
  return { at: performance.now(), ticks, rss, pss, n: pids.length };
}

const dbSnapshot = (withPss = false) => treeSnapshot(dbPid, withPss);

const mb = (kb) => (kb === null || kb === undefined ? null : Math.round((kb / 1024) * 10) / 10);
const r1 = (x) => (x === null ? null : Math.round(x * 10) / 10);

let w0 = null;
let w1 = null;
let a0 = null; // the server's process tree (--server-tree) at the window's start and end
let a1 = null;
let appRssMax = 0;
let dbRssMax = 0;
let totalRssMax = 0;
let sampler = null;
const dbStats = {};

/** Run --db-stat-cmd in the background; its two numbers land in dbStats[key]. */
function dbStat(key) {
  if (!dbStatCmd) return;
  exec(dbStatCmd, { timeout: 5000 }, (err, stdout) => {
    const nums = String(stdout || '').trim().split(/\s+/).map(Number);
    if (!err && [1, 2].includes(nums.length) && nums.every(Number.isFinite)) dbStats[key] = nums;
  });
}

function sample() {
  const s = dbSnapshot();
  if (!s) return;
  dbRssMax = Math.max(dbRssMax, s.rss);
  if (serverTree && appPid) {
    const a = treeSnapshot(appPid);
    if (a) {
      appRssMax = Math.max(appRssMax, a.rss);
      totalRssMax = Math.max(totalRssMax, s.rss + a.rss);
    }
  } else if (appPid) {
    totalRssMax = Math.max(totalRssMax, s.rss + statusKB(appPid, 'VmRSS'));
  }
}

function windowStarts() {
  dbStat('start');
  if (serverTree && appPid) a0 = treeSnapshot(appPid);
  w0 = dbSnapshot(true);
  sample();
  sampler = setInterval(sample, SAMPLE_MS);
  setTimeout(windowEnds, durationS * 1000).unref();
}

function windowEnds() {
  if (w1) return;
  dbStat('end');
  if (serverTree && appPid) a1 = treeSnapshot(appPid);
  w1 = dbSnapshot(true);
  sample();
  clearInterval(sampler);
}

// Find the warmup's start in load.js's progress output (stderr), without changing it.
const errWrite = process.stderr.write.bind(process.stderr);
process.stderr.write = (chunk, ...rest) => {
  if (w0 === null && sampler === null && String(chunk).includes('[load] run: ')) {
    setTimeout(windowStarts, warmupS * 1000).unref();
    sampler = 'pending';
  }
  return errWrite(chunk, ...rest);
};

// Rewrite the one JSON result line on stdout.
const outWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const text = String(chunk);
  if (!text.startsWith('{')) return outWrite(chunk, ...rest);
  let result;
  try {
    result = JSON.parse(text);
  } catch {
    return outWrite(chunk, ...rest);
  }
  if (w0 && !w1) windowEnds(); // load.js finished its window a hair before our timer
  if (result.server && w0 && w1) {
    let app = result.server;
    const windowS = (w1.at - w0.at) / 1000;
    if (serverTree && a0 && a1) {
      const { log, ...root } = app;
      app = {
        pid: root.pid,
        cpu_pct: r1(((a1.ticks - a0.ticks) / clkTck / ((a1.at - a0.at) / 1000)) * 100),
        rss_mb_start: mb(a0.rss),
        rss_mb_end: mb(a1.rss),
        rss_mb_max: mb(Math.max(appRssMax, a0.rss, a1.rss)),
        processes_start: a0.n,
        processes_end: a1.n,
        note: 'the whole process tree of the server (supervisor and workers)',
        root_process: root,
        log,
      };
    } else if (serverTree) {
      app = { ...app, note: 'process tree not observed: the root process alone' };
    }
    const pg = {
      postmaster_pid: dbPid,
      cpu_pct: r1(((w1.ticks - w0.ticks) / clkTck / windowS) * 100),
      rss_mb_start: mb(w0.rss),
      rss_mb_end: mb(w1.rss),
      rss_mb_max: mb(dbRssMax),
      pss_mb_end: mb(w1.pss),
      processes_start: w0.n,
      processes_end: w1.n,
      window_s: Math.round(windowS * 1000) / 1000,
    };
    if (dbStats.start && dbStats.end) {
      pg.commits = dbStats.end[0] - dbStats.start[0];
      if (dbStats.start.length === 2 && dbStats.end.length === 2) {
        pg.events = dbStats.end[1] - dbStats.start[1];
        pg.events_per_commit = pg.commits ? r1(pg.events / pg.commits) : null;
      } else {
        const moves = result.moves && result.moves.w_applied;
        pg.commits_per_move = moves ? r1(pg.commits / moves) : null;
      }
    }
    const add = (a, b) => (a === null || a === undefined || b === null ? null : r1(a + b));
    result.server = {
      pid: app.pid,
      cpu_pct: add(app.cpu_pct, pg.cpu_pct),
      rss_mb_start: add(app.rss_mb_start, pg.rss_mb_start),
      rss_mb_end: add(app.rss_mb_end, pg.rss_mb_end),
      rss_mb_max: appPid && totalRssMax ? mb(totalRssMax) : add(app.rss_mb_max, pg.rss_mb_max),
      note: `totals: ${serverName} (app) + PostgreSQL (postgres)`,
      app,
      postgres: pg,
      log: app.log,
    };
  } else if (result.server) {
    result.server.postgres = { postmaster_pid: dbPid, note: 'window not observed' };
  }
  return outWrite(`${JSON.stringify(result)}\n`, ...rest);
};

process.argv = [process.argv[0], path.join(harness, 'load.js'), ...argv];
require(path.join(path.resolve(harness), 'load.js'));
