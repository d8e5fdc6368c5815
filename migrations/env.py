"""Alembic environment: the URL comes from DATABASE_URL (default: the SQLite file)."""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy import create_engine

from app.config import Settings
from app.core.settings import normalize_db_url
from app.store import (
    crewtables,  # noqa: F401 - its tables join the one metadata
    pushtables,  # noqa: F401 - its tables join the one metadata
)
from app.store.db import prepare_sqlite_dir
from app.store.tables import metadata

config = context.config
if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = metadata


def _url() -> str:
    return config.attributes.get("url") or normalize_db_url(Settings().database_url)


def run_migrations_offline() -> None:
    """Emit SQL without a database connection (``alembic upgrade --sql``)."""
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Apply migrations to the configured database."""
    url = _url()
    prepare_sqlite_dir(url)
    connectable = create_engine(url)
    with connectable.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
    connectable.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
