"""What every seat and spectator sees: the whole table, of the stack only its size."""

from __future__ import annotations

from typing import Any

from engines.tuk_tuk_taxi import data
from engines.tuk_tuk_taxi.data import TILE_NAMES, cell_key
from engines.tuk_tuk_taxi.state import TukTukState
from engines.tuk_tuk_taxi.words import note_keys


def view(s: TukTukState, seat: int | None) -> dict[str, Any]:
    """Everything on the table; nothing here is secret but the order of the stack.

    The board's layout and the tiles' names are static: the browser has them once per game
    from ``client_data.py`` (``/api/game-kinds/tuk-tuk-taxi/data``), not in every view."""
    drawn = s["drawn"]
    return {
        "side": s["side"],
        "simplified": s["simplified"],
        "players": s["players"],
        "current": s["current"],
        "phase": s["phase"],
        "drawn": None if drawn is None else {"kind": drawn, "name": TILE_NAMES[drawn]},
        "die": s["die"],
        "stack_count": len(s["stack"]),
        "removed": s["removed"],
        "signs": {k: {"kind": v["kind"], "dir": v["dir"], "name": TILE_NAMES[v["kind"]]}
                  for k, v in s["signs"].items()},
        "taxis": list(s["taxis"]),
        "stops": [cell_key(data.TAXI_STOPS[p]) for p in range(s["players"])],
        "carrying": list(s["carrying"]),
        "passengers": list(s["passengers"]),
        "delivered": list(s["delivered"]),
        # Every drop-off happens in front of the table, so who delivered last when is
        # public: the order of each seat's last one (the tie-break, ruling 9).
        "last_drop": list(s["last_drop"]),
        "skip": list(s["skip"]),
        "moves": [{"to": m["to"], "path": m["path"], "note": m["note"],
                   "notes": note_keys(m["note"]), "route": i}
                  for i, m in enumerate(s["moves"])],
    }
