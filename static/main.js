// The router of the single-page shell: one page module per route, history navigation
// without reloads, and a cleanup hook so a page can close its WebSocket when left.

import { clear, h } from "/static/dom.js";
import { langSwitch, msg, ready, setTitle, widen, wordPage } from "/static/i18n.js";
import { dropPicture, shownPicture } from "/static/picture.js";

const ROUTES = [
  { re: /^\/$/, load: () => import("/static/home.js"), name: "home" },
  { re: /^\/my\/?$/, load: () => import("/static/mygames.js"), name: "mygames" },
  { re: /^\/join\/([^/]+)\/?$/, load: () => import("/static/join.js"), name: "join" },
  { re: /^\/claim\/([^/]+)\/?$/, load: () => import("/static/join.js"), name: "claim" },
  { re: /^\/lobby\/([^/]+)\/?$/, load: () => import("/static/lobby.js"), name: "lobby" },
  { re: /^\/game\/([^/]+)\/?$/, load: () => import("/static/game.js"), name: "game" },
  { re: /^\/watch\/([^/]+)\/?$/, load: () => import("/static/game.js"), name: "watch" },
  { re: /^\/account\/?$/, load: () => import("/static/account.js"), name: "account" },
  { re: /^\/account\/mail\/([^/]+)\/?$/, load: () => import("/static/account.js"), name: "account-mail" },
  { re: /^\/learn(?:\/([^/]+))?\/?$/, load: () => import("/static/learn.js"), name: "learn" },
  { re: /^\/crews\/?$/, load: () => import("/static/crews.js"), name: "crews" },
  { re: /^\/crew-invite\/([^/]+)\/?$/, load: () => import("/static/crews.js"), name: "crew-invite" },
  { re: /^\/crew\/([^/]+)\/?$/, load: () => import("/static/crew.js"), name: "crew" },
  { re: /^\/player\/([^/]+)\/?$/, load: () => import("/static/player.js"), name: "player" },
];

let cleanup = null;
/** How long the picture of a page as it was left may stand for a page that has not drawn. */
const PICTURE_AT_MOST = 8000;
let renderToken = 0;

function matchRoute(pathname) {
  for (const r of ROUTES) {
    const m = pathname.match(r.re);
    if (m) return { route: r, params: m.slice(1).map(decodeURIComponent) };
  }
  return null;
}

/** Empty `root` but for `keep` (when given); returns `root`. */
function clearBut(root, keep) {
  if (!keep) return clear(root);
  for (const child of [...root.childNodes]) if (child !== keep) child.remove();
  return root;
}

/** Go to an in-app path without reloading (replace: do not add a history entry). */
export function navigate(path, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  render();
}

async function render() {
  const token = ++renderToken;
  if (cleanup) {
    try {
      cleanup();
    } catch (err) {
      console.error(err);
    }
    cleanup = null;
  }
  setTitle("Meja");
  const root = document.getElementById("app");
  const found = matchRoute(window.location.pathname);
  // The picture of this game page as it was left (static/picture.js) stays over the page
  // until the page's board is drawn; any other page, or a later one, goes without it.
  // (Left in place, not taken out and put back: a paint not yet presented when its element
  // leaves the page is not the page's largest paint.)
  const picture = token === 1 && /^(game|watch)$/.test(found?.route.name) ? shownPicture(root) : null;
  if (!picture) dropPicture();
  clearBut(root, picture);
  if (!found) {
    root.appendChild(
      h("section", { class: "card narrow" }, [
        h("h1", null, msg("shell.not_found.title")),
        h("p", null, msg("shell.not_found.text")),
        h("a", { href: "/", "data-link": true, class: "btn" }, msg("shell.home_link")),
      ]),
    );
    return;
  }
  root.dataset.page = found.route.name;
  let mod;
  try {
    // The first page may have only its game's share of the words (static/i18n.js): any
    // later one gets them all, whichever game or page it is.
    const words = token > 1 ? widen() : null;
    mod = await found.route.load();
    await words;
  } catch (err) {
    console.error(err);
    root.appendChild(h("p", { class: "card" }, msg("shell.load_failed")));
    return;
  }
  if (token !== renderToken) return; // a newer navigation won
  // Each render gets its own container, so a slower, superseded render writes into a
  // detached element instead of next to the current page.
  const view = h("div", { class: "view" });
  clearBut(root, picture).appendChild(view);
  if (picture) {
    // However the page fares (a socket that never opens), the picture is no page of its own.
    setTimeout(dropPicture, PICTURE_AT_MOST);
  }
  const ret = await mod.render(view, { name: found.route.name, params: found.params, navigate });
  if (token !== renderToken) {
    if (typeof ret === "function") ret();
    return;
  }
  cleanup = typeof ret === "function" ? ret : null;
}

document.addEventListener("click", (ev) => {
  const a = ev.target.closest?.("a[href]");
  if (!a || a.target || a.hasAttribute("download")) return;
  if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin || !matchRoute(url.pathname)) return;
  ev.preventDefault();
  if (url.pathname + url.search !== window.location.pathname + window.location.search) {
    navigate(url.pathname + url.search);
  }
});

window.addEventListener("popstate", render);
// The first catalogue comes before the first page, so nothing is drawn in the wrong language;
// the first page's module loads meanwhile (the same import render() awaits).
matchRoute(window.location.pathname)?.route.load().catch(() => {});
// The installable app's parts (static/pwa.js: the service worker, the install prompt, the
// offline line) come after the first page: no first paint waits for them (issue 42). The
// worker is registered once the page is idle anyway, and the browser offers an install
// only once a worker controls the page.
const pwa = () => import("/static/pwa.js");
ready.then(() => {
  wordPage();
  // The optional account, one tap away on every page (never a step before playing).
  document.querySelector(".topbar")?.append(
    h("a", { href: "/account", "data-link": true, class: "topbar-account", "data-testid": "topbar-account" }, msg("account.link")),
    langSwitch(),
  );
  // Under the top bar, not in it: the bar's own row stays as it was on every phone.
  const offline = document.createComment("offline");
  document.querySelector(".topbar")?.after(offline);
  render().finally(() => pwa().then(({ offlineLine, startApp }) => {
    offline.replaceWith(offlineLine());
    startApp();
  }, (err) => console.warn("app parts unavailable", err)));
});
