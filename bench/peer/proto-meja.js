'use strict';
/**
 * Protocol adapter for Meja, used by the peer harness's load.js
 * (`node load.js --proto /abs/path/bench/peer/proto-meja.js ...`). It implements the interface
 * documented at the top of the harness's proto-bgio.js:
 *
 *   createMatch(url, players)  -> Promise<matchID>        (Meja's game_id)
 *   join(url, matchID, seat)   -> Promise<credential>
 *   connect(url, matchID, seat, credential, players, onState)
 *                              -> { sendMove(n, version), resync(), close(), stats() }
 *   onState({version, currentPlayer, gameover}) on the initial state, on every broadcast and on
 *   every re-sync answer; the same version again tells load.js a move was rejected.
 *
 * Meja's protocol (docs/protocol.md in the repository):
 *   POST /api/lobbies {game:"race", options:{}, seats:P, host_name, spectators:false,
 *                      listed:false}          -> {game_id, seat:0, credential, invite_url, ...}
 *        The host holds seat 0, so join(seat 0) returns the host's credential.
 *   POST /api/invites/{invite_id}/join {name} -> {game_id, seat, credential}   (seats 1..P-1)
 *   POST /api/games/{game_id}/start  (Authorization: Bearer <host credential>) after the last
 *        seat joined (load.js joins seats 0..P-1 in order, one at a time).
 *   WebSocket /ws/{game_id}, one per player:
 *     -> {"type":"hello","credential":...}            <- {"type":"snapshot","version":v,"doc":{...}}
 *     <- {"type":"patch","from":v-1,"version":v,"ops":[RFC 6902]}   to every connection
 *     -> {"type":"action","id":...,"version":v,"action":{"type":"advance","n":n}}
 *     <- {"type":"accepted","id","version"} (or the sender's patch carries "accepted": id)
 *        | {"type":"rejected","id","reason","code"}
 *        code "stale" is followed by a snapshot; "rule"/"invalid" leave the state unchanged, so
 *        this adapter hands load.js the unchanged state again (counted as a rejected move).
 *     -> {"type":"sync"}                              <- snapshot
 *   doc = {status, view, legal, to_act, outcome, last}; currentPlayer = doc.to_act[0] (-1 when
 *   nobody may act, e.g. before the start); gameover = doc.outcome != null.
 *
 * The `ws` client and the `rfc6902` patch library come from the harness's node_modules through
 * globalThis.harnessRequire (this file lives outside the harness folder).
 *
 * Environment: BENCH_WS_DEFLATE=0 stops the client from offering permessage-deflate (browsers
 * always offer it, so the default does too; whether to compress is the server's choice).
 */

const hreq = globalThis.harnessRequire || require;
const WebSocket = hreq('ws');
const { applyPatch } = hreq('rfc6902');

const GAME = 'race';
const HTTP_TIMEOUT_MS = 10000;
const RECONNECT_DELAY_MS = 100;
const MAX_RECONNECTS = 50; // per connection: bounded, like every loop of the harness
const DEFLATE = process.env.BENCH_WS_DEFLATE !== '0';

/** Lobby facts kept between createMatch and the joins: game_id -> {host, invite, players}. */
const lobbies = new Map();

/** Send a JSON request, return the parsed answer; throw on timeout or a non-2xx status. */
async function requestJSON(method, url, body, credential) {
  const headers = { 'content-type': 'application/json' };
  if (credential) headers.authorization = `Bearer ${credential}`;
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} -> HTTP ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

async function createMatch(url, players) {
  const answer = await requestJSON('POST', `${url}/api/lobbies`, {
    game: GAME,
    options: {},
    seats: players,
    host_name: 'bench-0',
    spectators: false,
    listed: false,
  });
  const { game_id: gameId, credential, invite_url: inviteUrl } = answer || {};
  if (typeof gameId !== 'string' || !gameId) throw new Error('create: no game_id in answer');
  if (typeof credential !== 'string' || !credential) throw new Error('create: no credential');
  const m = /\/join\/([^/?#]+)/.exec(String(inviteUrl || ''));
  if (!m) throw new Error(`create: no invite id in invite_url ${JSON.stringify(inviteUrl)}`);
  lobbies.set(gameId, { host: credential, invite: decodeURIComponent(m[1]), players });
  return gameId;
}

async function join(url, matchID, seat) {
  const lobby = lobbies.get(matchID);
  if (!lobby) throw new Error(`join: unknown match ${matchID}`);
  let credential = lobby.host; // the host already holds seat 0
  if (seat > 0) {
    const answer = await requestJSON(
      'POST',
      `${url}/api/invites/${encodeURIComponent(lobby.invite)}/join`,
      { name: `bench-${seat}` },
    );
    if (!answer || answer.game_id !== matchID) throw new Error('join: answer for another game');
    if (answer.seat !== seat) throw new Error(`join: got seat ${answer.seat}, expected ${seat}`);
    credential = answer.credential;
    if (typeof credential !== 'string' || !credential) throw new Error('join: no credential');
  }
  if (seat === lobby.players - 1) {
    await requestJSON('POST', `${url}/api/games/${matchID}/start`, undefined, lobby.host);
    lobbies.delete(matchID);
  }
  return credential;
}

/** The WebSocket URL of a game on the server at `url` (http -> ws, https -> wss). */
const wsURL = (url, gameId) => `${url.replace(/^http/, 'ws')}/ws/${encodeURIComponent(gameId)}`;

/** True for something shaped like Meja's viewer document. */
const isDoc = (d) => d !== null && typeof d === 'object' && Array.isArray(d.to_act);

function connect(url, matchID, seat, credential, players, onState) {
  const counters = {
    rx_msgs: 0,
    rx_bytes: 0,
    tx_msgs: 0,
    tx_bytes: 0,
    update_msgs: 0, // patch frames: the state broadcasts
    update_bytes: 0,
    sync_msgs: 0, // snapshots (initial, after stale, after sync)
    accepted_msgs: 0,
    rejected_msgs: 0,
    rejected_stale: 0,
    uptodate_msgs: 0,
    other_msgs: 0, // presence, lobby, pong
    reconnects: 0,
    connect_error: 0,
    disconnect: 0,
    protocol: 0,
  };
  let doc = null; // the viewer document, kept current by the patches
  let version = -1;
  let ws = null;
  let closing = false;
  let reconnects = 0;
  let moveNo = 0;
  const idPrefix = `s${seat}-${Math.random().toString(36).slice(2, 8)}-`;

  const send = (obj) => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    const text = JSON.stringify(obj);
    counters.tx_msgs++;
    counters.tx_bytes += Buffer.byteLength(text);
    ws.send(text);
    return true;
  };

  const deliver = () =>
    onState({
      version,
      currentPlayer: doc.to_act.length > 0 ? Number(doc.to_act[0]) : -1,
      gameover: doc.outcome !== undefined && doc.outcome !== null,
    });

  /** A frame we cannot use: count it, drop our document and ask for a snapshot. */
  const protocolError = (resync = true) => {
    counters.protocol++;
    doc = null;
    if (resync) send({ type: 'sync' });
  };

  const onMessage = (data, isBinary) => {
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length || 0;
    counters.rx_msgs++;
    counters.rx_bytes += bytes;
    let msg;
    try {
      msg = JSON.parse(isBinary ? Buffer.from(data).toString('utf8') : data.toString());
    } catch {
      return protocolError();
    }
    if (!msg || typeof msg !== 'object') return protocolError();
    switch (msg.type) {
      case 'snapshot':
        counters.sync_msgs++;
        if (!Number.isInteger(msg.version) || !isDoc(msg.doc)) return protocolError(false);
        doc = msg.doc;
        version = msg.version;
        return deliver();
      case 'patch': {
        counters.update_msgs++;
        counters.update_bytes += bytes;
        if (msg.accepted !== undefined) counters.accepted_msgs++; // the sender's own patch
        if (!Number.isInteger(msg.version) || !Number.isInteger(msg.from) ||
            !Array.isArray(msg.ops)) {
          return protocolError();
        }
        if (doc === null) return undefined; // a snapshot is on its way; it carries this too
        if (msg.version <= version) return undefined; // already held (snapshot overtook it)
        if (msg.from !== version) return protocolError(); // missed a patch: re-sync
        // In place: nothing else holds `doc`, and on failure it is dropped.
        const results = applyPatch(doc, msg.ops);
        if (results.some((r) => r !== null) || !isDoc(doc)) return protocolError();
        version = msg.version;
        return deliver();
      }
      case 'accepted':
        counters.accepted_msgs++;
        return undefined; // the patch carries the new state
      case 'rejected':
        counters.rejected_msgs++;
        if (msg.code === 'stale') {
          counters.rejected_stale++;
          return undefined; // a snapshot follows
        }
        if (msg.code === 'forbidden') counters.protocol++;
        // "rule"/"invalid": nothing changed; the same version tells load.js "rejected".
        return doc === null ? undefined : deliver();
      case 'uptodate':
        counters.uptodate_msgs++;
        return doc === null ? protocolError(false) : deliver();
      case 'error':
        counters.protocol++;
        return undefined;
      case 'presence':
      case 'lobby':
      case 'pong':
        counters.other_msgs++;
        return undefined;
      default:
        return protocolError();
    }
  };

  const open = () => {
    let opened = false;
    ws = new WebSocket(wsURL(url, matchID), { perMessageDeflate: DEFLATE, handshakeTimeout: 10000 });
    ws.on('open', () => {
      opened = true;
      const hello = { type: 'hello', credential };
      if (doc !== null) hello.version = version; // a reconnect: "uptodate" if nothing changed
      send(hello);
    });
    ws.on('message', onMessage);
    ws.on('error', () => {
      if (!opened) counters.connect_error++; // errors on an open socket end in 'close'
    });
    ws.on('close', () => {
      if (closing) return;
      if (opened) counters.disconnect++;
      if (reconnects >= MAX_RECONNECTS) return;
      reconnects++;
      counters.reconnects++;
      setTimeout(() => {
        if (!closing) open();
      }, RECONNECT_DELAY_MS);
    });
  };
  open();

  return {
    sendMove(n, moveVersion) {
      send({
        type: 'action',
        id: idPrefix + moveNo++,
        version: moveVersion,
        action: { type: 'advance', n },
      });
    },
    resync() {
      send({ type: 'sync' });
    },
    close() {
      closing = true;
      if (ws) ws.close(1000);
    },
    stats() {
      return { ...counters };
    },
  };
}

module.exports = { createMatch, join, connect };
