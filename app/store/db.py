"""Database connection and migrations (SQLite by default, PostgreSQL via DATABASE_URL)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, create_engine, event

from app.core.settings import ROOT, normalize_db_url


def prepare_sqlite_dir(url: str) -> None:
    """Create the folder of a SQLite file so a fresh clone needs no set-up step."""
    if url.startswith("sqlite:///") and ":memory:" not in url:
        Path(url[len("sqlite:///"):]).parent.mkdir(parents=True, exist_ok=True)


def make_engine(url: str) -> Engine:
    """A SQLAlchemy engine tuned for this service's access pattern."""
    url = normalize_db_url(url)
    prepare_sqlite_dir(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn, _record) -> None:  # type: ignore[no-untyped-def]
            cur = dbapi_conn.cursor()
            # WAL lets readers run while the committer writes; foreign keys are off by default.
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_size=8, max_overflow=4, pool_pre_ping=True)


def migrate(url: str) -> None:
    """Apply every alembic migration (what ``alembic upgrade head`` does)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    cfg.attributes["url"] = normalize_db_url(url)
    cfg.attributes["configure_logger"] = False
    command.upgrade(cfg, "head")
