from __future__ import annotations

from fastapi import APIRouter, Request

from identity.profiles.schemas import (
    NewProfile,
    PatronUpdate,
    ProfileDetails,
    ProfileUpdate,
    ReleasedProfile,
    ReleaseRequest,
    ReleaseResponse,
    User,
    UserUpdate,
    UserWithRefresh,
)
from identity.profiles.service import profile_service
from kit.db import SessionDep, reads
from kit.images import ImageRefsDep
from kit.openapi import errors
from kit.principal import PlatformAdminDep, UserDep, principal_of
from kit.rows import rows_of
from kit.schemas import DataOf
from kit.types import Id

router = APIRouter(prefix="/api", tags=["users"])


@router.get("/user", response_model=User)
@reads
async def current_user(session: SessionDep, principal: UserDep) -> User:
    """The profile the caller acts as, with the list of the account's profiles."""
    profile = await profile_service.acting(session, principal)
    return await profile_service.view(session, profile.id, principal)


@router.post("/user", response_model=User)
async def save_user(body: UserUpdate, session: SessionDep, images: ImageRefsDep, principal: UserDep) -> User:
    """The whole user; saves the profile the caller acts as and returns it as saved."""
    return await profile_service.save_acting(session, images, principal, body)


@router.post("/user/profiles", response_model=NewProfile)
async def add_profile(
    body: ProfileDetails, session: SessionDep, images: ImageRefsDep, principal: UserDep
) -> NewProfile:
    user = await profile_service.add(session, images, principal, body)
    return NewProfile.model_validate(user.model_dump())


@router.put("/user/profiles", response_model=User, responses=errors(404))
async def update_profile(body: ProfileUpdate, session: SessionDep, images: ImageRefsDep, principal: UserDep) -> User:
    """Saves one of the caller's profiles, named by `id` in the body, whichever profile the caller acts as."""
    return await profile_service.save(session, images, principal, body.id, body)


@router.post("/user/release", response_model=ReleaseResponse, responses=errors(404))
async def release_profile(body: ReleaseRequest, session: SessionDep, principal: UserDep) -> ReleaseResponse:
    profile_id = await profile_service.release(session, principal, body)
    return ReleaseResponse(data=ReleasedProfile(id=profile_id))


@router.get("/user/{user_id}", response_model=User)
async def get_user(user_id: Id, request: Request) -> User:
    # Every page's read: no dependency but the path's (docs/development.md, "How a service reads").
    return await profile_service.read(rows_of(request), user_id, principal_of(request))


@router.put("/user/{user_id}/set-main", response_model=UserWithRefresh)
async def set_main(user_id: Id, session: SessionDep, principal: UserDep) -> UserWithRefresh:
    return UserWithRefresh(data=await profile_service.set_main(session, principal, user_id))


admin_router = APIRouter(prefix="/api/admin", tags=["admin"])


@admin_router.put("/users/{user_id}/patron", response_model=DataOf[User])
async def set_patron(user_id: Id, body: PatronUpdate, session: SessionDep, principal: PlatformAdminDep) -> DataOf[User]:
    """Platform admins only (403 for anyone else, 401 for a guest)."""
    return DataOf[User](data=await profile_service.set_patron(session, principal, user_id, body.is_patron))
