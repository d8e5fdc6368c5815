// Kaki Lima board renderer (contract: docs/client.md; rulings: docs/rules/kaki-lima.md).
// Draws the 5x10 grid of city cards (colour, Lokasi name and action icons, cleared paths with
// their token), the pedestrians, the piles in the grid gaps and the walk in progress. The side
// panel holds the player's hand (boosters explained), every prompt and answer button, the
// Pi Mana? cards with checked tasks, the Jom! cards with tokens, the CA track and PA scores,
// hand sizes, tokens held, cards set aside and each player's reached and met lists.
// Selecting cards highlights the cards a walk can end on; then the player clicks the path.

const ROWS = 5;
const COLS = 10;
const CW = 84; // cell width in SVG units
const CH = 70;
const PAD = 4;

const FILL = { G: "#9ccc65", R: "#e35d5b", cleared: "#d7e9c4", lokasi: "#f7a440", gap: "#efe7da" };
const ICON = {
  "Score for gathering": "★", "Trade cards": "⇄", "Draw an extra card": "+1",
  "Maximize your hand": "⇑5", "Pick up a clearing token": "◉", "Play another card": "▶▶",
};
const BOOSTER_NAME = {
  diagonal: "Diagonal", reverse: "Reverse", around: "Around Blocked Paths", double: "Double",
  combine: "Combine", swap: "Swap with Discard", pickup: "Pick Up Clearing Token",
  move: "Move Clearing Token",
};
const GAP_LABEL = { 13: "draw", 16: "jom", 33: "discard", 36: "pool" };

const CSS = `
.kl { display: grid; gap: 10px; grid-template-columns: minmax(0, 1fr); font-size: 14px; }
.kl-board { overflow-x: auto; }
.kl-board svg { width: 100%; min-width: 560px; height: auto; display: block; user-select: none; -webkit-user-select: none; }
.kl-side { display: grid; gap: 8px; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); align-items: start; }
.kl-box { background: var(--surface, #fff); border: 1px solid var(--line, #ddd); border-radius: 10px; padding: 8px 10px; }
.kl-box h4 { margin: 0 0 6px; font-size: 14px; }
.kl-box p { margin: 0 0 6px; }
.kl-status { font-weight: 600; }
.kl-prompt { color: var(--accent, #c2551a); font-weight: 600; }
.kl-row { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; }
.kl-hand { display: flex; gap: 6px; flex-wrap: wrap; }
.kl-card { min-width: 64px; min-height: 56px; border-radius: 8px; border: 2px solid #8d6e63; background: #fff8ec;
  display: flex; flex-direction: column; align-items: center; justify-content: center; padding: 2px 6px; cursor: pointer; font: inherit; }
.kl-card .kl-steps { font-size: 22px; font-weight: 700; line-height: 1; }
.kl-card .kl-boost { font-size: 11px; text-align: center; }
.kl-card.selected { border-color: var(--accent, #c2551a); background: #ffe0c2; box-shadow: 0 0 0 2px var(--accent, #c2551a); }
.kl-card:disabled { cursor: default; opacity: .85; }
.kl-controls { display: flex; flex-wrap: wrap; gap: 6px; }
.kl-controls button, .kl-btn { min-height: 36px; padding: 4px 10px; border-radius: 8px; border: 1px solid var(--line, #ccc);
  background: var(--surface-2, #f4eee6); cursor: pointer; font: inherit; }
.kl-controls button.primary { background: var(--accent, #c2551a); color: #fff; border-color: transparent; }
.kl-controls select { min-height: 36px; font: inherit; }
.kl-muted { color: var(--muted, #777); font-size: 12px; }
.kl-player { border-top: 1px solid var(--line, #eee); padding: 4px 0; }
.kl-player.current .kl-pname { font-weight: 700; }
.kl-swatch { width: 12px; height: 12px; border-radius: 50%; display: inline-block; margin-right: 4px; vertical-align: middle; }
.kl-tasks { margin: 2px 0; padding-left: 18px; }
.kl-tasks li.done { text-decoration: line-through; color: #2f9e44; }
.kl-jom { display: grid; gap: 4px; }
.kl-jom-card { border: 1px solid var(--line, #ddd); border-radius: 8px; padding: 4px 6px; }
.kl-jom-card.claimed { opacity: .7; background: #eef7e9; }
.kl-ca { display: flex; gap: 2px; }
.kl-ca span { width: 18px; height: 18px; border-radius: 4px; border: 1px solid #8888; font-size: 11px; display: inline-flex; align-items: center; justify-content: center; }
.kl-ca span.on { background: #2f9e44; color: #fff; }
svg .kl-target { cursor: pointer; }
svg .kl-target:hover rect.kl-hl, svg .kl-target:focus rect.kl-hl { stroke-width: 5; fill-opacity: .45; }
svg text { font-family: system-ui, sans-serif; pointer-events: none; }
`;

const choices = (v) => (v && typeof v === "object" && !Array.isArray(v) && Array.isArray(v.$choice) ? v.$choice : [v]);
const rc = (i) => [Math.floor(i / COLS), i % COLS];
const cx = (i) => PAD + rc(i)[1] * CW + CW / 2;
const cy = (i) => PAD + rc(i)[0] * CH + CH / 2;
const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

/** Sort the legal-action templates into what the renderer offers. */
function readLegal(legal) {
  const out = { walks: [], swap: new Set(), move: new Map(), noWalk: false, steps: [], clearSteps: [],
    place: [], clear: [], doneClearing: false, propose: [], invite: null, skipInvite: false,
    ask: [], skipAsk: false, answerPickup: false, join: [], declineWalk: false, offers: [],
    endTrade: false, acceptTrade: [], declineTrade: false, answerClearing: null, declineClearing: false,
    jom: new Map(), endJom: false };
  for (const t of legal || []) {
    switch (t.type) {
      case "walk": out.walks.push({ cards: t.cards, ends: choices(t.end) }); break;
      case "swap": out.swap.add(t.card); break;
      case "move_token": out.move.set(t.card, { sources: choices(t.source), targets: choices(t.target) }); break;
      case "no_walk": out.noWalk = true; break;
      case "step": (t.clear ? out.clearSteps : out.steps).push(...choices(t.cell)); break;
      case "place": out.place.push(...choices(t.cell)); break;
      case "clear": out.clear.push(...choices(t.cell)); break;
      case "done_clearing": out.doneClearing = true; break;
      case "propose_clearing":
        out.propose.push({ partner: t.partner, targets: choices(t.target), cards: t.card === null ? null : choices(t.card) });
        break;
      case "invite": out.invite = t.seat; break;
      case "skip_invite": out.skipInvite = true; break;
      case "ask_pickup": out.ask.push(...choices(t.steps)); break;
      case "skip_ask": out.skipAsk = true; break;
      case "answer_pickup": out.answerPickup = true; break;
      case "join_walk": out.join.push(...choices(t.steps)); break;
      case "decline_walk": out.declineWalk = true; break;
      case "offer_trade": for (const to of choices(t.to)) out.offers.push({ to, cards: t.cards }); break;
      case "end_trade": out.endTrade = true; break;
      case "accept_trade": out.acceptTrade.push(t.cards); break;
      case "decline_trade": out.declineTrade = true; break;
      case "answer_clearing":
        if (t.accept) out.answerClearing = { cards: t.card === null ? null : choices(t.card) };
        else out.declineClearing = true;
        break;
      case "place_jom": out.jom.set(t.card, choices(t.entry)); break;
      case "end_jom": out.endJom = true; break;
      default: break;
    }
  }
  return out;
}

export function createRenderer(root, ctx) {
  const { svg, h } = ctx;
  root.dataset.handlesAll = "1";
  const boardBox = h("div", { class: "kl-board" });
  const side = h("div", { class: "kl-side" });
  root.append(h("style", {}, CSS), h("div", { class: "kl" }, [boardBox, side]));

  let doc = null;
  let selected = []; // card ids picked from the hand
  let moving = null; // {card, source|null} while moving a clearing token
  let busy = false;

  const who = (seat) => (seat === null || seat === undefined ? "" : `${ctx.playerName(seat)} (${doc.view.pedestrians[seat]})`);
  const cellLabel = (view, i) => {
    const card = view.cells[i];
    const [r, c] = rc(i);
    if (view.lokasi[card]) return card;
    return `row ${r + 1}, column ${c + 1}`;
  };

  const send = (action) => {
    if (busy) return;
    busy = true;
    ctx.send(action).then(() => { selected = []; moving = null; })
      .catch(() => {}).finally(() => { busy = false; if (doc) draw(); });
  };

  // -- what the game waits for -------------------------------------------------------------
  function statusText(view) {
    const a = view.answer;
    const t = view.turn;
    const cur = who(view.current);
    if (view.phase === "over") return "The game is over.";
    if (view.phase === "place") return `Waiting for ${who(view.placing)} to place their pedestrian on a border Green card.`;
    if (view.phase === "final") return `Waiting for ${who(view.awaiting[0])} to spend their last clearing tokens.`;
    if (a && a.kind === "trade") return `Waiting for ${who(a.to)} to answer ${who(a.from)}'s trade offer (${a.count} card${a.count > 1 ? "s" : ""}).`;
    if (a && a.kind === "clearing") return `Waiting for ${who(a.to)} to answer ${who(a.from)}'s proposal to clear ${cellLabel(view, a.target)} together.`;
    if (t.stage === "invite" && t.invite) {
      const inv = t.invite;
      if (inv.sub === "offer") return `Waiting for ${cur} to decide whether to invite ${who(inv.seat)} to walk together.`;
      if (inv.sub === "ask") return `Waiting for ${who(inv.seat)} to decide whether to ask ${cur} for a pick-up.`;
      if (inv.sub === "answer") return `Waiting for ${cur} to answer ${who(inv.seat)}'s pick-up request (${inv.steps} step${inv.steps > 1 ? "s" : ""}).`;
      return `Waiting for ${who(inv.seat)} to answer ${cur}'s invitation to walk together.`;
    }
    const extra = t.extra ? " (Play Another Card)" : "";
    if (t.stage === "path") return `${cur} is choosing the path to ${cellLabel(view, t.walk.end)}${extra}.`;
    if (t.stage === "trade") return `${cur} may offer a trade.`;
    if (t.stage === "jom") return `${cur} is placing Jom! tokens.`;
    if (t.stage === "committed") return `${cur} walks the card just ${t.committed === "swap" ? "swapped" : "played"}, or not.`;
    return `${cur}'s turn${extra}: play a Langkah card.`;
  }

  function promptText(view, legal) {
    if (ctx.seat === null || !doc.legal || !doc.legal.length) return "";
    if (legal.place.length) return "Click a highlighted border Green card to place your pedestrian.";
    if (moving) return moving.source === null ? "Click the cleared path whose token moves." : "Click the Red card the token moves to.";
    if (legal.steps.length || legal.clearSteps.length) return "Click the next card of your path.";
    if (legal.walks.length) {
      const combo = comboFor(legal);
      if (combo) return "Click a highlighted card to end your walk there.";
      return "Select a Langkah card (a Double or Combine card first, then its partner).";
    }
    if (legal.invite !== null) return "Invite this pedestrian to walk together?";
    if (legal.ask.length) return "Ask to be picked up on this walk?";
    if (legal.answerPickup) return "A pedestrian asks to be picked up: accept?";
    if (legal.join.length) return "You are invited to walk together: choose how many steps, or decline.";
    if (legal.offers.length || legal.endTrade) return "Select 1 or 2 cards and offer them to a player, or end trading.";
    if (legal.acceptTrade.length) return "Select the same number of your cards to give back, or decline.";
    if (legal.answerClearing) return "Clear a Blocked Path together?";
    if (legal.jom.size) return "Place Jom! tokens on the cards below, or finish.";
    if (legal.doneClearing) return "Spend a clearing token on a highlighted Red card, or finish.";
    if (legal.clear.length || legal.propose.length) return "You may clear a Blocked Path now.";
    return "";
  }

  function comboFor(legal) {
    if (!selected.length) return null;
    return legal.walks.find((w) => sameSet(w.cards, selected)) || null;
  }

  // -- the board -----------------------------------------------------------------------------
  function drawBoard(view, legal) {
    const W = PAD * 2 + COLS * CW;
    const H = PAD * 2 + ROWS * CH;
    const board = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Kaki Lima city grid" });
    const combo = comboFor(legal);
    const targets = new Map(); // cell -> {label, colour, action}
    const offer = (cell, label, colour, action) => { if (!targets.has(cell)) targets.set(cell, { label, colour, action }); };
    if (moving) {
      const m = legal.move.get(moving.card);
      if (m && moving.source === null) for (const c of m.sources) offer(c, "move this token", "#1c7ed6", () => { moving.source = c; draw(); });
      if (m && moving.source !== null) for (const c of m.targets) offer(c, "move the token here", "#1c7ed6",
        () => send({ type: "move_token", card: moving.card, source: moving.source, target: c }));
    }
    for (const c of legal.place) offer(c, "start here", "#1c7ed6", () => send({ type: "place", cell: c }));
    for (const c of legal.steps) offer(c, "step here", "#1c7ed6", () => send({ type: "step", cell: c, clear: false }));
    for (const c of legal.clearSteps) offer(c, "clear and step here", "#7b2cbf", () => send({ type: "step", cell: c, clear: true }));
    if (combo && !moving) for (const c of combo.ends) offer(c, "end the walk here", "#1c7ed6", () => send({ type: "walk", cards: combo.cards, end: c }));
    for (const c of legal.clear) offer(c, "clear this Blocked Path", "#7b2cbf", () => send({ type: "clear", cell: c }));

    for (let i = 0; i < ROWS * COLS; i++) board.append(drawCell(view, i));
    const last = view.last_walk;
    if (last && last.path.length > 1 && !view.turn.walk) {
      const line = svg("polyline", { points: last.path.map((c) => `${cx(c)},${cy(c)}`).join(" "), fill: "none",
        stroke: ctx.playerColor(last.seat), "stroke-width": 3, "stroke-dasharray": "3 5", "stroke-linecap": "round", opacity: 0.6 });
      line.setAttribute("data-testid", "kl-last-walk");
      board.append(line);
    }
    const walk = view.turn.walk;
    if (walk && walk.path.length > 1) {
      board.append(svg("polyline", { points: walk.path.map((c) => `${cx(c)},${cy(c)}`).join(" "), fill: "none",
        stroke: ctx.playerColor(view.current), "stroke-width": 5, "stroke-dasharray": "8 5", "stroke-linecap": "round", opacity: 0.85 }));
    }
    if (walk) {
      board.append(svg("rect", { x: cx(walk.end) - CW / 2 + 3, y: cy(walk.end) - CH / 2 + 3, width: CW - 6, height: CH - 6,
        rx: 6, fill: "none", stroke: ctx.playerColor(view.current), "stroke-width": 3 }));
    }
    view.pos.forEach((p, seat) => { if (p !== null) board.append(drawPedestrian(view, p, seat)); });
    for (const [cell, t] of targets) {
      const g = svg("g", { class: "kl-target", tabindex: 0, role: "button", "aria-label": `${t.label}: ${cellLabel(view, cell)}`,
        dataset: { testid: `kl-cell-${cell}`, cell: String(cell) } });
      g.setAttribute("data-testid", `kl-cell-${cell}`);
      g.append(svg("title", {}, `${t.label}: ${cellLabel(view, cell)}`),
        svg("rect", { class: "kl-hl", x: cx(cell) - CW / 2 + 2, y: cy(cell) - CH / 2 + 2, width: CW - 4, height: CH - 4, rx: 7,
          fill: t.colour, "fill-opacity": 0.25, stroke: t.colour, "stroke-width": 3 }));
      g.addEventListener("click", t.action);
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); t.action(); } });
      board.append(g);
    }
    return board;
  }

  function drawCell(view, i) {
    const card = view.cells[i];
    const x = cx(i) - CW / 2 + 1;
    const y = cy(i) - CH / 2 + 1;
    const g = svg("g", { dataset: { kind: card || "gap" } });
    if (!card) {
      g.append(svg("rect", { x, y, width: CW - 2, height: CH - 2, rx: 6, fill: FILL.gap, stroke: "#d8cdbb" }));
      const label = GAP_LABEL[i];
      const lines = [];
      if (label === "draw") lines.push("Draw pile", `${view.draw_count} cards`);
      if (label === "discard") {
        const top = view.discard_top;
        lines.push("Discard", top ? `top: ${top.steps}${top.booster ? " " + BOOSTER_NAME[top.booster] : ""}` : "empty");
      }
      if (label === "pool") lines.push("Clearing", `tokens: ${view.pool}`);
      if (label === "jom") lines.push("Kaki Lima");
      lines.forEach((t, k) => g.append(svg("text", { x: x + CW / 2, y: y + 24 + k * 16, "text-anchor": "middle", "font-size": 11, fill: "#5c4a32" }, t)));
      if (label === "discard" && view.discard_top) g.append(svg("title", {}, view.discard_top.booster ? view.boosters[view.discard_top.booster] : "plain card"));
      return g;
    }
    const cleared = view.cleared.includes(i);
    const lokasi = view.lokasi[card];
    const fill = lokasi ? FILL.lokasi : card === "R" ? (cleared ? FILL.cleared : FILL.R) : FILL.G;
    g.append(svg("rect", { x, y, width: CW - 2, height: CH - 2, rx: 6, fill, stroke: "#00000033" }));
    if (lokasi) {
      g.append(svg("title", {}, `${card}: ${lokasi.join(", ")}`));
      wrap(card, 12).forEach((t, k) => g.append(svg("text", { x: x + CW / 2, y: y + 15 + k * 13, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#3b2410" }, t)));
      g.append(svg("text", { x: x + CW / 2, y: y + CH - 22, "text-anchor": "middle", "font-size": 12, fill: "#3b2410" }, lokasi.map((a) => ICON[a] || "?").join(" ")));
    } else if (card === "R" && !cleared) {
      g.append(svg("title", {}, "Blocked Path (Red card)"));
      g.append(svg("path", { d: `M${x + 26},${y + 18} l28,28 M${x + 54},${y + 18} l-28,28`, stroke: "#fff", "stroke-width": 5, "stroke-linecap": "round" }));
    } else if (cleared) {
      g.append(svg("title", {}, "Cleared Path (clearing token)"));
      g.append(svg("circle", { cx: x + 14, cy: y + 14, r: 8, fill: "#f2c200", stroke: "#8a6d00", "stroke-width": 2 }));
      g.append(svg("text", { x: x + CW / 2, y: y + 20, "text-anchor": "middle", "font-size": 10, fill: "#44633a" }, "cleared"));
    } else {
      g.append(svg("title", {}, "Clear Path (Green card)"));
    }
    return g;
  }

  function wrap(text, width) {
    const words = text.split(" ");
    const lines = [""];
    for (const w of words) {
      const cur = lines[lines.length - 1];
      if (cur && (cur + " " + w).length > width) lines.push(w);
      else lines[lines.length - 1] = cur ? cur + " " + w : w;
    }
    return lines.slice(0, 3);
  }

  function drawPedestrian(view, p, seat) {
    const x = cx(p) - CW / 2 + 11 + seat * 12.4;
    const y = cy(p) + CH / 2 - 12;
    const g = svg("g", { dataset: { seat: String(seat), cell: String(p) } });
    g.setAttribute("data-testid", `kl-pedestrian-${seat}`);
    g.append(svg("title", {}, who(seat)),
      svg("circle", { cx: x, cy: y, r: 10, fill: ctx.playerColor(seat), stroke: seat === view.current ? "#000" : "#fff", "stroke-width": 2 }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, fill: "#fff", "font-weight": 700 }, view.pedestrians[seat][0]));
    return g;
  }

  // -- the side panel ------------------------------------------------------------------------
  const button = (label, action, opts = {}) => h("button", { class: opts.primary ? "primary" : "", type: "button",
    dataset: { testid: opts.testid || "" }, onclick: action }, label);

  function cardButton(view, card, legal, clickable) {
    const isSel = selected.includes(card.id);
    const name = card.booster ? BOOSTER_NAME[card.booster] : "plain";
    const el = h("button", { class: `kl-card${isSel ? " selected" : ""}`, type: "button", disabled: !clickable,
      title: card.booster ? view.boosters[card.booster] : "No booster", "aria-pressed": isSel ? "true" : "false",
      onclick: () => { toggle(card.id); } }, [
      h("span", { class: "kl-steps" }, String(card.steps)),
      h("span", { class: "kl-boost" }, name),
    ]);
    el.setAttribute("data-testid", `kl-card-${card.id}`);
    return el;
  }

  function toggle(id) {
    moving = null;
    if (selected.includes(id)) selected = selected.filter((c) => c !== id);
    else selected = [...selected, id].slice(-2);
    draw();
  }

  function drawControls(view, legal) {
    const box = h("div", { class: "kl-controls" });
    box.setAttribute("data-testid", "kl-controls");
    const add = (el) => box.append(el);
    const testid = (el, id) => { el.setAttribute("data-testid", id); return el; };
    if (selected.length === 1 && legal.swap.has(selected[0])) add(testid(button("Swap with the discard top", () => send({ type: "swap", card: selected[0] })), "kl-swap"));
    if (selected.length === 1 && legal.move.has(selected[0])) add(testid(button("Move a clearing token", () => { moving = { card: selected[0], source: null }; draw(); }), "kl-move"));
    if (legal.noWalk) {
      const label = view.turn.extra ? "Don't play another card" : view.turn.committed === "swap" ? "Keep the card, don't walk" : "Don't walk (just draw)";
      add(testid(button(label, () => send({ type: "no_walk" })), "kl-no-walk"));
    }
    if (legal.invite !== null) {
      add(testid(button(`Invite ${who(legal.invite)}`, () => send({ type: "invite", seat: legal.invite }), { primary: true }), "kl-invite"));
      add(testid(button("Don't invite", () => send({ type: "skip_invite" })), "kl-skip-invite"));
    }
    for (const k of legal.ask) add(testid(button(`Ask for a pick-up (${k} step${k > 1 ? "s" : ""})`, () => send({ type: "ask_pickup", steps: k })), `kl-ask-${k}`));
    if (legal.skipAsk) add(testid(button("Don't ask", () => send({ type: "skip_ask" })), "kl-skip-ask"));
    if (legal.answerPickup) {
      add(testid(button("Pick them up", () => send({ type: "answer_pickup", accept: true }), { primary: true }), "kl-pickup-yes"));
      add(testid(button("Walk on alone", () => send({ type: "answer_pickup", accept: false })), "kl-pickup-no"));
    }
    for (const k of legal.join) add(testid(button(`Walk together ${k} step${k > 1 ? "s" : ""}`, () => send({ type: "join_walk", steps: k }), { primary: true }), `kl-join-${k}`));
    if (legal.declineWalk) add(testid(button("Decline", () => send({ type: "decline_walk" })), "kl-decline-walk"));
    // trading
    const sel = [...selected].sort();
    const offerTo = [...new Set(legal.offers.filter((o) => sameSet(o.cards, sel)).map((o) => o.to))];
    for (const to of offerTo) add(testid(button(`Offer ${sel.length} card${sel.length > 1 ? "s" : ""} to ${who(to)}`, () => send({ type: "offer_trade", to, cards: sel }), { primary: true }), `kl-offer-${to}`));
    if (legal.endTrade) add(testid(button("End trading", () => send({ type: "end_trade" })), "kl-end-trade"));
    if (legal.acceptTrade.length) {
      const ok = legal.acceptTrade.find((c) => sameSet(c, sel));
      const acc = testid(button("Accept: give the selected cards", () => send({ type: "accept_trade", cards: ok }), { primary: true }), "kl-accept-trade");
      acc.disabled = !ok;
      add(acc);
    }
    if (legal.declineTrade) add(testid(button("Decline the trade", () => send({ type: "decline_trade" })), "kl-decline-trade"));
    // collaborative clearing answers
    if (legal.answerClearing) {
      if (legal.answerClearing.cards === null) add(testid(button("Accept and clear", () => send({ type: "answer_clearing", accept: true, card: null }), { primary: true }), "kl-accept-clearing"));
      else {
        const ok = selected.length === 1 && legal.answerClearing.cards.includes(selected[0]);
        const b = testid(button("Accept: give the selected card", () => send({ type: "answer_clearing", accept: true, card: selected[0] }), { primary: true }), "kl-accept-clearing");
        b.disabled = !ok;
        add(b);
      }
    }
    if (legal.declineClearing) add(testid(button("Decline", () => send({ type: "answer_clearing", accept: false, card: null })), "kl-decline-clearing"));
    if (legal.endJom) add(testid(button("Done with Jom!", () => send({ type: "end_jom" })), "kl-end-jom"));
    if (legal.doneClearing) add(testid(button("Finish", () => send({ type: "done_clearing" })), "kl-done-clearing"));
    for (const c of legal.clear) add(testid(button(`Clear ${cellLabel(view, c)}`, () => send({ type: "clear", cell: c })), `kl-clear-${c}`));
    if (legal.propose.length) box.append(proposeForm(view, legal));
    return box;
  }

  function proposeForm(view, legal) {
    const options = legal.propose;
    const wrapEl = h("div", { class: "kl-row" });
    wrapEl.setAttribute("data-testid", "kl-propose");
    const pick = h("select", { "aria-label": "Clear together with" }, options.map((o, k) =>
      h("option", { value: String(k) }, `${o.cards === null ? "My token" : "My card"} + ${who(o.partner)}`)));
    const target = h("select", { "aria-label": "Red card to clear" }, options[0].targets.map((c) => h("option", { value: String(c) }, cellLabel(view, c))));
    const go = h("button", { class: "kl-btn", type: "button", onclick: () => {
      const o = options[Number(pick.value)];
      let card = null;
      if (o.cards !== null) {
        card = selected.length === 1 && o.cards.includes(selected[0]) ? selected[0] : null;
        if (card === null) { go.textContent = "Select the card to give first"; return; }
      }
      send({ type: "propose_clearing", partner: o.partner, target: Number(target.value), card });
    } }, "Propose clearing together");
    wrapEl.append(pick, target, go);
    return wrapEl;
  }

  function drawPlayers(view) {
    const box = h("div", { class: "kl-box" }, [h("h4", {}, "Pedestrians (PA track)")]);
    for (let s = 0; s < view.players; s++) {
      const pa = view.pa[s];
      const tasks = view.tasks[s];
      const met = view.met[s].map((o) => view.pedestrians[o]).join(", ") || "nobody yet";
      const aside = view.aside[s];
      const el = h("div", { class: `kl-player${s === view.current ? " current" : ""}` }, [
        h("div", {}, [h("span", { class: "kl-swatch", style: { background: ctx.playerColor(s) } }),
          h("span", { class: "kl-pname" }, who(s)), ` — ${pa.total} VP`]),
        h("div", { class: "kl-muted" }, `gathering ${pa.gathering}, tasks ${pa.tasks}, Jom! ${pa.jom}, paths ${view.paths[s]} (${pa.paths}+${pa.bonus})`),
        h("div", { class: "kl-muted" }, `hand ${view.hand_sizes[s]} cards · clearing tokens ${view.held[s]} · Jom! tokens free ${view.jom_free[s]}`),
        h("div", { class: "kl-muted" }, `Pi Mana? card ${tasks.card}:`),
        h("ul", { class: "kl-tasks" }, tasks.items.map((t) => h("li", { class: t.done ? "done" : "" },
          `${t.done ? "✔ " : ""}${t.kind === "clear" ? `clear ${t.target} Blocked Paths` : `${t.kind} ${t.target}`}`))),
        h("div", { class: "kl-muted" }, `reached: ${view.reached[s].join(", ") || "nothing yet"}`),
        h("div", { class: "kl-muted" }, `met: ${met}`),
        aside ? h("div", { class: "kl-muted" }, `waiting at ${cellLabel(view, aside.cell)} with ${aside.steps} steps set aside`) : null,
      ]);
      el.setAttribute("data-testid", `kl-player-${s}`);
      box.append(el);
    }
    return box;
  }

  function drawJom(view, legal) {
    const box = h("div", { class: "kl-box" }, [h("h4", {}, "Jom! cards")]);
    const list = h("div", { class: "kl-jom" });
    for (const j of view.jom) {
      const needs = j.name === "Jom Kawan" ? `meet ${j.need} other pedestrian${j.need > 1 ? "s" : ""}` : j.needs.join(", ");
      const tokens = j.tokens.map((entries, s) => (entries.length ? `${view.pedestrians[s]}: ${entries.map((e) => (j.name === "Jom Kawan" ? view.pedestrians[Number(e)] : e)).join(", ")}` : null)).filter(Boolean);
      const el = h("div", { class: `kl-jom-card${j.claimed !== null ? " claimed" : ""}` }, [
        h("div", {}, [h("b", {}, j.name), ` (${j.vp} VP) — ${needs}`]),
        j.claimed !== null ? h("div", { class: "kl-muted" }, `claimed by ${who(j.claimed)}`) : null,
        tokens.length ? h("div", { class: "kl-muted" }, `tokens: ${tokens.join("; ")}`) : null,
      ]);
      const entries = legal.jom.get(j.name) || [];
      if (entries.length) {
        const row = h("div", { class: "kl-row" });
        for (const e of entries) {
          const label = j.name === "Jom Kawan" ? view.pedestrians[Number(e)] : e;
          const b = h("button", { class: "kl-btn", type: "button", onclick: () => send({ type: "place_jom", card: j.name, entry: e }) }, `Token: ${label}`);
          b.setAttribute("data-testid", `kl-jom-${j.name}-${e}`);
          row.append(b);
        }
        el.append(row);
      }
      list.append(el);
    }
    box.append(list);
    return box;
  }

  function drawCommunity(view) {
    const stars = h("div", { class: "kl-ca" });
    for (let k = 1; k <= 12; k++) stars.append(h("span", { class: k <= view.ca.paths ? "on" : "" }, String(k)));
    return h("div", { class: "kl-box" }, [
      h("h4", {}, `Community (CA) track: ${view.ca.paths} paths cleared, ${view.ca.stars} CA star${view.ca.stars === 1 ? "" : "s"}`),
      stars, h("p", { class: "kl-muted" }, `${view.ca.text} (1 star from 4 paths, 2 from 7, 3 from 10)`),
      h("p", { class: "kl-muted" }, `Draw pile ${view.draw_count} · discard ${view.discard_count}` +
        (view.discard_top ? ` (top: ${view.discard_top.steps} step${view.discard_top.booster ? ", " + BOOSTER_NAME[view.discard_top.booster] : ""})` : "") +
        ` · clearing tokens in the pool ${view.pool}`),
      view.trigger !== null && view.trigger !== undefined ? h("p", { class: "kl-prompt" },
        view.stalled ? "The game stalled: this is the end round." : `End round: ${who(view.trigger)} completed all tasks and takes the last turn.`) : null,
    ]);
  }

  function drawSide(view, legal) {
    const parts = [];
    const status = h("p", { class: "kl-status" }, statusText(view));
    status.setAttribute("data-testid", "kl-status");
    const prompt = h("p", { class: "kl-prompt" }, promptText(view, legal));
    prompt.setAttribute("data-testid", "kl-prompt");
    const turnBox = h("div", { class: "kl-box" }, [status, prompt]);
    const a = view.answer;
    if (a && a.cards && ctx.seat === a.to) {
      turnBox.append(h("p", {}, `Offered to you: ${a.cards.map((c) => `${c.steps}${c.booster ? " " + BOOSTER_NAME[c.booster] : ""}`).join(", ")}`));
    }
    if (a && a.card && ctx.seat === a.to) turnBox.append(h("p", {}, `You would receive: ${a.card.steps}${a.card.booster ? " " + BOOSTER_NAME[a.card.booster] : ""}`));
    if (view.turn.played.length) turnBox.append(h("p", { class: "kl-muted" }, `Played: ${view.turn.played.map((c) => `${c.steps}${c.booster ? " " + BOOSTER_NAME[c.booster] : ""}`).join(" + ")}`));
    if (view.turn.walk) turnBox.append(h("p", { class: "kl-muted" }, `Walk of ${view.turn.walk.steps} steps to ${cellLabel(view, view.turn.walk.end)}, ${view.turn.walk.left} left to give.`));
    turnBox.append(drawControls(view, legal));
    parts.push(turnBox);
    if (view.hand) {
      const clickable = !!(doc.legal && doc.legal.length);
      const hand = h("div", { class: "kl-hand" }, view.hand.map((c) => cardButton(view, c, legal, clickable)));
      hand.setAttribute("data-testid", "kl-hand");
      const combo = comboFor(legal);
      const help = [...new Set(view.hand.filter((c) => c.booster).map((c) => c.booster))]
        .map((b) => `${BOOSTER_NAME[b]}: ${view.boosters[b]}`);
      parts.push(h("div", { class: "kl-box" }, [h("h4", {}, `Your hand (${view.hand.length}/5)`), hand,
        ...help.map((t) => h("p", { class: "kl-muted" }, t)),
        selected.length && legal.walks.length && !combo ? h("p", { class: "kl-muted" }, "These cards cannot walk together.") : null]));
    }
    const legend = h("div", { class: "kl-box" }, [h("h4", {}, "Lokasi icons"),
      h("p", { class: "kl-muted" }, Object.entries(ICON).map(([name, icon]) => `${icon} ${name}`).join(" · ")),
      h("p", { class: "kl-muted" }, "Green: clear path · Red ✕: Blocked Path · pale with a gold token: cleared path")]);
    parts.push(drawCommunity(view), drawPlayers(view), drawJom(view, legal), legend);
    return parts;
  }

  function draw() {
    const view = doc.view;
    const legal = readLegal(doc.outcome ? [] : doc.legal);
    if (view.hand) selected = selected.filter((id) => view.hand.some((c) => c.id === id));
    if (moving && !legal.move.has(moving.card)) moving = null;
    boardBox.replaceChildren(drawBoard(view, legal));
    side.replaceChildren(...drawSide(view, legal));
  }

  return {
    update(next) {
      doc = next;
      draw();
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
