// The picture of a game page as it was left (issue 42: a second visit on a phone). Leaving a
// game's page keeps a copy of its markup in localStorage with the game's version; the next
// visit to the same address, if the game inline in the page (the watch page's,
// app/http/firstpaint.py) is still at that version, shows that copy at the page's first paint
// (static/picture-first.js, inline in the shell), before the ~30 modules have run: the board
// as it is now, inert and hidden from assistive technology until the live page has drawn it
// (dropPicture). A game that has moved on shows no picture. The copy is the viewer's own
// view (no more than this browser was shown), its text serialized by the browser (escaped),
// its ids and test ids removed so nothing on the live page is found twice.

/** localStorage keys: one per address, and the list of addresses kept, newest first. */
export const PICTURE_KEY = "meja.picture:";
export const PICTURE_LIST = "meja.pictures";
/** Pictures kept (a player's few running games); the oldest goes first. */
export const KEEP = 3;
/** A bigger page is not kept: drawing it costs the next visit more than it saves (at 4x
 * CPU, Indonesia's 240 KB map made a 235 ms task and drew the live board 0.5 s later). */
export const MAX_CHARS = 150_000;

/**
 * The markup of `view` as a picture: a copy without ids, test ids, live regions, scripts or
 * form fields' state, so it can sit beside the live page.
 */
export function pictureMarkup(view) {
  const copy = view.cloneNode(true);
  for (const el of copy.querySelectorAll("script, template, dialog, iframe")) el.remove();
  for (const el of [copy, ...copy.querySelectorAll("[id], [data-testid], [aria-live], [autofocus]")]) {
    el.removeAttribute("id");
    el.removeAttribute("data-testid");
    el.removeAttribute("aria-live");
    el.removeAttribute("autofocus");
  }
  return copy.outerHTML;
}

/** The stylesheets the page uses beyond the shell's own (a game's, the chat's): by href. */
function sheets() {
  return [...document.querySelectorAll('link[rel="stylesheet"][href]')].map((l) => l.href);
}

/**
 * Keep the picture of `view`, showing the game at `version`, for the address `path`
 * (replacing an older one of it; the oldest address beyond KEEP is dropped). Never throws:
 * storage may be full or off.
 */
export function keepPicture(path, view, version, storage = globalThis.localStorage) {
  try {
    if (!storage || !view || !view.isConnected || version == null) return false;
    const html = pictureMarkup(view);
    if (html.length > MAX_CHARS) return false;
    const entry = JSON.stringify({ html, version, css: sheets(), w: innerWidth, at: Date.now() });
    const kept = [path, ...readList(storage).filter((p) => p !== path)];
    for (const old of kept.splice(KEEP)) storage.removeItem(PICTURE_KEY + old);
    storage.setItem(PICTURE_KEY + path, entry);
    storage.setItem(PICTURE_LIST, JSON.stringify(kept));
    return true;
  } catch {
    return false;
  }
}

function readList(storage) {
  try {
    const list = JSON.parse(storage.getItem(PICTURE_LIST) || "[]");
    return Array.isArray(list) ? list.filter((p) => typeof p === "string") : [];
  } catch {
    return [];
  }
}

/** The picture on the page now (put there by picture-first.js), if any. */
export function shownPicture(root = document.getElementById("app")) {
  return root?.querySelector(":scope > .picture") || null;
}

/** The live page has drawn its board (or will draw none): the picture goes. */
export function dropPicture() {
  shownPicture()?.remove();
}

/**
 * Keep `view`'s picture, with the version of the game it shows (`version()`; none yet:
 * nothing is kept), whenever the page is left (another tab, another app, a closed tab or a
 * new address): what the next visit shows first. Returns the function to call when the
 * page is left for another page of the app: it keeps the picture once more and stops.
 */
export function keepOnLeaving(view, path, version) {
  const keep = (event) => {
    if (event?.type === "visibilitychange" && document.visibilityState !== "hidden") return;
    if (!shownPicture()) keepPicture(path, view, version());
  };
  document.addEventListener("visibilitychange", keep);
  addEventListener("pagehide", keep);
  return () => {
    keep();
    document.removeEventListener("visibilitychange", keep);
    removeEventListener("pagehide", keep);
  };
}
