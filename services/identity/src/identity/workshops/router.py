from __future__ import annotations

from fastapi import APIRouter, Request

from identity.workshops.schemas import Instructor, InstructorMark, InstructorUpdate
from identity.workshops.service import workshop_service
from kit.db import SessionDep
from kit.principal import PlatformAdminDep
from kit.rows import rows_of
from kit.schemas import DataOf
from kit.types import Id

router = APIRouter(prefix="/api", tags=["workshops"])


@router.get("/workshops", response_model=list[Instructor])
async def list_instructors(request: Request) -> list[Instructor]:
    """Public: Home's workshop instructors, in the order a platform admin marked them."""
    return await workshop_service.instructors(rows_of(request))


admin_router = APIRouter(prefix="/api/admin", tags=["admin"])


@admin_router.put("/users/{user_id}/instructor", response_model=DataOf[InstructorMark])
async def set_instructor(
    user_id: Id, body: InstructorUpdate, session: SessionDep, principal: PlatformAdminDep
) -> DataOf[InstructorMark]:
    """Platform admins only (403 for anyone else, 401 for a guest); 404 for an unknown user."""
    mark = await workshop_service.set_instructor(session, principal, user_id, body.is_instructor)
    return DataOf[InstructorMark](data=mark)
