from sqlalchemy import MetaData

from kit.migrations import run_migrations

run_migrations(MetaData(), url=lambda: "postgresql+asyncpg://postgres@127.0.0.1:55432/kit_sample")
