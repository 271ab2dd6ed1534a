"""The payload of every domain event (docs/events.md), one model per event type. Producers write them to the
outbox (`outbox.add(session, event)`); consumers declare the model they take (`Handler(purpose, Model, fn)`) and
receive it validated. `make contracts` generates their JSON Schemas into proto-contracts/events/."""

from __future__ import annotations

from contracts import battles, events, identity, images, orgs, studios
from contracts.base import Event

EVENTS: tuple[type[Event], ...] = (
    identity.AccountCreated,
    identity.ProfileCreated,
    identity.ProfileUpdated,
    identity.ProfileReleased,
    identity.NotificationCreated,
    orgs.OrganizationCreated,
    orgs.OrganizationUpdated,
    orgs.OrganizationPublished,
    orgs.RoleAdded,
    orgs.RoleRemoved,
    orgs.MemberAdded,
    orgs.MemberRemoved,
    events.EventCreated,
    events.EventUpdated,
    events.EventPublished,
    events.EventDeleted,
    events.EventCancelled,
    events.AttendeesChanged,
    events.StaffAdded,
    events.StaffRemoved,
    events.CarpetsUpdated,
    events.TicketIssued,
    events.AttendeeCheckedIn,
    events.AttendeeUnchecked,
    events.FeedbackRequested,
    battles.WinnersSet,
    battles.BattleCreated,
    battles.BattleUpdated,
    battles.BattleDeleted,
    battles.ParticipantRegistered,
    battles.ParticipantUnregistered,
    battles.JudgeAdded,
    battles.JudgeRemoved,
    battles.CrewInvited,
    battles.WaitlistPromoted,
    battles.BattleTouched,
    battles.PrelimsScored,
    battles.PrelimsChanged,
    battles.BracketSeeded,
    battles.SparringScored,
    battles.SparringVoted,
    battles.SparringDecided,
    battles.SparringReset,
    battles.SparringTouched,
    battles.ScoreboardChanged,
    studios.MemberAdded,
    studios.MemberRemoved,
    images.ImageUploaded,
    images.ImageDeleted,
)

__all__ = ["EVENTS", "battles", "events", "identity", "images", "orgs", "studios"]
