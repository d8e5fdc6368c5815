"""Your-turn notices that reach people who are not looking: e-mail and webhooks.

``mail``: addresses, unsubscribe tokens, SMTP. ``webhooks``: which URLs, one checked POST.
``store``: the notice tables. ``dispatcher``: turns -> outbox -> sent, in the background.
``routes``: the unsubscribe page and the host's view of the hook. See docs/notices.md.
"""

from app.features.notices.dispatcher import Notices
from app.features.notices.settings import NoticeSettings

__all__ = ["NoticeSettings", "Notices"]
