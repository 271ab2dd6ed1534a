"""The battle as one caller sees it: lists (unless hidden), counters, their own standing and what they may do."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy.ext.asyncio import AsyncSession

from battles.battles import rules
from battles.battles import schemas as s
from battles.battles.access import BattleAccess
from battles.battles.repository import Named, battle_repository
from battles.judging.rules import Mode as JudgingMode
from battles.models import Crew, CrewMember, Entry, Org, Profile, Signature
from battles.registration import rules as registration_rules
from kit import profiles
from kit.db import utcnow
from kit.profiles import IdentityClient, User
from kit.rows import Rows

if TYPE_CHECKING:
    from battles.registration.repository import DancerFacts


def has_document(document: dict[str, Any] | None) -> bool:
    return bool(document)


def document_text(document: dict[str, Any] | None) -> str | None:
    return (document or {}).get("text") or None


class Facts:
    """Everything the view and the registration rules read about a battle, loaded once."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.crews: dict[int, Crew] = {}
        self.members: list[CrewMember] = []
        self.signatures: dict[int, Signature] = {}
        self.check_ins: dict[int, datetime | None] = {}
        self.profiles: dict[int, Profile | User | Named] = {}
        self.studios: dict[int, list[tuple[int, str, str | None]]] = {}
        self.judges: list[int] = []
        self.org: Org | None = None
        self.checked_in_count = 0  # entries checked in (under a check-in cap, the cap counts them)


async def load(
    session: AsyncSession,
    identity: IdentityClient | None,
    access: BattleAccess,
    also: tuple[int, ...] = (),
    *,
    only_also: bool = False,
    read_only: bool = False,
    on_rows: Rows | None = None,
) -> Facts:
    """`also`: more users whose profiles are needed (the caller, a dancer being added); `only_also`: the caller's
    facts alone (`personal`): their own entry, memberships and signature, their crews' captains and the count of
    those checked in, not every dancer's (a rush of registrations answers each one with these)."""
    battle = access.battle
    facts = Facts()
    me = access.principal.profile_id
    if only_also:
        facts.entries, facts.checked_in_count = await battle_repository.own_entries(session, battle.id, me)
        facts.members = await battle_repository.members(session, battle.id, me) if access.crew_battle and me else []
        wanted = {m.crew_id for m in facts.members}
        crews = await battle_repository.crews(session, battle.id, wanted) if wanted else []
        signature = await battle_repository.signature_of(session, battle.id, me)
        facts.signatures = {signature.user_id: signature} if signature is not None else {}
    elif on_rows is not None:  # a crowd's build: read only, on kit.rows
        facts.entries, facts.signatures, facts.judges, facts.org = await battle_repository.page_on_rows(on_rows, battle)
        crews = await battle_repository.crews(session, battle.id) if access.crew_battle else []
        facts.members = await battle_repository.members(session, battle.id) if access.crew_battle else []
    else:
        rows = read_only  # the view only reads them: rows, not objects of the session
        facts.entries = await (battle_repository.entry_rows if rows else battle_repository.entries)(session, battle.id)
        crews = await battle_repository.crews(session, battle.id) if access.crew_battle else []
        facts.members = await battle_repository.members(session, battle.id) if access.crew_battle else []
        signatures = battle_repository.signature_rows if rows else battle_repository.signatures
        facts.signatures = await signatures(session, battle.id)
    if not only_also:
        facts.checked_in_count = sum(1 for e in facts.entries if e.checked_in_at is not None)
    facts.crews = {c.id: c for c in crews}
    if on_rows is None:
        facts.judges = await battle_repository.judge_ids(session, battle.id)
        facts.org = await battle_repository.org(session, battle.org_id)
    users = {e.user_id for e in facts.entries if e.user_id} | {m.user_id for m in facts.members}
    users |= {c.captain_id for c in facts.crews.values()}
    everyone = users | set(facts.judges) | set(also)
    if only_also:
        everyone = {c.captain_id for c in facts.crews.values()} | set(also)
    if on_rows is not None:
        names, facts.check_ins, facts.studios = await battle_repository.people_on_rows(
            on_rows, battle.event_id, everyone
        )
    else:
        names, facts.check_ins, facts.studios = await battle_repository.people(session, battle.event_id, everyone)
    facts.profiles = dict(names)
    missing = everyone - set(facts.profiles)
    if missing and identity is not None:
        found = await profiles.fetch_missing(session, identity, missing)
        facts.profiles.update(found or {})
    return facts


def _user(facts: Facts, user_id: int) -> User:
    found = facts.profiles.get(user_id)
    return User(id=user_id, dancer_name=found.dancer_name if found else None, avatar=found.avatar if found else None)


def _participant(facts: Facts, user_id: int, shows: tuple[bool, bool], **more: Any) -> dict[str, Any]:
    """A dancer of the lists as JSON values (`s.Participant` by its aliases): built straight from our own rows, a
    list of hundreds was mostly its models' validation (docs/decisions.md, "Battles under a rush, measured"); the
    tests check each body against the model. `shows`: the organization's agreement and waiver, shown or not."""
    found = facts.profiles.get(user_id)
    name = found.dancer_name if found else None
    signature = facts.signatures.get(user_id)
    agreement_at = rules.counted(signature.agreement_signed_at) if signature else None
    waiver_at = rules.counted(signature.waiver_signed_at) if signature else None
    checked_in_at = rules.counted(facts.check_ins.get(user_id))
    return {
        "id": user_id,
        "dancerName": name,
        "name": name,
        "avatar": found.avatar if found else None,
        "randId": None,
        "confirmed": True,
        "confirmedAt": None,
        "checkedIn": checked_in_at is not None,
        "checkedInAt": rules.iso(checked_in_at),
        "agreementSigned": agreement_at is not None,
        "agreementSignedAt": rules.iso(agreement_at),
        "waiverSigned": waiver_at is not None,
        "waiverSignedAt": rules.iso(waiver_at),
        "showAgreement": shows[0],
        "showWaiver": shows[1],
        "studios": [{"id": i, "name": n, "image": im} for i, n, im in facts.studios.get(user_id, [])],
        "place": None,
        **more,
    }


def _crew(facts: Facts, shows: tuple[bool, bool], entry: Entry) -> dict[str, Any]:
    """A crew of the lists as JSON values (`s.Crew` by its aliases), as `_participant`."""
    crew = facts.crews[entry.crew_id or 0]
    members = [m for m in facts.members if m.crew_id == crew.id]
    return {
        "id": crew.id,
        "name": crew.name,
        "order": entry.seq,
        "randId": entry.rand_id,
        "captainId": crew.captain_id,
        "participants": [
            _participant(facts, m.user_id, shows, confirmed=m.confirmed, confirmedAt=rules.iso(m.confirmed_at))
            for m in members
        ],
        "inWaitlist": entry.waitlisted,
        "place": entry.place,
        "checkedIn": entry.checked_in_at is not None,
    }


def _single(facts: Facts, shows: tuple[bool, bool], entry: Entry) -> dict[str, Any]:
    return _participant(
        facts,
        entry.user_id or 0,
        shows,
        randId=entry.rand_id,
        confirmed=True,
        confirmedAt=rules.iso(entry.created_at),
        place=entry.place,
    )


def candidate(
    access: BattleAccess, facts: Facts, *, user_id: int, dancer_name: str | None, member: bool, checked_in: int
) -> registration_rules.Candidate:
    """The facts registration decides on, for `user_id` (the caller, or a dancer an admin adds)."""
    battle = access.battle
    org = facts.org
    signature = facts.signatures.get(user_id)
    members_only = (
        ((org.name if org else None) or "the organization")
        if battle.organization_competitors_only and battle.org_id and not member
        else None
    )
    return registration_rules.Candidate(
        period=rules.period(access.event.starts_at, access.event.ends_at, utcnow()),
        cancelled=access.event.cancelled,
        started=not rules.may_leave(battle.style, battle.smoke_order),
        staff=access.staff if user_id == access.user_id else False,
        judge=user_id in facts.judges,
        members_only_org=members_only,
        has_dancer_name=bool(dancer_name and dancer_name.strip()),
        check_in_cap_reached=battle.cap_type == "checkIn" and battle.limit > 0 and checked_in >= battle.limit,
        check_in_limit=battle.limit,
        needs_agreement=has_document(org.agreement if org else None)
        and rules.counted(signature.agreement_signed_at if signature else None) is None,
        needs_waiver=has_document(org.waiver if org else None)
        and rules.counted(signature.waiver_signed_at if signature else None) is None,
    )


def shown_competitor(
    entry: Entry, hidden: bool, crews: dict[int, Crew], profiles: dict[int, Profile]
) -> tuple[int, str | None, str | None]:
    """A competitor as the bracket and seven to smoke show them: (id, name, avatar), the crew's or the dancer's;
    to a viewer the battle hides its participants from, its hidden id and name."""
    if hidden:
        return rules.hidden_id(entry.id), rules.HIDDEN_NAME, None
    if entry.crew_id is not None:
        crew = crews.get(entry.crew_id)
        return entry.crew_id, crew.name if crew else None, None
    found = profiles.get(entry.user_id or 0)
    return entry.user_id or 0, found.dancer_name if found else None, found.avatar if found else None


def closed_reason(access: BattleAccess, period: str) -> str | None:
    """Why nobody may register any more (a guest sees the button, leading to Login, disabled only then)."""
    if access.event.cancelled:
        return registration_rules.CANCELLED
    if period == "past":
        return registration_rules.CLOSED
    return None if rules.may_leave(access.battle.style, access.battle.smoke_order) else registration_rules.STARTED


class Caller:
    """What the body says of the caller alone: their standing, invitations, refusal and signatures."""

    def __init__(
        self,
        registered: bool,
        my_crew_id: int | None,
        invitations: list[s.Invitation],
        reason: str | None,
        signature: Signature | None,
    ) -> None:
        self.registered = registered
        self.my_crew_id = my_crew_id
        self.invitations = invitations
        self.reason = reason
        self.signature = signature


async def caller(session: AsyncSession, access: BattleAccess, facts: Facts, period: str) -> Caller:
    battle = access.battle
    me = access.principal.profile_id
    my_crew_id = next((m.crew_id for m in facts.members if m.user_id == me and m.confirmed), None)
    registered = my_crew_id is not None or any(e.user_id == me for e in facts.entries if me is not None)
    invitations = [
        s.Invitation(
            crew_id=m.crew_id,
            crew_name=facts.crews[m.crew_id].name,
            captain=_user(facts, facts.crews[m.crew_id].captain_id),
        )
        for m in facts.members
        if m.user_id == me and not m.confirmed and not m.requested and m.crew_id in facts.crews
    ]
    reason = closed_reason(access, period)
    if me is not None and not registered:
        found = facts.profiles.get(me)
        member = bool(battle.org_id) and await battle_repository.is_org_member(session, battle.org_id or 0, me)
        reason = registration_rules.refusal(
            candidate(
                access,
                facts,
                user_id=me,
                dancer_name=found.dancer_name if found else None,
                member=member,
                checked_in=facts.checked_in_count,
            )
        )
    signature = facts.signatures.get(me) if me is not None else None
    return Caller(registered, my_crew_id, invitations, reason, signature)


def _leaving(access: BattleAccess) -> bool:
    return rules.may_leave(access.battle.style, access.battle.smoke_order)


def caller_fields(
    facts: Facts, period: str, mine: Caller, leaving: bool = True
) -> tuple[s.OrgLegalDocs, dict[str, Any]]:
    """The caller's fields of the body (`Battle`'s), shared by the whole body and by `personal`."""
    org, signature, registered, reason = facts.org, mine.signature, mine.registered, mine.reason
    offered = registration_rules.offers_documents(registered, reason)
    docs = s.OrgLegalDocs(
        agreement=document_text(org.agreement) if org else None,
        waiver=document_text(org.waiver) if org else None,
        agreement_signed_at=rules.iso(rules.counted(signature.agreement_signed_at)) if signature else None,
        waiver_signed_at=rules.iso(rules.counted(signature.waiver_signed_at)) if signature else None,
    )
    return docs, {
        "can_unregister": registered and period != "past" and leaving,
        "is_registered": registered,
        "invitations": mine.invitations,
        "my_crew_id": mine.my_crew_id,
        "permissions": s.Permissions(
            registered=registered,
            register_button_visible=not registered,
            register_button_enabled=not registered and reason is None,
            register_button_disable_reason=None if registered else reason,
            show_agreement=has_document(org.agreement if org else None) and offered,
            show_waiver=has_document(org.waiver if org else None) and offered,
        ),
    }


async def personal(session: AsyncSession, identity: IdentityClient | None, access: BattleAccess) -> dict[str, Any]:
    """The caller's fields of the body, as JSON values: a signed-in caller who is not the battle's admin sees the
    guests' body (built once per version and shared, docs/decisions.md, "Reads a crowd shares") with these in
    place. Only their own profile and their invitations' captains are named (not every dancer's)."""
    me = access.principal.profile_id
    facts = await load(session, identity, access, (me,) if me is not None else (), only_also=True)
    period = rules.period(access.event.starts_at, access.event.ends_at, utcnow())
    return _as_json(*caller_fields(facts, period, await caller(session, access, facts, period), _leaving(access)))


def personal_of(access: BattleAccess, found: DancerFacts) -> dict[str, Any]:
    """`personal` of a battle of single dancers from the caller's facts as registering reads them (one statement,
    `dancer_facts_on_rows`), with what the caller may do as the battle's admin: an admin of a battle that does not
    hide its dancers sees the guests' lists too. Their profile must be known to the projection."""
    me = access.principal.profile_id
    assert me is not None and found.known and not access.crew_battle
    facts = Facts()
    facts.org = found.org
    facts.judges = [me] if found.judge else []
    facts.signatures = {me: found.signature}
    facts.profiles = {me: User(id=me, dancer_name=found.dancer_name, avatar=None)}
    period = rules.period(access.event.starts_at, access.event.ends_at, utcnow())
    reason = closed_reason(access, period)
    if not found.entered:
        candidate_of = candidate(
            access, facts, user_id=me, dancer_name=found.dancer_name, member=found.member, checked_in=found.checked_in
        )
        reason = registration_rules.refusal(candidate_of)
    docs, fields = caller_fields(
        facts, period, Caller(found.entered, None, [], reason, found.signature), _leaving(access)
    )
    fields |= {"can_edit": access.can_edit, "is_admin": access.is_admin, "can_download": access.can_edit}
    return _as_json(docs, fields)


def registered_fields(access: BattleAccess, org: Org | None, signature: Signature | None) -> dict[str, Any]:
    """`personal` for a dancer whose registration to a battle of single dancers just succeeded: all known already
    (registered, no crew or invitations, their signatures as read to register), so the answer of a rush of
    registrations costs no statement beyond the shared body's."""
    facts = Facts()
    facts.org = org
    period = rules.period(access.event.starts_at, access.event.ends_at, utcnow())
    mine = Caller(True, None, [], closed_reason(access, period), signature)
    return _as_json(*caller_fields(facts, period, mine, _leaving(access)))


def _as_json(docs: s.OrgLegalDocs, fields: dict[str, Any]) -> dict[str, Any]:
    fields["invitations"] = [i.model_dump(mode="json") for i in fields["invitations"]]
    fields["permissions"] = fields["permissions"].model_dump(mode="json")
    fields["org_legal_docs"] = docs.model_dump(mode="json")
    return {s.Battle.model_fields[name].alias or name: value for name, value in fields.items()}


async def build(session: AsyncSession, identity: IdentityClient | None, access: BattleAccess) -> s.Battle:
    """The battle as the caller sees it, as its model (the answer of the writes that answer it)."""
    return s.Battle.model_validate(await build_json(session, identity, access))


async def build_json(
    session: AsyncSession, identity: IdentityClient | None, access: BattleAccess, on_rows: Rows | None = None
) -> dict[str, Any]:
    """The battle as the caller sees it, as JSON values (`s.Battle` by its aliases): the lists built straight from
    our own rows (`_participant`), the rest through the model. `on_rows`: a crowd's build, read on kit.rows (the
    session then only for crews and for dancers the profile projection does not know yet)."""
    battle, event, principal = access.battle, access.event, access.principal
    me = principal.profile_id
    also = (me,) if me is not None else ()
    facts = await load(session, identity, access, also, read_only=True, on_rows=on_rows)
    period = rules.period(event.starts_at, event.ends_at, utcnow())
    org = facts.org
    hidden = access.hides_participants

    participants: list[dict[str, Any]] = []
    crews: list[dict[str, Any]] = []
    wait_singles: list[dict[str, Any]] = []
    wait_crews: list[dict[str, Any]] = []
    shows = (has_document(org.agreement if org else None), has_document(org.waiver if org else None))
    for entry in facts.entries:
        if entry.crew_id is not None:
            if entry.crew_id in facts.crews:
                (wait_crews if entry.waitlisted else crews).append(_crew(facts, shows, entry))
        else:
            (wait_singles if entry.waitlisted else participants).append(_single(facts, shows, entry))

    docs, mine = caller_fields(facts, period, await caller(session, access, facts, period), _leaving(access))
    competing = [e for e in facts.entries if not e.waitlisted]
    checked_in = sum(1 for e in facts.entries if e.rand_id is not None)
    winners = _winners(facts, access)
    answer = s.Battle(
        id=battle.id,
        event_id=battle.event_id,
        title=battle.title,
        style=battle.style,
        crew_size=battle.crew_size,
        category=rules.category(battle.crew_size),
        description=battle.description,
        prizes_desc=battle.prizes_desc,
        prizes=[s.Prize(**p) for p in battle.prizes],
        org_id=battle.org_id or 0,
        organization_competitors_only=battle.organization_competitors_only,
        org_chip=s.OrgChip(id=org.id, image=org.image, name=org.name) if org else None,
        org_legal_docs=docs,
        has_agreement=has_document(org.agreement if org else None),
        has_waiver=has_document(org.waiver if org else None),
        hide_participants=battle.hide_participants,
        voters_checked_in=battle.voters_checked_in,
        third_place=battle.third_place,
        round_robin=battle.round_robin,
        judging_mode=cast(JudgingMode, battle.judging_mode),
        is_hidden_participants=hidden,
        participants=[],
        crews=[],
        wait_list=[],
        winners=winners,
        limit=battle.limit,
        participation_cap_type=battle.cap_type,
        status=battle.status,
        start_date=rules.iso(battle.start_date),
        bracket_size=battle.bracket_size,
        bracket_levels=[s.BracketLevel(**level) for level in battle.bracket_levels],
        judges=[_user(facts, j) for j in facts.judges],
        event=s.EventSummary(id=event.id, title=event.title, period=period, organizer_id=event.organizer_id),
        can_edit=access.can_edit,
        is_admin=access.is_admin,
        can_download=access.can_edit,
        is_limit_exceeded=registration_rules.limit_exceeded(
            battle.cap_type, battle.limit, competing_count=len(competing), checked_in_count=checked_in
        ),
        counters=s.Counters(
            registered=len(competing), checked_in=checked_in, wait_list=len(facts.entries) - len(competing)
        ),
        **mine,
    )
    found = answer.model_dump(mode="json")
    if not hidden:
        found["participants"], found["crews"] = participants, crews
        found["waitList"] = wait_crews if access.crew_battle else wait_singles
    return found


def _winners(facts: Facts, access: BattleAccess) -> list[s.Winner]:
    placed = sorted((e for e in facts.entries if e.place is not None), key=lambda e: (e.place or 0, e.seq))
    winners = []
    for entry in placed:
        if entry.crew_id is not None:
            crew = facts.crews.get(entry.crew_id)
            if crew is None:
                continue
            members = [_user(facts, m.user_id) for m in facts.members if m.crew_id == crew.id and m.confirmed]
            winners.append(s.Winner(place=entry.place or 0, id=crew.id, name=crew.name, participants=members))
        elif entry.user_id is not None:
            user = _user(facts, entry.user_id)
            winners.append(s.Winner(place=entry.place or 0, id=user.id, name=user.dancer_name, participants=[user]))
    return winners
