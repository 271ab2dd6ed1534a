from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from identity.notifications.schemas import NotificationOut, Unread
from identity.notifications.service import notification_service
from identity.users.schemas import Count
from kit.db import SessionDep, reads
from kit.paging import Page, paging
from kit.principal import UserDep
from kit.schemas import DataOf, Items
from kit.types import Id

router = APIRouter(prefix="/api/notifications", tags=["notifications"])

PageDep = Annotated[Page, Depends(paging(default=20, cap=100))]


@router.get("", response_model=Items[NotificationOut])
@reads
async def list_notifications(session: SessionDep, principal: UserDep, page: PageDep) -> Items[NotificationOut]:
    """The acting profile's notifications, newest first."""
    return Items[NotificationOut](items=await notification_service.page(session, principal, page))


@router.get("/count", response_model=Count)
@reads
async def count_unread(session: SessionDep, principal: UserDep) -> Count:
    return Count(count=await notification_service.unread(session, principal))


@router.post("/read-all", response_model=DataOf[Unread])
async def read_all(session: SessionDep, principal: UserDep) -> DataOf[Unread]:
    return DataOf[Unread](data=Unread(unread=await notification_service.mark_all_read(session, principal)))


@router.post("/{notification_id}/read", response_model=DataOf[Unread])
async def read_one(notification_id: Id, session: SessionDep, principal: UserDep) -> DataOf[Unread]:
    unread = await notification_service.mark_read(session, principal, notification_id)
    return DataOf[Unread](data=Unread(unread=unread))
