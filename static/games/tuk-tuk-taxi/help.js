// Tuk-Tuk Taxi's "How to play" panel: the aim, a turn step by step, every sign tile and what
// it does, and how the game ends, in the viewer's language (keys tuk-tuk-taxi.help.* and the
// signs' own tooltips tuk-tuk-taxi.tip.sign_*). Written from the rulebook and the spec.

const SIGNS = ["slippery", "warning", "pedestrian_crossing", "stop", "speed_limit", "no_parking", "no_stopping",
  "no_entry", "turn_right", "turn_left", "one_way", "police", "mechanic", "gas_station", "remove_sign"];
const TURN = ["draw", "sign", "roll", "move", "arrive"];

/** The panel as one DOM node (ctx.h, ctx.t). */
export function howToPlay(ctx) {
  const { h, t } = ctx;
  return h("section", { class: "tt-help", "aria-label": t("tuk-tuk-taxi.help.title") }, [
    h("p", {}, t("tuk-tuk-taxi.help.aim")),
    h("h3", {}, t("tuk-tuk-taxi.help.turn_title")),
    h("ol", {}, TURN.map((k) => h("li", {}, t(`tuk-tuk-taxi.help.turn.${k}`)))),
    h("p", {}, t("tuk-tuk-taxi.help.moving")),
    h("p", {}, t("tuk-tuk-taxi.help.lights")),
    h("h3", {}, t("tuk-tuk-taxi.help.signs_title")),
    h("dl", { class: "tt-help-signs" }, SIGNS.flatMap((k) => [
      h("dt", {}, t(`tuk-tuk-taxi.term.${k}`)),
      h("dd", {}, t(`tuk-tuk-taxi.signtip.${k}`)),
    ])),
    h("h3", {}, t("tuk-tuk-taxi.help.end_title")),
    h("p", {}, t("tuk-tuk-taxi.help.end")),
    h("p", {}, t("tuk-tuk-taxi.help.board")),
  ]);
}
