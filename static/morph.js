// Drawing a move within a frame (issue 42): a renderer still describes its whole board (or
// panel) as a fresh, detached tree, but instead of swapping that tree in - which makes the
// browser restyle, lay out and repaint every one of its shapes - morph() changes the tree on
// the page into the fresh one in place: an element that is the same keeps its node, only
// changed attributes and texts are written, and new or moved elements are inserted where
// they go. The result is the same DOM a fresh draw gives (tests/e2e/test_paint.py checks it
// per game), so the incremental path cannot drift from the full one.
//
// What a node's closures need: listeners given through dom.js's h()/svg() ("onclick") are
// moved to the kept node (dom.js records them). A part of the fresh tree the renderer keeps
// a handle on after drawing (a layer its hover draws routes into) or whose listeners were
// added by hand is marked whole(el): it replaces its counterpart as it is.

import { listenersOf } from "./dom.js";

const taken = new WeakSet();
const standIns = new WeakMap(); // a stand-in -> the element on the page it stands for
const sigs = new WeakMap(); // a memo part (or its stand-in) -> what it was drawn from

/** Mark `el` (a part of a fresh tree) to be put on the page as it is, never morphed into. */
export function whole(el) {
  taken.add(el);
  return el;
}

/**
 * A part of a drawing that changes rarely (the streets, a piece that did not move): `build()`
 * draws it, and only when `sig` - everything it is drawn from, as a string - differs from the
 * last time; else a stand-in tells morph() to leave the element on the page untouched.
 * `inPlace`: a changed drawing is morphed into the old one on the page (see owners below).
 * `cache` is the renderer's own object for this part ({} at first). The part should carry a
 * key attribute (KEYS below), so it is found among its siblings.
 */
export function memo(cache, sig, build, { inPlace = false } = {}) {
  if (cache.sig === sig && cache.el && cache.el.isConnected) {
    const stand = cache.el.cloneNode(false);
    stand.setAttribute("data-stand-in", "");
    standIns.set(stand, cache.el);
    sigs.set(stand, sig);
    return stand;
  }
  const el = build();
  sigs.set(el, sig);
  if (inPlace) owners.set(el, cache);
  cache.sig = sig;
  cache.el = el;
  return el;
}

// inPlace memo parts (a side panel's cards): a card whose slice changed is morphed into the
// one on the page like any element, not swapped for its new drawing, which would make the
// browser style and lay out the whole card again for one changed number (issue 42).
const owners = new WeakMap(); // an inPlace part on the page -> its cache

/** `fresh` with every stand-in in it replaced by the element it stands for. */
function realise(fresh) {
  if (fresh.nodeType !== 1) return fresh;
  if (standIns.has(fresh)) return standIns.get(fresh);
  for (const stand of fresh.querySelectorAll("[data-stand-in]")) {
    if (standIns.has(stand)) stand.replaceWith(standIns.get(stand));
  }
  return fresh;
}

// The attributes that name an element among its siblings: a piece keeps its node when the
// ones before it change. Elements without one are matched in order among their own tag.
const KEYS = ["data-key", "id", "data-rove", "data-cell", "data-area", "data-sea", "data-seat",
  "data-spot", "data-deed", "data-good", "data-city", "data-ship", "data-last-badge", "data-testid"];

const KEY_RANK = new Map(KEYS.map((name, i) => [name, i]));

function keyOf(node) {
  if (node.nodeType !== 1) return `#${node.nodeType}`;
  // One pass over the node's own few attributes, not a getAttribute per name in KEYS: a
  // move's morph asks this of every child it walks, and most have no key at all (issue 42).
  const attrs = node.attributes;
  let rank = KEYS.length;
  let found = null;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i];
    const r = KEY_RANK.get(a.name);
    if (r !== undefined && r < rank) {
      rank = r;
      found = a;
    }
  }
  return found ? `${node.localName}|${found.name}=${found.value}` : node.localName;
}

// Form fields carry state in properties the attributes do not show (a typed value, a
// ticked box): such an element is always taken fresh.
const FIELDS = new Set(["input", "select", "textarea", "option"]);

function syncAttributes(live, fresh) {
  const want = fresh.attributes;
  const have = live.attributes;
  let same = want.length === have.length;
  for (let i = 0; i < want.length; i++) {
    const a = want[i];
    const b = have[i];
    // Most nodes kept are unchanged and list their attributes in the same order.
    if (same && b.name === a.name && b.value === a.value) continue;
    same = false;
    if (a.namespaceURI) {
      if (live.getAttributeNS(a.namespaceURI, a.localName) !== a.value) live.setAttributeNS(a.namespaceURI, a.name, a.value);
    } else if (live.getAttribute(a.name) !== a.value) live.setAttribute(a.name, a.value);
  }
  if (same) return;
  for (let i = have.length - 1; i >= 0; i--) {
    const a = have[i];
    if (!fresh.hasAttributeNS(a.namespaceURI, a.localName)) live.removeAttributeNS(a.namespaceURI, a.localName);
  }
}

function moveListeners(live, fresh) {
  const old = listenersOf.get(live);
  const now = listenersOf.get(fresh);
  if (!old && !now) return;
  for (const [type, fn] of old || []) live.removeEventListener(type, fn);
  for (const [type, fn] of now || []) live.addEventListener(type, fn);
  if (now) listenersOf.set(live, now);
  else listenersOf.delete(live);
}

/** The node that stands for `fresh` on the page: `live` brought up to date, or `fresh` itself. */
function reconcile(live, fresh) {
  if (fresh.nodeType !== 1) {
    // A text that changed is a new node: a worded text (i18n.js textOf) keeps its binding.
    return live.nodeType === fresh.nodeType && live.data === fresh.data ? live : fresh;
  }
  const sig = sigs.get(fresh);
  if (sig !== undefined) {
    // A memo part: the same drawing is left alone; a new one replaces the old as it is,
    // or is morphed into it when the part asked for that and `live` is its own old drawing.
    if (sigs.get(live) === sig) return live;
    const cache = owners.get(fresh);
    if (!cache || owners.get(live) !== cache || live.localName !== fresh.localName) return realise(fresh);
    syncAttributes(live, fresh);
    moveListeners(live, fresh);
    morphChildren(live, fresh);
    sigs.set(live, sig);
    cache.el = live;
    return live;
  }
  if (taken.has(fresh) || FIELDS.has(fresh.localName) || live.localName !== fresh.localName
    || live.namespaceURI !== fresh.namespaceURI) return fresh;
  syncAttributes(live, fresh);
  moveListeners(live, fresh);
  morphChildren(live, fresh);
  return live;
}

/** Make the children of `live` those of `fresh` (which gives up the ones it lends). */
export function morphChildren(live, fresh) {
  const want = Array.from(fresh.childNodes);
  const pool = new Map();
  for (let n = live.firstChild; n; n = n.nextSibling) {
    const k = keyOf(n);
    const q = pool.get(k);
    if (q) q.push(n);
    else pool.set(k, [n]);
  }
  const next = new Map(); // key -> how many of its pool are used
  const kept = new Set();
  const nodes = []; // what stands for each of `want`, in order
  for (const f of want) {
    const k = keyOf(f);
    const q = pool.get(k);
    let i = next.get(k) || 0;
    // A memo part may have been taken out of its place for an earlier sibling already.
    while (q && i < q.length && kept.has(q[i])) i += 1;
    let node = null;
    if (q && i < q.length) {
      next.set(k, i + 1);
      node = reconcile(q[i], f);
    }
    if (node === null || node === f) node = realise(f);
    kept.add(node);
    nodes.push(node);
  }
  // What has no place in the new drawing goes first: a replaced child left where it was
  // would stand at the cursor, so every later child would look out of place and be moved
  // (taken out and inserted again: restyled, laid out and painted anew) - half a board's
  // cells at a move that changed one of them (issue 42).
  for (const q of pool.values()) for (const n of q) if (!kept.has(n) && n.parentNode === live) n.remove();
  let cursor = live.firstChild;
  for (const node of nodes) {
    if (node === cursor) cursor = cursor.nextSibling;
    else live.insertBefore(node, cursor);
  }
}

/**
 * Make `live` (an element on the page) equal to `fresh` (a detached one, usually of the same
 * tag: then `live` stays the node on the page). Returns the element now on the page.
 */
export function morph(live, fresh) {
  let node = reconcile(live, fresh);
  if (node === fresh) node = realise(fresh);
  if (node !== live) live.replaceWith(node);
  return node;
}

/**
 * Put `fresh` into `box` as its only child: the one already there is morphed into it when it
 * is the same kind of element (else replaced). Returns the element now on the page.
 */
export function drawInto(box, fresh) {
  const live = box.firstElementChild;
  if (!live || box.childNodes.length !== 1) {
    const node = realise(fresh);
    box.replaceChildren(node);
    return node;
  }
  let node = reconcile(live, fresh);
  if (node === fresh) node = realise(fresh);
  if (node !== live) box.replaceChildren(node);
  return node;
}

/** Make `box`'s children the `fresh` ones (a panel's cards), keeping every node that is the same. */
export function drawAll(box, fresh) {
  const holder = box.cloneNode(false);
  holder.append(...fresh.filter(Boolean));
  morphChildren(box, holder);
}
