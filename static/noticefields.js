// The optional notice fields of the create and join forms: an e-mail address for
// your-turn mail (never shown to anybody) and, for the host, a webhook URL (Discord, Slack).
// The server checks both and answers a sentence when one is refused.

import { h } from "/static/dom.js";
import { msg } from "/static/i18n.js";

/** An optional e-mail field; `.value()` is the trimmed address or null. */
export function emailField({ id, testid }) {
  const input = h("input", {
    id, type: "email", name: "email", autocomplete: "email", maxlength: "254",
    placeholder: msg("notices.email_example"), "data-testid": testid, "aria-describedby": `${id}-help`,
  });
  const el = h("div", { class: "field" }, [
    h("label", { for: id }, msg("notices.email")),
    input,
    h("small", { class: "field-help", id: `${id}-help` },
      msg("notices.email_help")),
  ]);
  return { el, input, value: () => input.value.trim() || null };
}

/** The host's optional webhook field; `.value()` is the URL or null. */
export function webhookField({ id, testid }) {
  const input = h("input", {
    id, type: "url", name: "webhook_url", maxlength: "2000",
    placeholder: "https://discord.com/api/webhooks/…", "data-testid": testid, "aria-describedby": `${id}-help`,
  });
  const el = h("div", { class: "field" }, [
    h("label", { for: id }, msg("notices.webhook")),
    input,
    h("small", { class: "field-help", id: `${id}-help` },
      msg("notices.webhook_help")),
  ]);
  return { el, input, value: () => input.value.trim() || null };
}
