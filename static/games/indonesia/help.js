// Indonesia's "How to play": the goal, the eras, the seven phases of a year, mergers,
// operations and city growth, and scoring, in the game's own terms (written from the
// rulebook summary and the specs, /work/shared/rules and /work/shared/specs), every word
// through ctx.t so the panel follows the viewer's language. Prices come from ctx.data.

const PHASES = ["new_era", "bid", "merger", "acquire", "research", "operate", "growth"];

/** The panel's content as one node (the shell puts it in its "How to play" dialog). */
export function howToPlay(ctx) {
  const { h } = ctx;
  const t = (key, params) => ctx.t(key, params);
  // prices and the ship fee come from the engine's data (absent in a lobby: then no numbers)
  const prices = ctx.data?.prices;
  const fee = ctx.data?.ship_fee;
  const section = (key, body) => h("section", { class: "ind-help-part", "data-help": key }, [h("h3", null, t(`indonesia.help.${key}_title`)), ...body.filter(Boolean)]);
  const para = (key, params) => h("p", null, t(`indonesia.help.${key}`, params));
  return h("div", { class: "ind-help", "data-testid": "ind-help", lang: ctx.lang?.() || "en" }, [
    section("goal", [para("goal")]),
    section("eras", [para("eras"), para("era_end")]),
    section("year", [
      para("year"),
      h("ol", null, PHASES.map((p) => h("li", null, [h("b", null, t(`indonesia.board.phase.${p}`)), " ", t(`indonesia.help.phase.${p}`)]))),
    ]),
    section("mergers", [para("mergers"), para("siap_faji")]),
    section("operations", [
      fee === undefined ? para("operations_plain") : para("operations", { fee }),
      prices ? para("prices", { rice: prices.rice, spice: prices.spice, rubber: prices.rubber, siap: prices["siap faji"], oil: prices.oil }) : null,
      para("expand"),
      para("growth"),
    ]),
    section("scoring", [para("scoring")]),
    section("board", [para("board")]),
  ]);
}
