"""Service tests also use a small engine with hidden information."""

from engines.registry import register
from tests.app.secret_engine import ENGINE as SECRET_ENGINE

register(SECRET_ENGINE)
