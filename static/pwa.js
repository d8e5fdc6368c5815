// The installable app in the page: the service worker (/sw.js, served by app/http/pwa.py)
// registered on load, the browser's install prompt kept for later (offered once, from
// "Notify me", never on a first visit), an "offline" line in the top bar, and this device's
// Web Push subscription for a seat (static/notices.js draws the controls).

import { api } from "/static/api.js";
import { h } from "/static/dom.js";
import { currentLang, msg, onLang } from "/static/i18n.js";

const QUIET_KEY = "meja.quiet";
const INSTALL_KEY = "meja.installOffered";
const PUSH_KEY = "meja.push";

let installPrompt = null;

/** Register the service worker and listen for what the browser offers (main.js, once). */
export function startApp() {
  globalThis.addEventListener?.("beforeinstallprompt", (ev) => {
    ev.preventDefault(); // never the browser's own banner on a visit: "Notify me" offers it
    installPrompt = ev;
    globalThis.dispatchEvent(new CustomEvent("meja:installable"));
  });
  if (!("serviceWorker" in navigator) || !globalThis.isSecureContext) return;
  const tellLang = () => navigator.serviceWorker.controller?.postMessage({ lang: currentLang() });
  // The hashed files this page used, for the worker to keep (static/sw.js, keep).
  const tellUsed = () => navigator.serviceWorker.controller?.postMessage({
    used: performance.getEntriesByType("resource").map((e) => e.name).filter((u) => u.includes("?v=")),
  });
  // Registered once the page has loaded and gone idle: installing caches every module,
  // and on a first visit those ~70 requests would otherwise queue beside the page's own
  // (six connections, a phone's round trips) before its board is drawn (issue 42).
  const register = () => navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready)
    .then(() => { tellLang(); tellUsed(); }).catch((err) => console.warn("service worker unavailable", err));
  const whenIdle = () => (globalThis.requestIdleCallback
    ? requestIdleCallback(register, { timeout: 2000 }) : setTimeout(register, 200));
  if (document.readyState === "complete") whenIdle();
  else globalThis.addEventListener("load", whenIdle, { once: true });
  navigator.serviceWorker.addEventListener("controllerchange", () => { tellLang(); tellUsed(); });
  onLang(tellLang);
}

/** The top bar's "You are offline" line, shown while the browser says so. */
export function offlineLine() {
  const line = h("p", { class: "offline-line", role: "status", "data-testid": "offline-banner" },
    msg("shell.offline.banner"));
  // Offline: the browser says so, or the service worker served this page from its cache.
  let offline = document.documentElement.hasAttribute("data-offline");
  const show = () => { line.hidden = !offline && navigator.onLine !== false; };
  show();
  globalThis.addEventListener("online", () => { offline = false; show(); });
  globalThis.addEventListener("offline", show);
  return line;
}

/** Whether the install prompt may be offered now (the browser has one; never offered yet). */
export function canOfferInstall() {
  return Boolean(installPrompt) && localStorage.getItem(INSTALL_KEY) !== "1";
}

/** Show the browser's install dialog (from a click); offered once, whatever the answer. */
export async function offerInstall() {
  const ev = installPrompt;
  installPrompt = null;
  localStorage.setItem(INSTALL_KEY, "1");
  if (!ev) return false;
  ev.prompt();
  const choice = await ev.userChoice.catch(() => null);
  return choice?.outcome === "accepted";
}

/** iPhone or iPad in a browser tab: iOS (16.4+) delivers push only to a home-screen app. */
export function iosTab() {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent)
    || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone = navigator.standalone === true || matchMedia("(display-mode: standalone)").matches;
  return ios && !standalone;
}

/** Whether this browser can get push at all (a service worker, PushManager, a secure page). */
export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in globalThis && globalThis.isSecureContext;
}

/** This device's quiet hours ({on, from, to}: "HH:MM" local), kept in this browser. */
export function quietHours() {
  try {
    const q = JSON.parse(localStorage.getItem(QUIET_KEY) || "null");
    if (q && typeof q.from === "string" && typeof q.to === "string") return { on: Boolean(q.on), from: q.from, to: q.to };
  } catch {
    /* a broken value: the defaults */
  }
  return { on: false, from: "22:00", to: "07:00" };
}

export function setQuietHours(q) {
  localStorage.setItem(QUIET_KEY, JSON.stringify(q));
}

/** The device's time zone (IANA name), as the server reads quiet hours in it. */
export function timeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

function pushGames() {
  try {
    return JSON.parse(localStorage.getItem(PUSH_KEY) || "{}") || {};
  } catch {
    return {};
  }
}

/** Whether this browser asked for push for this game's seat. */
export function pushWanted(gameId) {
  return Boolean(pushGames()[gameId]);
}

function setPushWanted(gameId, on) {
  const all = pushGames();
  if (on) all[gameId] = 1;
  else delete all[gameId];
  localStorage.setItem(PUSH_KEY, JSON.stringify(all));
}

/** The active service worker's registration (rejects after 10 s: none registered here). */
function workerReady() {
  return Promise.race([navigator.serviceWorker.ready, new Promise((_, reject) => {
    setTimeout(() => reject(new Error("no service worker")), 10_000);
  })]);
}

function keyBytes(b64) {
  const s = atob(b64.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/**
 * Subscribe this device for the seat's turns (or refresh it: the page calls this on every
 * visit, so the server's "last seen" stays fresh and a changed subscription is replaced).
 * Resolves with the seat's notice state; rejects when the browser cannot subscribe.
 */
export async function pushOn(gameId) {
  const reg = await workerReady();
  const { public_key: key } = await api("GET", "/push/key");
  let sub = await reg.pushManager.getSubscription();
  if (sub && localStorage.getItem(`${PUSH_KEY}.key`) !== key) {
    await sub.unsubscribe().catch(() => {}); // made for another server key: useless now
    sub = null;
  }
  if (!sub) sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  localStorage.setItem(`${PUSH_KEY}.key`, key);
  const json = sub.toJSON();
  const q = quietHours();
  const body = { endpoint: json.endpoint, keys: json.keys, lang: currentLang(), time_zone: timeZone() };
  if (q.on) body.quiet = { start: q.from, end: q.to };
  const state = await api("POST", `/games/${encodeURIComponent(gameId)}/push`, { gameId, body });
  setPushWanted(gameId, true);
  return state;
}

/** No more push to this device for this seat (the browser's subscription stays for its
 * other tables). */
export async function pushOff(gameId) {
  setPushWanted(gameId, false);
  const reg = await workerReady();
  const sub = await reg.pushManager.getSubscription();
  if (!sub) return null;
  return api("POST", `/games/${encodeURIComponent(gameId)}/push/remove`, { gameId, body: { endpoint: sub.endpoint } });
}
