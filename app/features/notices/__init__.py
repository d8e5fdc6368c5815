"""Your-turn notices that reach people who are not looking: e-mail and webhooks.

``mail``: addresses, unsubscribe tokens, SMTP. ``webhooks``: which URLs, one checked POST.
``store``: the notice tables. ``dispatcher``: turns -> outbox -> sent, in the background.
``feature``: what feeds it (every room's commits, the lobby events).
The HTTP routes (the unsubscribe page, the host's view of the hook): app/http/notices.py.
See docs/notices.md.
"""

from app.features.notices.feature import Notices
from app.features.notices.settings import NoticeSettings

__all__ = ["NoticeSettings", "Notices"]
