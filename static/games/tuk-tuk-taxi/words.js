// How Tuk-Tuk Taxi's board names things: a cell as its edges label it ("I5": columns A-M,
// rows 1-13), the edge labels themselves, a route's notes in the viewer's language, and the
// log's board references (describe). Pure: no DOM, so tests/static/tuk-tuk-taxi.test.mjs
// runs it in Node.

// -- places: the board labels columns A-M (left to right) and rows 1-13 (top to bottom) ----
const COLUMNS = "ABCDEFGHIJKLM";

/** The board's name of a "r,c" cell: "A1" is the top-left corner, "I5" is "4,8". */
export function cellName(key) {
  const [r, c] = String(key).split(",").map(Number);
  if (!Number.isInteger(r) || !Number.isInteger(c) || c < 0 || c >= COLUMNS.length) return String(key);
  return `${COLUMNS[c]}${r + 1}`;
}

/** The column letters and row numbers the board's edges show. */
export function edgeLabels(size) {
  return { columns: [...COLUMNS.slice(0, size)], rows: Array.from({ length: size }, (_, i) => String(i + 1)) };
}

/** A route's note in the viewer's language (the view's note keys; the English note before). */
export function noteText(t, move) {
  return Array.isArray(move.notes) && move.notes.length ? move.notes.map((k) => t(k)).join("; ") : move.note || "";
}

/** The board's name of a place a log line names ({"cell": "r,c"}), or null. */
export function describe(ref) {
  return ref && typeof ref.cell === "string" ? cellName(ref.cell) : null;
}
