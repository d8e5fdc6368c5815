"""``python -m app``: serve Meja with the service's uvicorn settings.

``make run``, the container and the benchmark all start the server this way, so the
WebSocket limits and compression setting are the same everywhere.
"""

from __future__ import annotations

import argparse
import gc
import os

import uvicorn

from app.realtime.wsproto import WS_MAX_SIZE, MejaWebSocketProtocol


def main() -> None:
    """Parse ``--host``/``--port`` (or HOST/PORT) and serve."""
    parser = argparse.ArgumentParser(prog="python -m app", description=__doc__)
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "1")),
                        help="server processes on one socket (PostgreSQL only: they share "
                             "games through LISTEN/NOTIFY)")
    parser.add_argument("--log-level", default=os.environ.get("LOG_LEVEL", "info"))
    args = parser.parse_args()
    # Each move allocates a few hundred short-lived objects; the default threshold (700)
    # ran a young-generation collection every couple of moves.
    gc.set_threshold(50_000, 20, 100)
    uvicorn.run(
        "app.main:app",
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        workers=args.workers,
        access_log=False,
        # The app believes X-Forwarded-For from MEJA_TRUSTED_PROXIES only
        # (app.http.middleware.TrustedProxies); uvicorn's own trusts 127.0.0.1 whatever
        # the deployment.
        proxy_headers=False,
        # Oversized frames are skipped and answered with an error frame, not closed (1009).
        ws=MejaWebSocketProtocol,
        ws_max_size=WS_MAX_SIZE,
        # Frames are small patches: compressing each one costs more CPU than it saves bytes.
        ws_per_message_deflate=os.environ.get("MEJA_WS_DEFLATE", "0") == "1",
        # No "server: uvicorn" on every answer: bytes on each of a page's ~40 answers, and
        # nothing a visitor needs to know.
        server_header=False,
    )


if __name__ == "__main__":
    main()
