// Your-turn notices inside the page: the tab title names the game and says "(Your turn)",
// the favicon gets a badge, an optional sound plays (off by default; WebAudio, no file),
// and a browser notification appears when the tab is hidden (permission asked only when
// the player clicks "Notify me"). All of it clears when the player acts or the turn ends.
// Used by static/game.js: notices.update(myTurn) after every document, notices.acted()
// when the player sends an action.

import { h } from "/static/dom.js";
import { msg, setTitle, t } from "/static/i18n.js";

const SOUND_KEY = "meja.turnSound";

/** The favicon with a badge, as a data URL (drawn once per page on a canvas). */
async function badgedIcon(href) {
  const size = 64;
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const g = canvas.getContext("2d");
  try {
    const img = new Image();
    img.src = href;
    await img.decode();
    g.drawImage(img, 0, 0, size, size);
  } catch {
    g.fillStyle = "#c2551a";
    g.fillRect(4, 4, 56, 56);
  }
  g.beginPath();
  g.arc(48, 16, 15, 0, 2 * Math.PI);
  g.fillStyle = "#e03131";
  g.fill();
  g.lineWidth = 4;
  g.strokeStyle = "#ffffff";
  g.stroke();
  return canvas.toDataURL("image/png");
}

/** Two short rising tones (generated, so no audio file ships with the client). */
function chime(ctx) {
  const now = ctx.currentTime;
  for (const [i, freq] of [660, 880].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.25, now + i * 0.18 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.16);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + i * 0.18);
    osc.stop(now + i * 0.18 + 0.17);
  }
}

export class TurnNotices {
  constructor({ gameName, gameId }) {
    this.gameName = gameName;
    this.gameId = gameId;
    this.marked = false;
    this.wasMyTurn = false;
    this.icon = document.querySelector("link[rel~='icon']");
    this.plainIcon = this.icon ? this.icon.getAttribute("href") : null;
    this.badge = null;
    this.audio = null;
    this.notification = null;
    this.sound = localStorage.getItem(SOUND_KEY) === "1";
    this.el = h("div", { class: "turn-notices", "data-testid": "turn-notices" });
    this.drawControls();
  }

  plainTitle() {
    return msg("game.page_title", { game: String(this.gameName) });
  }

  /** After every document: mark the start of a turn, clear at its end. */
  update(myTurn) {
    if (myTurn && !this.wasMyTurn) this.turnBegan();
    if (!myTurn && this.marked) this.clear();
    this.wasMyTurn = Boolean(myTurn);
    if (!this.marked) setTitle(this.plainTitle());
  }

  /** The player sent an action: the reminder has done its job. */
  acted() {
    this.clear();
  }

  turnBegan() {
    this.marked = true;
    setTitle(msg("notices.your_turn_title", { game: String(this.gameName) }));
    this.setBadge(true);
    if (this.sound) this.play();
    if (document.visibilityState === "hidden") this.notify();
  }

  clear() {
    this.marked = false;
    setTitle(this.plainTitle());
    this.setBadge(false);
    if (this.notification) {
      this.notification.close();
      this.notification = null;
    }
  }

  async setBadge(on) {
    if (!this.icon) return;
    if (!on) {
      this.icon.setAttribute("href", this.plainIcon);
      delete this.icon.dataset.badge;
      return;
    }
    this.badge = this.badge || (await badgedIcon(this.plainIcon));
    if (!this.marked) return; // the turn ended while the badge was being drawn
    this.icon.setAttribute("href", this.badge);
    this.icon.dataset.badge = "turn";
  }

  play() {
    try {
      this.audio = this.audio || new AudioContext();
      if (this.audio.state === "suspended") this.audio.resume();
      chime(this.audio);
    } catch (err) {
      console.warn("turn sound unavailable", err);
    }
  }

  notify() {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    const n = new Notification(t("notices.notify_title", { game: String(this.gameName) }), {
      body: t("notices.notify_body"),
      tag: `meja-turn-${this.gameId}`,
    });
    n.onclick = () => {
      window.focus();
      n.close();
    };
    this.notification = n;
  }

  drawControls() {
    const el = this.el;
    el.replaceChildren();
    if ("Notification" in window) {
      const perm = Notification.permission;
      if (perm === "default") {
        el.appendChild(h("button", {
          type: "button", class: "btn btn-small btn-ghost", "data-testid": "notify-me",
          title: msg("notices.notify_help"),
          onclick: async () => {
            // Asked only here, on the player's click, never on load.
            try {
              await Notification.requestPermission();
            } finally {
              this.drawControls();
            }
          },
        }, msg("notices.notify_me")));
      } else {
        el.appendChild(h("span", { class: "muted small", "data-testid": "notify-state" },
          perm === "granted" ? msg("notices.on") : msg("notices.blocked")));
      }
    }
    const box = h("input", { type: "checkbox", id: "turn-sound", "data-testid": "turn-sound" });
    box.checked = this.sound;
    box.addEventListener("change", () => {
      this.sound = box.checked;
      localStorage.setItem(SOUND_KEY, this.sound ? "1" : "0");
      if (this.sound) this.play(); // a click may start audio; play once so they hear it
    });
    el.appendChild(h("label", { for: "turn-sound", class: "small" }, [box, msg("notices.sound")]));
  }

  destroy() {
    this.clear();
    this.audio?.close?.();
  }
}
