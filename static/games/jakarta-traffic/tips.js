// Jakarta Traffic's touch card: a long press (or a tap on something that is not a target)
// shows the tooltip of what is under the finger (the words are words.js's).

/** The words a tooltip holds for an element: its SVG <title>, or its title / aria-label. */
export function tipOf(el, stop) {
  for (let n = el; n && n !== stop; n = n.parentNode) {
    const title = [...(n.children || [])].find((k) => k.tagName === "title");
    if (title && title.textContent) return title.textContent;
    if (n.getAttribute?.("title")) return n.getAttribute("title");
  }
  return null;
}

/**
 * Touch tooltips for everything under root: a long press shows the card (and the press
 * does not act), a tap on something that is not a target shows it too; the next tap closes it.
 */
export function touchTips(root, h) {
  const card = h("div", { class: "jt-tipcard", role: "tooltip", "data-testid": "jt-tipcard", hidden: true });
  root.append(card);
  let timer = null;
  let swallow = false;
  const show = (text, ev) => {
    card.textContent = text;
    card.hidden = false;
    const width = globalThis.innerWidth || 360;
    card.style.left = `${Math.max(4, Math.min(ev.clientX - 120, width - 250))}px`;
    card.style.top = `${Math.max(4, ev.clientY + 18)}px`;
  };
  root.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "touch") return;
    if (!card.hidden) {
      card.hidden = true;
      swallow = true;
      return;
    }
    swallow = false;
    clearTimeout(timer);
    const text = tipOf(ev.target, root);
    if (!text) return;
    timer = setTimeout(() => {
      swallow = true;
      show(text, ev);
    }, 500);
  });
  const cancel = () => clearTimeout(timer);
  for (const ev of ["pointerup", "pointercancel", "pointerleave"]) root.addEventListener(ev, cancel);
  root.addEventListener("click", (ev) => {
    if (swallow) {
      swallow = false;
      ev.stopPropagation();
      ev.preventDefault();
      return;
    }
    const pointer = ev.pointerType || "";
    if (pointer !== "touch" || ev.target.closest?.(".jt-target, button")) return;
    const text = tipOf(ev.target, root);
    if (text) show(text, ev);
  }, true);
}
