// Inline in the shell (app/http/static_assets.py, allowed by its CSP hash), run as the page
// is parsed: a game page this browser has shown before, whose game has not moved since, is
// drawn at once as it was left (static/picture.js keeps it), inert, until the live page has
// drawn its board. Nothing is shown if the game inline in the page is at another version,
// the picture is older than a week, was taken at another width, or names a stylesheet this
// deploy no longer has.
(() => {
  try {
    const path = location.pathname;
    if (!/^\/(game|watch)\/[^/]+\/?$/.test(path)) return;
    const p = JSON.parse(localStorage.getItem("meja.picture:" + path) || "null");
    if (!p || typeof p.html !== "string" || !Array.isArray(p.css) || p.w !== innerWidth
      || !(Date.now() - p.at < 6048e5)) return;
    // Only the board as it is now: the game inline in the page is at the picture's version.
    const first = document.getElementById("meja-first");
    if (!first || JSON.parse(first.textContent).snapshot?.version !== p.version) return;
    const known = new Set([...document.querySelectorAll("link[href]")].map((l) => l.href));
    const map = document.querySelector('script[type="importmap"]');
    for (const url of Object.values((map && JSON.parse(map.textContent).imports) || {})) {
      known.add(new URL(url, location.href).href);
    }
    if (!p.css.every((href) => known.has(href))) return;
    const app = document.getElementById("app");
    const box = document.createElement("div");
    box.className = "picture";
    box.inert = true;
    box.setAttribute("aria-hidden", "true");
    box.innerHTML = p.html;
    let waiting = 1;
    const show = () => {
      if (--waiting) return;
      app.querySelector(":scope > .loading")?.remove();
      app.prepend(box);
    };
    for (const href of p.css) {
      if ([...document.styleSheets].some((s) => s.href === href)) continue;
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      waiting += 1;
      link.onload = link.onerror = show;
      document.head.append(link);
    }
    show();
  } catch {
    // No picture: the page starts as it always did.
  }
})();
