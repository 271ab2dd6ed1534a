"""Battles in identity: a profile's battlesEntered, battlesJudged and battlesWon from the battles service's
announcements (applied once, in the order they happened, a deleted battle leaving every count), and the
notifications of a crew invitation and of a place won from a wait list."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from factories import create_account, headers_for, stats_are
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.base import Event
from contracts.battles import (
    BattleDeleted,
    CrewInvited,
    JudgeAdded,
    JudgeRemoved,
    ParticipantRegistered,
    ParticipantUnregistered,
    WaitlistPromoted,
    Winners,
    WinnersSet,
)
from identity.models import Notification
from kit.events import Envelope
from kit.testing import eventually, publish


def entry(kind: type[Any], battle: int, user_id: int, *, crew_id: int | None = None) -> Any:
    return kind(battle_id=battle, event_id=3, user_id=user_id, crew_id=crew_id)


def judge(kind: type[Any], battle: int, user_id: int) -> Any:
    return kind(battle_id=battle, event_id=3, user_id=user_id)


def winners(battle: int, **places: list[int]) -> WinnersSet:
    names = {"first": "1st Place", "second": "2nd Place", "top4": "Top 4"}
    return WinnersSet(
        battle_id=battle,
        event_id=3,
        org_id=None,
        start_date="2030-06-01",
        winners=[Winners(place=names[place], user_ids=ids) for place, ids in places.items()],
    )


def deleted(battle: int) -> BattleDeleted:
    return BattleDeleted(id=battle, event_id=3, title="Gone", crew_size=1)


def at(event: Event, minutes: int) -> Envelope:
    """The announcement as made `minutes` from now (negative: in the past, delivered late)."""
    return Envelope.of(event, occurred_at=datetime.now(UTC) + timedelta(minutes=minutes))


class TestBattlesEntered:
    async def test_counts_each_battle_once(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, profile = await create_account(session)
        registered = Envelope.of(entry(ParticipantRegistered, 1, profile.id))
        await publish(nats_url, registered)
        await publish(nats_url, registered, msg_id="a second delivery")
        # Were it announced again (it is not), still one battle.
        await publish(nats_url, entry(ParticipantRegistered, 1, profile.id))
        await publish(nats_url, entry(ParticipantRegistered, 2, profile.id, crew_id=8))
        # Applied after the others (one consumer, in order): once it shows, so do they.
        await publish(nats_url, judge(JudgeAdded, 9, profile.id))
        await stats_are(client, profile.id, battlesEntered=2, battlesJudged=1)

    async def test_unregister_removes_and_a_late_older_registration_changes_nothing(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, profile = await create_account(session)
        _, other = await create_account(session, "other@example.com")
        await publish(nats_url, entry(ParticipantRegistered, 1, profile.id))
        await publish(nats_url, entry(ParticipantRegistered, 2, profile.id))
        await publish(nats_url, entry(ParticipantRegistered, 1, other.id))
        await publish(nats_url, entry(ParticipantUnregistered, 1, profile.id))
        # Made before the unregistration, delivered after it: the profile stays out of battle 1.
        await publish(nats_url, at(entry(ParticipantRegistered, 1, profile.id), -5))
        await publish(nats_url, judge(JudgeAdded, 9, profile.id))
        await stats_are(client, profile.id, battlesEntered=1, battlesJudged=1)
        await stats_are(client, other.id, battlesEntered=1)  # another dancer's entry is theirs


class TestBattlesJudged:
    async def test_added_and_removed_as_of_their_time(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, profile = await create_account(session)
        await publish(nats_url, judge(JudgeAdded, 1, profile.id))
        await publish(nats_url, judge(JudgeAdded, 2, profile.id))
        await publish(nats_url, judge(JudgeAdded, 3, profile.id))
        await publish(nats_url, judge(JudgeRemoved, 2, profile.id))
        await publish(nats_url, at(judge(JudgeAdded, 2, profile.id), -5))
        await publish(nats_url, entry(ParticipantRegistered, 9, profile.id))
        await stats_are(client, profile.id, battlesJudged=2, battlesEntered=1)


class TestBattlesWon:
    async def test_first_place_counts_and_each_set_replaces_the_battles_winners(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, ace = await create_account(session, "ace@example.com")
        _, bee = await create_account(session, "bee@example.com")
        _, cee = await create_account(session, "cee@example.com")
        # A crew's confirmed members all win; other places are no win.
        await publish(nats_url, winners(1, first=[ace.id, bee.id], second=[cee.id]))
        await publish(nats_url, winners(2, first=[ace.id], top4=[bee.id]))
        await stats_are(client, ace.id, battlesWon=2)
        await stats_are(client, bee.id, battlesWon=1)
        await stats_are(client, cee.id, battlesWon=0)
        await publish(nats_url, winners(1, first=[cee.id], second=[ace.id]))
        await stats_are(client, cee.id, battlesWon=1)
        await stats_are(client, ace.id, battlesWon=1)
        await stats_are(client, bee.id, battlesWon=0)

    async def test_a_late_older_set_changes_nothing_and_an_empty_one_clears(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, ace = await create_account(session, "ace@example.com")
        _, bee = await create_account(session, "bee@example.com")
        await publish(nats_url, winners(1, first=[ace.id]))
        await publish(nats_url, at(winners(1, first=[bee.id]), -5))
        await publish(nats_url, entry(ParticipantRegistered, 9, bee.id))
        await stats_are(client, bee.id, battlesWon=0, battlesEntered=1)
        await stats_are(client, ace.id, battlesWon=1)
        await publish(nats_url, winners(1))
        await stats_are(client, ace.id, battlesWon=0)


class TestBattleDeleted:
    async def test_the_battle_leaves_every_count_even_announced_late(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, dancer = await create_account(session, "dancer@example.com")
        _, referee = await create_account(session, "referee@example.com")
        gone, kept = 5, 6
        await publish(nats_url, entry(ParticipantRegistered, gone, dancer.id))
        await publish(nats_url, entry(ParticipantRegistered, kept, dancer.id))
        await publish(nats_url, winners(gone, first=[dancer.id]))
        await publish(nats_url, judge(JudgeAdded, gone, referee.id))
        await stats_are(client, referee.id, battlesJudged=1)
        await stats_are(client, dancer.id, battlesEntered=2, battlesWon=1)
        await publish(nats_url, deleted(gone))
        # Announcements about it that arrive after the deletion are recorded and never counted.
        await publish(nats_url, at(judge(JudgeAdded, gone, dancer.id), -5))
        await publish(nats_url, winners(gone, first=[referee.id]))
        await publish(nats_url, entry(ParticipantRegistered, kept, referee.id))
        await stats_are(client, referee.id, battlesEntered=1, battlesJudged=0, battlesWon=0)
        await stats_are(client, dancer.id, battlesEntered=1, battlesJudged=0, battlesWon=0)

    async def test_a_deletion_read_before_the_registration(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, dancer = await create_account(session)
        await publish(nats_url, deleted(5))
        await publish(nats_url, at(entry(ParticipantRegistered, 5, dancer.id), -5))
        await publish(nats_url, judge(JudgeAdded, 6, dancer.id))
        await stats_are(client, dancer.id, battlesEntered=0, battlesJudged=1)


async def notifications_of(session: AsyncSession, kind: str) -> list[tuple[int, str, str | None]]:
    """(owner, text, link) of each notification of this kind, in the order written."""
    found = await session.execute(
        select(Notification.profile_id, Notification.text, Notification.link)
        .where(Notification.kind == kind)
        .order_by(Notification.id)
    )
    return [tuple(row) for row in found]  # type: ignore[misc]


async def written(session: AsyncSession, kind: str, text: str) -> list[tuple[int, str, str | None]]:
    """Once a notification with `text` (the last one published) is written, all of them: one consumer applies
    them in order."""

    async def last_written() -> list[tuple[int, str, str | None]]:
        found = await notifications_of(session, kind)
        return found if any(row[1] == text for row in found) else []

    return await eventually(last_written)


class TestCrewInvitation:
    async def test_the_invited_dancer_is_told_once_with_a_link_to_the_battle(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        account, invited = await create_account(session, "invited@example.com")
        _, captain = await create_account(session, "captain@example.com")

        def invitation(user_id: int, crew_name: str = "Floor Lords") -> CrewInvited:
            return CrewInvited(
                battle_id=7,
                event_id=3,
                crew_id=12,
                crew_name=crew_name,
                battle_title="Crew Clash",
                user_id=user_id,
                by_user_id=captain.id,
            )

        first = Envelope.of(invitation(invited.id))
        await publish(nats_url, first)
        await publish(nats_url, first, msg_id="a second delivery")
        # Nobody to tell: a profile that does not exist (released) gets nothing, and nothing breaks.
        await publish(nats_url, invitation(999_999))
        # Invited again (the crew renamed after a decline): a new announcement, told again.
        await publish(nats_url, invitation(invited.id, "Floor Kings"))

        found = await written(
            session, "battle_crew_invitation", "You are invited to join the crew Floor Kings in Crew Clash"
        )
        assert found == [
            (invited.id, "You are invited to join the crew Floor Lords in Crew Clash", "/battle/7"),
            (invited.id, "You are invited to join the crew Floor Kings in Crew Clash", "/battle/7"),
        ]
        listed = (await client.get("/api/notifications", headers=headers_for(account, invited))).json()["items"]
        assert {(n["kind"], n["link"]) for n in listed} == {("battle_crew_invitation", "/battle/7")}


class TestWaitlistPromotion:
    async def test_each_promoted_dancer_is_told_once(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        account, one = await create_account(session, "one@example.com")
        _, two = await create_account(session, "two@example.com")
        for dancer in (one, two):  # a crew moved up: one announcement per member
            promoted = Envelope.of(
                WaitlistPromoted(battle_id=7, event_id=3, user_id=dancer.id, crew_id=4, battle_title="Top Rock")
            )
            await publish(nats_url, promoted)
            await publish(nats_url, promoted, msg_id=f"a second delivery for {dancer.id}")
        await publish(nats_url, WaitlistPromoted(battle_id=7, event_id=3, user_id=999_999, battle_title="Top Rock"))
        await publish(nats_url, WaitlistPromoted(battle_id=8, event_id=3, user_id=two.id, battle_title="Footwork"))

        found = await written(session, "battle_waitlist_promoted", "A place opened in Footwork: you are registered")
        assert found == [
            (one.id, "A place opened in Top Rock: you are registered", "/battle/7"),
            (two.id, "A place opened in Top Rock: you are registered", "/battle/7"),
            (two.id, "A place opened in Footwork: you are registered", "/battle/8"),
        ]
        listed = (await client.get("/api/notifications", headers=headers_for(account, one))).json()["items"]
        assert [(n["kind"], n["text"], n["link"]) for n in listed] == [
            ("battle_waitlist_promoted", "A place opened in Top Rock: you are registered", "/battle/7")
        ]
