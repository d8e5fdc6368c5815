"""``kaki-lima``: Kaki Lima, walking George Town's five-foot ways (2 to 6 pedestrians)."""

from engines.kaki_lima.engine import ENGINE, KakiLimaEngine

__all__ = ["ENGINE", "KakiLimaEngine"]
