"""Profiles as the spec's users: the view each caller may see, saving, adding, setting main, releasing.

Ownership is decided here from the database, not from the token: an access token lists the account's
profiles as they were when it was issued, and a released profile stays in it for up to 15 minutes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.identity import ProfileCreated, ProfileReleased, ProfileUpdated
from identity import events
from identity.auth import passwords
from identity.auth.repository import account_repository
from identity.auth.schemas import check_password, normalize_email
from identity.models import Account, Profile
from identity.profiles import rules
from identity.profiles.exceptions import MainProfileCannotBeReleased, NotYourProfile, TooManyProfiles
from identity.profiles.repository import PROFILE_VIEW, profile_repository, profile_view
from identity.profiles.schemas import (
    OrganizationRef,
    Privacy,
    ProfileDetails,
    ProfileSummary,
    ReleaseRequest,
    Socials,
    User,
    UserUpdate,
)
from kit.errors import Forbidden, Invalid, NotFound
from kit.images import ImageRefs
from kit.principal import Principal
from kit.rows import Rows
from kit.text import format_mdy

STATS = ("events_attended", "battles_entered", "battles_won", "events_dj", "battles_judged")
MAX_PROFILES_PER_ACCOUNT = 20
USER_NOT_FOUND = "User not found"


def owns(viewer: Principal, profile: Profile) -> bool:
    return viewer.account_id is not None and profile.account_id == viewer.account_id


class ProfileService:
    async def create_empty(self, session: AsyncSession, account: Account, *, is_main: bool) -> Profile:
        profile = await profile_repository.add(session, Profile(account_id=account.id, is_main=is_main))
        await events.profile_changed(session, ProfileCreated, profile)
        return profile

    async def owned(
        self, session: AsyncSession, principal: Principal, profile_id: int, *, lock: bool = False
    ) -> Profile:
        """The profile, if it belongs to the caller's account: 404 when missing, 403 when someone else's.
        `lock` holds its row until commit, so a release and a set-main of one profile run one after the other."""
        if lock:
            profile = await profile_repository.lock(session, profile_id)
        else:
            profile = await profile_repository.get(session, profile_id)
        if profile is None:
            raise NotFound(USER_NOT_FOUND)
        if not owns(principal, profile):
            raise NotYourProfile()
        return profile

    async def acting(self, session: AsyncSession, principal: Principal) -> Profile:
        """The profile the caller acts as (principal.profile_id), still on the caller's account."""
        assert principal.profile_id is not None
        return await self.owned(session, principal, principal.profile_id)

    async def view(self, session: AsyncSession, profile_id: int, viewer: Principal) -> User:
        """The profile as `viewer` sees it, on a write's session (the answer of a save shows the save)."""
        params = {"profile_id": profile_id, "viewer_account": viewer.account_id}
        row = (await session.execute(profile_view(), params)).mappings().first()
        return self.to_user(row)

    async def read(self, rows: Rows, profile_id: int, viewer: Principal) -> User:
        """The same, read on kit.rows: one prepared statement, no session (the public profile read)."""
        return self.to_user(await rows.one(PROFILE_VIEW, profile_id=profile_id, viewer_account=viewer.account_id))

    def to_user(self, row: Mapping[Any, Any] | None) -> User:
        """A row of `profile_view`: the owner's own columns are NULL for anyone else (`profiles` among them)."""
        if row is None:
            raise NotFound(USER_NOT_FOUND)
        can_edit = row["profiles"] is not None
        privacy = Privacy.model_validate(row["privacy"] or {})
        stats = rules.shown_stats(row, privacy, STATS, owner=can_edit)
        return User(
            id=row["id"],
            full_name=row["full_name"],
            dancer_name=row["dancer_name"],
            birthday=format_mdy(row["birthday"]),
            country=row["country"],
            city=row["city"],
            state=row["state"],
            avatar=row["avatar"],
            card=row["card"],
            a_email=row["email"],
            has_password=row["has_password"],
            is_patron=row["is_patron"],
            can_edit=can_edit,
            organizations=[OrganizationRef.model_construct(**o) for o in row["organizations"]],
            socials=Socials.model_construct(**(row["socials"] or {})),  # normalised when saved
            privacy=privacy,
            profiles=[ProfileSummary.model_construct(**p) for p in row["profiles"] or ()],
            **stats,
        )

    async def save_acting(
        self, session: AsyncSession, images: ImageRefs, principal: Principal, body: UserUpdate
    ) -> User:
        """POST /api/user saves the profile the caller acts as, and only that one."""
        assert principal.profile_id is not None
        if body.id is not None and body.id != principal.profile_id:
            raise Forbidden("Only the profile you act as can be saved here", code="not_acting_profile")
        return await self.save(session, images, principal, principal.profile_id, body)

    async def save(
        self, session: AsyncSession, images: ImageRefs, principal: Principal, profile_id: int, body: UserUpdate
    ) -> User:
        profile = await self.owned(session, principal, profile_id)
        await images.require({"avatar": (profile.avatar, body.avatar), "card": (profile.card, body.card)})
        self._apply_details(profile, body)
        profile.card = body.card
        if body.socials is not None:
            profile.socials = body.socials.model_dump(by_alias=False)
        if body.privacy is not None:
            profile.privacy = body.privacy.model_dump(by_alias=True)
        await session.flush()
        await events.profile_changed(session, ProfileUpdated, profile)
        return await self.view(session, profile.id, principal)

    async def add(
        self, session: AsyncSession, images: ImageRefs, principal: Principal, details: ProfileDetails
    ) -> User:
        """Another profile on the caller's account (onboarding's add-to-existing mode)."""
        assert principal.account_id is not None
        if await profile_repository.count_for_account(session, principal.account_id) >= MAX_PROFILES_PER_ACCOUNT:
            raise TooManyProfiles(MAX_PROFILES_PER_ACCOUNT)
        await images.require({"avatar": (None, details.avatar)})
        profile = Profile(account_id=principal.account_id, is_main=False)
        self._apply_details(profile, details)
        await profile_repository.add(session, profile)
        await events.profile_changed(session, ProfileCreated, profile)
        return await self.view(session, profile.id, principal)

    async def set_main(self, session: AsyncSession, principal: Principal, profile_id: int) -> User:
        profile = await self.owned(session, principal, profile_id, lock=True)
        if not profile.is_main:
            await profile_repository.clear_main(session, profile.account_id)
            profile.is_main = True
            await session.flush()
        return await self.view(session, profile.id, principal)

    async def release(self, session: AsyncSession, principal: Principal, body: ReleaseRequest) -> int:
        """The profile leaves the account and becomes the main profile of a new account with its own email
        and password. Its notifications, stats and organizations go with it."""
        profile = await self.owned(session, principal, body.id, lock=True)
        if profile.is_main:
            raise MainProfileCannotBeReleased()
        if not body.email.strip() or not body.password:
            raise Invalid("All fields are required")
        try:
            email = normalize_email(body.email)
            password = check_password(body.password)
        except ValueError as exc:
            raise Invalid(str(exc)) from exc
        account = await account_repository.add(session, email, await passwords.hash_password(password))
        profile.account_id = account.id
        profile.is_main = True
        await session.flush()
        await events.account_created(session, account.id, profile.id)
        await events.profile_changed(session, ProfileReleased, profile)
        return profile.id

    async def for_platform_admin(self, session: AsyncSession, principal: Principal, profile_id: int) -> Profile:
        """The profile a platform admin changes (patron, instructor): 403 for anyone else, 404 when missing. The
        admin flag is read from the database, not only from the token."""
        assert principal.account_id is not None
        admin = await account_repository.get(session, principal.account_id)
        if admin is None or not admin.is_platform_admin:
            raise Forbidden()
        profile = await profile_repository.get(session, profile_id)
        if profile is None:
            raise NotFound(USER_NOT_FOUND)
        return profile

    async def set_patron(self, session: AsyncSession, principal: Principal, profile_id: int, value: bool) -> User:
        profile = await self.for_platform_admin(session, principal, profile_id)
        profile.is_patron = value
        await session.flush()
        return await self.view(session, profile.id, principal)

    @staticmethod
    def _apply_details(profile: Profile, details: ProfileDetails) -> None:
        profile.dancer_name = details.dancer_name
        profile.full_name = details.full_name
        profile.birthday = details.birthday
        profile.country = details.country
        profile.city = details.city
        profile.state = details.state
        profile.avatar = details.avatar


profile_service = ProfileService()
