// Meja's service worker, served as /sw.js (scope "/") by app/http/pwa.py, which writes the
// BUILD line below for the files of this deploy: a new deploy is a new cache name, and the
// old caches are deleted when it takes over.
//
// - /static/...?v=<hash> and /i18n/...?v=<hash>: cache first (the URL names its content;
//   it never changes).
// - pages (navigations) and plain /i18n/ addresses: network first, kept for when the network is gone; a
//   page never opened before gets the translated "You are offline" page instead of the
//   browser's error.
// - the API and the WebSocket: never cached (a game is live).
// - push: shows the turn's notification (one per game: its tag replaces the last);
//   a click focuses a window of that game, or opens one.

const BUILD = { version: "dev", precache: [], offline: {} };
const CACHE = `meja-${BUILD.version}`;
const LANG_KEY = "/__meja/lang";

self.addEventListener("install", (event) => {
  // A hashed file straight from this deploy's cache, without starting this worker or running
  // its fetch handler for it (Chrome's static routing; elsewhere the handler below does the
  // same): a repeat visit's ~40 files skip ~40 trips through this script (issue 42). A miss
  // goes to the network.
  if (typeof event.addRoutes === "function") {
    event.addRoutes(["/static/*", "/i18n/*"].map((pathname) => ({
      condition: { urlPattern: new URLPattern({ pathname, search: "v=*" }) }, source: { cacheName: CACHE },
    }))).catch((err) => console.warn("static routes refused", err));
  }
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(BUILD.precache)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("meja-") && name !== CACHE) await caches.delete(name);
    }
    // A page's request leaves while this worker starts, not after (a phone's worker takes a
    // while to start): networkFirst takes the preloaded answer.
    await self.registration.navigationPreload?.enable();
    await self.clients.claim();
  })());
});

// The page tells the worker its language (localStorage is the page's), for the offline page,
// and the hashed files it used (static/pwa.js).
self.addEventListener("message", (event) => {
  const lang = event.data && event.data.lang;
  if (typeof lang === "string" && BUILD.offline[lang]) {
    event.waitUntil(caches.open(CACHE).then((c) => c.put(LANG_KEY, new Response(lang))));
  }
  const used = event.data && event.data.used;
  if (Array.isArray(used)) event.waitUntil(keep(used.slice(0, 200)));
});

// A page's hashed files that are not precached (a game's board, its map, a panel fetched on
// demand) kept for the next visit and for offline: the static routes below serve a hashed
// file from this cache without the fetch handler, so nothing else would add them. They come
// from the browser's HTTP cache (immutable), not the network.
async function keep(urls) {
  const cache = await caches.open(CACHE);
  for (const href of urls) {
    let url;
    try {
      url = new URL(href, self.location.origin);
    } catch {
      continue;
    }
    if (url.origin !== self.location.origin || !/^\/(static|i18n)\//.test(url.pathname) || !url.searchParams.has("v")) continue;
    if (!(await cache.match(url.href))) await cache.add(url.href).catch(() => {});
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const answer = await fetch(request);
  if (answer.ok) cache.put(request, answer.clone());
  return answer;
}

async function networkFirst(request, fallback, preloaded = null) {
  const cache = await caches.open(CACHE);
  try {
    const answer = (await preloaded) || (await fetch(request));
    if (answer.ok) cache.put(request, answer.clone());
    return answer;
  } catch (err) {
    const hit = await cache.match(request, { ignoreVary: true });
    if (hit && request.mode === "navigate") return markedOffline(hit);
    if (hit) return hit;
    if (fallback) return fallback();
    throw err;
  }
}

// A page kept from an earlier visit, marked so it says at once that it is offline
// (static/pwa.js shows its "offline" line for <html data-offline>).
async function markedOffline(page) {
  const html = (await page.text()).replace("<html ", "<html data-offline ");
  return new Response(html, { status: 200, headers: page.headers });
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function offlinePage() {
  const cache = await caches.open(CACHE);
  const saved = await cache.match(LANG_KEY);
  let lang = saved ? await saved.text() : "";
  if (!BUILD.offline[lang]) lang = (self.navigator.language || "en").slice(0, 2);
  if (lang === "in") lang = "id";
  const words = BUILD.offline[lang] || BUILD.offline.en || { title: "You are offline", text: "", retry: "Try again" };
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#c2551a"><title>${escapeHtml(words.title)} · Meja</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#faf6f0;color:#2b2118;
display:flex;min-height:100vh;align-items:center;justify-content:center;padding:1rem;box-sizing:border-box}
main{max-width:26rem;background:#fff;border-radius:16px;padding:1.5rem;box-shadow:0 2px 12px #0001;text-align:center}
h1{font-size:1.4rem;margin:.5rem 0}a{display:inline-block;margin-top:1rem;padding:.7rem 1.4rem;
border-radius:999px;background:#c2551a;color:#fff;text-decoration:none;font-weight:600}</style></head>
<body><main data-testid="offline"><img src="${BUILD.precache.find((u) => u.includes("favicon.svg")) || "/static/favicon.svg"}" alt="" width="56" height="56">
<h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.text)}</p>
<a href="" data-testid="offline-retry">${escapeHtml(words.retry)}</a></main></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A versioned catalogue names its content as a hashed file does: a repeat visit reads
  // it here instead of waiting a round trip for it before the first word is drawn.
  if ((url.pathname.startsWith("/static/") || url.pathname.startsWith("/i18n/")) && url.searchParams.has("v")) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, offlinePage, event.preloadResponse));
  } else if (url.pathname.startsWith("/i18n/") || url.pathname.startsWith("/static/")) {
    event.respondWith(networkFirst(request, null));
  }
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : "Meja" };
  }
  const url = typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/";
  event.waitUntil(self.registration.showNotification(data.title || "Meja", {
    body: data.body || "",
    tag: data.tag || "meja",
    renotify: true,
    icon: "/static/icons/icon-192.png",
    badge: "/static/icons/icon-192.png",
    data: { url, game: data.game || null, seat: data.seat ?? null },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((w) => new URL(w.url).pathname === url.pathname);
    if (open) return open.focus();
    return self.clients.openWindow(url.href);
  })());
});
