"""The ids the tests play with: the profiles by role (account id = profile id), the event and its organization."""

ORGANIZER = 1  # the profile ids the tests act as (account id = profile id)
EVENT_ADMIN = 2
HOST = 3
STRANGER = 4
JUDGE = 5
DANCERS = range(10, 80)
PLATFORM_ADMIN = 90
EVENT_ID = 100
ORG_ID = 7
