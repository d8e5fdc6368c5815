// Jakarta Traffic's "How to play": a turn and the scoring in the game's own terms, every
// sentence a catalogue key (jakarta-traffic.help.*), written from the rulebook and the spec.

const SECTIONS = [
  ["goal", ["goal"]],
  ["turn", ["honk", "rotate", "swap", "drive", "detour"]],
  ["arrive", ["chat", "charge", "marker", "accept", "deliver"]],
  ["board", ["orderboard", "two"]],
  ["end", ["end", "score", "ties"]],
  ["screen", ["play", "last", "places"]],
];

/** The rules summary as a DOM node (the shell's "How to play" panel shows it). */
export function howToPlay(ctx) {
  const { h, t } = ctx;
  return h("div", { class: "jt-help", "data-testid": "jt-help" }, [
    ...SECTIONS.map(([head, items]) => h("section", null, [
      h("h3", null, t(`jakarta-traffic.help.${head}_h`)),
      h("ul", null, items.map((k) => h("li", null, t(`jakarta-traffic.help.${k}`)))),
    ])),
  ]);
}
