"""My games (issue 38): every game a browser (later: an account) holds a seat in, grouped by
whose turn it is, kept live. :mod:`.summary` builds what the page shows from ``(game id,
seat)`` pairs; :mod:`.follow` tells the pages that follow a game when it changed. The HTTP
and feed routes: app/http/mygames.py. See docs/client.md, "My games"."""

from app.features.mygames.follow import Follower, MyGames
from app.features.mygames.summary import seats_of, summaries

__all__ = ["Follower", "MyGames", "seats_of", "summaries"]
