from kit.migrations import run_migrations
from organizations.config import Settings
from organizations.models import Base

run_migrations(Base.metadata, url=lambda: Settings().database_url)
