#!/usr/bin/env python3
"""Smallest symbols the scanner reads: a table of rotations read per size.

Profile 1 (the 4-byte locator) and Profile 0 version 1 are rendered at 124 px
and 248 px, shrunk by area averaging to each size, centred in a white or a
mid-grey frame (the symbol's own 2-unit quiet margin is all the light there is),
and turned in 15-degree steps (24 rotations) with bilinear interpolation, each
with a seeded sub-pixel shift, for 4 payloads: 96 trials per size. A trial
counts when the scanner returns exactly the payload. Sizes are the
whole canvas, quiet margin included (31 canvas units; Profile 0 version 1
has 21 modules over 23 units, so px per module = size * 23 / (31 * 21)).

Usage: bench/scan_limits.py [--lib build-shared/libckey.so]
"""
import argparse
import os
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scan_benchmark import CKey  # noqa: E402


def turned(canvas, frame_size, angle, shift, surround):
    frame = np.full((frame_size, frame_size), surround, np.uint8)
    s = canvas.shape[0]
    o = (frame_size - s) // 2
    frame[o:o + s, o:o + s] = canvas
    m = cv2.getRotationMatrix2D((frame_size / 2, frame_size / 2), angle, 1.0)
    m[:, 2] += shift
    return cv2.warpAffine(frame, m, (frame_size, frame_size), flags=cv2.INTER_LINEAR, borderValue=surround)


def trials_read(ckey, payloads, profile, render_px, size, frame_size, surround):
    rng = np.random.default_rng(size)
    read = 0
    for payload in payloads:
        canvas = cv2.resize(ckey.render(payload, render_px, profile=profile), (size, size),
                            interpolation=cv2.INTER_AREA)
        for step in range(24):
            got, _ = ckey.decode(turned(canvas, frame_size, step * 15.0, rng.uniform(0, 1, 2), surround))
            read += got == [payload]
    return read


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lib", default="build-shared/libckey.so")
    args = ap.parse_args()
    ckey = CKey(args.lib)
    locators = [bytes([i, 255 - i, 3 * i % 256, 77]) for i in (1, 42, 128, 200)]
    texts = [f"CKey v1 {i:02d}".encode() for i in range(4)]
    print("symbol                 canvas px  px/module  read of 96: on white  on grey")
    for size in (20, 22, 24, 26, 28, 32):
        n = [trials_read(ckey, locators, 1, 124, size, 120, surround) for surround in (255, 128)]
        print(f"Profile 1 locator      {size:9d}  {size * 23 / (31 * 8):9.2f}  {n[0]:18d}  {n[1]:7d}")
    for size in (46, 50, 57, 64):
        n = [trials_read(ckey, texts, 0, 248, size, 160, surround) for surround in (255, 128)]
        print(f"Profile 0 v1, level M  {size:9d}  {size * 23 / (31 * 21):9.2f}  {n[0]:18d}  {n[1]:7d}")
    print("(Profile 1 px/module is px per locator cell: 8 cells over 23 units)")


if __name__ == "__main__":
    main()
