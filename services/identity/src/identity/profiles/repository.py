from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Integer, Select, bindparam, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from identity.models import Account, Profile


@functools.cache
def _with_account() -> Select[Any]:
    """The public profile read's statement (`GET /api/user/{id}`), built once with the id bound: a built
    statement keeps its cache key (docs/decisions.md, "The read path (issue 10)")."""
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
