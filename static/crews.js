// /crews: the crews you are in (a crew is kept from a finished table: "Keep this crew" on
// its game-over panel). /crew-invite/{id}: a crew's own invite link - what the crew is, and
// joining it (an account is needed: the page says where to make one).

import { api } from "/static/api.js";
import { add, clear, h, toast } from "/static/dom.js";
import { live, msg, setTitle, t } from "/static/i18n.js";

export async function render(root, { name, params, navigate }) {
  setTitle(live(() => t("crews.title")));
  const card = h("section", { class: "card narrow", "data-testid": "crews-page" }, h("p", { class: "muted" }, msg("shell.loading")));
  root.appendChild(card);
  if (name === "crew-invite") await invite(card, params[0], navigate);
  else await list(card);
}

function signInFirst(card, err) {
  add(clear(card),
    h("h1", null, msg("crews.title")),
    h("p", { class: err.status === 401 ? "" : "error-text", role: "alert", "data-testid": "crews-error" },
      err.status === 401 ? msg("crews.needs_account") : err.words || err.message),
    err.status === 401 ? h("a", { href: "/account", "data-link": true, class: "btn btn-primary" }, msg("crews.sign_in")) : null);
}

async function list(card) {
  let crews;
  try {
    crews = await api("GET", "/crews");
  } catch (err) {
    signInFirst(card, err);
    return;
  }
  add(clear(card),
    h("h1", null, msg("crews.title")),
    h("p", { class: "muted" }, msg("crews.intro")),
    crews.length
      ? h("ul", { class: "your-list", "data-testid": "crews-list" }, crews.map((c) => h("li", { class: "row-item" }, [
          h("a", { href: `/crew/${encodeURIComponent(c.crew_id)}`, "data-link": true, class: "row-link" }, [
            h("strong", { class: "name" }, c.name), " ",
            h("span", { class: "muted" }, live(() => t("crews.member_count", { count: c.members }))),
          ]),
          c.owner ? h("span", { class: "pill" }, msg("crews.owner")) : null,
        ])))
      : h("p", { class: "muted", "data-testid": "crews-empty" }, msg("crews.none_yet")),
    h("p", null, h("a", { href: "/account", "data-link": true }, msg("crews.account_link"))));
}

async function invite(card, inviteId, navigate) {
  let info;
  try {
    info = await api("GET", `/crew-invites/${encodeURIComponent(inviteId)}`);
  } catch (err) {
    add(clear(card), h("h1", null, msg("crews.title")),
      h("p", { class: "error-text", role: "alert", "data-testid": "crews-error" }, err.words || err.message));
    return;
  }
  if (info.member) {
    navigate(`/crew/${encodeURIComponent(info.crew_id)}`, { replace: true });
    return;
  }
  const join = h("button", { type: "button", class: "btn btn-primary", "data-testid": "crew-join" }, msg("crews.join"));
  join.addEventListener("click", async () => {
    join.disabled = true;
    try {
      const joined = await api("POST", `/crew-invites/${encodeURIComponent(inviteId)}/join`);
      navigate(`/crew/${encodeURIComponent(joined.crew_id)}`);
    } catch (err) {
      if (err.status === 401) signInFirst(card, err);
      else toast(err.message);
    } finally {
      join.disabled = false;
    }
  });
  add(clear(card),
    h("h1", null, msg("crews.invited")),
    h("p", { "data-testid": "crew-invite-name" }, [h("strong", { class: "name" }, info.name), " ",
      h("span", { class: "muted" }, live(() => t("crews.member_count", { count: info.members })))]),
    h("p", { class: "muted small" }, msg("crews.invite_note")),
    join);
}
