// REST wrapper: JSON in and out, the seat credential as an Authorization Bearer header.

import { getSeat } from "/static/store.js";

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

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

/**
 * Call the API. opts: {body, credential, gameId (use that game's stored credential), query}.
 * Resolves with the parsed JSON; rejects with ApiError(detail sentence, status).
 */
export async function api(method, path, opts = {}) {
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
    throw new ApiError("The server cannot be reached. Check your connection and try again.", 0);
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
  if (!resp.ok) {
    const msg = (data && detailText(data.detail)) || `The server answered ${resp.status}.`;
    throw new ApiError(msg, resp.status);
  }
  return data;
}
