// How Indonesia's board names things, in the viewer's language (through ctx.t, at draw time):
// areas as the map labels them ("Aceh B": the province and the small letter drawn in the
// area, the engine's own area names: docs/rules/indonesia-view.md), seas by their translated names, goods, deeds, companies and seat letters. The log's
// board references ({"area": 37}, {"sea": 120}, {"city": 137}, {"deed": "a5"},
// {"company": "C3"}, {"province": "Bali"}, {"card": "A3"}) are worded here too (describe).
// Pure: no DOM, so Node tests load it.

/**
 * The letter each land area shows on the map: A for its province's first area by id, B for
 * the next (the engine's client data gives the same letters as area_letters when present).
 */
export function areaLetters(layout, given = null) {
  const byProv = {};
  for (const [aid, a] of Object.entries(layout.areas)) (byProv[a.province] ||= []).push(Number(aid));
  const out = {};
  for (const ids of Object.values(byProv)) {
    ids.sort((x, y) => x - y).forEach((a, i) => { out[String(a)] = given?.[String(a)] || String.fromCharCode(65 + i); });
  }
  return out;
}

/** The goods types and shipping, as the catalogue keys name them. */
const GOOD_KEY = { rice: "rice", spice: "spice", rubber: "rubber", "siap faji": "siap_faji", oil: "oil", shipping: "shipping" };

/** One letter per seat, paired with its colour: the player's initial, or the seat number when two share one. */
export function seatLetters(players, nameOf) {
  const initials = players.map((p) => [...String(nameOf(p.seat) || "").trim()][0]?.toUpperCase() || String(p.seat + 1));
  const unique = new Set(initials).size === initials.length;
  const out = {};
  players.forEach((p, i) => { out[p.seat] = unique ? initials[i] : String(p.seat + 1); });
  return out;
}

/** The naming functions of one page (layout: the stored drawing; ctx: the renderer context). */
export function makeWords(ctx, layout) {
  const t = (key, params) => ctx.t(key, params);
  const letters0 = areaLetters(layout, ctx.data?.area_letters);
  const goodKey = (type) => GOOD_KEY[type] || "rice";
  let letters = null;
  const words = {
    /** "Aceh B": the province and the letter the map draws in the area. */
    area: (a) => {
      const info = layout.areas[String(a)];
      if (!info) return t("indonesia.board.area_unknown", { id: a });
      return t("indonesia.board.area_name", { province: info.province, letter: letters0[String(a)] });
    },
    province: (a) => layout.areas[String(a)]?.province || "",
    // goods, tracks and seas are the engine's terms (engines/indonesia/i18n): one word in log and board
    sea: (s) => (layout.seas[String(s)] ? t(`indonesia.sea.${s}`) : t("indonesia.board.sea_unknown", { id: s })),
    good: (type) => t(`indonesia.good.${goodKey(type)}`),
    goodLetter: (type) => t(`indonesia.board.letter.${goodKey(type)}`),
    deed: (d) => {
      const info = ctx.data.deeds?.[d];
      return info ? t("indonesia.board.deed_name", { good: words.good(info.type), province: info.province }) : String(d);
    },
    /** The parameters of a deed's card (indonesia.tip.deed). */
    deedParams: (d) => ({
      good: words.good(d.type), province: d.province || "", id: d.id || "", era: String(d.era || "").toUpperCase(),
      ships: d.ships ? d.ships.map((s) => (s ? String(s) : "–")).join("/") : "", shipping: d.type === ctx.data.shipping ? "yes" : "no",
    }),
    track: (k) => t(`indonesia.track.${k}`),
    trackShort: (k) => t(`indonesia.board.track_short.${k}`),
    money: (v) => (v === null || v === undefined ? t("indonesia.board.hidden") : t("indonesia.board.rp", { n: v })),
    /** The letter shown beside a seat's colour. */
    seatLetter: (seat) => {
      letters ||= seatLetters(ctx.players || [], ctx.playerName);
      return letters[seat] ?? String(Number(seat) + 1);
    },
    /** The board's word for a log line's board reference; null when it is not one of ours. */
    describe: (ref) => {
      if (!ref || typeof ref !== "object") return null;
      if ("area" in ref) return words.area(ref.area);
      // one city per province: its province names it
      if ("city" in ref) return layout.areas[String(ref.city)]?.province || String(ref.label ?? ref.city);
      if ("sea" in ref) return words.sea(ref.sea);
      if ("deed" in ref) return words.deed(ref.deed);
      if ("company" in ref) return String(ref.company);
      if ("province" in ref) return String(ref.province);
      if ("card" in ref) return String(ref.card);
      if ("good" in ref) return words.good(ref.good);
      return null;
    },
  };
  return words;
}
