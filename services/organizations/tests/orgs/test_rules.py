from __future__ import annotations

from datetime import date

import pytest

from organizations.orgs import rules

TODAY = date(2026, 11, 21)


class TestName:
    def test_is_trimmed(self) -> None:
        assert rules.organization_name("  Floor Lords ") == "Floor Lords"

    @pytest.mark.parametrize("blank", [None, "", "   "])
    def test_is_required(self, blank: str | None) -> None:
        with pytest.raises(ValueError, match="^Name is required$"):
            rules.organization_name(blank)

    def test_has_a_length_limit(self) -> None:
        with pytest.raises(ValueError, match="at most 100"):
            rules.organization_name("x" * 101)


class TestLegalDocument:
    def test_all_blank_is_saved_empty(self) -> None:
        assert rules.legal_document(" ", None, "", "<p> <br></p>") == {}

    @pytest.mark.parametrize("field", ["title", "subtitle", "version", "text"])
    def test_any_field_keeps_the_document(self, field: str) -> None:
        values = {"title": "", "subtitle": "", "version": "", "text": ""} | {field: "<b>x</b>"}
        document = rules.legal_document(**values)
        assert set(document) == {"title", "subtitle", "version", "text"}

    def test_the_text_is_sanitised(self) -> None:
        document = rules.legal_document(
            "Waiver", "", "2", '<p>Ok<img src=x onerror="alert(1)"></p><script>x()</script>'
        )
        assert document == {"title": "Waiver", "subtitle": "", "version": "2", "text": "<p>Ok</p>"}


class TestDescription:
    def test_keeps_the_allow_list_only(self) -> None:
        dirty = (
            '<p style="color:red">A <strong>b</strong> <u>c</u></p><iframe src="https://x"></iframe><ol><li>1</li></ol>'
        )
        assert rules.description(dirty) == "<p>A <strong>b</strong> <u>c</u></p><ol><li>1</li></ol>"

    def test_removes_scripts_and_handlers(self) -> None:
        cleaned = rules.description('<b onmouseover="x()">hi</b><script>alert(1)</script><svg onload=alert(1)>')
        assert cleaned == "<b>hi</b>"


class TestWhoMay:
    @pytest.mark.parametrize(
        ("roles", "platform_admin", "edit", "create_events"),
        [
            (frozenset({"admin"}), False, True, True),
            (frozenset({"promoter"}), False, False, True),
            (frozenset({"admin", "promoter"}), False, True, True),
            (frozenset(), False, False, False),
            (frozenset(), True, True, True),
        ],
    )
    def test_roles(self, roles: frozenset[str], platform_admin: bool, edit: bool, create_events: bool) -> None:
        assert rules.can_edit(roles, is_platform_admin=platform_admin) is edit
        assert rules.can_create_events(roles, is_platform_admin=platform_admin) is create_events

    def test_a_draft_is_seen_by_editors_only(self) -> None:
        assert rules.can_view("published", editor=False)
        assert not rules.can_view("draft", editor=False)
        assert rules.can_view("draft", editor=True)
