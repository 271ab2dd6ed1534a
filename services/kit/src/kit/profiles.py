"""The local projection of identity's profiles (the spec's users), for every service that lists people: names and
avatars without a call per row. What a service writes to keep one:

- `class Profile(ProjectedProfile, Base): pass` in its models (so Alembic sees the table), and
  `create_profile_table()` / `drop_profile_table()` in a migration;
- `Settings(ProfileSettings)` (identity's URL), `resources={"identity": identity_client}` and
  `handlers=[*profile_handlers(), ...]` for `create_service_app`;
- in a repository, `with_profiles(select(...), Thing.user_id)` adds `dancer_name`, `avatar` and `known` (false for
  a profile never seen here); in a service, `complete(session, identity, users, unknown_ids)` fills the unknown
  ones with one batch read from identity (`GET /internal/profiles?ids=`) and keeps what it learnt.

`synced_at` is when identity said so (the event's occurredAt, or the time of a batch read); an older version never
overwrites a newer one, whatever order the events arrive in. A failure of identity is not the caller's failure:
the page is served without those names, and the next page asks again."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Annotated, Any, Protocol, TypeVar

import httpx
import sqlalchemy as sa
from fastapi import Depends, FastAPI, Request
from pydantic import TypeAdapter, ValidationError
from sqlalchemy import Select, String, column, select, table
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.sql.elements import ColumnElement

from contracts.identity import PROFILE_CHANGED, ProfileChanged
from kit import outgoing
from kit.consumers import Handler
from kit.db import utcnow
from kit.errors import NotFound
from kit.events import Envelope
from kit.schemas import Schema
from kit.settings import ServiceSettings

logger = logging.getLogger("kit.profiles")

USER_NOT_FOUND = "User not found"
MAX_IDS_PER_READ = 200

# The kit's queries go through this table; the service's `Profile` model (below) declares the same columns.
profile = table(
    "profile",
    column("id", sa.Integer()),
    column("dancer_name", String()),
    column("avatar", String()),
    column("synced_at", sa.DateTime(timezone=True)),
)


class ProjectedProfile:
    """Mixin of a service's `Profile` model: `class Profile(ProjectedProfile, Base): pass`."""

    __tablename__ = "profile"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    dancer_name: Mapped[str | None] = mapped_column(String(100))
    avatar: Mapped[str | None] = mapped_column(String(64))
    synced_at: Mapped[datetime]


def create_profile_table() -> None:
    """For a service's migration (organizations' 0001 wrote the same table by hand)."""
    from alembic import op

    op.create_table(
        "profile",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("dancer_name", sa.String(length=100), nullable=True),
        sa.Column("avatar", sa.String(length=64), nullable=True),
        sa.Column("synced_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_profile"),
    )


def drop_profile_table() -> None:
    from alembic import op

    op.drop_table("profile")


class ProfileSettings(ServiceSettings):
    """Settings of a service that keeps the projection: where identity's internal batch read is."""

    identity_url: str = "http://127.0.0.1:8101"
    identity_timeout_seconds: float = 3.0


class User(Schema):
    """A user as lists show one: the spec's {id, dancerName, avatar}. Unknown names are null."""

    id: int
    dancer_name: str | None = None
    avatar: str | None = None


class ShowsUser(Protocol):
    id: int
    dancer_name: str | None
    avatar: str | None


S = TypeVar("S", bound=Select[Any])


def with_profiles(statement: S, user_id: ColumnElement[int] | Any) -> S:
    """The member and role lists' join: adds `dancer_name`, `avatar` and `known` (false for a profile the
    projection has never seen) to `statement`, matched on `user_id`. Order or filter by `profile.c.dancer_name`."""
    return statement.add_columns(  # type: ignore[return-value]
        profile.c.dancer_name, profile.c.avatar, profile.c.id.is_not(None).label("known")
    ).outerjoin(profile, profile.c.id == user_id)


# --- identity's internal batch read ---------------------------------------------------------------------------

_PROFILES = TypeAdapter(list[User])


class IdentityClient:
    """One pooled httpx client per process; a resource of the app (an async context manager)."""

    def __init__(self, base_url: str, *, timeout: float = 3.0, transport: httpx.AsyncBaseTransport | None = None):
        self.http = outgoing.client(
            base_url=base_url,
            timeout=timeout,
            limits=httpx.Limits(max_connections=20, max_keepalive_connections=10),
            transport=transport,
        )

    async def __aenter__(self) -> IdentityClient:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.http.aclose()

    async def profiles(self, ids: Sequence[int]) -> list[User] | None:
        """GET /internal/profiles?ids=1,2,3 in one request (ids beyond the cap wait for a later page);
        None when identity could not answer."""
        if not ids:
            return []
        wanted = ",".join(str(i) for i in list(ids)[:MAX_IDS_PER_READ])
        try:
            response = await self.http.get("/internal/profiles", params={"ids": wanted})
            response.raise_for_status()
            return _PROFILES.validate_json(response.content)
        except (httpx.HTTPError, ValidationError) as exc:
            logger.warning("identity could not resolve profiles %s: %s", wanted, exc)
            return None


def identity_client(app: FastAPI) -> IdentityClient:
    """The resource factory: `resources={"identity": identity_client}`."""
    settings: ProfileSettings = app.state.settings
    return IdentityClient(settings.identity_url, timeout=settings.identity_timeout_seconds)


async def get_identity(request: Request) -> IdentityClient:  # async: a plain def runs in a worker thread
    return request.app.state.identity


IdentityDep = Annotated[IdentityClient, Depends(get_identity)]


# --- the projection's reads and writes --------------------------------------------------------------------------


async def known_ids(session: AsyncSession, ids: Iterable[int]) -> set[int]:
    wanted = sorted(set(ids))
    if not wanted:
        return set()
    return set((await session.scalars(select(profile.c.id).where(profile.c.id.in_(wanted)))).all())


async def upsert(session: AsyncSession, profiles: Sequence[ShowsUser], synced_at: datetime) -> None:
    """Insert or refresh in one statement; a row already synced later than `synced_at` is left alone."""
    if not profiles:
        return
    statement = insert(profile).values(
        [{"id": p.id, "dancer_name": p.dancer_name, "avatar": p.avatar, "synced_at": synced_at} for p in profiles]
    )
    # Not kit.projections.upsert_as_of: many rows in one statement, on a table rather than a model.
    statement = statement.on_conflict_do_update(
        index_elements=[profile.c.id],
        set_={
            "dancer_name": statement.excluded.dancer_name,
            "avatar": statement.excluded.avatar,
            "synced_at": statement.excluded.synced_at,
        },
        where=profile.c.synced_at <= statement.excluded.synced_at,
    )
    await session.execute(statement)


async def fetch_missing(session: AsyncSession, identity: IdentityClient, ids: Iterable[int]) -> dict[int, User] | None:
    """One batched read from identity for ids never seen here; what it returns is kept in the projection.
    None when identity could not answer."""
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    fetched = await identity.profiles(wanted)
    if fetched is None:
        return None
    asked = set(wanted)
    found = [p for p in fetched if p.id in asked]
    await upsert(session, found, utcnow())
    return {p.id: p for p in found}


async def complete(
    session: AsyncSession, identity: IdentityClient, users: Sequence[ShowsUser], unknown: Iterable[int]
) -> None:
    """Fill in the users of a page whose profiles the projection has never seen (`unknown`, the rows whose
    `known` is false): one read for the whole page. When identity cannot answer they stay without a name."""
    found = await fetch_missing(session, identity, unknown)
    if not found:
        return
    for user in users:
        known = found.get(user.id)
        if known is not None:
            user.dancer_name, user.avatar = known.dancer_name, known.avatar


async def users_of(session: AsyncSession, identity: IdentityClient, rows: Sequence[Any]) -> list[User]:
    """The users of rows read `with_profiles` (their `user_id`, `dancer_name`, `avatar` and `known`), those the
    projection has never seen completed (`complete`)."""
    users = [User(id=row.user_id, dancer_name=row.dancer_name, avatar=row.avatar) for row in rows]
    await complete(session, identity, users, (row.user_id for row in rows if not row.known))
    return users


async def ensure_exists(session: AsyncSession, identity: IdentityClient, user_id: int) -> None:
    """A user about to be given a role or a membership must exist. Known here: yes. Otherwise identity decides;
    if it cannot be reached the user is accepted (the name comes later with its events)."""
    if await known_ids(session, [user_id]):
        return
    found = await fetch_missing(session, identity, [user_id])
    if found is not None and user_id not in found:
        raise NotFound(USER_NOT_FOUND)


async def apply_profile_event(session: AsyncSession, event: ProfileChanged, envelope: Envelope) -> None:
    """identity.profile.created, updated and released carry the same payload."""
    await upsert(session, [event], envelope.occurred_at)


def profile_handlers(purpose: str = "profiles") -> list[Handler[Any]]:
    """The consumer that keeps the projection (durable `<service>-profiles`)."""
    return [Handler(purpose, PROFILE_CHANGED, apply_profile_event)]
