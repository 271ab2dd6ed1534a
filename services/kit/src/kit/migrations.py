"""Alembic per service: env.py calls `run_migrations`, the initial revision calls `create_kit_tables`.
`upgrade_to_head` runs the same migrations from async code (dev runner, tests)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import sqlalchemy as sa
from alembic import command, context
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import MetaData
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine


def alembic_config(migrations_dir: Path, url: str | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(migrations_dir))
    if url:
        config.set_main_option("sqlalchemy.url", url)
    return config


def head_revision(migrations_dir: Path) -> str | None:
    return ScriptDirectory.from_config(alembic_config(migrations_dir)).get_current_head()


def _configure_and_run(connection: Connection, target_metadata: MetaData) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations(target_metadata: MetaData, url: Callable[[], str]) -> None:
    """Body of every service's migrations/env.py."""
    config = context.config
    if context.is_offline_mode():
        context.configure(
            url=config.get_main_option("sqlalchemy.url") or url(),
            target_metadata=target_metadata,
            literal_binds=True,
        )
        with context.begin_transaction():
            context.run_migrations()
        return
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure_and_run(connection, target_metadata)
        return

    async def _run() -> None:
        engine = create_async_engine(config.get_main_option("sqlalchemy.url") or url())
        async with engine.begin() as conn:
            await conn.run_sync(_configure_and_run, target_metadata)
        await engine.dispose()

    asyncio.run(_run())


async def upgrade_to_head(migrations_dir: Path, url: str) -> None:
    config = alembic_config(migrations_dir, url)

    def _upgrade(connection: Connection) -> None:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")

    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_upgrade)
    finally:
        await engine.dispose()


def create_kit_tables() -> None:
    """The outbox and processed-message tables, created by each service's first migration."""
    from alembic import op

    op.create_table(
        "outbox_message",
        sa.Column("seq", sa.BigInteger(), sa.Identity(), nullable=False),
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("type", sa.String(200), nullable=False),
        sa.Column("envelope", sa.dialects.postgresql.JSONB(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("attempts", sa.Integer(), server_default="0", nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("seq", name="pk_outbox_message"),
        sa.UniqueConstraint("id", name="uq_outbox_message_id"),
    )
    op.create_index("ix_outbox_message_unsent", "outbox_message", ["seq"], postgresql_where=sa.text("sent_at IS NULL"))
    op.create_table(
        "processed_message",
        sa.Column("consumer", sa.String(200), nullable=False),
        sa.Column("event_id", sa.Uuid(), nullable=False),
        sa.Column("processed_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.PrimaryKeyConstraint("consumer", "event_id", name="pk_processed_message"),
    )


def drop_kit_tables() -> None:
    from alembic import op

    op.drop_table("processed_message")
    op.drop_index("ix_outbox_message_unsent", table_name="outbox_message")
    op.drop_table("outbox_message")
