// The account page's "Your history" part: who may see your history (members of your crews -
// the default -, everyone, or nobody but you), links to your history and your crews.

import { api } from "/static/api.js";
import { add, h, toast } from "/static/dom.js";
import { msg, t } from "/static/i18n.js";

const CHOICES = ["crew", "everyone", "nobody"];

/** The section, filled once the current choice is read. */
export function privacySection() {
  const el = h("section", { class: "privacy", "data-testid": "privacy" }, h("h2", null, msg("crews.privacy")));
  api("GET", "/account/privacy").then((state) => {
    const radios = CHOICES.map((c) => {
      const input = h("input", { type: "radio", name: "history-privacy", value: c, id: `privacy-${c}`, checked: state.history === c, "data-testid": `privacy-${c}` });
      input.addEventListener("change", async () => {
        try {
          await api("PUT", "/account/privacy", { body: { history: c } });
          toast(t("crews.privacy_saved"), "info");
        } catch (err) {
          toast(err.message);
        }
      });
      return h("div", { class: "field-check" }, h("label", { for: `privacy-${c}` }, [input, msg(`crews.privacy.${c}`)]));
    });
    add(el,
      h("fieldset", { class: "privacy-choices" }, [h("legend", { class: "muted small" }, msg("crews.privacy_question")), ...radios]),
      h("p", null, [
        h("a", { href: `/player/${encodeURIComponent(state.account_id)}`, "data-link": true, "data-testid": "my-history" }, msg("crews.my_history")),
        " · ",
        h("a", { href: "/crews", "data-link": true, "data-testid": "my-crews" }, msg("crews.your_crews")),
      ]));
  }).catch((err) => add(el, h("p", { class: "error-text" }, err.message)));
  return el;
}
