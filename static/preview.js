// The board's half of move confirmation (static/confirm.js): renderers' preview hooks mark
// what a move waiting for Confirm names. No imports, so the renderers' node tests load it.

/**
 * Mark the board elements a pending move names (after each draw): every element matching
 * one of ``selectors`` gets the class "meja-preview" (style.css draws it).
 */
export function markPreview(root, selectors) {
  for (const sel of selectors) {
    if (!sel) continue;
    for (const el of root.querySelectorAll(sel)) el.classList.add("meja-preview");
  }
}

/**
 * Unmark what an earlier preview marked under `root`: a redraw keeps the elements that did
 * not change on the page (static/morph.js), marks included, so each draw starts here.
 */
export function clearPreview(root) {
  for (const el of root.querySelectorAll(".meja-preview")) el.classList.remove("meja-preview");
}
