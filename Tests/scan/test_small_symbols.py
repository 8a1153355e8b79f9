"""The smallest symbols the scanner promises to read.

The `ckey` CLI writes each symbol as a PNG at a comfortable size; Pillow shrinks
it by area averaging (Image.BOX) to the size under test, places it in a 120 or
160 px frame (white, or mid-grey so the symbol's own 2-unit quiet margin is all
the light around it), and turns it in 15-degree steps with bilinear resampling
about a point off the pixel grid. `ckey decode --json` then reads every frame.

Floors (from the scan issue): Profile 1 from a 24 px canvas, Profile 0
version 1 at 2 px per module (a 57 px canvas: 21 modules over 23 of 31 units).
bench/scan_limits.py prints the same measurement over more sizes.

    CKEY_CLI=.build/debug/ckey python3 -m pytest Tests/scan/test_small_symbols.py
"""
import json
import os
import pathlib
import random
import subprocess

import pytest
from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("CKEY_CLI", str(ROOT / ".build/debug/ckey"))


def render(tmp_path, payload, options, render_px):
    out = tmp_path / f"render-{len(list(tmp_path.iterdir()))}.png"
    done = subprocess.run([CLI, "encode", payload, *options, "--size", str(render_px), "-o", str(out)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return Image.open(out).convert("L")


def turned_frames(tmp_path, symbol, size, frame_px, surround, seed):
    """24 frames: the symbol shrunk to size px, turned in 15-degree steps."""
    rng = random.Random(seed)
    small = symbol.resize((size, size), Image.BOX)
    paths = []
    for step in range(24):
        frame = Image.new("L", (frame_px, frame_px), surround)
        corner = (frame_px - size) // 2
        frame.paste(small, (corner, corner))
        centre = (frame_px / 2 + rng.random(), frame_px / 2 + rng.random())
        frame = frame.rotate(step * 15, resample=Image.BILINEAR, center=centre, fillcolor=surround)
        path = tmp_path / f"s{size}-g{surround}-{seed}-{step:02d}.png"
        frame.save(path)
        paths.append(path)
    return paths


def frames_read(paths, payload):
    done = subprocess.run([CLI, "decode", "--json", *map(str, paths)], capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 3), done.stderr
    reports = [json.loads(line) for line in done.stdout.strip().splitlines()]
    assert len(reports) == len(paths)
    return sum(1 for r in reports if [x["bytes_hex"] for x in r["results"]] == [payload.hex()])


# name: (encode options, render px, canvas px under test, frame px, payloads)
FLOORS = {
    "locator from a 24 px canvas": (["--profile", "locator"], 124, 24, 120, ["CKEY", "k3Y!"]),
    "version 1 at 2 px per module": (["--version", "1"], 248, 57, 160, ["CKey v1 00", "CKey v1 01"]),
    # A 480 px frame is scanned at half resolution, where this ring is about
    # a pixel thick: on dark grey it is found through its light quiet margin.
    "a 40-character URL at 70 px in a halved frame": ([], 256, 70, 480, ["https://example.com/abcdefghij0000000000",
                                                                          "https://example.com/abcdefghij0000000001"]),
}
SURROUNDS = {"locator from a 24 px canvas": (255, 128), "version 1 at 2 px per module": (255, 128),
             "a 40-character URL at 70 px in a halved frame": (255, 100)}


@pytest.mark.parametrize("floor,surround", [(f, s) for f in sorted(FLOORS) for s in SURROUNDS[f]])
def test_smallest_symbols_read_at_every_rotation(tmp_path, floor, surround):
    options, render_px, size, frame_px, payloads = FLOORS[floor]
    read = total = 0
    for seed, payload in enumerate(payloads):
        symbol = render(tmp_path, payload, options, render_px)
        paths = turned_frames(tmp_path, symbol, size, frame_px, surround, seed)
        read += frames_read(paths, payload.encode())
        total += len(paths)
    print(f"{floor}, surround {surround}: {read} of {total}")
    # Measured 48 of 48 everywhere but the locator on grey (47 of 48); one miss is allowed.
    assert read >= total - 1, f"{read} of {total} frames read"
