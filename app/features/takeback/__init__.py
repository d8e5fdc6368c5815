"""Take-backs: the table's policy, the consent requests, and the take-back event.

What may be taken back is the engine's to say (:class:`engines.core.line.Line`: the actions in
play since the last reveal, and which of them are a seat's own of the current turn); this
module applies the host's policy (``TableSettings.takeback``) on top:

* ``none``: nothing is ever taken back;
* ``own_turn`` (default): a player takes back their own actions of the current turn at once,
  while nothing was revealed since;
* ``consent``: that, and anything further back (another player's action, an earlier turn)
  once every other human player has agreed; never across a reveal. Bots agree at once: a bot
  only stands in for a seat and has no plan a take-back could spoil. A request that is
  refused by anyone, or not answered in :data:`REQUEST_SECONDS`, changes nothing; so does
  any move made while it waits.

A take-back is a new event (``{"type": "$takeback", "undo": [seq, ...]}``): versions only
grow, every client receives an ordinary patch to the restored state, and replaying the
history (``engines.core.line.replay``) reproduces it.

A consent request is the database's (:mod:`.requests`), because the players it
asks may be connected to other server processes than the asker: every answer is a
transaction on its row, in whichever process it arrives. Each process keeps a copy of the
open request for its own viewers (shown at hello, timed out by its own timer), and the
relay (topic ``takeback``) tells the others when it opens, gets an answer or
closes; a granted request closes everywhere as the take-back event arrives with the game.

The package: :mod:`.feature` (the hooks the room calls), :mod:`.table` (the policy, the line
of play, this process's copy of a request), :mod:`.asking` (requests, answers and the
take-back event), :mod:`.requests` (the stored request).
"""

from app.features.takeback.asking import REQUEST_SECONDS
from app.features.takeback.feature import Takebacks
from app.features.takeback.table import table_of

__all__ = ["REQUEST_SECONDS", "Takebacks", "table_of"]
