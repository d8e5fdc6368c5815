// Your-turn notices inside the page: the tab title names the game and says "(Your turn)",
// the favicon gets a badge, an optional sound plays (off by default; WebAudio, no file),
// and a browser notification appears when the tab is hidden (permission asked only when
// the player clicks "Notify me"). All of it clears when the player acts or the turn ends.
// Used by static/game.js: notices.update(myTurn) after every document, notices.acted()
// when the player sends an action.

import { api } from "/static/api.js";
import { h } from "/static/dom.js";
import { msg, setTitle, t } from "/static/i18n.js";
import {
  canOfferInstall, iosTab, offerInstall, pushOff, pushOn, pushSupported, pushWanted, quietHours,
  setQuietHours, timeZone,
} from "/static/pwa.js";

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
    // Web Push on this device: "on", "unavailable" (the browser cannot subscribe) or null.
    this.push = null;
    this.muted = false;
    this.installOffer = false; // true once the player clicked "Notify me" on this page
    this.el = h("div", { class: "turn-notices", "data-testid": "turn-notices" });
    this.onInstallable = () => this.drawControls();
    globalThis.addEventListener("meja:installable", this.onInstallable);
    this.drawControls();
    this.loadState();
    if (globalThis.Notification?.permission === "granted" && pushWanted(gameId) && pushSupported()) {
      this.enablePush(); // refresh: keeps the server's "last seen" and a new subscription
    }
  }

  /** The seat's mute switch as the server has it. */
  async loadState() {
    try {
      const state = await api("GET", `/games/${encodeURIComponent(this.gameId)}/notices`, { gameId: this.gameId });
      this.muted = Boolean(state.muted);
      this.drawControls();
    } catch (err) {
      console.warn("notice settings unavailable", err);
    }
  }

  /** Subscribe this device (after permission was granted); the controls say how it went. */
  async enablePush() {
    if (!pushSupported()) {
      this.push = "unavailable";
      this.drawControls();
      return;
    }
    try {
      await pushOn(this.gameId);
      this.push = "on";
    } catch (err) {
      console.warn("push unavailable", err);
      this.push = "unavailable";
    }
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
            this.installOffer = true;
            try {
              await Notification.requestPermission();
            } finally {
              this.drawControls();
            }
            if (Notification.permission === "granted") await this.enablePush();
          },
        }, msg("notices.notify_me")));
      } else {
        el.appendChild(h("span", { class: "muted small", "data-testid": "notify-state" },
          perm === "granted" ? msg("notices.on") : msg("notices.blocked")));
      }
    }
    if (iosTab()) {
      el.appendChild(h("p", { class: "small muted notices-note", "data-testid": "ios-push-note" }, msg("notices.ios")));
    }
    if (this.push === "on") {
      el.appendChild(h("p", { class: "small notices-note", "data-testid": "push-state" }, msg("notices.push_on")));
      el.appendChild(h("button", {
        type: "button", class: "btn btn-small btn-ghost", "data-testid": "push-off",
        onclick: async () => {
          try {
            await pushOff(this.gameId);
          } catch (err) {
            console.warn("push off failed", err);
          }
          this.push = null;
          this.drawControls();
        },
      }, msg("notices.push_off")));
    } else if (this.push === "unavailable") {
      el.appendChild(h("p", { class: "small muted notices-note", "data-testid": "push-state" }, msg("notices.push_unavailable")));
    }
    if (this.installOffer && canOfferInstall()) {
      el.appendChild(h("button", {
        type: "button", class: "btn btn-small", "data-testid": "install-app", title: msg("notices.install_help"),
        onclick: async () => {
          await offerInstall();
          this.drawControls();
        },
      }, msg("notices.install")));
    }
    const box = h("input", { type: "checkbox", id: "turn-sound", "data-testid": "turn-sound" });
    box.checked = this.sound;
    box.addEventListener("change", () => {
      this.sound = box.checked;
      localStorage.setItem(SOUND_KEY, this.sound ? "1" : "0");
      if (this.sound) this.play(); // a click may start audio; play once so they hear it
    });
    el.appendChild(h("label", { for: "turn-sound", class: "small" }, [box, msg("notices.sound")]));
    el.appendChild(this.muteControl());
    el.appendChild(this.quietControl());
  }

  /** "Mute notices from this table": no push and no mail from it for this seat. */
  muteControl() {
    const box = h("input", { type: "checkbox", id: "mute-table", "data-testid": "mute-table" });
    box.checked = this.muted;
    box.addEventListener("change", async () => {
      try {
        const state = await api("PUT", `/games/${encodeURIComponent(this.gameId)}/notices`,
          { gameId: this.gameId, body: { muted: box.checked } });
        this.muted = Boolean(state.muted);
      } catch (err) {
        console.warn("mute failed", err);
      }
      box.checked = this.muted;
    });
    return h("label", { for: "mute-table", class: "small" }, [box, msg("notices.mute")]);
  }

  /** This device's quiet hours: no push and no per-turn mail between two local times. */
  quietControl() {
    const q = quietHours();
    const on = h("input", { type: "checkbox", id: "quiet-hours", "data-testid": "quiet-hours" });
    on.checked = q.on;
    const from = h("input", { type: "time", id: "quiet-from", "data-testid": "quiet-from", value: q.from, required: true });
    const to = h("input", { type: "time", id: "quiet-to", "data-testid": "quiet-to", value: q.to, required: true });
    const save = async () => {
      if (!from.value || !to.value) return;
      setQuietHours({ on: on.checked, from: from.value.slice(0, 5), to: to.value.slice(0, 5) });
      times.hidden = !on.checked;
      if (this.push === "on") {
        try {
          await pushOn(this.gameId); // the server holds pushes by the device's hours
        } catch (err) {
          console.warn("quiet hours not saved", err);
        }
      }
    };
    for (const input of [on, from, to]) input.addEventListener("change", save);
    const times = h("span", { class: "quiet-times" }, [
      h("label", { for: "quiet-from", class: "small" }, [msg("notices.quiet_from"), from]),
      h("label", { for: "quiet-to", class: "small" }, [msg("notices.quiet_to"), to]),
    ]);
    times.hidden = !q.on;
    return h("div", { class: "quiet-hours", "data-testid": "quiet-box" }, [
      h("label", { for: "quiet-hours", class: "small" }, [on, msg("notices.quiet")]),
      times,
      h("small", { class: "muted notices-note" }, msg("notices.quiet_help", { zone: timeZone() })),
    ]);
  }

  destroy() {
    globalThis.removeEventListener("meja:installable", this.onInstallable);
    this.clear();
    this.audio?.close?.();
  }
}
