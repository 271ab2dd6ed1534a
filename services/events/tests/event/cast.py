"""The profiles the tests act as, by role (account id = profile id)."""

ORGANIZER = 1  # the profile ids the tests act as (account id = profile id)
EVENT_ADMIN = 2
HOST = 3
DJ = 4
ORG_ADMIN = 5
STRANGER = 6
PROMOTER = 7
PLATFORM_ADMIN = 90
