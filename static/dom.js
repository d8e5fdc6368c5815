// Small DOM helpers shared by every page and handed to game renderers (ctx.h, ctx.svg).
// Text children always become text nodes, so user-typed strings are never parsed as HTML.
// A Msg (static/i18n.js msg()/live()) as a child or an attribute is reworded on each switch.

import { Msg, bindAttr, msg, textOf } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * The listeners h()/svg() gave each element ([type, fn] pairs): static/morph.js moves them
 * to the node already on the page when a redraw keeps that node.
 */
export const listenersOf = new WeakMap();

function appendChildren(el, children) {
  if (children === undefined || children === null || children === false) return;
  if (Array.isArray(children)) {
    for (const c of children) appendChildren(el, c);
    return;
  }
  if (children instanceof Node) {
    el.appendChild(children);
    return;
  }
  if (children instanceof Msg) {
    el.appendChild(textOf(children));
    return;
  }
  el.appendChild(document.createTextNode(String(children)));
}

function setAttrs(el, attrs, isSvg) {
  if (!attrs) return;
  for (const [key, val] of Object.entries(attrs)) {
    if (val === undefined || val === null || val === false) continue;
    if (val instanceof Msg && key !== "text" && key !== "value") {
      bindAttr(el, key, val);
      continue;
    }
    if (key.startsWith("on") && typeof val === "function") {
      listen(el, key.slice(2).toLowerCase(), val);
    } else if (key === "class" || key === "className") {
      if (isSvg) el.setAttribute("class", val);
      else el.className = val;
    } else if (key === "style" && typeof val === "object") {
      for (const [prop, v] of Object.entries(val)) {
        if (prop.startsWith("--")) el.style.setProperty(prop, v);
        else el.style[prop] = v;
      }
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(val)) el.dataset[k] = v;
    } else if (key === "text") {
      setText(el, val);
    } else if (!isSvg && (key === "value" || key === "checked" || key === "disabled" || key === "selected")) {
      el[key] = val;
    } else {
      el.setAttribute(key, val === true ? "" : String(val));
    }
  }
}

/**
 * The URL to ask for a file under /static/ by (a panel's stylesheet, /static/chat.css): its hashed, immutable
 * URL from the shell's import map (issue 42), or the plain one where the map does not name
 * it or the browser cannot resolve through it.
 */
export function staticUrl(path) {
  try {
    return import.meta.resolve ? import.meta.resolve(path) : path;
  } catch {
    return path;
  }
}

/**
 * el.addEventListener(type, fn), remembered (listenersOf): a redraw that keeps the node on
 * the page (static/morph.js) gives it the new drawing's listener instead of this one.
 */
export function listen(el, type, fn) {
  el.addEventListener(type, fn);
  const known = listenersOf.get(el);
  if (known) known.push([type, fn]);
  else listenersOf.set(el, [[type, fn]]);
  return el;
}

/** Create an HTML element: h("button", {class: "btn", onclick: fn}, "Start"). */
export function h(tag, attrs, children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs, false);
  appendChildren(el, children);
  return el;
}

/** Create an SVG element: svg("circle", {cx: 5, cy: 5, r: 3}). */
export function svg(tag, attrs, children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs, true);
  appendChildren(el, children);
  return el;
}

/** Replace an element's text (a Msg stays worded in the current language). */
export function setText(el, words) {
  el.replaceChildren(words instanceof Msg ? textOf(words) : document.createTextNode(String(words ?? "")));
  return el;
}

/** Append children (skipping null/false, text as text nodes); returns the element. */
export function add(el, ...children) {
  appendChildren(el, children);
  return el;
}

/** Remove every child of an element. */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

// The Okabe-Ito palette (Okabe & Ito, "Color Universal Design"): its colours stay apart for
// deuteranopes and protanopes too. The order puts the most distinct pairs on the first seats
// (vermillion / blue / bluish green / reddish purple); every seat colour is also paired with a
// shape (seatMark), so no one has to tell seats apart by colour alone.
export const PLAYER_COLORS = ["#d55e00", "#0072b2", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"];

/** One shape per seat, drawn in a 20 x 20 box (seat 0 circle, 1 square, 2 triangle, ...). */
export const SEAT_SHAPES = [
  { tag: "circle", attrs: { cx: 10, cy: 10, r: 8 } },
  { tag: "rect", attrs: { x: 2.5, y: 2.5, width: 15, height: 15, rx: 1.5 } },
  { tag: "polygon", attrs: { points: "10,1.5 18.5,17.5 1.5,17.5" } },
  { tag: "polygon", attrs: { points: "10,1 19,10 10,19 1,10" } },
  { tag: "polygon", attrs: { points: "10,1 12.6,7.1 19,7.6 14.1,11.8 15.6,18.2 10,14.8 4.4,18.2 5.9,11.8 1,7.6 7.4,7.1" } },
  { tag: "polygon", attrs: { points: "10,1 17.8,5.5 17.8,14.5 10,19 2.2,14.5 2.2,5.5" } },
];

const seatMarks = new Map(); // seatMark's drawings by seat and options, to copy

/**
 * The seat's mark: its shape filled with its colour, as a small inline SVG (usable in HTML and,
 * with x/y, inside a board's SVG). Decorative (aria-hidden): the name next to it says who.
 * seatMark(seat, {size: 14, x, y, class})
 */
export function seatMark(seat, { size = 14, x, y, class: cls = "" } = {}) {
  // A move's log line and players' rows draw a few marks each: one is built per kind and
  // copied after that (a copy is a fraction of building it attribute by attribute, issue 42).
  const key = `${seat}|${size}|${x}|${y}|${cls}`;
  let mark = seatMarks.get(key);
  if (!mark) {
    const known = seat !== null && seat !== undefined && seat >= 0;
    const shape = SEAT_SHAPES[known ? seat % SEAT_SHAPES.length : 0];
    mark = svg("svg", {
      class: `seat-mark${cls ? ` ${cls}` : ""}`, viewBox: "0 0 20 20", width: size, height: size, x, y,
      "aria-hidden": "true", focusable: "false", "data-seat": known ? seat : null,
    }, svg(shape.tag, { ...shape.attrs, fill: playerColor(seat), stroke: "#1f1a14", "stroke-width": 1.2, "stroke-linejoin": "round" }));
    if (seatMarks.size < 200) seatMarks.set(key, mark);
  }
  return mark.cloneNode(true);
}

/** The CSS colour of a seat (stable across pages). */
export function playerColor(seat) {
  if (seat === null || seat === undefined || seat < 0) return "#868e96";
  return PLAYER_COLORS[seat % PLAYER_COLORS.length];
}

/** An absolute URL for a server-given path or URL. */
export function absoluteUrl(url) {
  if (!url) return "";
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
}

/** The last path segment of a URL ("/join/abc" -> "abc"). */
export function lastSegment(url) {
  if (!url) return null;
  try {
    const parts = new URL(url, window.location.origin).pathname.split("/").filter(Boolean);
    return parts.length ? decodeURIComponent(parts[parts.length - 1]) : null;
  } catch {
    return null;
  }
}

let toastTimer = null;

/** Show a non-blocking message at the bottom of the screen (data-testid="error"). */
export function toast(message, kind = "error", ms = 7000) {
  let box = document.getElementById("toast");
  if (!box) {
    box = h("div", { id: "toast", class: "toast", role: "alert", "aria-live": "assertive" });
    document.body.appendChild(box);
  }
  clear(box);
  box.className = `toast toast-${kind} show`;
  box.appendChild(
    h("span", { class: "toast-text", "data-testid": kind === "error" ? "error" : "notice" }, message),
  );
  box.appendChild(
    h("button", { class: "toast-close", "aria-label": msg("shell.dismiss"), onclick: () => hideToast() }, "×"),
  );
  clearTimeout(toastTimer);
  toastTimer = setTimeout(hideToast, ms);
}

/**
 * A button that runs `work` once at a time (disabled while it runs); a refusal shows as a
 * toast - its message, or what `says(err)` words it as.
 */
export function onceButton(attrs, label, work, says = (err) => err.message) {
  const btn = h("button", { type: "button", class: "btn", ...attrs }, label);
  btn.addEventListener("click", async () => {
    if (btn.disabled) return;
    btn.disabled = true;
    try {
      await work();
    } catch (err) {
      toast(says(err));
    } finally {
      btn.disabled = false;
    }
  });
  return btn;
}

export function hideToast() {
  const box = document.getElementById("toast");
  if (box) box.classList.remove("show");
}

/** Copy text to the clipboard; falls back to showing it in a selectable input. */
export async function copyText(text, fallbackHost) {
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    toast(msg("shell.copied"), "info", 2500);
    return true;
  } catch {
    if (fallbackHost) {
      clear(fallbackHost);
      const input = h("input", {
        class: "copy-fallback",
        type: "text",
        readonly: true,
        value: text,
        "aria-label": msg("shell.link_to_copy"),
        onfocus: (e) => e.target.select(),
      });
      fallbackHost.appendChild(h("p", { class: "hint" }, msg("shell.copy_this")));
      fallbackHost.appendChild(input);
      input.focus();
      input.select();
    } else {
      toast(msg("shell.copy_this_link", { url: text }), "info", 10000);
    }
    return false;
  }
}

/** A random id for client action ids. */
export function randomId() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  const a = new Uint8Array(16);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** "move_taxi" -> "Move taxi". */
export function humanize(key) {
  const s = String(key).replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}
