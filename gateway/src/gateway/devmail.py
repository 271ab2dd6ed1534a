"""Development only: what the local SMTP sink received, as JSON for tools and as a page for people."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from kit.responses import JSONResponse


def read_mail(directory: Path) -> list[dict[str, Any]]:
    if not directory.is_dir():
        return []
    mails = []
    for path in sorted(directory.glob("*.json")):  # names start with the receive time: oldest first
        try:
            mails.append(json.loads(path.read_text()))
        except (OSError, json.JSONDecodeError):
            continue
    return mails


def render_page(mails: list[dict[str, Any]]) -> str:
    items = []
    for mail in reversed(mails):  # the page shows the newest first
        body = mail.get("html") or f"<pre>{html.escape(mail.get('text', ''))}</pre>"
        items.append(
            "<article><header><h2>{subject}</h2><p>To <b>{to}</b> · {sent}</p></header>"
            '<iframe title="{subject}" sandbox srcdoc="{body}"></iframe>'
            "<details><summary>Text version</summary><pre>{text}</pre></details></article>".format(
                subject=html.escape(mail.get("subject", "")),
                to=html.escape(mail.get("to", "")),
                sent=html.escape(mail.get("sentAt", "")),
                body=html.escape(body, quote=True),
                text=html.escape(mail.get("text", "")),
            )
        )
    content = "".join(items) or "<p>No mail yet.</p>"
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mail · Cypher</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem}"
        "article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0 0 .25rem}"
        "iframe{width:100%;height:320px;border:1px solid #eee}</style></head>"
        f"<body><h1>Development mail</h1><p>{len(mails)} received · newest first</p>{content}</body></html>"
    )


async def dev_mail(request: Request) -> Response:
    mails = read_mail(request.app.state.settings.dev_mail_dir)
    if "text/html" in request.headers.get("accept", ""):
        return HTMLResponse(render_page(mails))
    return JSONResponse(mails)
