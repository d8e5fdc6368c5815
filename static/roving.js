// Keyboard play on a board (issue 37): the board is one Tab stop, the arrow keys move between
// its targets by where they are drawn, Enter or Space chooses the focused one (as a click
// does), Home and End go to the first and the last target. This is the ARIA grid pattern's
// keyboard model with a roving tabindex: the current target has tabindex 0, every other -1.
// Boards redraw their targets on every change, so the current target is remembered by its
// key (data-rove) and, when that one is gone, by where it was (the nearest target takes over).
// When a redraw takes the focus away from a keyboard player (their target was replaced, the
// move was sent), the focus comes back to the board's current target, or to the renderer's
// fallback control when the board has no target just now. A pointer player's focus is left
// alone, so mouse and touch play look as before. Every board uses this one module:
// `nextIndex` and `pickCurrent` are pure (tests/static/roving.test.mjs), `Roving` wires them.

/** The step each arrow key asks for, as [x, y] on the screen. */
const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const EPS = 0.5;

/** Whether a box lies before another in reading order (rows top to bottom, then left to right). */
function before(a, b) {
  const sameRow = Math.abs(a.y - b.y) < Math.min(a.h || 1, b.h || 1) / 2;
  return sameRow ? a.x < b.x : a.y < b.y;
}

/**
 * The index of the target an arrow key (or Home/End) moves to from `from`; `boxes` are the
 * targets' centres and sizes {x, y, w, h}. An arrow goes first to the nearest target in the
 * same row (or column), else to the nearest within 45 degrees of the arrow, else to the
 * nearest anywhere on that side; at the edge it stays. Returns `from` for any other key.
 */
export function nextIndex(boxes, from, key) {
  if (!boxes.length) return -1;
  if (key === "Home" || key === "End") {
    let best = 0;
    boxes.forEach((b, i) => {
      if (key === "Home" ? before(b, boxes[best]) : before(boxes[best], b)) best = i;
    });
    return best;
  }
  const step = STEPS[key];
  const here = boxes[from];
  if (!step || !here) return from;
  const [sx, sy] = step;
  const band = (sx ? here.h : here.w) / 2; // half the current target's height (or width)
  let best = from;
  let bestScore = Infinity;
  boxes.forEach((b, i) => {
    if (i === from) return;
    const dx = b.x - here.x;
    const dy = b.y - here.y;
    const along = dx * sx + dy * sy;
    const across = Math.abs(dx * sy + dy * sx);
    if (along <= EPS) return;
    const tier = across < band ? 0 : across <= along ? 1 : 2;
    const score = tier * 1e9 + along + 2 * across;
    if (score < bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

/**
 * Which target is the board's Tab stop after a redraw: the one whose key is `key`, else the
 * one nearest to `point` (where the last one was), else the first in reading order; -1 when
 * there is none.
 */
export function pickCurrent(keys, boxes, key, point) {
  if (!keys.length) return -1;
  const same = key === null || key === undefined ? -1 : keys.indexOf(key);
  if (same >= 0) return same;
  if (point) {
    let best = 0;
    let bestDist = Infinity;
    boxes.forEach((b, i) => {
      const d = (b.x - point.x) ** 2 + (b.y - point.y) ** 2;
      if (d < bestDist) {
        best = i;
        bestDist = d;
      }
    });
    return best;
  }
  return nextIndex(boxes, 0, "Home");
}

// The last kind of input: focus follows the player only when it was the keyboard (or a screen
// reader's click, which comes without a pointer). One listener pair for the whole page.
let modality = "keyboard";
let watching = false;
/** Start telling keys from pointers (a board without a Roving calls it before keyboardPlay). */
export function watchModality() {
  if (watching || typeof document === "undefined") return;
  watching = true;
  document.addEventListener("pointerdown", () => { modality = "pointer"; }, true);
  document.addEventListener("keydown", () => { modality = "keyboard"; }, true);
}

/** Whether the player's last input was a key (or no pointer yet): then focus may be moved. */
export function keyboardPlay() {
  return modality === "keyboard";
}

/** Whether the focus has nowhere useful to be: on <body>, or on a container of `el`. */
export function focusLost(el) {
  const active = document.activeElement;
  return !active || active === document.body || (active !== el && active.contains(el));
}

/**
 * The roving tabindex of one board. `box` is the persistent element the board's targets are
 * drawn in (each target carries `data-rove`, its key); `scope` is the renderer's root: while
 * the keyboard's focus is anywhere in it (board, buttons, hand) a redraw that drops the focus
 * brings it back. Call `refresh({prefer, fallback})` after every draw: `prefer` the key that
 * should become current (a new choice, e.g. a sign's directions), `fallback` the control
 * to focus when the board has no target (the decision's button).
 */
export class Roving {
  constructor(box, scope = box) {
    watchModality();
    this.box = box;
    this.scope = scope;
    this.key = null;
    this.point = null;
    this.holds = false; // the keyboard's focus is (or was last) in this renderer
    box.addEventListener("keydown", (e) => this.onKey(e));
    box.addEventListener("focusin", (e) => {
      const target = e.target.closest?.("[data-rove]");
      if (target && box.contains(target)) this.makeCurrent(target);
    });
    this.onFocusIn = (e) => { this.holds = scope.contains(e.target); };
    document.addEventListener("focusin", this.onFocusIn);
  }

  targets() {
    return [...this.box.querySelectorAll("[data-rove]")];
  }

  /** The targets' centres and sizes, relative to the box (the page may have scrolled). */
  boxes(els) {
    const origin = this.box.getBoundingClientRect();
    return els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2 - origin.left, y: r.top + r.height / 2 - origin.top, w: r.width, h: r.height };
    });
  }

  makeCurrent(el, box) {
    for (const other of this.targets()) {
      other.setAttribute("tabindex", other === el ? "0" : "-1");
      if (other !== el) other.removeAttribute("data-board-focus");
    }
    el.setAttribute("data-board-focus", "");
    this.key = el.dataset.rove;
    this.point = box || this.boxes([el])[0];
  }

  /** Assign the Tab stop after a redraw; give a keyboard player's lost focus back. */
  refresh({ prefer = null, fallback = null } = {}) {
    const els = this.targets();
    // No targets (a spectator, another seat's turn): no boxes, so no layout in the middle
    // of drawing the move (issue 42).
    const boxes = els.length ? this.boxes(els) : [];
    const keys = els.map((el) => el.dataset.rove);
    const i = pickCurrent(keys, boxes, prefer !== null && keys.includes(prefer) ? prefer : this.key, this.point);
    for (const old of this.scope.querySelectorAll("[data-board-focus]")) old.removeAttribute("data-board-focus");
    let stop = null;
    if (i >= 0) {
      this.makeCurrent(els[i], boxes[i]);
      stop = els[i];
    } else if (fallback) {
      fallback.setAttribute("data-board-focus", "");
      stop = fallback;
    }
    if (stop && this.holds && focusLost(this.box) && keyboardPlay() && !document.querySelector("dialog[open]")) {
      stop.focus({ preventScroll: true });
    }
  }

  /** Put the focus on the board's current target (a keyboard choice that leads to the board). */
  focus() {
    const el = this.box.querySelector("[data-rove][tabindex='0']");
    if (el && keyboardPlay()) el.focus({ preventScroll: true });
  }

  onKey(e) {
    const el = e.target.closest?.("[data-rove]");
    if (!el || !this.box.contains(el) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "Enter" || e.key === " ") {
      // Enter and Space choose, exactly as a click (SVG elements have no click()).
      e.preventDefault();
      el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
      return;
    }
    if (!(e.key in STEPS) && e.key !== "Home" && e.key !== "End") return;
    e.preventDefault(); // the page does not scroll under a board that takes the arrows
    const els = this.targets();
    const from = els.indexOf(el);
    const next = els[nextIndex(this.boxes(els), from, e.key)];
    if (next && next !== el) {
      this.makeCurrent(next);
      next.focus(); // scrolls a zoomed board's window to it
    }
  }

  destroy() {
    document.removeEventListener("focusin", this.onFocusIn);
  }
}
