from __future__ import annotations

import pytest

from organizations.media.rules import INVALID_VIDEO_LINK, video_id

ID = "dQw4w9WgXcQ"


@pytest.mark.parametrize(
    "link",
    [
        ID,
        f"  {ID} ",
        f"https://www.youtube.com/watch?v={ID}",
        f"https://youtube.com/watch?v={ID}&t=42s&list=PL123",
        f"https://youtube.com/watch?feature=share&v={ID}",
        f"http://m.youtube.com/watch?v={ID}",
        f"youtube.com/watch?v={ID}",
        f"www.youtube.com/watch?v={ID}",
        f"https://www.youtube.com/embed/{ID}",
        f"https://www.youtube.com/embed/{ID}?start=10",
        f"https://www.youtube-nocookie.com/embed/{ID}",
        f"https://youtube.com/shorts/{ID}",
        f"https://www.youtube.com/shorts/{ID}?feature=share",
        f"https://youtu.be/{ID}",
        f"https://youtu.be/{ID}?t=42",
        f"youtu.be/{ID}",
        f"https://www.youtube.com/v/{ID}",
        f"https://www.youtube.com/live/{ID}",
        f"https://music.youtube.com/watch?v={ID}",
    ],
)
def test_finds_the_video_id(link: str) -> None:
    assert video_id(link) == ID


def test_ids_keep_dashes_and_underscores() -> None:
    assert video_id("https://youtu.be/a-b_c-D_e1F") == "a-b_c-D_e1F"


@pytest.mark.parametrize(
    "link",
    [
        None,
        "",
        "dQw4w9WgXc",  # 10 characters
        "dQw4w9WgXcQQ",  # 12 characters
        "dQw4w9WgXc!",
        "https://www.youtube.com/watch?v=short",
        "https://www.youtube.com/watch?list=PL123",
        "https://www.youtube.com/channel/UC4R8DWoMoI7CAwX8_LjQHig",
        f"https://vimeo.com/{ID}",
        f"https://evil.example/watch?v={ID}",
        f"https://youtube.com.evil.example/watch?v={ID}",
        f"javascript:alert('{ID}')",
        f"ftp://youtube.com/watch?v={ID}",
        "https://youtu.be/",
        f"https://www.youtube.com/embed/{ID}extra",
    ],
)
def test_anything_else_is_refused(link: str | None) -> None:
    with pytest.raises(ValueError, match=INVALID_VIDEO_LINK):
        video_id(link)
