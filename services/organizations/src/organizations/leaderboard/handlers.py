"""Consumer of the battles service's results: the points of the organization's leaderboard."""

from __future__ import annotations

from contracts.battles import WinnersSet
from kit.consumers import Handler
from organizations.leaderboard.service import leaderboard_service

handlers = [Handler("leaderboard", WinnersSet, leaderboard_service.apply_winners)]
