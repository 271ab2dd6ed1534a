"""Link previews, the pure part: what an event's preview says and how the tags go into the app's page (escaped,
the page's scripts untouched, so its Content-Security-Policy still holds)."""

from __future__ import annotations

from gateway.preview import DESCRIPTION_CHARS, preview_of, with_meta
from gateway.spa import content_security_policy

PAGE = b"""<!doctype html><html><head><meta charset="utf-8"><title>Cypher</title>
<script>window.boot=1</script></head><body><div id="root"></div></body></html>"""


def test_the_preview_names_the_event_its_date_place_and_plain_description() -> None:
    event = {
        "title": "Floor Wars",
        "dateFlat": "12/05/2026",
        "locationAddress": "Queens, NY, United States",
        "description": "<p>The <b>biggest</b>\n   jam</p>",
        "image": "abcDEF1234567890abcdEF",
    }
    preview = preview_of(event, "https://cypher.example.com/event/7", "https://cypher.example.com")
    assert preview.title == "Floor Wars"
    assert preview.description == "12/05/2026 · Queens, NY, United States — The biggest jam"
    assert preview.image == "https://cypher.example.com/api/images/abcDEF1234567890abcdEF?size=800&type=event"


def test_an_untitled_event_and_a_long_description() -> None:
    preview = preview_of({"title": " ", "description": "x" * 500}, "u", "o")
    assert preview.title == "Untitled event" and preview.image is None
    assert len(preview.description) == DESCRIPTION_CHARS and preview.description.endswith("…")


def test_the_tags_are_escaped_and_the_scripts_untouched() -> None:
    preview = preview_of({"title": 'Say "hi" <script>', "image": None}, "https://x/event/1", "https://x")
    page = with_meta(PAGE, preview)
    assert b'<meta property="og:title" content="Say &quot;hi&quot; &lt;script&gt;">' in page
    assert b"<title>Say &quot;hi&quot; &lt;script&gt; | Cypher</title>" in page
    assert b'<meta name="twitter:card" content="summary">' in page and b"og:image" not in page
    assert content_security_policy(page) == content_security_policy(PAGE)
    assert page.count(b"<script") == 1


def test_a_page_without_a_head_is_left_alone() -> None:
    assert with_meta(b"<html><body></body></html>", preview_of({}, "u", "o")) == b"<html><body></body></html>"
