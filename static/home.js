// Home page: the games, the create-lobby form, open lobbies and "your games" in this browser.

import { api } from "/static/api.js";
import { clockFields } from "/static/clock.js";
import { add, clear, h, lastSegment, setText, toast } from "/static/dom.js";
import { currentLang, live, msg, setTitle, t } from "/static/i18n.js";
import { gameBlurb, gameName, gameNameMsg } from "/static/options.js";
import { buildOptionsForm } from "/static/schemaform.js";
import { allSeats, forgetSeat, lastName, rememberName, saveSeat, signedIn, syncSeats } from "/static/store.js";
import { emailField, webhookField } from "/static/noticefields.js";
import { nameField } from "/static/names.js";
import { peekDoc } from "/static/peek.js";
import { importCard } from "/static/replay.js";

const MAX_PEEKS = 4;

// A game's status in words: home.status.<status> (lobby, active, finished, abandoned).
const statusText = (status) => live(() => (["lobby", "active", "finished", "abandoned"].includes(status) ? t(`home.status.${status}`) : status));

export async function render(root, { navigate }) {
  setTitle(msg("home.page_title"));
  const yourSection = h("section", { class: "card your-games", "aria-labelledby": "your-h" }, [
    h("h2", { id: "your-h" }, msg("home.your_games")),
    h("p", { class: "muted" }, msg("shell.loading")),
  ]);
  const gamesSection = h("section", { class: "card games-card", "aria-labelledby": "games-h" }, [
    h("h2", { id: "games-h" }, msg("home.games")),
    h("p", { class: "muted" }, msg("shell.loading")),
  ]);
  const createSection = h("section", { class: "card create-card", id: "create", "aria-labelledby": "create-h" }, [
    h("h2", { id: "create-h" }, msg("home.start_table")),
  ]);
  const lobbiesSection = h("section", { class: "card lobbies-card", "aria-labelledby": "lobbies-h" }, [
    h("h2", { id: "lobbies-h" }, msg("home.open_tables")),
    h("p", { class: "muted" }, msg("shell.loading")),
  ]);
  root.appendChild(
    h("div", { class: "hero" }, [
      h("h1", null, msg("home.hero")),
      h("p", null, msg("home.hero_text")),
    ]),
  );
  root.appendChild(
    h("div", { class: "home-grid" }, [
      h("div", { class: "home-main" }, [gamesSection, createSection]),
      h("div", { class: "home-side" }, [yourSection, lobbiesSection, importCard(navigate)]),
    ]),
  );

  let alive = true;
  const sockets = [];
  const gamesPromise = api("GET", "/games");
  gamesPromise
    .then((games) => {
      if (!alive) return;
      renderGames(gamesSection, games, createSection);
      renderCreate(createSection, games, navigate);
    })
    .catch((err) => {
      add(clear(gamesSection), h("h2", null, msg("home.games")), h("p", { class: "error-text" }, err.words || err.message));
      add(createSection, h("p", { class: "error-text" }, msg("home.games_failed")));
    });
  loadLobbies(lobbiesSection).catch(() => {});
  loadYourGames(yourSection, sockets, () => alive).catch(() => {});
  const timer = setInterval(() => {
    if (document.visibilityState === "visible") loadLobbies(lobbiesSection).catch(() => {});
  }, 15000);
  return () => {
    alive = false;
    clearInterval(timer);
    for (const s of sockets) s.close();
  };
}

function playersText(g) {
  return g.min_players === g.max_players
    ? msg("home.players", { count: g.min_players })
    : msg("home.players_range", { min: g.min_players, max: g.max_players });
}

function renderGames(section, games, createSection) {
  clear(section);
  section.appendChild(h("h2", { id: "games-h" }, msg("home.games")));
  if (!games.length) {
    section.appendChild(h("p", { class: "muted" }, msg("home.no_games")));
    return;
  }
  const list = h("ul", { class: "game-list" });
  for (const g of games) {
    list.appendChild(
      h("li", { class: "game-tile", "data-testid": `game-${g.id}` }, [
        h("div", { class: "game-tile-head" }, [
          h("h3", null, gameNameMsg(g.id, g.name)),
          h("span", { class: "pill" }, playersText(g)),
        ]),
        h("p", { class: "muted" }, live(() => gameBlurb(g.id, g.blurb))),
        h(
          "button",
          {
            type: "button",
            class: "btn btn-small btn-ghost",
            onclick: () => {
              const sel = createSection.querySelector("[data-testid=create-game]");
              if (sel) {
                sel.value = g.id;
                sel.dispatchEvent(new Event("change"));
              }
              createSection.scrollIntoView({ behavior: "smooth", block: "start" });
              createSection.querySelector("[data-testid=create-name]")?.focus({ preventScroll: true });
            },
          },
          live(() => t("home.play", { game: gameName(g.id, g.name) })),
        ),
      ]),
    );
  }
  section.appendChild(list);
}

function renderCreate(section, games, navigate) {
  if (!games.length) {
    section.appendChild(h("p", { class: "muted" }, msg("home.nothing_to_play")));
    return;
  }
  const gameSelect = h(
    "select",
    { id: "create-game", name: "game", "data-testid": "create-game", required: true },
    games.map((g) => h("option", { value: g.id }, gameNameMsg(g.id, g.name))),
  );
  const seatsSelect = h("select", { id: "create-seats", name: "seats", "data-testid": "create-seats" });
  const nameBox = nameField({ id: "create-name", testid: "create-name", label: msg("home.your_name"), value: lastName(), placeholder: msg("home.name_example") });
  nameBox.input.name = "host_name";
  const spectators = h("input", { id: "create-spectators", type: "checkbox", checked: true, "data-testid": "create-spectators" });
  // Off by default: a listed table's free seats are open to anyone on the home page.
  const listed = h("input", { id: "create-listed", type: "checkbox", checked: false, "data-testid": "create-listed", "aria-describedby": "create-listed-help" });
  const hostEmail = emailField({ id: "create-email", testid: "create-email" });
  const webhook = webhookField({ id: "create-webhook", testid: "create-webhook" });
  const noticesBox = h("details", { class: "options notices-options" }, [
    h("summary", null, msg("home.notices")), hostEmail.el, webhook.el,
  ]);
  // Table settings (app/tablesettings.py), in words.
  const takebackSelect = h("select", { id: "create-takeback", name: "takeback", "data-testid": "create-takeback", "aria-describedby": "create-takeback-help" }, [
    h("option", { value: "own_turn", selected: true }, msg("home.takeback.own_turn")),
    h("option", { value: "consent" }, msg("home.takeback.consent")),
    h("option", { value: "none" }, msg("home.takeback.none")),
  ]);
  const optionsHost = h("div", { class: "options-fields" });
  const optionsBox = h("fieldset", { class: "options" }, [h("legend", null, msg("options.title")), optionsHost]);
  const submit = h("button", { type: "submit", class: "btn btn-primary", "data-testid": "create-submit" }, msg("home.submit"));
  let optionsForm = null;
  const clock = clockFields();

  const onGameChange = () => {
    const g = games.find((x) => x.id === gameSelect.value) || games[0];
    const prevSeats = Number(seatsSelect.value) || null;
    clear(seatsSelect);
    for (let n = g.min_players; n <= g.max_players; n++) {
      seatsSelect.appendChild(h("option", { value: String(n) }, msg("home.players", { count: n })));
    }
    const keep = prevSeats && prevSeats >= g.min_players && prevSeats <= g.max_players;
    seatsSelect.value = String(keep ? prevSeats : g.min_players);
    clear(optionsHost);
    optionsForm = buildOptionsForm(g.options_schema || {}, optionsHost, g.id);
    optionsBox.hidden = optionsForm.count === 0;
  };
  gameSelect.addEventListener("change", onGameChange);

  const form = h("form", { class: "create-form", novalidate: false }, [
    h("div", { class: "field-row" }, [
      h("div", { class: "field" }, [h("label", { for: "create-game" }, msg("home.game")), gameSelect]),
      h("div", { class: "field" }, [h("label", { for: "create-seats" }, msg("home.seats")), seatsSelect]),
    ]),
    nameBox.el,
    optionsBox,
    noticesBox,
    clock.el,
    h("div", { class: "field" }, [
      h("label", { for: "create-takeback" }, msg("home.takebacks")), takebackSelect,
      h("small", { class: "field-help", id: "create-takeback-help" },
        msg("home.takeback_help")),
    ]),
    h("div", { class: "field-row checks" }, [
      h("div", { class: "field field-check" }, [
        h("label", { for: "create-spectators" }, [spectators, h("span", null, msg("home.spectators"))]),
      ]),
      h("div", { class: "field field-check" }, [
        h("label", { for: "create-listed" }, [listed, h("span", null, msg("home.listed"))]),
        h("small", { class: "field-help", id: "create-listed-help" },
          msg("home.listed_help")),
      ]),
    ]),
    h("div", { class: "form-actions" }, [submit]),
  ]);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = nameBox.check();
    if (name === null) return;
    let options;
    try {
      options = optionsForm ? optionsForm.read() : {};
    } catch (err) {
      toast(err.message);
      return;
    }
    submit.disabled = true;
    try {
      const res = await api("POST", "/lobbies", {
        body: {
          game: gameSelect.value,
          options,
          seats: Number(seatsSelect.value),
          host_name: name,
          spectators: spectators.checked,
          listed: listed.checked,
          ...(hostEmail.value() ? { host_email: hostEmail.value() } : {}),
          lang: currentLang(), // the host's mail and the table's webhook speak it
          ...(webhook.value() ? { webhook_url: webhook.value() } : {}),
          settings: { ...clock.read(), takeback: takebackSelect.value },
        },
      });
      rememberName(name);
      saveSeat(res.game_id, {
        credential: res.credential,
        seat: res.seat ?? 0,
        game: gameSelect.value,
        name,
        invite_id: lastSegment(res.invite_url),
      });
      navigate(`/lobby/${encodeURIComponent(res.game_id)}`);
    } catch (err) {
      toast(err.message);
      submit.disabled = false;
    }
  });
  section.appendChild(form);
  onGameChange();
}

async function loadLobbies(section) {
  let lobbies;
  try {
    lobbies = await api("GET", "/lobbies");
  } catch (err) {
    add(clear(section), h("h2", { id: "lobbies-h" }, msg("home.open_tables")), h("p", { class: "error-text" }, err.words || err.message));
    return;
  }
  clear(section);
  section.appendChild(h("h2", { id: "lobbies-h" }, msg("home.open_tables")));
  if (!lobbies || !lobbies.length) {
    section.appendChild(h("p", { class: "muted" }, msg("home.no_open_tables")));
    return;
  }
  const mine = allSeats();
  const list = h("ul", { class: "lobby-list", "data-testid": "open-lobbies" });
  for (const l of lobbies) {
    const invite = lastSegment(l.invite_url);
    const isMine = Boolean(mine[l.game_id]);
    list.appendChild(
      h("li", { class: "row-item" }, [
        h("div", { class: "row-main" }, [
          h("strong", null, gameNameMsg(l.game, l.game_name || l.game)),
          h("span", { class: "muted" }, [msg("home.hosted_by"), h("span", { class: "name" }, l.host || msg("home.someone"))]),
          h("div", { class: "muted small" }, msg("home.seats_taken", { taken: l.taken, seats: l.seats })),
        ]),
        isMine
          ? h("a", { class: "btn btn-small", href: `/lobby/${encodeURIComponent(l.game_id)}`, "data-link": true }, msg("home.open"))
          : h(
              "a",
              { class: "btn btn-small btn-primary", href: `/join/${encodeURIComponent(invite)}`, "data-link": true, "data-testid": `join-${l.game_id}` },
              msg("home.join"),
            ),
      ]),
    );
  }
  section.appendChild(list);
}

async function loadYourGames(section, sockets, isAlive) {
  // Signed in: seats claimed on another device come first (a failure leaves this browser's).
  if (signedIn()) await syncSeats().catch(() => null);
  if (!isAlive()) return;
  const seats = allSeats();
  const ids = Object.keys(seats).sort((a, b) => (seats[b].saved_at || 0) - (seats[a].saved_at || 0));
  clear(section);
  section.appendChild(h("h2", { id: "your-h" }, msg("home.your_games")));
  if (!ids.length) {
    section.appendChild(h("p", { class: "muted" }, msg("home.your_games_empty")));
    return;
  }
  section.classList.add("has-items");
  const list = h("ul", { class: "your-list", "data-testid": "your-games" });
  section.appendChild(list);
  const peeks = { count: 0 };
  const items = ids.slice(0, 30).map((id) => ({ id, entry: seats[id], rank: 2, el: null }));
  const place = () => {
    items.sort((a, b) => a.rank - b.rank);
    for (const it of items) if (it.el) list.appendChild(it.el);
  };
  await Promise.all(
    items.map(async (it) => {
      const { id, entry } = it;
      const status = h("span", { class: "pill" }, "…");
      const link = h("a", { href: `/lobby/${encodeURIComponent(id)}`, "data-link": true, class: "row-link" }, [
        h("strong", null, entry.game ? gameNameMsg(entry.game, entry.game) : msg("home.game")),
        h("span", { class: "muted" }, [msg("home.as"), h("span", { class: "name" }, entry.name || msg("home.seat_n", { n: Number(entry.seat) + 1 }))]),
      ]);
      it.el = h("li", { class: "row-item", "data-testid": `your-${id}` }, [h("div", { class: "row-main" }, [link]), status]);
      try {
        const info = await api("GET", `/games/${encodeURIComponent(id)}`, { credential: entry.credential });
        if (!isAlive()) return;
        setText(link.querySelector("strong"), gameNameMsg(info.game, info.game_name || info.game));
        setText(status, statusText(info.status));
        status.className = `pill pill-${info.status}`;
        if (typeof info.you === "number" && info.you !== entry.seat) saveSeat(id, { seat: info.you });
        if (info.status === "lobby") it.rank = 1;
        else if (info.status === "active") {
          link.href = `/game/${encodeURIComponent(id)}`;
          it.rank = 2;
          // The server adds to_act for a seat's own credential; older servers need a peek.
          let toAct = Array.isArray(info.to_act) ? info.to_act : null;
          if (toAct === null && peeks.count++ < MAX_PEEKS) {
            const doc = await peekDoc(id, entry.credential, sockets);
            toAct = doc && Array.isArray(doc.to_act) ? doc.to_act : null;
          }
          if (!isAlive()) return;
          const you = typeof info.you === "number" ? info.you : entry.seat;
          if (toAct && toAct.includes(you)) {
            it.rank = 0;
            setText(status, msg("home.your_turn"));
            status.className = "pill pill-turn";
            it.el.classList.add("waiting-you");
          }
        } else {
          link.href = `/game/${encodeURIComponent(id)}`;
          it.rank = 3;
        }
      } catch (err) {
        if (!isAlive()) return;
        it.rank = 4;
        setText(status, err.status === 404 || err.status === 401 || err.status === 403 ? msg("home.gone") : msg("home.unavailable"));
        status.className = "pill pill-gone";
        it.el.appendChild(
          h(
            "button",
            {
              type: "button",
              class: "btn btn-small btn-ghost",
              "aria-label": msg("home.forget_game"),
              onclick: () => {
                forgetSeat(id);
                it.el.remove();
              },
            },
            msg("home.forget"),
          ),
        );
      }
      place();
    }),
  );
  place();
}
