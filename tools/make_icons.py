"""Draw the installable app's PNG icons (static/icons/) from static/favicon.svg with the
headless Chromium the tests use; run again whenever the favicon changes:
``python tools/make_icons.py``. No image library: the browser draws the SVG.

``icon-<n>.png``: the favicon as it is (transparent corners). ``maskable-512.png``: the
icon's terracotta to every edge and the glyph inside the central 80 % (the "safe zone" a
launcher may cut a circle or squircle from)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "static"
CHROMIUM = "/usr/bin/chromium"


def main() -> None:
    svg = (STATIC / "favicon.svg").read_text()
    inner = svg.split(">", 1)[1].rsplit("</svg>", 1)[0]
    # The glyph without its rounded square, on a full-bleed square, scaled to the safe zone.
    glyph = inner.split("\n", 2)[2]
    maskable = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
                '<rect width="64" height="64" fill="#c2551a"/>'
                f'<g transform="translate(32 32) scale(1.05) translate(-32 -31)">{glyph}</g></svg>')
    out = STATIC / "icons"
    out.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, source, size in (("icon-192.png", svg, 192), ("icon-512.png", svg, 512),
                                   ("maskable-512.png", maskable, 512)):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<html><body style='margin:0;background:transparent'>"
                             f"<div style='width:{size}px;height:{size}px'>{source}</div>"
                             "</body></html>")
            page.locator("svg").evaluate(
                "(el, n) => { el.setAttribute('width', n); el.setAttribute('height', n); }", size)
            page.locator("div").screenshot(path=str(out / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
