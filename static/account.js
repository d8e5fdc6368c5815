// /account: the optional account. A guest makes one (a passkey, or a sign-in link by mail)
// from the seats this browser holds, or signs in to one made elsewhere; a signed-in player
// sees the account's games and devices, signs out (here or everywhere) or deletes it.
// /account/mail/{token}: the page a sign-in link opens; it signs in and goes to /account.

import { api } from "/static/api.js";
import { add, clear, h, onceButton, toast } from "/static/dom.js";
import { currentLang, dateText, live, msg, setTitle, t } from "/static/i18n.js";
import { nameField } from "/static/names.js";
import { gameNameMsg } from "/static/options.js";
import { createPasskey, passkeysAvailable, usePasskey } from "/static/passkey.js";
import { privacySection } from "/static/privacy.js";
import { allCredentials, keepAccountSeats, lastName, rememberName, setSignedIn, syncSeats } from "/static/store.js";

export async function render(root, ctx) {
  setTitle(live(() => t("account.title")));
  const card = h("section", { class: "card narrow account-card", "data-testid": "account-page" }, [h("p", { class: "muted" }, msg("shell.loading"))]);
  root.appendChild(card);
  if (ctx.params.length) await redeem(card, ctx.params[0], ctx.navigate);
  else await draw(card);
}

/** The page a sign-in link opens: use the link, then show the account. */
async function redeem(card, token, navigate) {
  try {
    const answer = await api("POST", "/account/mail/sign-in", { body: { token, credentials: allCredentials() } });
    signedIn(answer);
    navigate("/account", { replace: true });
  } catch (err) {
    add(clear(card),
      h("h1", null, msg("account.title")),
      h("p", { class: "error-text", "data-testid": "account-error", role: "alert" }, err.words || err.message),
      h("a", { href: "/account", "data-link": true, class: "btn" }, msg("account.try_again")));
  }
}

/** A sign-in answer: this browser is signed in and keeps the seats the account gave it. */
function signedIn(answer) {
  setSignedIn(true);
  keepAccountSeats(answer.seats);
}

async function draw(card) {
  let account = null;
  try {
    ({ account } = await api("GET", "/account"));
  } catch (err) {
    add(clear(card), h("p", { class: "error-text", role: "alert" }, err.words || err.message));
    return;
  }
  if (!account) {
    setSignedIn(false);
    drawGuest(card);
    return;
  }
  setSignedIn(true);
  let seats = [];
  try {
    seats = (await syncSeats()) || [];
  } catch (err) {
    toast(err.message);
  }
  drawAccount(card, account, seats);
}

/** A once-at-a-time button; a passkey prompt the player closed is worded, not raw. */
function action(attrs, label, work) {
  return onceButton(attrs, label, work, (err) => (err && err.name === "NotAllowedError"
    ? t("account.passkey_cancelled") : err.message));
}

function drawGuest(card) {
  const nameBox = nameField({ id: "account-name", testid: "account-name", label: msg("account.name"), value: lastName(), placeholder: msg("home.name_example") });
  const email = h("input", { id: "account-email", type: "email", autocomplete: "email", maxlength: "254", "data-testid": "account-email", placeholder: msg("notices.email_example") });
  const sent = h("p", { class: "muted", "data-testid": "account-mail-sent", role: "status", hidden: true });
  const reload = () => draw(card);
  const passkeys = passkeysAvailable();
  add(clear(card),
    h("h1", null, msg("account.title")),
    h("p", null, msg("account.intro")),
    h("p", { class: "muted small" }, msg("account.guest_note")),
    h("h2", null, msg("account.make")),
    nameBox.el,
    passkeys
      ? action({ class: "btn btn-primary", "data-testid": "account-passkey-create" }, msg("account.make_passkey"), async () => {
          const name = nameBox.check();
          if (!name) return;
          rememberName(name);
          const start = await api("POST", "/account/passkeys/register-options", { body: { display_name: name } });
          const credential = await createPasskey(start.options);
          signedIn(await api("POST", "/account/passkeys/register", { body: { ceremony: start.ceremony, credential, credentials: allCredentials() } }));
          await reload();
        })
      : h("p", { class: "muted small", "data-testid": "account-no-passkeys" }, msg("account.no_passkeys")),
    passkeys ? h("h2", null, msg("account.sign_in")) : null,
    passkeys
      ? action({ "data-testid": "account-passkey-signin" }, msg("account.sign_in_passkey"), async () => {
          const start = await api("POST", "/account/passkeys/sign-in-options", { body: {} });
          const credential = await usePasskey(start.options);
          signedIn(await api("POST", "/account/passkeys/sign-in", { body: { ceremony: start.ceremony, credential, credentials: allCredentials() } }));
          await reload();
        })
      : null,
    h("h2", null, msg("account.by_mail")),
    h("p", { class: "muted small" }, msg("account.by_mail_text")),
    h("div", { class: "field" }, [h("label", { for: "account-email" }, msg("account.email")), email]),
    action({ "data-testid": "account-mail-send" }, msg("account.mail_send"), async () => {
      const name = nameBox.input.value.trim() ? nameBox.check() : null;
      await api("POST", "/account/mail", { body: { email: email.value.trim(), display_name: name || undefined, lang: currentLang() } });
      sent.textContent = t("account.mail_sent", { email: email.value.trim() });
      sent.hidden = false;
    }),
    sent,
  );
}

function seatRow(s) {
  const path = s.status === "lobby" ? `/lobby/${encodeURIComponent(s.game_id)}` : `/game/${encodeURIComponent(s.game_id)}`;
  return h("li", { class: "row-item", "data-testid": `account-seat-${s.game_id}` }, [
    h("a", { href: path, "data-link": true, class: "row-link" }, [
      h("strong", null, gameNameMsg(s.game, s.game)),
      h("span", { class: "muted" }, [msg("home.as"), h("span", { class: "name" }, s.name || "")]),
    ]),
    h("span", { class: `pill pill-${s.status}` }, msg(`home.status.${s.status}`)),
  ]);
}

function drawAccount(card, account, seats) {
  const sessions = account.sessions.map((s) => h("li", { class: "row-item" }, [
    h("span", null, s.user_agent || t("account.device_unknown")),
    h("span", { class: "muted small" }, s.current ? msg("account.this_device") : live(() => t("account.last_seen", { when: dateText(Date.parse(s.last_seen), { dateStyle: "medium" }) }))),
  ]));
  const confirmBox = h("div", { class: "account-confirm", hidden: true, role: "group", "aria-labelledby": "account-delete-q" }, [
    h("p", { id: "account-delete-q" }, msg("account.delete_question")),
    action({ class: "btn btn-danger", "data-testid": "account-delete-yes" }, msg("account.delete_yes"), async () => {
      await api("DELETE", "/account");
      setSignedIn(false);
      toast(t("account.deleted"), "info");
      await draw(card);
    }),
    h("button", { type: "button", class: "btn btn-ghost", onclick: () => { confirmBox.hidden = true; } }, msg("account.delete_no")),
  ]);
  const out = async (path) => {
    await api("POST", path);
    setSignedIn(false);
    await draw(card);
  };
  add(clear(card),
    h("h1", null, msg("account.title")),
    h("p", { "data-testid": "account-signed-in" }, [msg("account.signed_in_as"), " ", h("strong", { class: "name" }, account.display_name)]),
    account.email ? h("p", { class: "muted small" }, live(() => t("account.email_is", { email: account.email }))) : null,
    h("h2", null, msg("account.games")),
    seats.length
      ? h("ul", { class: "your-list", "data-testid": "account-seats" }, seats.map(seatRow))
      : h("p", { class: "muted", "data-testid": "account-seats-empty" }, msg("account.games_empty")),
    privacySection(),
    h("h2", null, msg("account.devices")),
    h("ul", { class: "your-list", "data-testid": "account-sessions" }, sessions),
    h("p", { class: "muted small" }, live(() => t("account.passkeys", { count: account.passkeys }))),
    h("div", { class: "form-actions account-actions" }, [
      passkeysAvailable()
        ? action({ "data-testid": "account-passkey-add" }, msg("account.add_passkey"), async () => {
            const start = await api("POST", "/account/passkeys/register-options", { body: { display_name: account.display_name } });
            const credential = await createPasskey(start.options);
            await api("POST", "/account/passkeys/register", { body: { ceremony: start.ceremony, credential, credentials: allCredentials() } });
            toast(t("account.passkey_added"), "info");
            await draw(card);
          })
        : null,
      action({ "data-testid": "account-signout" }, msg("account.sign_out"), () => out("/account/sign-out")),
      action({ "data-testid": "account-signout-all" }, msg("account.sign_out_all"), () => out("/account/sign-out-everywhere")),
      h("button", { type: "button", class: "btn btn-danger", "data-testid": "account-delete", onclick: () => { confirmBox.hidden = false; } }, msg("account.delete")),
    ]),
    confirmBox,
    h("p", { class: "muted small" }, msg("account.delete_note")),
  );
}
