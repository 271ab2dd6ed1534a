from __future__ import annotations

from datetime import datetime

from kit.schemas import Schema


class NotificationOut(Schema):
    id: int
    kind: str
    text: str
    link: str | None = None
    created_at: datetime
    read: bool


class Unread(Schema):
    unread: int
