#!/usr/bin/env python3
"""Writes Tests/samples/camera-split-ring/: full camera frames whose symbol's
ring breaks into pieces in the halved detection image.

Each frame is one of certification's default envelope (30 mm at 100-300 mm,
indoor; bench/certify_calibration.py draws it the same way, seed 1007 as in
its measured run) with a plain 24-byte symbol, rendered by the camera
simulator over a scikit-image photograph (grass and gravel, both CC0) and
saved as JPEG quality 90. In these frames the symbol is 90-130 px, turned,
and its one-unit ring, about 1.5 px thick at half resolution, breaks where
it meets the band: each piece is a candidate that fails, and a scan at
camera speed read none of the four before the pieces were joined (spec 14.3
step 5). Tests/core/test_scan_camera.cpp scans them at camera speed;
test_scan_blackbox.cpp as files.

Usage: tools/make-split-ring-frames.py [--lib build-shared/libckey.so] [--out Tests/samples/camera-split-ring]
Needs: numpy, Pillow, scikit-image.
"""
import argparse
import ctypes
import os
import sys

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
import camera_sim as cs  # noqa: E402
import certify_calibration as cc  # noqa: E402
from camera_benchmark import load_backdrops  # noqa: E402

# Frames of the envelope's seed-1007 sequence that show the broken ring.
FRAMES = (11, 53, 95, 138)
ALPHABET = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lib", default="build-shared/libckey.so")
    ap.add_argument("--out", default="Tests/samples/camera-split-ring")
    args = ap.parse_args()
    lib = cs.load(args.lib)
    cam, ck = cs.Camera(lib), cs.CKey(lib)
    env = cc.Envelope()
    lib.ckey_certify_envelope_init.argtypes = [ctypes.POINTER(cc.Envelope)]
    lib.ckey_certify_envelope_init(ctypes.byref(env))
    payload = b"https://ckey.example/" + bytes(ALPHABET[i] for i in np.random.default_rng(1).integers(0, 62, 3))
    photos = [b for b in load_backdrops() if b[1] is not None]
    style, level = cc.styles(ck, payload)["plain"]
    texture = ck.render_grey(payload, 548, 0, level, style)
    os.makedirs(args.out, exist_ok=True)
    rng = np.random.default_rng(1007)
    for k in range(max(FRAMES) + 1):
        scene = cc.draw_scene(rng, env, 0, 0.03 + 0.87)
        if k not in FRAMES:
            continue
        frame, _ = cam.render(scene, [texture], photos[k % len(photos)][1])
        name = f"frame-{k:03d}-{photos[k % len(photos)][0]}.jpg"
        Image.fromarray(frame).save(os.path.join(args.out, name), quality=90)
        with open(os.path.join(args.out, name + ".txt"), "wb") as f:
            f.write(payload)
        print(name)
    with open(os.path.join(args.out, "expected-passes.txt"), "w") as f:
        f.write(f"# {len(FRAMES)} frames of a broken ring (tools/make-split-ring-frames.py), scanned as files.\n"
                "# rotation minimum\n")
        for rotation in (0, 90, 180, 270):
            f.write(f"{rotation} {len(FRAMES) - 1}\n")


if __name__ == "__main__":
    main()
