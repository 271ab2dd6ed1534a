"""Deployed, the SPA is served by the web image's nginx, not the gateway: it must send the same
Content-Security-Policy (with this build's inline-script hashes), Referrer-Policy and nosniff."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gateway.spa import content_security_policy

PAGE = b"""<!doctype html><html><head><script>window.__a=1</script><script type="module" src="/assets/x.js"></script>
</head><body><div id="root"></div><script>(function(){window.__b=2})()</script><script> </script></body></html>"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_web_image_sends_the_gateways_policy(root: Path, tmp_path: Path) -> None:
    page = tmp_path / "index.html"
    page.write_bytes(PAGE)
    script = root / "deploy/docker/security-headers.mjs"
    policy = subprocess.run(
        ["node", str(script), str(page), "--policy"], capture_output=True, check=True, text=True
    ).stdout
    assert policy == content_security_policy(PAGE)
    assert policy.count("'sha256-") == 2
    snippet = subprocess.run(["node", str(script), str(page)], capture_output=True, check=True, text=True).stdout
    assert f'add_header Content-Security-Policy "{policy}" always;' in snippet
    assert 'add_header Referrer-Policy "strict-origin-when-cross-origin" always;' in snippet
    assert 'add_header X-Content-Type-Options "nosniff" always;' in snippet


def test_every_location_of_the_web_nginx_includes_the_headers(root: Path) -> None:
    config = (root / "deploy/docker/web-nginx.conf").read_text()
    locations = re.findall(r"location [^{]+\{([^}]*)\}", config)
    assert locations
    for body in locations:
        assert "include /etc/nginx/snippets/security-headers.conf;" in body
    dockerfile = (root / "deploy/docker/web.Dockerfile").read_text()
    assert "security-headers.mjs dist/index.html > /src/security-headers.conf" in dockerfile
    assert "/etc/nginx/snippets/security-headers.conf" in dockerfile
