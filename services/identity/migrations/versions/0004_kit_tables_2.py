"""kit tables, step 2: idempotency keys; the outbox's unused attempts and last_error go

Revision ID: 0004
Revises: 0003
"""

from kit.migrations import drop_kit_tables_2 as downgrade
from kit.migrations import kit_tables_2 as upgrade

revision = "0004"
down_revision = "0003"

__all__ = ["downgrade", "upgrade"]
