// /lobby/{game_id}: the seats, invite and watch links, host controls and the start button.
// Live through the WebSocket's `lobby` and `presence` frames; goes to the game when it starts.

import { api } from "/static/api.js";
import { describeTime } from "/static/clock.js";
import { absoluteUrl, add, clear, copyText, h, seatMark, toast } from "/static/dom.js";
import { GameSocket } from "/static/socket.js";
import { HowToPlay } from "/static/howto.js";
import { optionsList, optionsSchema } from "/static/options.js";
import { botBadge } from "/static/seats.js";
import { forgetSeat, getSeat, saveSeat } from "/static/store.js";

/** The table's take-back policy in words (app/tablesettings.py). */
const TAKEBACK_WORDS = {
  none: "none",
  own_turn: "your own moves of the current turn",
  consent: "your own moves of the current turn, earlier ones if everyone agrees",
};
// The levels a host may give a bot (engines/bots.py), weakest first.
const BOT_LEVELS = ["easy", "normal", "hard"];

export async function render(root, { params, navigate }) {
  const gameId = params[0];
  const mine = getSeat(gameId);
  if (!mine) {
    root.appendChild(
      h("section", { class: "card narrow" }, [
        h("h1", null, "You have no seat at this table"),
        h("p", null, "Open the invite link the host sent you to join, or ask for a watch link to spectate."),
        h("a", { href: "/", "data-link": true, class: "btn" }, "Go to the home page"),
      ]),
    );
    return;
  }
  const state = { info: null, you: mine.seat, connected: new Map() };
  const card = h("section", { class: "card lobby-card" }, [h("p", { class: "muted" }, "Loading the table…")]);
  const status = h("span", { class: "conn", "data-testid": "status" }, "Connecting…");
  root.appendChild(card);
  let left = false;
  let gone = false;
  const goGame = () => {
    if (gone) return;
    gone = true;
    navigate(`/game/${encodeURIComponent(gameId)}`, { replace: true });
  };

  const load = async () => {
    const info = await api("GET", `/games/${encodeURIComponent(gameId)}`, { credential: mine.credential });
    if (typeof info.you === "number") state.you = info.you;
    if (state.schema === undefined) state.schema = await optionsSchema(api, info.game);
    apply(info);
  };

  const apply = (info) => {
    if (left || gone) return;
    state.info = info;
    if (typeof info.you === "number") state.you = info.you;
    const me = (info.seats || []).find((s) => s.seat === state.you);
    saveSeat(gameId, { seat: state.you, game: info.game, name: me?.name || mine.name });
    if (info.status !== "lobby") {
      goGame();
      return;
    }
    draw();
  };

  // The host removed this seat, or it was claimed on another device: this browser is out.
  const removed = () => {
    if (left || gone) return;
    left = true;
    forgetSeat(gameId);
    sock?.close();
    clear(card).append(
      h("h1", null, "You are no longer at this table"),
      h("p", null, "The host removed your seat, or it was taken over from another device."),
      h("a", { href: "/", "data-link": true, class: "btn" }, "Go to the home page"),
    );
  };
  let sock = null;

  const botLevels = new Map(); // seat -> the level picked for a bot there
  const act = async (button, method, path, body, okText) => {
    if (button) button.disabled = true;
    try {
      const res = await api(method, path, { credential: mine.credential, body });
      if (okText) toast(okText, "info", 2500);
      // The lobby frame will redraw; refresh anyway in case the socket is down.
      load().catch(() => {});
      return res;
    } catch (err) {
      toast(err.message);
      if (button) button.disabled = false;
      return null;
    }
  };

  let howto = null; // made once: a redraw moves its button, the dialog stays open
  const draw = () => {
    const info = state.info;
    howto ??= new HowToPlay({ game: info.game, gameName: info.game_name || info.game,
      context: () => ({ options: state.info.options || {}, seat: state.you ?? null }) });
    const seats = info.seats || [];
    const meSeat = seats.find((s) => s.seat === state.you);
    const isHost = Boolean(meSeat && meSeat.host);
    const full = seats.every((s) => s.name !== null || s.bot);
    clear(card);
    document.title = `${info.game_name || info.game} lobby · Meja`;
    card.appendChild(
      h("div", { class: "card-head" }, [
        h("div", null, [h("p", { class: "eyebrow" }, "Lobby"), h("h1", null, info.game_name || info.game), howto.button]),
        status,
      ]),
    );
    const optionsEl = optionsList(state.schema, info.options);
    if (optionsEl) card.appendChild(optionsEl);
    card.appendChild(h("p", { class: "clock-setting", "data-testid": "lobby-clock" }, describeTime(info.settings)));
    const takeback = TAKEBACK_WORDS[info.settings?.takeback];
    if (takeback) card.appendChild(h("p", { class: "muted small", "data-testid": "lobby-takeback" }, `Take-backs: ${takeback}.`));

    // Seats
    const list = h("ol", { class: "seat-list", "aria-label": "Seats" });
    seats.forEach((s, idx) => {
      const taken = s.name !== null || s.bot;
      const connected = state.connected.has(s.seat) ? state.connected.get(s.seat) : s.connected;
      const controls = h("div", { class: "seat-controls" });
      if (isHost) {
        if (idx > 0) {
          controls.appendChild(
            h("button", {
              type: "button", class: "icon-btn", "aria-label": `Move seat ${s.seat + 1} up`, title: "Move up",
              "data-testid": `up-${s.seat}`,
              onclick: (e) => act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/seats/order`, { order: swapOrder(seats.length, idx, idx - 1) }),
            }, "↑"),
          );
        }
        if (idx < seats.length - 1) {
          controls.appendChild(
            h("button", {
              type: "button", class: "icon-btn", "aria-label": `Move seat ${s.seat + 1} down`, title: "Move down",
              "data-testid": `down-${s.seat}`,
              onclick: (e) => act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/seats/order`, { order: swapOrder(seats.length, idx, idx + 1) }),
            }, "↓"),
          );
        }
        if (!taken) {
          // Kept in the page state: a lobby frame may redraw the page between pick and click.
          const picked = () => botLevels.get(s.seat) || "normal";
          controls.appendChild(h("select", {
            class: "bot-level", "aria-label": `Bot level for seat ${s.seat + 1}`, "data-testid": `bot-level-pick-${s.seat}`,
            title: "easy: for beginners; normal: plays the obvious good moves; hard: thinks ahead",
            onchange: (e) => botLevels.set(s.seat, e.currentTarget.value),
          }, BOT_LEVELS.map((l) => h("option", { value: l, selected: l === picked() }, l))));
          controls.appendChild(
            h("button", {
              type: "button", class: "btn btn-small", "data-testid": `add-bot-${s.seat}`,
              onclick: (e) => act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/seats/${s.seat}/bot`, { level: picked() }),
            }, "Add bot"),
          );
        } else if (s.seat !== state.you) {
          if (!s.bot) {
            controls.appendChild(
              h("button", {
                type: "button", class: "btn btn-small btn-ghost", "data-testid": `reissue-${s.seat}`,
                onclick: async (e) => {
                  const res = await act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/seats/${s.seat}/reissue`);
                  // Kept in the page state: a lobby frame may redraw the page at any time.
                  if (res && res.claim_url) {
                    state.claim = { name: s.name, url: absoluteUrl(res.claim_url) };
                    draw();
                  }
                },
              }, "Re-issue"),
            );
          }
          controls.appendChild(
            h("button", {
              type: "button", class: "btn btn-small btn-danger", "data-testid": `remove-${s.seat}`,
              onclick: (e) => act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/seats/${s.seat}/remove`),
            }, "Remove"),
          );
        }
      }
      list.appendChild(
        h("li", { class: `seat-row${taken ? "" : " empty"}${s.seat === state.you ? " me" : ""}`, "data-testid": `seat-${s.seat}` }, [
          h("span", { class: "seat-num" }, String(idx + 1)),
          seatMark(s.seat),
          h("span", { class: "seat-name" }, [
            h("span", { class: "name" }, taken ? s.name || "Bot" : "Open seat"),
            s.seat === state.you ? h("span", { class: "muted small" }, " (you)") : null,
          ]),
          s.host ? h("span", { class: "badge badge-host" }, "host") : null,
          s.bot ? h("span", { class: "badge badge-bot", "data-testid": `bot-level-${s.seat}` }, botBadge(s)) : null,
          taken && !s.bot
            ? h("span", { class: `dot ${connected ? "on" : "off"}`, role: "img", title: connected ? "online" : "offline", "aria-label": connected ? "online" : "offline" })
            : null,
          controls,
        ]),
      );
    });
    card.appendChild(list);
    const claimBox = h("div", { class: "claim-box", "data-testid": "claim-box" });
    card.appendChild(claimBox);
    if (isHost && state.claim) {
      add(claimBox,
        h("p", null, ["Send this link to ", h("span", { class: "name" }, state.claim.name || "the player"), " to play from a new device (it works once):"]),
        h("input", { type: "text", readonly: true, value: state.claim.url, class: "copy-fallback", "data-testid": "claim-link", "aria-label": "Claim link", onfocus: (e) => e.target.select() }),
      );
    }

    // Links
    const links = h("div", { class: "links" });
    const fallback = h("div", { class: "copy-host" });
    if (info.invite_url) {
      const url = absoluteUrl(info.invite_url);
      links.appendChild(
        h("div", { class: "link-row" }, [
          h("span", { class: "link-label" }, "Invite"),
          h("code", { class: "link-text", "data-testid": "invite-link" }, url),
          h("button", { type: "button", class: "btn btn-small", "data-testid": "copy-invite", onclick: () => copyText(url, fallback) }, "Copy invite link"),
        ]),
      );
    }
    if (info.watch_url) {
      const url = absoluteUrl(info.watch_url);
      links.appendChild(
        h("div", { class: "link-row" }, [
          h("span", { class: "link-label" }, "Watch"),
          h("code", { class: "link-text", "data-testid": "watch-link" }, url),
          h("button", { type: "button", class: "btn btn-small", "data-testid": "copy-watch", onclick: () => copyText(url, fallback) }, "Copy watch link"),
        ]),
      );
    }
    links.appendChild(fallback);
    card.appendChild(links);

    // Actions
    const actions = h("div", { class: "form-actions lobby-actions" });
    if (isHost) {
      const start = h("button", {
        type: "button", class: "btn btn-primary", "data-testid": "start", disabled: !full,
        onclick: (e) => act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/start`),
      }, "Start the game");
      actions.appendChild(start);
      actions.appendChild(
        h("p", { class: "muted small" }, full ? "Everyone is seated." : "Fill every seat (invite friends or add bots) to start."),
      );
    } else {
      actions.appendChild(h("p", { class: "muted" }, "Waiting for the host to start the game…"));
      actions.appendChild(
        h("button", {
          type: "button", class: "btn btn-ghost", "data-testid": "leave",
          onclick: async (e) => {
            const ok = await act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/leave`);
            if (ok !== null) {
              left = true;
              forgetSeat(gameId);
              toast("You left the table.", "info", 4000);
              navigate("/");
            }
          },
        }, "Leave the table"),
      );
    }
    card.appendChild(actions);
  };

  try {
    await load();
  } catch (err) {
    add(clear(card), 
      h("h1", null, "This table is not available"),
      h("p", { class: "error-text", "data-testid": "error" }, err.message),
      err.status === 401 || err.status === 403
        ? h("button", { type: "button", class: "btn", onclick: () => { forgetSeat(gameId); navigate("/"); } }, "Forget this table")
        : null,
      h("a", { href: "/", "data-link": true, class: "btn btn-ghost" }, "Home"),
    );
    return;
  }
  if (left || !state.info || state.info.status !== "lobby") return;

  const STATUS = { connecting: "Connecting…", reconnecting: "Reconnecting…", live: "Live", offline: "Offline, retrying…", closed: "Disconnected" };
  sock = new GameSocket(gameId, { credential: mine.credential }, {
    onStatus: (s) => {
      status.textContent = STATUS[s] || s;
      status.dataset.state = s;
      if (s === "live") load().catch(() => {}); // catch up on anything missed while away
    },
    onLobby: (lobby) => {
      if (!lobby) return;
      if (typeof lobby.you !== "number") {
        // Seats may have been reordered: ask the server which seat is ours.
        load().catch((err) => {
          if (err.status === 401 || err.status === 403) removed();
          else apply({ ...lobby, you: state.you });
        });
      } else apply(lobby);
    },
    onPresence: (frame) => {
      for (const p of frame.seats || []) state.connected.set(p.seat, p.connected);
      if (state.info) draw();
    },
    onDoc: ({ doc }) => {
      if (doc && doc.status && doc.status !== "lobby") goGame();
    },
    onFatal: (reason, code) => {
      if (code === 4401) removed();
      else toast(reason || "The server closed the connection.");
    },
  });
  sock.connect();
  return () => {
    sock.close();
    howto?.destroy();
  };
}

function swapOrder(n, i, j) {
  const order = Array.from({ length: n }, (_, k) => k);
  [order[i], order[j]] = [order[j], order[i]];
  return order;
}
