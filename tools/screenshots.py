"""Screenshots of every game for docs/screenshots/ (linked from README.md).

Starts a Meja server on a free loopback port (a fresh SQLite file, as the tests do), plays
each game over the WebSocket with the engine's own bot (tests/e2e/play.py) to mid-game and
then to its end, and saves what seat 0's browser shows on a phone (390 x 844, touch) and on a
desktop (1280 x 800):

    docs/screenshots/<game>-{phone,desktop}-{mid,over}.png

Usage: .venv/bin/python tools/screenshots.py [--out docs/screenshots] [game ...]
Needs Debian's /usr/bin/chromium (as the e2e tests do).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.store.db import migrate  # noqa: E402
from tests.app.client import seated_lobby, start  # noqa: E402
from tests.conftest import LiveServer  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, open_seat  # noqa: E402
from tests.e2e.play import play  # noqa: E402

GAMES = ["tuk-tuk-taxi", "jakarta-traffic", "kaki-lima", "indonesia"]
#: Moves (both seats together) to a picture with something on the board.
MID_MOVES = {"tuk-tuk-taxi": 9, "jakarta-traffic": 12, "kaki-lima": 14, "indonesia": 40}
VIEWS = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
         "desktop": {"viewport": {"width": 1280, "height": 800}}}


def shoot(browser: Any, server: Any, made: dict[str, Any], game: str, out: Path,
          moment: str) -> None:
    """Seat 0's page, freshly opened (one snapshot), on each screen size."""
    lobby, creds = made["lobby"], made["seats"]
    for view, opts in VIEWS.items():
        ctx = browser.new_context(**opts)
        try:
            page = ctx.new_page()
            page.set_default_timeout(60_000)
            # Screenshots show the board as played with a mouse: no confirm bar.
            page.goto(server.url + "/")
            page.evaluate("localStorage.setItem('meja.confirmMoves', 'off')")
            open_seat(page, server, lobby["game_id"], 0, creds[0], game)
            page.wait_for_selector('[data-testid=status][data-state="live"]')
            page.wait_for_selector(".board-root > *", state="attached")
            if moment == "over":
                page.wait_for_selector("[data-testid=gameover]:not([hidden])")
            page.wait_for_timeout(1500)  # fonts, the board's own transitions
            path = out / f"{game}-{view}-{moment}.png"
            page.screenshot(path=str(path))
            print(f"  {path}")
        finally:
            ctx.close()


def run(out: Path, games: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/meja.db"
        migrate(url)
        server = LiveServer(url, bot_delay=0.0).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for game in games:
                    print(game)
                    lobby, creds = seated_lobby(server, game, 2, None, (), ("Budi",))
                    start(server, lobby)
                    made = {"lobby": lobby, "seats": creds}
                    play(server, made, game, moves=MID_MOVES.get(game, 10))
                    shoot(browser, server, made, game, out, "mid")
                    print("  moves to the end:", play(server, made, game, seed=11))
                    shoot(browser, server, made, game, out, "over")
                browser.close()
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=GAMES, help="game ids (default: all four)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    run(args.out, args.games)


if __name__ == "__main__":
    main()
