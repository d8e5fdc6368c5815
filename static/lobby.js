// /lobby/{game_id}: the seats, invite and watch links, host controls and the start button.
// Live through the WebSocket's `lobby` and `presence` frames; goes to the game when it starts.

import { api } from "/static/api.js";
import { describeTime } from "/static/clock.js";
import { absoluteUrl, add, clear, copyText, h, seatMark, setText, toast } from "/static/dom.js";
import { msg, onLang, setTitle, t } from "/static/i18n.js";
import { GameSocket } from "/static/socket.js";
import { HowToPlay } from "/static/howto.js";
import { gameName, optionsList, optionsSchema } from "/static/options.js";
import { botBadge } from "/static/seats.js";
import { forgetSeat, getSeat, saveSeat } from "/static/store.js";

/** The table's take-back policies (app/tablesettings.py), in words: lobby.takeback.<policy>. */
const TAKEBACKS = ["none", "own_turn", "consent"];
// The levels a host may give a bot (engines/bots.py), weakest first.
const BOT_LEVELS = ["easy", "normal", "hard"];

export async function render(root, { params, navigate }) {
  const gameId = params[0];
  const mine = getSeat(gameId);
  if (!mine) {
    root.appendChild(
      h("section", { class: "card narrow" }, [
        h("h1", null, msg("lobby.no_seat")),
        h("p", null, msg("lobby.no_seat_text")),
        h("a", { href: "/", "data-link": true, class: "btn" }, msg("shell.home_link")),
      ]),
    );
    return;
  }
  const state = { info: null, you: mine.seat, connected: new Map() };
  const card = h("section", { class: "card lobby-card" }, [h("p", { class: "muted" }, msg("lobby.loading"))]);
  const status = h("span", { class: "conn", "data-testid": "status" }, msg("lobby.conn.connecting"));
  root.appendChild(card);
  let left = false;
  let gone = false;
  const goGame = () => {
    if (gone) return;
    gone = true;
    navigate(`/game/${encodeURIComponent(gameId)}`, { replace: true });
  };

  // Every lobby frame (and every change made here) asks the server again; answers can
  // arrive in another order than asked (two players joining at once). Only the answer to
  // the latest question is applied: it was asked after every frame seen so far, so it is
  // at least as new as any of them.
  let asked = 0;
  const load = async () => {
    const mineAsked = ++asked;
    const info = await api("GET", `/games/${encodeURIComponent(gameId)}`, { credential: mine.credential });
    if (state.schema === undefined) state.schema = await optionsSchema(api, info.game);
    if (mineAsked !== asked) return;
    if (typeof info.you === "number") state.you = info.you;
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
      h("h1", null, msg("lobby.removed")),
      h("p", null, msg("lobby.removed_text")),
      h("a", { href: "/", "data-link": true, class: "btn" }, msg("shell.home_link")),
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
    const name = gameName(info.game, info.game_name || info.game);
    setTitle(msg("lobby.page_title", { game: name }));
    card.appendChild(
      h("div", { class: "card-head" }, [
        h("div", null, [h("p", { class: "eyebrow" }, t("lobby.eyebrow")), h("h1", null, name), howto.button]),
        status,
      ]),
    );
    const optionsEl = optionsList(state.schema, info.options, info.game);
    if (optionsEl) card.appendChild(optionsEl);
    card.appendChild(h("p", { class: "clock-setting", "data-testid": "lobby-clock" }, describeTime(info.settings)));
    const takeback = info.settings?.takeback;
    if (TAKEBACKS.includes(takeback)) card.appendChild(h("p", { class: "muted small", "data-testid": "lobby-takeback" }, t("lobby.takebacks", { policy: t(`lobby.takeback.${takeback}`) })));

    // Seats
    const list = h("ol", { class: "seat-list", "aria-label": t("home.seats") });
    seats.forEach((s, idx) => {
      const taken = s.name !== null || s.bot;
      const connected = state.connected.has(s.seat) ? state.connected.get(s.seat) : s.connected;
      const controls = h("div", { class: "seat-controls" });
      if (isHost) {
        if (idx > 0) {
          controls.appendChild(
            h("button", {
              type: "button", class: "icon-btn", "aria-label": t("lobby.move_up_seat", { n: s.seat + 1 }), title: t("lobby.move_up"),
              "data-testid": `up-${s.seat}`,
              onclick: (e) => act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/seats/order`, { order: swapOrder(seats.length, idx, idx - 1) }),
            }, "↑"),
          );
        }
        if (idx < seats.length - 1) {
          controls.appendChild(
            h("button", {
              type: "button", class: "icon-btn", "aria-label": t("lobby.move_down_seat", { n: s.seat + 1 }), title: t("lobby.move_down"),
              "data-testid": `down-${s.seat}`,
              onclick: (e) => act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/seats/order`, { order: swapOrder(seats.length, idx, idx + 1) }),
            }, "↓"),
          );
        }
        if (!taken) {
          // Kept in the page state: a lobby frame may redraw the page between pick and click.
          const picked = () => botLevels.get(s.seat) || "normal";
          controls.appendChild(h("select", {
            class: "bot-level", "aria-label": t("lobby.bot_level_for", { n: s.seat + 1 }), "data-testid": `bot-level-pick-${s.seat}`,
            title: t("lobby.bot_levels_help"),
            onchange: (e) => botLevels.set(s.seat, e.currentTarget.value),
          }, BOT_LEVELS.map((l) => h("option", { value: l, selected: l === picked() }, t(`seats.level.${l}`)))));
          controls.appendChild(
            h("button", {
              type: "button", class: "btn btn-small", "data-testid": `add-bot-${s.seat}`,
              onclick: (e) => act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/seats/${s.seat}/bot`, { level: picked() }),
            }, t("lobby.add_bot")),
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
              }, t("lobby.reissue")),
            );
          }
          controls.appendChild(
            h("button", {
              type: "button", class: "btn btn-small btn-danger", "data-testid": `remove-${s.seat}`,
              onclick: (e) => act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/seats/${s.seat}/remove`),
            }, t("lobby.remove")),
          );
        }
      }
      list.appendChild(
        h("li", { class: `seat-row${taken ? "" : " empty"}${s.seat === state.you ? " me" : ""}`, "data-testid": `seat-${s.seat}` }, [
          h("span", { class: "seat-num" }, String(idx + 1)),
          seatMark(s.seat),
          h("span", { class: "seat-name" }, [
            h("span", { class: "name" }, taken ? (s.former ? t("account.former_player") : s.name) || t("seats.bot") : t("seats.open")),
            s.seat === state.you ? h("span", { class: "muted small" }, t("shell.you_mark")) : null,
          ]),
          s.host ? h("span", { class: "badge badge-host" }, t("seats.host")) : null,
          s.bot ? h("span", { class: "badge badge-bot", "data-testid": `bot-level-${s.seat}` }, botBadge(s)) : null,
          taken && !s.bot
            ? h("span", { class: `dot ${connected ? "on" : "off"}`, role: "img", title: connected ? t("shell.online") : t("shell.offline"), "aria-label": connected ? t("shell.online") : t("shell.offline") })
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
        h("p", null, [t("lobby.claim_before"), h("span", { class: "name" }, state.claim.name || t("lobby.the_player")), t("lobby.claim_after")]),
        h("input", { type: "text", readonly: true, value: state.claim.url, class: "copy-fallback", "data-testid": "claim-link", "aria-label": t("lobby.claim_link"), onfocus: (e) => e.target.select() }),
      );
    }

    // Links
    const links = h("div", { class: "links" });
    const fallback = h("div", { class: "copy-host" });
    if (info.invite_url) {
      const url = absoluteUrl(info.invite_url);
      links.appendChild(
        h("div", { class: "link-row" }, [
          h("span", { class: "link-label" }, t("lobby.invite")),
          h("code", { class: "link-text", "data-testid": "invite-link" }, url),
          h("button", { type: "button", class: "btn btn-small", "data-testid": "copy-invite", onclick: () => copyText(url, fallback) }, t("lobby.copy_invite")),
        ]),
      );
    }
    if (info.watch_url) {
      const url = absoluteUrl(info.watch_url);
      links.appendChild(
        h("div", { class: "link-row" }, [
          h("span", { class: "link-label" }, t("lobby.watch")),
          h("code", { class: "link-text", "data-testid": "watch-link" }, url),
          h("button", { type: "button", class: "btn btn-small", "data-testid": "copy-watch", onclick: () => copyText(url, fallback) }, t("lobby.copy_watch")),
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
      }, t("lobby.start"));
      actions.appendChild(start);
      actions.appendChild(
        h("p", { class: "muted small" }, full ? t("lobby.everyone_seated") : t("lobby.fill_seats")),
      );
    } else {
      actions.appendChild(h("p", { class: "muted" }, t("lobby.waiting_host")));
      actions.appendChild(
        h("button", {
          type: "button", class: "btn btn-ghost", "data-testid": "leave",
          onclick: async (e) => {
            const ok = await act(e.currentTarget, "POST", `/games/${encodeURIComponent(gameId)}/leave`);
            if (ok !== null) {
              left = true;
              forgetSeat(gameId);
              toast(msg("lobby.left"), "info", 4000);
              navigate("/");
            }
          },
        }, t("lobby.leave")),
      );
    }
    card.appendChild(actions);
  };

  try {
    await load();
  } catch (err) {
    add(clear(card), 
      h("h1", null, msg("lobby.unavailable")),
      h("p", { class: "error-text", "data-testid": "error" }, err.words || err.message),
      err.status === 401 || err.status === 403
        ? h("button", { type: "button", class: "btn", onclick: () => { forgetSeat(gameId); navigate("/"); } }, msg("lobby.forget"))
        : null,
      h("a", { href: "/", "data-link": true, class: "btn btn-ghost" }, msg("lobby.home")),
    );
    return;
  }
  if (left || !state.info || state.info.status !== "lobby") return;

  // The connection in words: lobby.conn.<state>.
  const STATUS = ["connecting", "reconnecting", "live", "offline", "closed"];
  sock = new GameSocket(gameId, { credential: mine.credential }, {
    onStatus: (s) => {
      setText(status, STATUS.includes(s) ? msg(`lobby.conn.${s}`) : s);
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
      else toast(reason || msg("shell.closed_by_server"));
    },
  });
  sock.connect();
  // A new language: the lobby is drawn again from its state (picked bot levels, a claim link stay).
  const offLang = onLang(() => {
    if (state.info && !left && !gone) draw();
  });
  return () => {
    offLang();
    sock.close();
    howto?.destroy();
  };
}

function swapOrder(n, i, j) {
  const order = Array.from({ length: n }, (_, k) => k);
  [order[i], order[j]] = [order[j], order[i]];
  return order;
}
