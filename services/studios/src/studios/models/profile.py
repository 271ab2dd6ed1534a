from __future__ import annotations

from kit.profiles import ProjectedProfile
from studios.models import Base


class Profile(ProjectedProfile, Base):
    """The local projection of identity's profiles (kit.profiles keeps it)."""
