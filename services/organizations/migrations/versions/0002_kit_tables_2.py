"""kit tables, step 2: idempotency keys; the outbox's unused attempts and last_error go

Revision ID: 0002
Revises: 0001
"""

from kit.migrations import drop_kit_tables_2 as downgrade
from kit.migrations import kit_tables_2 as upgrade

revision = "0002"
down_revision = "0001"

__all__ = ["downgrade", "upgrade"]
