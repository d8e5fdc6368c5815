"""CPU microseconds per received client frame on the server's WebSocket protocol: bytes of
one masked action frame into ``MejaWebSocketProtocol.data_received`` until the ASGI message
is queued (no socket, no application).

    .venv/bin/python bench/ws_receive.py            # best of 5 x 50,000 frames
"""

from __future__ import annotations

import asyncio
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from websockets.frames import Frame, Opcode  # noqa: E402

from app.realtime.wsproto import MejaWebSocketProtocol, detached_protocol  # noqa: E402


class _Transport:
    def write(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        pass

    def is_closing(self) -> bool:
        return False

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def _protocol() -> MejaWebSocketProtocol:
    return detached_protocol(_Transport(), logger="bench", handshake=True)


async def run(frames: int, reps: int) -> float:
    """Best-of-``reps`` CPU microseconds per frame."""
    p = _protocol()
    msg = b'{"type":"action","id":"c1-123","version":1234,"action":{"type":"advance","n":3}}'
    data = Frame(Opcode.TEXT, msg).serialize(mask=True, extensions=[])
    best = float("inf")
    for _ in range(reps):
        start = time.process_time()
        for _ in range(frames):
            p.data_received(data)
            p.queue.get_nowait()
        best = min(best, (time.process_time() - start) / frames * 1e6)
    return best


if __name__ == "__main__":
    print({"us_per_frame_best": round(asyncio.run(run(50_000, 5)), 2)})
