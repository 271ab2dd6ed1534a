"""Images: (a) a stored variant served through the gateway vs nginx serving the same file from disk, and
(b) the time to make every variant of a 12-megapixel JPEG, per variant, on one core.

Targets (2 shared cores): gateway/nginx >= 0.5 requests/s; <= 150 ms of CPU per variant.

Runnable alone (`uv run python deploy/bench/images.py`) or from `make bench` (run.py imports it as `images`).
That name shadows the service's package here, so this file never imports it: the service, the gateway and the
variant timings run in child processes started from the repository root."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
from common import ROOT, Load, Processes, free_port, processes, start_nginx, table, versus_report, wait_ready, wrk
from PIL import Image

from kit.local import EmbeddedNats, EmbeddedPostgres, wait_for_port
from kit.principal import Principal, encode_principal
from kit.settings import DEV_INTERNAL_SECRET

SERVING_TARGET = 0.5  # gateway requests/s over nginx's, same file
VARIANT_TARGET_MS = 150.0  # CPU per variant, one core
BENCH = ROOT / ".run" / "bench"
SCENARIOS = {  # name: (query, Accept)
    "avatar 300 webp": ("size=300&type=avatar", "image/avif,image/webp,*/*"),
    "background 1920 jpeg": ("size=1920&type=bg", "image/jpeg,*/*"),
}


def twelve_megapixel_jpeg() -> bytes:
    """4000 x 3000: gradients with noise (sensor-like texture), about 5 MB at quality 90, like a phone photo."""
    grad = Image.linear_gradient("L").resize((4000, 3000))
    noise = Image.effect_noise((4000, 3000), 20)
    image = Image.merge("RGB", (grad, noise, grad.transpose(Image.Transpose.FLIP_LEFT_RIGHT)))
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


def start_postgres(pg: EmbeddedPostgres) -> str:
    pg.start()
    server = pg.url().rsplit("/", 1)[0]
    import asyncio

    import asyncpg

    from kit.db import asyncpg_dsn

    async def fresh() -> None:
        admin = await asyncpg.connect(asyncpg_dsn(f"{server}/postgres"))
        try:
            await admin.execute('DROP DATABASE IF EXISTS "bench_images" WITH (FORCE)')
            await admin.execute('CREATE DATABASE "bench_images"')
        finally:
            await admin.close()

    asyncio.run(fresh())
    url = f"{server}/bench_images"
    # The kit's env.py imports the service package: migrate from a child process at the repository root.
    subprocess.run(
        [sys.executable, "-m", "kit.migrate", "images"],
        cwd=ROOT,
        env=os.environ | {"IMAGES_DATABASE_URL": url},
        check=True,
        capture_output=True,
    )
    return url


def nginx_static(group: Processes, root: Path) -> int:
    """Debian's nginx (1 worker) serving files under `root`: the reference for serving a stored variant."""
    return start_nginx(
        group,
        """    sendfile on;
    tcp_nopush on;
    open_file_cache max=1000 inactive=60s;
    types { image/webp webp; image/jpeg jpg; image/png png; }""",
        f"""        root {root};
        location / {{
            add_header Cache-Control "public, max-age=31536000, immutable";
            add_header Vary Accept;
        }}""",
    )


def serving(source: bytes) -> dict[str, Any]:
    """(a): one image uploaded, each scenario's variant made once, then the same bytes by three paths."""
    storage = BENCH / "images"
    shutil.rmtree(storage, ignore_errors=True)
    store = BENCH / "nats"
    shutil.rmtree(store, ignore_errors=True)
    nats = EmbeddedNats(store)
    nats.start()
    pg = EmbeddedPostgres(BENCH / "pg", durable=False)
    started_pg = pg.running_port() is None  # another benchmark may have left it running for reuse
    loads: dict[str, dict[str, Load]] = {}
    try:
        database = start_postgres(pg)
        with processes() as group:
            service, gateway = free_port(), free_port()
            group.uvicorn(
                "images",
                "images.app:create_app",
                service,
                {"IMAGES_DATABASE_URL": database, "NATS_URL": nats.url, "IMAGES_STORAGE_DIR": str(storage)},
            )
            wait_ready(f"http://127.0.0.1:{service}/readyz")
            group.uvicorn(
                "gateway",
                "gateway.app:create_app",
                gateway,
                {
                    "GATEWAY_IMAGES_URL": f"http://127.0.0.1:{service}",
                    "GATEWAY_IDENTITY_URL": "",  # guests only: GETs of images are public
                    "NATS_URL": nats.url,
                    "GATEWAY_SPA_DIR": "/nonexistent",
                },
            )
            wait_ready(f"http://127.0.0.1:{gateway}/readyz")
            principal = encode_principal(Principal(account_id=1, profile_id=1, profile_ids=(1,)), DEV_INTERNAL_SECRET)
            direct = f"http://127.0.0.1:{service}"
            gw = f"http://127.0.0.1:{gateway}"
            with httpx.Client(timeout=60) as client:
                answer = client.post(
                    f"{direct}/api/images",
                    files={"file": ("photo.jpg", source, "image/jpeg")},
                    headers={"x-cypher-principal": principal},
                )
                assert answer.status_code == 201, answer.text
                image_id = answer.json()["id"]
                files = {}
                for name, (query, accept) in SCENARIOS.items():
                    made = client.get(f"{gw}/api/images/{image_id}?{query}", headers={"accept": accept})
                    assert made.status_code == 200, made.text
                    key = made.headers["etag"].strip('"').replace(".", "/", 1)  # <id>/<variant file>
                    path = storage / image_id[:2] / key
                    assert path.read_bytes() == made.content, "the stored variant is what the service serves"
                    files[name] = path.relative_to(storage)
            static = nginx_static(group, storage)
            wait_for_port(static)
            for name, (query, accept) in SCENARIOS.items():
                headers = {"Accept": accept}
                path = f"/api/images/{image_id}?{query}"
                loads[name] = {
                    "gateway": wrk(gw + path, headers),
                    "service direct": wrk(direct + path, headers),
                    "nginx (file)": wrk(f"http://127.0.0.1:{static}/{files[name]}", headers),
                }
    finally:
        nats.stop()
        if started_pg:
            pg.stop()
    print("(a) a stored variant: through the gateway, from the service directly, and nginx serving the file\n")
    targets = dict.fromkeys(loads, SERVING_TARGET)
    return versus_report(loads, label="variant", reference="nginx (file)", targets=targets, digits=3)


# Runs in a child process at the repository root (where `images` is the service's package), pinned to one CPU.
# It times the very functions the service runs in its worker threads.
VARIANT_TIMER = r"""
import io, json, os, sys, time
from images.images.processing import clean_upload, render_variant
from images.images.rules import SIZES, PHOTO, OutputFormat, has_master

os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[-1]})
source = sys.stdin.buffer.read()

def timed(fn, *args):
    cpu, wall = time.thread_time(), time.perf_counter()
    result = fn(*args)
    return result, (time.thread_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000

# Warm-up, not counted: the first use of each codec in a process loads and initialises it.
warm = clean_upload(io.BytesIO(source), 40_000_000)
for fmt in (OutputFormat.WEBP, OutputFormat.JPEG):
    render_variant(warm.master or warm.data, 64, fmt, PHOTO)
clean, upload_cpu, upload_wall = timed(clean_upload, io.BytesIO(source), 40_000_000)
base = clean.master if has_master(clean.width) else clean.data
rows = []
for fmt in (OutputFormat.WEBP, OutputFormat.JPEG):
    for size in SIZES:
        data, cpu, wall = timed(render_variant, base, min(size, clean.width), fmt, PHOTO)
        rows.append({"format": fmt.value, "width": size, "cpuMs": round(cpu, 1), "wallMs": round(wall, 1),
                     "bytes": len(data)})
print(json.dumps({"uploadCpuMs": round(upload_cpu, 1), "uploadWallMs": round(upload_wall, 1),
                  "width": clean.width, "height": clean.height, "variants": rows}))
"""


def variant_times(source: bytes) -> dict[str, Any]:
    """(b): every documented width in WebP and JPEG, from one 12-megapixel JPEG, on one core."""
    done = subprocess.run(
        [sys.executable, "-c", VARIANT_TIMER], input=source, cwd=ROOT, capture_output=True, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout.decode().strip().splitlines()[-1])
    variants = result["variants"]
    by_width: dict[int, dict[str, dict[str, Any]]] = {}
    for row in variants:
        by_width.setdefault(row["width"], {})[row["format"]] = row
    rows = [
        (
            str(width),
            f"{formats['webp']['cpuMs']:.0f}",
            f"{formats['webp']['wallMs']:.0f}",
            f"{formats['webp']['bytes'] / 1024:,.0f}",
            f"{formats['jpeg']['cpuMs']:.0f}",
            f"{formats['jpeg']['wallMs']:.0f}",
            f"{formats['jpeg']['bytes'] / 1024:,.0f}",
        )
        for width, formats in sorted(by_width.items())
    ]
    cpu = [row["cpuMs"] for row in variants]
    summary = {
        "source": f"{result['width']}x{result['height']} JPEG, {len(source) / 1e6:.1f} MB",
        "uploadCpuMs": result["uploadCpuMs"],
        "uploadWallMs": result["uploadWallMs"],
        "variantCount": len(variants),
        "meanCpuMs": round(sum(cpu) / len(cpu), 1),
        "maxCpuMs": max(cpu),
        "overTarget": [f"{r['width']} {r['format']}" for r in variants if r["cpuMs"] > VARIANT_TARGET_MS],
        "target": VARIANT_TARGET_MS,
        "met": max(cpu) <= VARIANT_TARGET_MS,
        "variants": variants,
    }
    print(f"\n(b) variants of a {summary['source']}, one core (CPU ms is the figure; wall ms includes waiting)\n")
    print(table(rows, ("width", "webp cpu", "webp wall", "webp KiB", "jpeg cpu", "jpeg wall", "jpeg KiB")))
    print(
        f"\nupload (validate, turn, strip, re-encode the original, make the 1920 master), once per image: "
        f"{summary['uploadCpuMs']:.0f} ms CPU, {summary['uploadWallMs']:.0f} ms wall"
    )
    mark = "met" if summary["met"] else "MISSED"
    print(
        f"per variant: mean {summary['meanCpuMs']:.0f} ms, max {summary['maxCpuMs']:.0f} ms CPU "
        f"(target <= {VARIANT_TARGET_MS:.0f} ms each) {mark}"
        + (f"; over: {', '.join(summary['overTarget'])}" if summary["overTarget"] else "")
    )
    return summary


def main() -> dict[str, Any]:
    source = twelve_megapixel_jpeg()
    results = {"serving": serving(source), "variants": variant_times(source)}
    return results


if __name__ == "__main__":
    main()
    sys.exit(0)
