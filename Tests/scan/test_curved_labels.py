"""Labels wrapped around a bottle read through the cylindrical-bend hypotheses.

The `ckey` CLI writes each symbol as a 512 px PNG; the benchmark's curve()
wraps it around a cylinder (its field compressed toward two sides) and
place() puts it, 200 or 240 px across, on a plain 1280x720 frame, which the
scanner halves. `ckey decode --json` must read every one. With bends limited
to rings of 240 px and more (the rule before this test), 0 of these 16 read.

    CKEY_CLI=.build/debug/ckey python3 -m pytest Tests/scan/test_curved_labels.py
"""
import json
import os
import pathlib
import subprocess
import sys

import cv2
import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("CKEY_CLI", str(ROOT / ".build/debug/ckey"))
sys.path.insert(0, str(ROOT / "bench"))
import scan_benchmark as bench  # noqa: E402


def test_strongly_curved_labels_read(tmp_path):
    frames, payloads = [], []
    for size in (200, 240):
        for strength in (1.1, 1.3):
            for seed in range(4):
                rng = np.random.default_rng([size, int(strength * 10), seed])
                payload = bench.payload_for(rng, seed).decode()
                png = tmp_path / f"symbol-{len(frames)}.png"
                done = subprocess.run([CLI, "encode", payload, "--size", "512", "-o", str(png)],
                                      capture_output=True, text=True, timeout=60)
                assert done.returncode == 0, done.stderr
                canvas = bench.curve(cv2.imread(str(png), cv2.IMREAD_GRAYSCALE), strength)
                frame = np.full((720, 1280), 150, np.uint8)
                quad = bench.square_quad(rng.uniform(300, 980), rng.uniform(250, 470), size, rng.uniform(-10, 10))
                bench.place(frame, canvas, quad)
                path = tmp_path / f"curved-{size}-{strength}-{seed}.png"
                cv2.imwrite(str(path), frame)
                frames.append(path)
                payloads.append(payload)
    done = subprocess.run([CLI, "decode", "--json", *map(str, frames)], capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 3), done.stderr
    reports = [json.loads(line) for line in done.stdout.strip().splitlines()]
    missed = [f.name for f, r, p in zip(frames, reports, payloads)
              if [x.get("text") for x in r["results"]] != [p]]
    # Measured 16 of 16; one miss is allowed.
    assert len(missed) <= 1, f"not read: {missed}"
