"""Alembic per service, configured here: a service keeps only `migrations/versions/`; env.py and the revision
template are the kit's (`kit/alembic/`). The initial revision calls `create_kit_tables`, later kit changes come as
numbered steps (`kit_tables_2`) that a revision of each service calls. `upgrade_to_head` runs the migrations from
async code (dev runner, tests, `python -m kit.migrate`)."""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
from collections.abc import Callable
from pathlib import Path

import sqlalchemy as sa
from alembic import command, context
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import MetaData
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

SCRIPTS = Path(__file__).parent / "alembic"  # env.py and script.py.mako, the same for every service


def package_of(settings: object) -> str:
    """A service's package is the one its Settings class lives in (`organizations.config.Settings`)."""
    return type(settings).__module__.split(".", 1)[0]


def migrations_dir(package: str) -> Path:
    """`services/<svc>/migrations`, next to the package's `src/` (workspace members are installed editable)."""
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(package)
    return Path(spec.origin).resolve().parents[2] / "migrations"


def alembic_config(migrations: Path, url: str | None = None, *, package: str | None = None) -> Config:
    """The kit's scripts with the service's revisions (`<migrations>/versions`); no alembic.ini anywhere."""
    config = Config()
    config.set_main_option("script_location", str(SCRIPTS))
    config.set_main_option("version_locations", str(migrations / "versions"))
    config.set_main_option("path_separator", "os")
    if package:
        config.set_main_option("package", package)
    if url:
        config.set_main_option("sqlalchemy.url", url)
    return config


def head_revision(migrations: Path) -> str | None:
    return ScriptDirectory.from_config(alembic_config(migrations)).get_current_head()


def known_revisions(migrations: Path) -> frozenset[str]:
    """Every revision this code's migrations contain (a database at another one was migrated by a newer release)."""
    scripts = ScriptDirectory.from_config(alembic_config(migrations))
    return frozenset(script.revision for script in scripts.walk_revisions())


# Made by the kit's steps, not by a service's models: autogenerate leaves them alone.
KIT_TABLES = frozenset({"outbox_message", "processed_message", "idempotency_key", "place", "topic_version"})


def _not_kit_table(name: str | None, type_: str, parent_names: object) -> bool:
    return not (type_ == "table" and name in KIT_TABLES)


def _configure_and_run(connection: Connection, target_metadata: MetaData) -> None:
    context.configure(
        connection=connection, target_metadata=target_metadata, compare_type=True, include_name=_not_kit_table
    )
    with context.begin_transaction():
        context.run_migrations()


def _service_parts(package: str | None) -> tuple[MetaData, Callable[[], str]]:
    """The metadata Alembic compares against (autogenerate) and the database of the service's settings."""
    if not package:
        return MetaData(), lambda: ""
    metadata = importlib.import_module(f"{package}.models").Base.metadata
    settings = importlib.import_module(f"{package}.config").Settings
    return metadata, lambda: str(settings().database_url)


def run_migrations() -> None:
    """Body of the kit's env.py."""
    config = context.config
    target_metadata, url = _service_parts(config.get_main_option("package"))
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


async def upgrade_to_head(migrations: Path, url: str, *, package: str | None = None) -> None:
    config = alembic_config(migrations, url, package=package)

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
    """The outbox and processed-message tables as of a service's first migration (unchanged since: a later
    shape is a later step, so the revisions already applied stay true)."""
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


def kit_tables_2() -> None:
    """Step 2: the outbox loses its unused `attempts` and `last_error`; the idempotency keys' table arrives."""
    from alembic import op

    op.drop_column("outbox_message", "attempts")
    op.drop_column("outbox_message", "last_error")
    op.create_table(
        "idempotency_key",
        sa.Column("profile_id", sa.BigInteger(), nullable=False),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("request_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("content_type", sa.String(200), nullable=True),
        sa.Column("body", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("profile_id", "key", name="pk_idempotency_key"),
    )
    op.create_index("ix_idempotency_key_expires_at", "idempotency_key", ["expires_at"])


def drop_kit_tables_2() -> None:
    from alembic import op

    op.drop_index("ix_idempotency_key_expires_at", table_name="idempotency_key")
    op.drop_table("idempotency_key")
    op.add_column("outbox_message", sa.Column("attempts", sa.Integer(), server_default="0", nullable=False))
    op.add_column("outbox_message", sa.Column("last_error", sa.Text(), nullable=True))


def create_topic_versions(prefixes: tuple[str, ...], projections: tuple[str, ...]) -> None:
    """A version per live topic (`battle:7`), for reads a crowd shares (kit.shared_reads): every event the outbox
    records gives each of its topics with one of `prefixes` the next value of one sequence, in the write's own
    transaction. The topics are taken in order, so two writes never wait for each other's rows crosswise. Any
    change to the tables of `projections` (what other services announce) moves the projections' epoch."""
    from alembic import op

    pattern = "^(" + "|".join(prefix.rstrip(":") for prefix in prefixes) + "):"
    op.execute("CREATE SEQUENCE topic_version_seq")
    op.create_table(
        "topic_version",
        sa.Column("topic", sa.String(200), nullable=False),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("topic", name="pk_topic_version"),
    )
    op.execute(
        f"""
        CREATE FUNCTION bump_topic_versions() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO topic_version (topic, version)
            SELECT topic, nextval('topic_version_seq')
            FROM (SELECT DISTINCT jsonb_array_elements_text(NEW.envelope -> 'topics') AS topic) AS topics
            WHERE topic ~ '{pattern}'
            ORDER BY topic
            ON CONFLICT (topic) DO UPDATE SET version = EXCLUDED.version;
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        "CREATE TRIGGER outbox_message_topic_versions AFTER INSERT ON outbox_message "
        "FOR EACH ROW EXECUTE FUNCTION bump_topic_versions()"
    )
    # The projections' epoch: a sequence, so a consumer's change never waits for (or holds up) a write's rows.
    op.execute("CREATE SEQUENCE topic_facts_seq")
    op.execute(
        "CREATE FUNCTION bump_topic_facts() RETURNS trigger LANGUAGE plpgsql AS $$ "
        "BEGIN PERFORM nextval('topic_facts_seq'); RETURN NULL; END $$"
    )
    for name in projections:
        op.execute(
            f"CREATE TRIGGER {name}_topic_facts AFTER INSERT OR UPDATE OR DELETE ON {name} "
            "FOR EACH STATEMENT EXECUTE FUNCTION bump_topic_facts()"
        )


def drop_topic_versions(projections: tuple[str, ...]) -> None:
    from alembic import op

    for name in projections:
        op.execute(f"DROP TRIGGER {name}_topic_facts ON {name}")
    op.execute("DROP FUNCTION bump_topic_facts()")
    op.execute("DROP SEQUENCE topic_facts_seq")
    op.execute("DROP TRIGGER outbox_message_topic_versions ON outbox_message")
    op.execute("DROP FUNCTION bump_topic_versions()")
    op.drop_table("topic_version")
    op.execute("DROP SEQUENCE topic_version_seq")
