from __future__ import annotations

from identity.mail.rules import is_permanent, render, retry_delay


def test_backoff_doubles_up_to_the_cap_and_never_gives_up() -> None:
    assert [retry_delay(n, cap=300) for n in (1, 2, 3, 4, 9, 10, 50)] == [1, 2, 4, 8, 256, 300, 300]


def test_only_5xx_is_permanent() -> None:
    assert is_permanent(550) and not is_permanent(451) and not is_permanent(None)


def test_renders_text_and_escaped_html() -> None:
    mail = render("reset_password", link="https://x.test/reset-password?token=a&b", minutes="60")
    assert mail.subject == "Reset your Cypher password"
    assert "https://x.test/reset-password?token=a&b" in mail.text
    assert 'href="https://x.test/reset-password?token=a&amp;b"' in mail.html
    assert "60 minutes" in mail.text and "60 minutes" in mail.html
