from __future__ import annotations

from battles.models import Base
from kit.profiles import ProjectedProfile


class Profile(ProjectedProfile, Base):
    """The local projection of identity's profiles (kit.profiles keeps it)."""
