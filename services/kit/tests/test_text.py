"""The shared text rules: mm/dd/yyyy dates, social links and substring patterns."""

from __future__ import annotations

from datetime import date

import pytest

from kit import text


class TestMdyDate:
    @pytest.mark.parametrize(
        ("value", "expected"),
        [
            ("10/18/1993", date(1993, 10, 18)),
            ("01/01/1900", date(1900, 1, 1)),
            ("12/31/2099", date(2099, 12, 31)),
            (" 05/17/1999 ", date(1999, 5, 17)),
            ("02/29/2000", date(2000, 2, 29)),
        ],
    )
    def test_reads_mm_dd_yyyy(self, value: str, expected: date) -> None:
        assert text.parse_mdy(value) == expected

    @pytest.mark.parametrize(
        "value",
        [
            "",
            "x",
            "1993-10-18",
            "10/18/93",
            "5/17/1999",
            "13/01/1993",
            "00/10/1993",
            "10/32/1993",
            "10/00/1993",
            "12/31/1899",
            "01/01/2100",
        ],
    )
    def test_other_shapes_are_a_format_error(self, value: str) -> None:
        with pytest.raises(ValueError, match="^Date format mm/dd/yyyy$"):
            text.parse_mdy(value)

    @pytest.mark.parametrize("value", ["02/30/2000", "04/31/1999", "02/29/2001"])
    def test_a_day_that_does_not_exist_is_not_a_correct_date(self, value: str) -> None:
        with pytest.raises(ValueError, match="^Please enter a correct date$"):
            text.parse_mdy(value)

    def test_formats_back_to_mm_dd_yyyy(self) -> None:
        assert text.format_mdy(date(1999, 5, 7)) == "05/07/1999"
        assert text.format_mdy(None) is None


class TestSocialLink:
    @pytest.mark.parametrize(
        ("kind", "value", "expected"),
        [
            ("facebook", "floorlords", "https://facebook.com/floorlords"),
            ("facebook", "@floorlords", "https://facebook.com/floorlords"),
            ("facebook", "/floorlords/", "https://facebook.com/floorlords"),
            ("facebook", "https://facebook.com/floorlords", "https://facebook.com/floorlords"),
            ("facebook", "http://www.facebook.com/floorlords/", "https://facebook.com/floorlords"),
            ("facebook", "m.facebook.com/floorlords", "https://facebook.com/floorlords"),
            ("facebook", "facebook.com/floorlords", "https://facebook.com/floorlords"),
            ("facebook", "profile.php?id=100", "https://facebook.com/profile.php?id=100"),
            ("facebook", "https://www.facebook.com/profile.php?id=100", "https://facebook.com/profile.php?id=100"),
            ("facebook", "fb.com/floorlords", "https://facebook.com/floorlords"),
            ("instagram", "@bgirl.ami", "https://instagram.com/bgirl.ami"),
            ("instagram", "bgirl.ami", "https://instagram.com/bgirl.ami"),
            ("instagram", "https://www.instagram.com/bgirl.ami/", "https://instagram.com/bgirl.ami"),
            ("instagram", "http://instagram.com/bgirl.ami", "https://instagram.com/bgirl.ami"),
            ("twitter", "@floorlords", "https://twitter.com/floorlords"),
            ("twitter", "https://x.com/floorlords", "https://twitter.com/floorlords"),
            ("twitter", "mobile.twitter.com/floorlords", "https://twitter.com/floorlords"),
            ("youtube", "UC4R8DWoMoI7CAwX8_LjQHig", "https://youtube.com/channel/UC4R8DWoMoI7CAwX8_LjQHig"),
            (
                "youtube",
                "https://www.youtube.com/channel/UC4R8DWoMoI7CAwX8_LjQHig",
                "https://youtube.com/channel/UC4R8DWoMoI7CAwX8_LjQHig",
            ),
            ("youtube", "@redbullbcone", "https://youtube.com/@redbullbcone"),
            ("youtube", "https://www.youtube.com/@redbullbcone", "https://youtube.com/@redbullbcone"),
            ("facebook", "", ""),
            ("instagram", None, ""),
            ("twitter", "   ", ""),
        ],
    )
    def test_a_handle_gets_the_site_prefix_and_a_link_on_the_site_is_kept(
        self, kind: str, value: str | None, expected: str
    ) -> None:
        assert text.social_link(kind, value) == expected

    @pytest.mark.parametrize(
        ("value", "expected"),
        [
            ("floorlords.example", "https://floorlords.example"),
            ("http://floorlords.example/about", "http://floorlords.example/about"),
            ("HTTPS://floorlords.example/a", "HTTPS://floorlords.example/a"),
            ("floorlords.example:8443/x", "https://floorlords.example:8443/x"),
            ("", ""),
            (None, ""),
        ],
    )
    def test_a_website_gets_https_without_a_scheme(self, value: str | None, expected: str) -> None:
        assert text.social_link("website", value) == expected
        assert text.website_link(value) == expected

    @pytest.mark.parametrize(
        ("kind", "typed"),
        [
            ("facebook", "@floorlords"),
            ("facebook", "http://m.facebook.com/profile.php?id=100"),
            ("instagram", "bgirl.ami"),
            ("twitter", "x.com/floorlords"),
            ("youtube", "UC4R8DWoMoI7CAwX8_LjQHig"),
            ("youtube", "@redbullbcone"),
            ("website", "floorlords.example"),
            ("website", "http://floorlords.example/about"),
        ],
    )
    def test_a_saved_value_comes_back_unchanged(self, kind: str, typed: str) -> None:
        once = text.social_link(kind, typed)
        assert text.social_link(kind, once) == once

    @pytest.mark.parametrize(
        ("kind", "value", "message"),
        [
            ("instagram", "https://evil.example/floorlords", "Enter an Instagram name or an instagram.com link"),
            ("facebook", "evil.example/floorlords", "Enter a Facebook name or a facebook.com link"),
            ("facebook", "https://facebook.com.evil.example/x", "Enter a Facebook name or a facebook.com link"),
            ("twitter", "javascript://twitter.com/%0aalert(1)", "Enter a Twitter name or a twitter.com link"),
            ("youtube", "ftp://youtube.com/x", "Enter a YouTube channel name or a youtube.com link"),
            ("facebook", "floor lords", "Enter a Facebook name or a facebook.com link"),
            ("facebook", "https://facebook.com/", "Enter a Facebook name or a facebook.com link"),
            ("facebook", "x" * 301, "Enter a Facebook name or a facebook.com link"),
            ("instagram", "@", "Enter an Instagram name or an instagram.com link"),
            ("youtube", "@", "Enter a YouTube channel name or a youtube.com link"),
            ("website", "javascript:alert(1)", "Enter a website address"),
            ("website", "JavaScript:alert(1)", "Enter a website address"),
            ("website", "data:text/html,hi", "Enter a website address"),
            ("website", "ftp://floorlords.example", "Enter a website address"),
            ("website", "not a site", "Enter a website address"),
            ("website", "localhost", "Enter a website address"),
        ],
    )
    def test_refuses_other_sites_and_schemes_naming_the_field(self, kind: str, value: str, message: str) -> None:
        with pytest.raises(ValueError, match=f"^{message}$"):
            text.social_link(kind, value)


class TestContainsPattern:
    def test_matches_anywhere(self) -> None:
        assert text.contains_pattern("storm") == "%storm%"

    def test_wildcards_and_the_escape_character_are_literal(self) -> None:
        assert text.contains_pattern("50%_off\\") == "%50\\%\\_off\\\\%"
        assert text.LIKE_ESCAPE == "\\"


class TestEverySavedLinkSavesAgain:
    """What a save returns is what the SPA sends back on the next save: it must be accepted unchanged."""

    @pytest.mark.parametrize("typed", ["@/x", "?x", "ana#top", "a//b", "/", "ana?"])
    def test_what_is_no_handle_is_refused(self, typed: str) -> None:
        with pytest.raises(ValueError, match="Enter a Facebook name or a facebook.com link"):
            text.social_link("facebook", typed)

    def test_a_handle_whose_link_would_be_too_long_is_refused(self) -> None:
        longest = "a" * (text.SOCIAL_MAX_LENGTH - len("https://facebook.com/"))
        assert text.social_link("facebook", text.social_link("facebook", longest)) == f"https://facebook.com/{longest}"
        with pytest.raises(ValueError):
            text.social_link("facebook", longest + "a")

    @pytest.mark.parametrize("kind", ["facebook", "instagram", "twitter", "youtube"])
    @pytest.mark.parametrize("typed", ["ana", "@ana", "ana.lee", "ana_lee-1", "people/ana", "https://www.{host}/ana"])
    def test_saving_twice_changes_nothing(self, kind: str, typed: str) -> None:
        value = typed.format(host=text.SOCIAL_SITES[kind].host)
        once = text.social_link(kind, value)
        assert text.social_link(kind, once) == once

    def test_a_bracketed_host_is_not_a_website(self) -> None:
        with pytest.raises(ValueError, match="Enter a website address"):
            text.website_link("https://[::1")


class TestPastDate:
    """An organization's 'Date created' and a studio's start date (docs/product/organizations.md, studios.md)."""

    TODAY = date(2026, 11, 21)

    def test_reads_mm_dd_yyyy(self) -> None:
        assert text.parse_past_mdy("05/17/1999", today=self.TODAY) == date(1999, 5, 17)

    @pytest.mark.parametrize("blank", [None, "", "  "])
    def test_blank_is_unknown(self, blank: str | None) -> None:
        assert text.parse_past_mdy(blank, today=self.TODAY) is None

    def test_refuses_other_shapes(self) -> None:
        with pytest.raises(ValueError, match="^Date format mm/dd/yyyy$"):
            text.parse_past_mdy("1999-05-17", today=self.TODAY)

    def test_a_form_field_is_text_or_null(self) -> None:
        assert text.past_mdy_field("05/17/1999") == date(1999, 5, 17)
        assert text.past_mdy_field(None) is None
        for other in (19990517, ["05/17/1999"], {"d": 1}):
            with pytest.raises(ValueError, match="^Date format mm/dd/yyyy$"):
                text.past_mdy_field(other)

    def test_today_is_allowed_and_tomorrow_refused(self) -> None:
        assert text.parse_past_mdy("11/21/2026", today=self.TODAY) == self.TODAY
        with pytest.raises(ValueError, match="^Please enter a correct date$"):
            text.parse_past_mdy("11/22/2026", today=self.TODAY)
