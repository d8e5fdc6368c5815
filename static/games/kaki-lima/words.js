// How Kaki Lima's board names things, in the viewer's language (ctx.t at draw time): a
// player with their pedestrian, a grid card by its Lokasi or the coordinate the margins print
// ("C4"), a Langkah card by its steps and booster, each card's description, and the log's
// board references ({cell}, {langkah, booster}, {lokasi}, {jom}: describe). Pure: no DOM, so
// tests/static/kaki-lima.test.mjs runs it in Node.

import { cellName, coordinate } from "./model.js";

/** The board's words for one page, over the current document (`getDoc()`). */
export function makeWords(ctx, getDoc) {
  const { t, data } = ctx;
  const view = () => getDoc()?.view;
  const who = (seat) => {
    if (seat === null || seat === undefined) return "";
    const name = ctx.playerName(seat);
    const pedestrian = view()?.pedestrians?.[seat];
    if (!pedestrian || String(name).trim().toLowerCase() === pedestrian.toLowerCase()) return String(name);
    return t("kaki-lima.board.who", { name, pedestrian });
  };
  const cell = (i) => cellName(view()?.cells, data.lokasi, i, data.cols);
  const cellAria = (i) => {
    const v = view();
    const card = v?.cells?.[i];
    const at = coordinate(i, data.cols);
    if (!card) return t("kaki-lima.board.cell.gap", { pile: t("kaki-lima.board.pile." + (data.gaps[String(i)] || "jom")), at });
    if (data.lokasi[card]) return t("kaki-lima.board.cell.lokasi", { name: card, at });
    if (card === "R") return v.cleared.includes(i) ? t("kaki-lima.board.cell.cleared", { at }) : t("kaki-lima.board.cell.red", { at });
    return t("kaki-lima.board.cell.green", { at });
  };
  const langkah = (card) => t("kaki-lima.board.langkah", { steps: card.steps, boosted: card.booster ? "yes" : "no",
    name: card.booster ? t("kaki-lima.board.booster." + card.booster) : "" });
  /** A card's full description: what it is, then what it does. */
  const details = (i) => {
    const v = view();
    const card = v?.cells?.[i];
    if (!card) return [t("kaki-lima.board.pile_tip." + (data.gaps[String(i)] || "jom"))];
    if (data.lokasi[card]) return data.lokasi[card].map((a) => `${t("kaki-lima.board.action." + a)}: ${t("kaki-lima.board.action_tip." + a)}`);
    if (card === "R") return [v.cleared.includes(i) ? t("kaki-lima.board.cleared_tip") : t("kaki-lima.board.red_tip")];
    return [t("kaki-lima.board.green_tip")];
  };
  const tip = (i) => [cellAria(i), ...details(i)].join(" — ");
  const describe = (ref) => {
    if (!ref || typeof ref !== "object") return null;
    if (typeof ref.cell === "number") return cell(ref.cell);
    if (typeof ref.langkah === "number") return langkah({ steps: ref.langkah, booster: ref.booster || null });
    if (typeof ref.lokasi === "string") return ref.lokasi;
    if (typeof ref.jom === "string") return ref.jom;
    return null;
  };
  return { who, cell, cellAria, langkah, details, tip, describe };
}
