// The browser's seats: localStorage["meja.seats"] = {game_id: {credential, seat, game, name, invite_id,
// from_account}}. from_account: the credential was given by the signed-in account (it stops
// working when this browser signs out, so the seat is forgotten then).
// localStorage["meja.account"] = "1" while this browser is signed in to an account (the session
// itself is an HttpOnly cookie no script reads): a seat saved then joins the account.

const KEY = "meja.seats";
const NAME_KEY = "meja.name";
const ACCOUNT_KEY = "meja.account";

export function allSeats() {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) || "{}");
    return raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  } catch {
    return {};
  }
}

export function getSeat(gameId) {
  const entry = allSeats()[gameId];
  return entry && typeof entry.credential === "string" ? entry : null;
}

export function saveSeat(gameId, entry) {
  const seats = allSeats();
  const own = entry.credential && !entry.from_account;
  seats[gameId] = { ...(seats[gameId] || {}), ...entry, ...(own ? { from_account: false } : {}), saved_at: Date.now() };
  localStorage.setItem(KEY, JSON.stringify(seats));
  // A seat taken while signed in joins the account (and any seat claimed on another device
  // since comes back with the answer).
  if (own && signedIn()) syncSeats().catch(() => {});
}

/** Whether this browser is signed in to an account (as far as the page knows). */
export function signedIn() {
  return localStorage.getItem(ACCOUNT_KEY) === "1";
}

/** Note that this browser signed in (true) or out (false); signing out forgets the seats
 * whose credentials the account gave (they no longer work). */
export function setSignedIn(on) {
  if (on) {
    localStorage.setItem(ACCOUNT_KEY, "1");
    return;
  }
  localStorage.removeItem(ACCOUNT_KEY);
  const seats = allSeats();
  for (const [id, entry] of Object.entries(seats)) if (entry && entry.from_account) delete seats[id];
  localStorage.setItem(KEY, JSON.stringify(seats));
}

/** Keep the seats an account answer carries a credential for (seats from another device). */
export function keepAccountSeats(list) {
  for (const s of list || []) {
    if (!s || typeof s.credential !== "string" || !s.credential) continue;
    saveSeat(s.game_id, { credential: s.credential, seat: s.seat, game: s.game, name: s.name || "", from_account: true });
  }
}

/** The credentials this browser holds (what it brings to its account). */
export function allCredentials() {
  const entries = Object.values(allSeats()).filter((e) => e && typeof e.credential === "string" && e.credential);
  entries.sort((a, b) => (b.saved_at || 0) - (a.saved_at || 0));
  return entries.slice(0, 500).map((e) => e.credential); // the server takes 500 at once
}

/**
 * Bring this browser's seats to its account and take the account's others: POST
 * /api/account/seats. Resolves with the account's seats, or null when the browser is not
 * signed in any more (the server said 401: signed out elsewhere, or the account deleted).
 */
export async function syncSeats() {
  const resp = await fetch("/api/account/seats", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ credentials: allCredentials() }),
  });
  if (resp.status === 401) {
    setSignedIn(false);
    return null;
  }
  if (!resp.ok) throw new Error(`account seats: ${resp.status}`);
  const answer = await resp.json();
  keepAccountSeats(answer.seats);
  return answer.seats;
}

export function forgetSeat(gameId) {
  const seats = allSeats();
  delete seats[gameId];
  localStorage.setItem(KEY, JSON.stringify(seats));
}

/** The seat entry whose invite_id matches (a browser that already joined through this link). */
export function seatByInvite(inviteId) {
  for (const [gameId, entry] of Object.entries(allSeats())) {
    if (entry && entry.invite_id === inviteId) return { gameId, ...entry };
  }
  return null;
}

export function lastName() {
  return localStorage.getItem(NAME_KEY) || "";
}

export function rememberName(name) {
  localStorage.setItem(NAME_KEY, name);
}
