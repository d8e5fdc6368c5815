// The optional notice fields of the create and join forms: an e-mail address for
// your-turn mail (never shown to anybody) and, for the host, a webhook URL (Discord, Slack).
// The server checks both and answers a sentence when one is refused.

import { h } from "/static/dom.js";

/** An optional e-mail field; `.value()` is the trimmed address or null. */
export function emailField({ id, testid }) {
  const input = h("input", {
    id, type: "email", name: "email", autocomplete: "email", maxlength: "254",
    placeholder: "you@example.com", "data-testid": testid, "aria-describedby": `${id}-help`,
  });
  const el = h("div", { class: "field" }, [
    h("label", { for: id }, "E-mail me when it is my turn (optional)"),
    input,
    h("small", { class: "field-help", id: `${id}-help` },
      "One mail per turn while you are away (a daily digest for slow tables), each with an unsubscribe link. Nobody else sees your address."),
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
    h("label", { for: id }, "Webhook for turn notices (optional)"),
    input,
    h("small", { class: "field-help", id: `${id}-help` },
      "A Discord or Slack webhook URL: the channel hears whenever the game waits for someone. Only you can see it."),
  ]);
  return { el, input, value: () => input.value.trim() || null };
}
