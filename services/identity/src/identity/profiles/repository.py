from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any

from sqlalchemy import Integer, Select, bindparam, case, func, literal_column, select, type_coerce, update
from sqlalchemy.dialects.postgresql import JSONB, aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from identity.models import Account, Organization, OrgMembership, Profile
from kit.rows import Query

VIEWED_COLUMNS = (
    "id",
    "account_id",
    "dancer_name",
    "full_name",
    "birthday",
    "country",
    "city",
    "state",
    "avatar",
    "card",
    "is_patron",
    "socials",
    "privacy",
    "events_attended",
    "battles_entered",
    "battles_won",
    "events_dj",
    "battles_judged",
)


def _json_list(*order_by: Any, **fields: Any) -> Any:
    """A JSON array of objects (`[]` when none), in order: a list inside the one row of a read."""
    pairs: Iterator[tuple[Any, Any]] = ((literal_column(f"'{name}'"), column) for name, column in fields.items())
    item = func.jsonb_build_object(*(part for pair in pairs for part in pair))
    listed = func.coalesce(func.jsonb_agg(aggregate_order_by(item, *order_by)), literal_column("'[]'::jsonb"))
    return type_coerce(listed, JSONB)  # decoded on a session too


@functools.cache
def profile_view() -> Select[Any]:
    """Everything a profile's page shows in one statement: the profile, its organizations by name, and for the
    account's owner (`viewer_account`; NULL for anyone else) the account's email and its profiles. The public
    read runs it on kit.rows; a write's answer on the write's own session, which must see the write."""
    owner = Profile.account_id == bindparam("viewer_account", type_=Integer)
    org = Organization
    organizations = (
        select(_json_list(org.name, org.id, id=org.id, name=org.name, image=org.image))
        .where(
            org.id.in_(
                select(OrgMembership.org_id)
                .where(OrgMembership.profile_id == Profile.id, OrgMembership.active)
                .correlate(Profile)  # two levels down: said, not inferred
            )
        )
        .scalar_subquery()
    )
    sibling = aliased(Profile, name="sibling")
    siblings = (
        select(
            _json_list(
                sibling.is_main.desc(),
                sibling.id,
                id=sibling.id,
                dancer_name=sibling.dancer_name,
                avatar=sibling.avatar,
                is_main=sibling.is_main,
            )
        )
        .where(sibling.account_id == Profile.account_id)
        .scalar_subquery()
    )
    return (
        select(
            *(getattr(Profile, name) for name in VIEWED_COLUMNS),
            organizations.label("organizations"),
            case((owner, siblings)).label("profiles"),
            case((owner, Account.email)).label("email"),
            case((owner, Account.password_hash.is_not(None))).label("has_password"),
        )
        .join(Account, Account.id == Profile.account_id)
        .where(Profile.id == bindparam("profile_id", type_=Integer))
    )


PROFILE_VIEW = Query(profile_view())


@functools.cache
def _with_account() -> Select[Any]:
    """The public profile read's statement (`GET /api/user/{id}`), built once with the id bound: a built
    statement keeps its cache key (docs/decisions.md, "The read path")."""
    return (
        select(Profile, Account)
        .join(Account, Account.id == Profile.account_id)
        .where(Profile.id == bindparam("profile_id", type_=Integer))
    )


class ProfileRepository:
    async def get(self, session: AsyncSession, profile_id: int) -> Profile | None:
        return await session.get(Profile, profile_id)

    async def lock(self, session: AsyncSession, profile_id: int) -> Profile | None:
        """Row-locked: two concurrent changes of one profile's account (release, set main) run one by one."""
        return await session.scalar(select(Profile).where(Profile.id == profile_id).with_for_update())

    async def get_with_account(self, session: AsyncSession, profile_id: int) -> tuple[Profile, Account] | None:
        row = (await session.execute(_with_account(), {"profile_id": profile_id})).first()
        return (row[0], row[1]) if row else None

    async def list_for_account(self, session: AsyncSession, account_id: int) -> Sequence[Profile]:
        return (
            await session.scalars(
                select(Profile).where(Profile.account_id == account_id).order_by(Profile.is_main.desc(), Profile.id)
            )
        ).all()

    async def count_for_account(self, session: AsyncSession, account_id: int) -> int:
        return int(await session.scalar(select(func.count()).where(Profile.account_id == account_id)) or 0)

    async def main_of(self, session: AsyncSession, account_id: int) -> Profile | None:
        return await session.scalar(select(Profile).where(Profile.account_id == account_id, Profile.is_main))

    async def add(self, session: AsyncSession, profile: Profile) -> Profile:
        session.add(profile)
        await session.flush()
        return profile

    async def clear_main(self, session: AsyncSession, account_id: int) -> None:
        """Before another profile becomes main: one main profile per account is a unique index."""
        await session.execute(
            update(Profile).where(Profile.account_id == account_id, Profile.is_main).values(is_main=False)
        )

    async def by_ids(self, session: AsyncSession, ids: Sequence[int]) -> Sequence[Profile]:
        return (await session.scalars(select(Profile).where(Profile.id.in_(ids)).order_by(Profile.id))).all()


profile_repository = ProfileRepository()
