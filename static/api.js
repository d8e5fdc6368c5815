// REST wrapper: JSON in and out, the seat credential as an Authorization Bearer header.
// A refusal is an ApiError whose message is the server's sentence in the viewer's language
// (its `key` and `params` through static/i18n.js), or its English `detail` without a key.

import { Msg, errorText, live, msg, t } from "/static/i18n.js";
import { getSeat } from "/static/store.js";

function detailText(detail) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    // FastAPI validation errors: [{loc, msg}, ...]
    return detail
      .map((d) => {
        const loc = Array.isArray(d.loc) ? d.loc.filter((p) => p !== "body").join(".") : "";
        return loc ? `${loc}: ${d.msg}` : d.msg;
      })
      .join("; ");
  }
  return "";
}

export class ApiError extends Error {
  /**
   * body: the server's `{detail, key?, params?}` (HTTP) or `{reason, key?, params?}` (a
   * frame), or a Msg of the page's own words; status: the HTTP status (0: no answer).
   */
  constructor(body, status) {
    super();
    this.body = body;
    this.status = status;
    if (body && typeof body === "object" && "code" in body) this.code = body.code;
  }

  /** The sentence in the current language (read it when showing it). */
  get message() {
    const b = this.body;
    if (b instanceof Msg || typeof b === "string") return String(b);
    const fallback = detailText(b?.detail) || t("shell.err.status", { status: this.status });
    return errorText(b?.detail !== undefined && typeof b.detail !== "string" ? { ...b, detail: fallback } : b, fallback);
  }

  /** The sentence as a Msg: a page that keeps it on screen rewords it after a switch. */
  get words() {
    return live(() => this.message);
  }
}

/** The page's own "no answer" sentence. */
export const unreachable = () => new ApiError(msg("shell.err.unreachable"), 0);

let inline = null; // {path: answer} the page came with, each taken once

/**
 * An answer the page brought with it (app/http/firstpaint.py, answers_block: the game page's
 * first GETs, the same for everyone), taken once: a later call asks the server as usual.
 */
function broughtAnswer(method, path, opts) {
  if (method !== "GET" || opts.query || opts.credential || opts.gameId) return undefined;
  if (inline === null) {
    inline = {};
    const el = globalThis.document?.getElementById("meja-answers");
    if (el) {
      el.remove();
      try {
        inline = JSON.parse(el.textContent) || {};
      } catch {
        inline = {};
      }
    }
  }
  if (!Object.hasOwn(inline, path)) return undefined;
  const answer = inline[path];
  delete inline[path];
  return answer;
}

/**
 * Call the API. opts: {body, credential, gameId (use that game's stored credential), query}.
 * Resolves with the parsed JSON; rejects with ApiError(the server's body, status).
 */
export async function api(method, path, opts = {}) {
  const brought = broughtAnswer(method, path, opts);
  if (brought !== undefined) return brought;
  const headers = { Accept: "application/json" };
  let credential = opts.credential;
  if (!credential && opts.gameId) credential = getSeat(opts.gameId)?.credential;
  if (credential) headers.Authorization = `Bearer ${credential}`;
  const init = { method, headers };
  if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(opts.body);
  }
  let url = `/api${path}`;
  if (opts.query) url += `?${new URLSearchParams(opts.query)}`;
  let resp;
  try {
    resp = await fetch(url, init);
  } catch {
    throw unreachable();
  }
  let data = null;
  const text = await resp.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!resp.ok) throw new ApiError(data && typeof data === "object" ? data : {}, resp.status);
  return data;
}
