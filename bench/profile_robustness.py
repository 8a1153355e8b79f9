#!/usr/bin/env python3
"""Profile 2 beside Profile 0 at equal payload: which reads where.

A 40-character https URL is rendered as Profile 0 (smallest version at level M,
as `ckey encode` picks) and as Profile 2 (N = 41, level Q), and both are put on
the same quad of the same 1280x720 clutter frame under one condition at a time:

  damage D    D ellipses (black, white or grey, each 10-16 % of the side across)
              over the data field, symbol 300 px
  size S      the symbol S px across, sharp, light grain only
  blur S      the symbol 150 px across, Gaussian blur of sigma S px

For each condition, the share of 40 seeded frames whose payload is read back.
Success rates only: time is not measured here (bench/scan_benchmark.py does).

Usage: bench/profile_robustness.py [--lib build-shared/libckey.so] [--frames 40]
"""
import argparse
import os
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scan_benchmark import CKey, H, W, clutter, place, square_quad  # noqa: E402


def url_of(rng):
    path = "".join(rng.choice(list("abcdefghijklmnopqrstuvwxyz0123456789"), size=40 - len("https://example.com/")))
    return ("https://example.com/" + path).encode()


def frame_with(ckey, payload, profile, condition, value, rng):
    """One frame, drawn from rng; the same rng state gives the same frame for both profiles."""
    bg = clutter(rng)
    size = {"damage": 300, "size": value, "blur": 150}[condition]
    cx, cy = rng.uniform(size, W - size), rng.uniform(size, H - size)
    quad = square_quad(cx, cy, size, rng.uniform(-12, 12))
    render_size = max(size, 256)
    canvas = ckey.render(payload, render_size, profile=profile)
    if condition == "damage":
        for _ in range(int(value)):
            ex, ey = rng.uniform(0.25, 0.75, 2) * render_size
            ax, ay = rng.uniform(0.05, 0.08, 2) * render_size
            shade = int(rng.choice([0, 128, 255]))
            cv2.ellipse(canvas, (int(ex), int(ey)), (int(ax), int(ay)), rng.uniform(0, 180), 0, 360, shade, -1)
    place(bg, canvas, quad)
    if condition == "blur":
        bg[:] = cv2.GaussianBlur(bg, (0, 0), value)
    noise = rng.normal(0, 2.0, bg.shape)
    return np.clip(bg + noise, 0, 255).astype(np.uint8)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lib", default="build-shared/libckey.so")
    ap.add_argument("--frames", type=int, default=40)
    args = ap.parse_args()
    ckey = CKey(args.lib)
    conditions = [("damage", d) for d in (2, 4, 6, 8)] + [("size", s) for s in (55, 65, 75, 90)] + \
                 [("blur", b) for b in (1.0, 1.25, 1.5, 2.0)]
    print(f"{'condition':12s} {'Profile 0 (M)':>14s} {'Profile 2 (Q)':>14s}   ({args.frames} frames each)")
    for index, (condition, value) in enumerate(conditions):
        read = {0: 0, 2: 0}
        for i in range(args.frames):
            payload = url_of(np.random.default_rng([7, index, i]))
            for profile in (0, 2):
                rng = np.random.default_rng([11, index, i])  # same frame for both profiles
                got, _ = ckey.decode(frame_with(ckey, payload, profile, condition, value, rng))
                read[profile] += got == [payload]
        label = f"{condition} {value:g}"
        print(f"{label:12s} {100 * read[0] / args.frames:13.1f}% {100 * read[2] / args.frames:13.1f}%")


if __name__ == "__main__":
    main()
