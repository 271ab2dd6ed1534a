from images.config import Settings
from images.models import Base
from kit.migrations import run_migrations

run_migrations(Base.metadata, url=lambda: Settings().database_url)
