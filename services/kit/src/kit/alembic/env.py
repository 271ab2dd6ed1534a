"""The env.py of every service's migrations (their folder holds only `versions/`): `kit.migrations` points
Alembic here, with the service's package as the main option `package`."""

from kit.migrations import run_migrations

run_migrations()
