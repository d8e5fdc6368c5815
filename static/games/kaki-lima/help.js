// Kaki Lima's "How to play": the goal, the set-up, a turn, what may be done at any time, the
// Lokasi actions and boosters, the end and the scoring, in the game's own terms (every
// sentence a catalogue key, kaki-lima.help.*; the actions and boosters the board's words).

/** "How to play": a turn and the scoring in the game's own terms (the shell opens it). */
export function howToPlay(ctx) {
  const { h, t } = ctx;
  const list = (keys) => h("ol", {}, keys.map((k) => h("li", {}, t(k))));
  return h("div", { class: "kl-help" }, [
    h("p", {}, t("kaki-lima.help.goal")),
    h("h3", {}, t("kaki-lima.help.setup_title")),
    h("p", {}, t("kaki-lima.help.setup")),
    h("h3", {}, t("kaki-lima.help.turn_title")),
    list(["kaki-lima.help.turn_walk", "kaki-lima.help.turn_lokasi", "kaki-lima.help.turn_jom", "kaki-lima.help.turn_end"]),
    h("h3", {}, t("kaki-lima.help.anytime_title")),
    h("ul", {}, ["kaki-lima.help.anytime_clear", "kaki-lima.help.anytime_together", "kaki-lima.help.anytime_walk_together"].map((k) => h("li", {}, t(k)))),
    h("h3", {}, t("kaki-lima.help.lokasi_title")),
    h("ul", {}, ["gather", "trade", "draw", "maximize", "token", "another"].map((a) => h("li", {}, [h("b", {}, t("kaki-lima.board.action." + a)), ": ", t("kaki-lima.board.action_tip." + a)]))),
    h("h3", {}, t("kaki-lima.help.boosters_title")),
    h("ul", {}, (ctx.data?.boosters || []).map((b) => h("li", {}, [h("b", {}, t("kaki-lima.board.booster." + b)), ": ", t("kaki-lima.board.booster_tip." + b)]))),
    h("h3", {}, t("kaki-lima.help.end_title")),
    h("p", {}, t("kaki-lima.help.end")),
    h("h3", {}, t("kaki-lima.help.scoring_title")),
    list(["kaki-lima.help.score_gathering", "kaki-lima.help.score_tasks", "kaki-lima.help.score_jom", "kaki-lima.help.score_paths", "kaki-lima.help.score_bonus"]),
    h("p", {}, t("kaki-lima.help.ties")),
  ]);
}
