"""Organizations: organizations, their admins, promoters and members, the leaderboard, media, agreement and
waiver."""
