// /join/{invite_id}: join a lobby with a name (or resume this browser's seat);
// /claim/{claim_id}: take over a re-issued seat on a new device.

import { api } from "/static/api.js";
import { add, clear, h, toast } from "/static/dom.js";
import { currentLang, live, msg, setTitle, t } from "/static/i18n.js";
import { gameName, gameNameMsg } from "/static/options.js";
import { getSeat, lastName, rememberName, saveSeat, forgetSeat } from "/static/store.js";
import { nameField } from "/static/names.js";
import { emailField } from "/static/noticefields.js";
import { seatList } from "/static/seats.js";

export async function render(root, ctx) {
  if (ctx.name === "claim") return renderClaim(root, ctx);
  return renderJoin(root, ctx);
}

function pageFor(status, gameId) {
  return status === "lobby" ? `/lobby/${encodeURIComponent(gameId)}` : `/game/${encodeURIComponent(gameId)}`;
}

async function renderJoin(root, { params, navigate }) {
  const inviteId = params[0];
  const card = h("section", { class: "card narrow" }, [h("p", { class: "muted" }, msg("lobby.loading"))]);
  root.appendChild(card);
  let info;
  try {
    info = await api("GET", `/invites/${encodeURIComponent(inviteId)}`);
  } catch (err) {
    add(clear(card), 
      h("h1", null, msg("join.bad_invite")),
      h("p", { class: "error-text", "data-testid": "error" }, err.words || err.message),
      h("a", { href: "/", "data-link": true, class: "btn" }, msg("shell.home_link")),
    );
    return;
  }
  setTitle(live(() => t("join.page_title", { game: gameName(info.game, info.game_name || info.game) })));
  const mine = getSeat(info.game_id);
  if (mine) {
    // This browser already holds a seat of this game: resume it without asking for a name.
    try {
      const res = await api("POST", `/invites/${encodeURIComponent(inviteId)}/join`, {
        body: { name: mine.name || lastName() || t("join.default_name") },
        credential: mine.credential,
      });
      saveSeat(res.game_id, { credential: res.credential || mine.credential, seat: res.seat });
      navigate(pageFor(info.status, res.game_id), { replace: true });
      return;
    } catch (err) {
      if (err.status === 401 || err.status === 403) {
        forgetSeat(info.game_id); // the seat was re-issued to another device
      } else if (info.status !== "lobby") {
        navigate(pageFor(info.status, info.game_id), { replace: true });
        return;
      } else {
        toast(err.message);
      }
    }
  }
  clear(card);
  add(card, 
    h("p", { class: "eyebrow" }, msg("join.invited")),
    h("h1", null, gameNameMsg(info.game, info.game_name || info.game)),
  );
  const host = (info.seats || []).find((s) => s.host);
  if (host && host.name) {
    add(card, h("p", { class: "muted" }, [msg("join.host"), h("span", { class: "name" }, host.name)]));
  }
  add(card, seatList(info));
  if (info.status !== "lobby") {
    add(card, h("p", null, msg("join.started")));
    if (info.watch_url) {
      add(card, h("a", { class: "btn", href: new URL(info.watch_url, location.origin).pathname, "data-link": true }, msg("join.watch")));
    }
    return;
  }
  const free = (info.seats || []).filter((s) => s.name === null && !s.bot).length;
  if (free === 0) {
    add(card, h("p", { class: "error-text" }, msg("join.full")));
    return;
  }
  const nameBox = nameField({ id: "join-name", testid: "join-name", label: msg("home.your_name"), value: lastName(), placeholder: msg("join.name_example") });
  const emailBox = emailField({ id: "join-email", testid: "join-email" });
  const submit = h("button", { type: "submit", class: "btn btn-primary", "data-testid": "join-submit" }, msg("join.submit"));
  const form = h("form", { class: "join-form" }, [
    nameBox.el,
    emailBox.el,
    h("div", { class: "form-actions" }, [submit]),
  ]);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = nameBox.check();
    if (name === null) return;
    submit.disabled = true;
    try {
      const res = await api("POST", `/invites/${encodeURIComponent(inviteId)}/join`, { body: { name, ...(emailBox.value() ? { email: emailBox.value(), lang: currentLang() } : {}) } });
      rememberName(name);
      saveSeat(res.game_id, {
        credential: res.credential,
        seat: res.seat,
        game: info.game,
        name,
        invite_id: inviteId,
      });
      navigate(`/lobby/${encodeURIComponent(res.game_id)}`);
    } catch (err) {
      toast(err.message);
      submit.disabled = false;
    }
  });
  add(card, form);
  nameBox.input.focus();
}

async function renderClaim(root, { params, navigate }) {
  const claimId = params[0];
  setTitle(msg("join.claim_page_title"));
  const button = h("button", { type: "button", class: "btn btn-primary", "data-testid": "claim-submit" }, msg("join.claim_submit"));
  const card = h("section", { class: "card narrow" }, [
    h("h1", null, msg("join.claim_title")),
    h("p", null, msg("join.claim_text")),
    h("div", { class: "form-actions" }, [button]),
  ]);
  root.appendChild(card);
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const res = await api("POST", `/claims/${encodeURIComponent(claimId)}`);
      let info = null;
      try {
        info = await api("GET", `/games/${encodeURIComponent(res.game_id)}`, { credential: res.credential });
      } catch {
        info = null;
      }
      const seat = info && typeof info.you === "number" ? info.you : res.seat;
      const me = info?.seats?.find((s) => s.seat === seat);
      saveSeat(res.game_id, {
        credential: res.credential,
        seat,
        game: info?.game,
        name: me?.name || lastName(),
        invite_id: info?.invite_url ? new URL(info.invite_url, location.origin).pathname.split("/").pop() : null,
      });
      navigate(pageFor(info ? info.status : "active", res.game_id), { replace: true });
    } catch (err) {
      toast(err.message);
      button.disabled = false;
    }
  });
}
