// Home page: the games, the create-lobby form, open lobbies and "your games" in this browser.

import { api } from "/static/api.js";
import { clockFields } from "/static/clock.js";
import { add, clear, h, lastSegment, toast } from "/static/dom.js";
import { buildOptionsForm } from "/static/schemaform.js";
import { allSeats, forgetSeat, lastName, rememberName, saveSeat } from "/static/store.js";
import { emailField, webhookField } from "/static/noticefields.js";
import { nameField } from "/static/names.js";
import { peekDoc } from "/static/peek.js";
import { importCard } from "/static/replay.js";

const MAX_PEEKS = 4;

const STATUS_TEXT = {
  lobby: "In the lobby",
  active: "Playing",
  finished: "Finished",
  abandoned: "Abandoned",
};

export async function render(root, { navigate }) {
  document.title = "Meja — board games with friends";
  const yourSection = h("section", { class: "card your-games", "aria-labelledby": "your-h" }, [
    h("h2", { id: "your-h" }, "Your games"),
    h("p", { class: "muted" }, "Loading…"),
  ]);
  const gamesSection = h("section", { class: "card games-card", "aria-labelledby": "games-h" }, [
    h("h2", { id: "games-h" }, "Games"),
    h("p", { class: "muted" }, "Loading…"),
  ]);
  const createSection = h("section", { class: "card create-card", id: "create", "aria-labelledby": "create-h" }, [
    h("h2", { id: "create-h" }, "Start a table"),
  ]);
  const lobbiesSection = h("section", { class: "card lobbies-card", "aria-labelledby": "lobbies-h" }, [
    h("h2", { id: "lobbies-h" }, "Open tables"),
    h("p", { class: "muted" }, "Loading…"),
  ]);
  root.appendChild(
    h("div", { class: "hero" }, [
      h("h1", null, "Play Southeast Asian board games with friends"),
      h("p", null, "Open a table, send the invite link, play in the browser. No accounts, no installs."),
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
      add(clear(gamesSection), h("h2", null, "Games"), h("p", { class: "error-text" }, err.message));
      add(createSection, h("p", { class: "error-text" }, "The games could not be loaded."));
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
    ? `${g.min_players} players`
    : `${g.min_players}–${g.max_players} players`;
}

function renderGames(section, games, createSection) {
  clear(section);
  section.appendChild(h("h2", { id: "games-h" }, "Games"));
  if (!games.length) {
    section.appendChild(h("p", { class: "muted" }, "No games are installed yet."));
    return;
  }
  const list = h("ul", { class: "game-list" });
  for (const g of games) {
    list.appendChild(
      h("li", { class: "game-tile", "data-testid": `game-${g.id}` }, [
        h("div", { class: "game-tile-head" }, [
          h("h3", null, g.name),
          h("span", { class: "pill" }, playersText(g)),
        ]),
        h("p", { class: "muted" }, g.blurb || ""),
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
          `Play ${g.name}`,
        ),
      ]),
    );
  }
  section.appendChild(list);
}

function renderCreate(section, games, navigate) {
  if (!games.length) {
    section.appendChild(h("p", { class: "muted" }, "There is no game to play yet."));
    return;
  }
  const gameSelect = h(
    "select",
    { id: "create-game", name: "game", "data-testid": "create-game", required: true },
    games.map((g) => h("option", { value: g.id }, g.name)),
  );
  const seatsSelect = h("select", { id: "create-seats", name: "seats", "data-testid": "create-seats" });
  const nameBox = nameField({ id: "create-name", testid: "create-name", label: "Your name", value: lastName(), placeholder: "e.g. Siti" });
  nameBox.input.name = "host_name";
  const spectators = h("input", { id: "create-spectators", type: "checkbox", checked: true, "data-testid": "create-spectators" });
  // Off by default: a listed table's free seats are open to anyone on the home page.
  const listed = h("input", { id: "create-listed", type: "checkbox", checked: false, "data-testid": "create-listed", "aria-describedby": "create-listed-help" });
  const hostEmail = emailField({ id: "create-email", testid: "create-email" });
  const webhook = webhookField({ id: "create-webhook", testid: "create-webhook" });
  const noticesBox = h("details", { class: "options notices-options" }, [
    h("summary", null, "Turn notices by e-mail or webhook (optional)"), hostEmail.el, webhook.el,
  ]);
  // Table settings (app/tablesettings.py), in words.
  const takebackSelect = h("select", { id: "create-takeback", name: "takeback", "data-testid": "create-takeback", "aria-describedby": "create-takeback-help" }, [
    h("option", { value: "own_turn", selected: true }, "Own moves of the current turn"),
    h("option", { value: "consent" }, "Also earlier moves, if everyone agrees"),
    h("option", { value: "none" }, "No take-backs"),
  ]);
  const optionsHost = h("div", { class: "options-fields" });
  const optionsBox = h("fieldset", { class: "options" }, [h("legend", null, "Game options"), optionsHost]);
  const submit = h("button", { type: "submit", class: "btn btn-primary", "data-testid": "create-submit" }, "Open the table");
  let optionsForm = null;
  const clock = clockFields();

  const onGameChange = () => {
    const g = games.find((x) => x.id === gameSelect.value) || games[0];
    const prevSeats = Number(seatsSelect.value) || null;
    clear(seatsSelect);
    for (let n = g.min_players; n <= g.max_players; n++) {
      seatsSelect.appendChild(h("option", { value: String(n) }, `${n} players`));
    }
    const keep = prevSeats && prevSeats >= g.min_players && prevSeats <= g.max_players;
    seatsSelect.value = String(keep ? prevSeats : g.min_players);
    clear(optionsHost);
    optionsForm = buildOptionsForm(g.options_schema || {}, optionsHost);
    optionsBox.hidden = optionsForm.count === 0;
  };
  gameSelect.addEventListener("change", onGameChange);

  const form = h("form", { class: "create-form", novalidate: false }, [
    h("div", { class: "field-row" }, [
      h("div", { class: "field" }, [h("label", { for: "create-game" }, "Game"), gameSelect]),
      h("div", { class: "field" }, [h("label", { for: "create-seats" }, "Seats"), seatsSelect]),
    ]),
    nameBox.el,
    optionsBox,
    noticesBox,
    clock.el,
    h("div", { class: "field" }, [
      h("label", { for: "create-takeback" }, "Take-backs"), takebackSelect,
      h("small", { class: "field-help", id: "create-takeback-help" },
        "A move can never be taken back after a die roll, a drawn card or tile, or a secret made known."),
    ]),
    h("div", { class: "field-row checks" }, [
      h("div", { class: "field field-check" }, [
        h("label", { for: "create-spectators" }, [spectators, h("span", null, "Spectators may watch")]),
      ]),
      h("div", { class: "field field-check" }, [
        h("label", { for: "create-listed" }, [listed, h("span", null, "List on the home page")]),
        h("small", { class: "field-help", id: "create-listed-help" },
          "Anyone visiting Meja can then see this table and take a free seat. Leave it off to seat only the friends you send the invite link to."),
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
    add(clear(section), h("h2", { id: "lobbies-h" }, "Open tables"), h("p", { class: "error-text" }, err.message));
    return;
  }
  clear(section);
  section.appendChild(h("h2", { id: "lobbies-h" }, "Open tables"));
  if (!lobbies || !lobbies.length) {
    section.appendChild(h("p", { class: "muted" }, "No open tables right now. Start one!"));
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
          h("strong", null, l.game_name || l.game),
          h("span", { class: "muted" }, [" hosted by ", h("span", { class: "name" }, l.host || "someone")]),
          h("div", { class: "muted small" }, `${l.taken}/${l.seats} seats taken`),
        ]),
        isMine
          ? h("a", { class: "btn btn-small", href: `/lobby/${encodeURIComponent(l.game_id)}`, "data-link": true }, "Open")
          : h(
              "a",
              { class: "btn btn-small btn-primary", href: `/join/${encodeURIComponent(invite)}`, "data-link": true, "data-testid": `join-${l.game_id}` },
              "Join",
            ),
      ]),
    );
  }
  section.appendChild(list);
}

async function loadYourGames(section, sockets, isAlive) {
  const seats = allSeats();
  const ids = Object.keys(seats).sort((a, b) => (seats[b].saved_at || 0) - (seats[a].saved_at || 0));
  clear(section);
  section.appendChild(h("h2", { id: "your-h" }, "Your games"));
  if (!ids.length) {
    section.appendChild(h("p", { class: "muted" }, "Games you open or join in this browser show up here."));
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
        h("strong", null, entry.game || "Game"),
        h("span", { class: "muted" }, [" as ", h("span", { class: "name" }, entry.name || `seat ${Number(entry.seat) + 1}`)]),
      ]);
      it.el = h("li", { class: "row-item", "data-testid": `your-${id}` }, [h("div", { class: "row-main" }, [link]), status]);
      try {
        const info = await api("GET", `/games/${encodeURIComponent(id)}`, { credential: entry.credential });
        if (!isAlive()) return;
        link.querySelector("strong").textContent = info.game_name || info.game;
        status.textContent = STATUS_TEXT[info.status] || info.status;
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
            status.textContent = "Your turn";
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
        status.textContent = err.status === 404 || err.status === 401 || err.status === 403 ? "Gone" : "Unavailable";
        status.className = "pill pill-gone";
        it.el.appendChild(
          h(
            "button",
            {
              type: "button",
              class: "btn btn-small btn-ghost",
              "aria-label": "Forget this game",
              onclick: () => {
                forgetSeat(id);
                it.el.remove();
              },
            },
            "Forget",
          ),
        );
      }
      place();
    }),
  );
  place();
}
