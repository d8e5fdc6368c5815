// The browser's seats: localStorage["meja.seats"] = {game_id: {credential, seat, game, name, invite_id}}.

const KEY = "meja.seats";
const NAME_KEY = "meja.name";

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
  seats[gameId] = { ...(seats[gameId] || {}), ...entry, saved_at: Date.now() };
  localStorage.setItem(KEY, JSON.stringify(seats));
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
