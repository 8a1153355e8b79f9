#!/usr/bin/env python3
"""Certification's prediction against the camera benchmark's measurement.

For each style (plain, concept, dots, a logo at level H, and a faint style
that the strict style check refuses), under one use envelope:

  predicted  ckey_certify over the envelope: square crops around a centred
             label (holding its whole card where that is small), lit as
             the 1280 x 720 phone frame around them, with that frame's drawn
             clutter behind, detected at half resolution as that frame is,
             supersample 1-2 (envelope_scene.cpp).
  measured   the camera benchmark's way: full 1280 x 720 frames at supersample
             3, the label anywhere in the frame over a real photograph
             (skimage.data), scanned by ckey_decoder_scan. The envelope's
             ranges (docs/certification.md) are drawn here again, in Python,
             from their own seeds.

Prints a table of both rates with 95% intervals, the differences and the
rankings. The target (issue 14): within 5 points for every style, same
ranking.

  python3 bench/certify_calibration.py --lib build-shared/libckey.so [--frames 200]
      [--size-mm 30] [--distance 100-300] [--lighting indoor|outdoor|mixed] [--seed 1] [--length 24]
      [--json out.json]
"""
import argparse
import ctypes
import json
import math
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import camera_sim as cs  # noqa: E402
from camera_benchmark import load_backdrops, make_logo  # noqa: E402

c_double, c_int, c_uint64 = ctypes.c_double, ctypes.c_int, ctypes.c_uint64
FOCAL_PX = 914.0  # 1280 px across 70 degrees
LIGHTING = {"indoor": 0, "outdoor": 1, "mixed": 2}


class Envelope(ctypes.Structure):
    _fields_ = [("size_mm", c_double), ("size_px", c_double), ("distance_min_mm", c_double),
                ("distance_max_mm", c_double), ("lighting", c_int), ("frames", c_int), ("quick", c_int),
                ("seed", c_uint64), ("threshold", c_double), ("time_budget_ms", c_double),
                ("find_min_size", c_int)]


class Report(ctypes.Structure):
    _fields_ = [("certified", c_int), ("backdrops_tested", c_int), ("readings", c_int),
                ("readings_passed", c_int), ("correction_margin", c_int), ("adapted", c_int),
                ("rate", c_double), ("rate_low", c_double), ("rate_high", c_double), ("failures", c_int * 4),
                ("worst_distance_mm", c_double), ("worst_rate", c_double), ("worst_lighting", c_int),
                ("min_size_mm", c_double), ("budget_stopped", c_int), ("message", ctypes.c_char * 512)]


def wilson(read, n):
    if n == 0:
        return 0.0, 1.0
    z, p = 1.96, read / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z / d * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, c - h), min(1.0, c + h)


def logo_style(ck, payload):
    """The largest logo (of 20, 16, 12, 8 % of the field) the strict check accepts at level H."""
    logo = make_logo()
    for pct in (20, 16, 12, 8):
        style = ck.style(cs.STYLE_PLAIN, logo=logo, logo_size=pct, logo_padding=2, logo_mode=cs.LOGO_RESERVE)
        try:
            ck.render_grey(payload, 256, cs.PROFILE_SCALABLE, cs.LEVEL_H, style)
            return style
        except cs.CKeyError:
            continue
    raise RuntimeError("no logo fits this payload's version at level H (a key at the centre): try another --length")


def styles(ck, payload):
    return {
        "plain": (ck.style(cs.STYLE_PLAIN), cs.LEVEL_M),
        "concept": (ck.style(cs.STYLE_CONCEPT), cs.LEVEL_M),
        "dots": (ck.style(cs.STYLE_PLAIN, module_shape=cs.MODULE_CIRCLE), cs.LEVEL_M),
        "logo-H": (logo_style(ck, payload), cs.LEVEL_H),
        # Refused by the strict style check (contrast); drawn as given here.
        "faint (refused)": (ck.style(cs.STYLE_PLAIN, ink=0x8C8C8C, ring_color=0x8C8C8C, key_color=0x8C8C8C,
                                     background=0xB4B4B4, background_edge=0xB4B4B4, policy=cs.STYLE_OVERRIDE),
                            cs.LEVEL_M),
    }


def predict(lib, payload, style, level, env):
    sym = ctypes.c_void_p()
    lib.ckey_symbol_encode(payload, len(payload), 0, 0, level, 0, ctypes.byref(sym))
    report = Report()
    t0 = time.perf_counter()
    status = lib.ckey_certify(sym, ctypes.byref(style), 0, None, 0, ctypes.byref(env), None, ctypes.byref(report))
    elapsed = time.perf_counter() - t0
    lib.ckey_symbol_destroy(sym)
    if status != 0:
        raise RuntimeError(f"ckey_certify: status {status}: {lib.ckey_last_error().decode()}")
    return report, elapsed


def draw_scene(rng, env, lighting, carrier):
    """One full frame of the envelope (docs/certification.md), drawn in Python."""
    s = cs.Scene()
    s.seed = int(rng.integers(1, 2**63))
    s.category, s.width, s.height, s.fov_deg, s.supersample, s.label_count = 0, 1280, 720, 70.0, 3, 1
    distance = rng.uniform(env.distance_min_mm, env.distance_max_mm)
    lab = s.labels[0]
    lab.size_px = FOCAL_PX * env.size_mm / distance
    lab.roll_deg, lab.tilt_deg, lab.tilt_axis_deg = rng.uniform(0, 360), rng.uniform(0, 35), rng.uniform(0, 180)
    margin = min(0.45, 0.75 * lab.size_px / 720)
    lab.centre_x = rng.uniform(max(0.2, 0.75 * lab.size_px / 1280), 1 - max(0.2, 0.75 * lab.size_px / 1280))
    lab.centre_y = rng.uniform(max(0.2, margin), 1 - max(0.2, margin))
    lab.surface, lab.arc_deg, lab.carrier_scale = 0, 30.0, rng.uniform(1.5, 3)
    lab.carrier_reflectance, lab.ink_reflectance, lab.paper_reflectance = carrier, 0.03, 0.9
    off, az = math.radians(rng.uniform(0, 40)), math.radians(rng.uniform(0, 360))
    s.light_dir[0], s.light_dir[1], s.light_dir[2] = math.sin(off) * math.cos(az), math.sin(off) * math.sin(az), -math.cos(off)
    outdoor = lighting == 1 or (lighting == 2 and rng.uniform() < 0.5)
    if outdoor:
        s.ambient, s.ramp_strength, s.spot_strength = rng.uniform(0.3, 0.7), rng.uniform(0, 0.3), 0.0
        s.shadow, s.shadow_transmission = int(rng.uniform() < 0.5), rng.uniform(0.2, 0.6)
        s.glare_count, intensity = int(rng.uniform() < 0.3), rng.uniform(0.8, 2.0)
        s.exposure = math.exp(rng.uniform(math.log(3000), math.log(20000)))
    else:
        s.ambient, s.ramp_strength, s.spot_strength = rng.uniform(0.5, 0.9), rng.uniform(0, 0.4), rng.uniform(0, 0.3)
        s.shadow, s.shadow_transmission = int(rng.uniform() < 0.3), rng.uniform(0.4, 0.8)
        s.glare_count, intensity = int(rng.uniform() < 0.1), rng.uniform(0.3, 0.9)
        s.exposure = math.exp(rng.uniform(math.log(150), math.log(3000)))
    s.ramp_angle_deg, s.spot_x, s.spot_y, s.spot_radius = rng.uniform(0, 360), rng.uniform(), rng.uniform(), rng.uniform(0.3, 0.6)
    s.shadow_angle_deg, s.shadow_offset = rng.uniform(0, 180), rng.uniform(-0.3, 0.3)
    s.shadow_width, s.shadow_penumbra = rng.uniform(0.2, 0.5), rng.uniform(0.02, 0.1)
    g = s.glares[0]
    g.x, g.y = lab.centre_x + rng.uniform(-0.1, 0.1), lab.centre_y + rng.uniform(-0.1, 0.1)
    g.radius_px, g.intensity = lab.size_px * rng.uniform(0.05, 0.15), intensity
    s.blur_sigma, s.defocus_radius, s.motion_length = rng.uniform(0.4, 1.0), rng.uniform(0, 1.2), rng.uniform(0, 3)
    s.motion_angle_deg, s.read_noise, s.gamma = rng.uniform(0, 180), rng.uniform(2, 6), rng.uniform(2.0, 2.4)
    s.jpeg_quality, s.backdrop_gain = int(rng.integers(50, 91)), rng.uniform(0.3, 1.0)
    return s


def measure(cam, ck, payload, style, level, env, frames, seed, photos):
    near_px = FOCAL_PX * env.size_mm / env.distance_min_mm
    size = int(min(1024, max(124, 2 * near_px)))
    texture = ck.render_grey(payload, size, cs.PROFILE_SCALABLE, level, style)
    background = ((style.background >> 16 & 255) * 77 + (style.background >> 8 & 255) * 150 + (style.background & 255) * 29 + 128) >> 8
    carrier = 0.03 + 0.87 * background / 255
    rng = np.random.default_rng(seed)
    read = 0
    for k in range(frames):
        scene = draw_scene(rng, env, env.lighting, carrier)
        frame, _ = cam.render(scene, [texture], photos[k % len(photos)][1])
        found, _ = ck.scan(frame, 0)
        read += any(p == payload for p, _ in found)
    return read


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lib", default="build-shared/libckey.so")
    ap.add_argument("--frames", type=int, default=200, help="frames per style, predicted and measured")
    ap.add_argument("--size-mm", type=float, default=30)
    ap.add_argument("--distance", default="100-300", help="MIN-MAX in mm")
    ap.add_argument("--lighting", choices=sorted(LIGHTING), default="indoor")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--length", type=int, default=24, help="payload bytes (a random mixed-case URL)")
    ap.add_argument("--json", help="write every figure here")
    args = ap.parse_args()
    lib = cs.load(args.lib)
    lib.ckey_certify.argtypes = [ctypes.c_void_p, ctypes.c_void_p, c_int, ctypes.c_void_p, ctypes.c_size_t,
                                 ctypes.POINTER(Envelope), ctypes.c_void_p, ctypes.POINTER(Report)]
    lib.ckey_certify_envelope_init.argtypes = [ctypes.POINTER(Envelope)]
    cam, ck = cs.Camera(lib), cs.CKey(lib)
    env = Envelope()
    lib.ckey_certify_envelope_init(ctypes.byref(env))
    lo, hi = (float(x) for x in args.distance.split("-"))
    env.size_mm, env.distance_min_mm, env.distance_max_mm = args.size_mm, lo, hi
    env.lighting, env.frames, env.seed, env.find_min_size = LIGHTING[args.lighting], args.frames, args.seed, 0
    photos = [b for b in load_backdrops() if b[1] is not None] or [("drawn", None)]
    alphabet = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    payload = b"https://ckey.example/" + bytes(alphabet[i] for i in np.random.default_rng(args.seed).integers(0, 62, max(0, args.length - 21)))
    print(f"envelope: {args.size_mm:g} mm at {lo:g}-{hi:g} mm, {args.lighting}; {args.frames} frames per style; "
          f"payload {len(payload)} bytes; libckey {lib.ckey_version_string().decode()}\n")
    rows = []
    for name, (style, level) in styles(ck, payload).items():
        report, seconds = predict(lib, payload, style, level, env)
        env.quick = 1
        quick, quick_seconds = predict(lib, payload, style, level, env)
        env.quick = 0
        read = measure(cam, ck, payload, style, level, env, args.frames, args.seed * 1000 + 7, photos)
        m_lo, m_hi = wilson(read, args.frames)
        rows.append({"style": name, "predicted": report.rate, "predicted_interval": [report.rate_low, report.rate_high],
                     "quick": quick.rate, "measured": read / args.frames, "measured_interval": [m_lo, m_hi],
                     "certify_seconds": seconds, "quick_seconds": quick_seconds,
                     "failures": list(report.failures)})
        print(f"  {name}: predicted {100 * report.rate:.1f}, quick {100 * quick.rate:.1f}, measured "
              f"{100 * read / args.frames:.1f} ({seconds:.2f} s, quick {quick_seconds * 1000:.0f} ms)", flush=True)
    print("\n| style | predicted % (95% interval) | quick % | measured % (95% interval) | measured − predicted |"
          " certify s | quick ms |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        p, (pl, ph), m, (ml, mh) = r["predicted"], r["predicted_interval"], r["measured"], r["measured_interval"]
        print(f"| {r['style']} | {100 * p:.1f} ({100 * pl:.1f}–{100 * ph:.1f}) | {100 * r['quick']:.1f} | "
              f"{100 * m:.1f} ({100 * ml:.1f}–{100 * mh:.1f}) | {100 * (m - p):+.1f} | {r['certify_seconds']:.2f} | "
              f"{1000 * r['quick_seconds']:.0f} |")
    rank = lambda key: [r["style"] for r in sorted(rows, key=lambda r: -r[key])]  # noqa: E731
    print(f"\nranking, predicted: {', '.join(rank('predicted'))}")
    print(f"ranking, quick:     {', '.join(rank('quick'))}")
    print(f"ranking, measured:  {', '.join(rank('measured'))}")
    worst = max(abs(r["measured"] - r["predicted"]) for r in rows)
    print(f"largest difference: {100 * worst:.1f} points (target 5)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"args": vars(args), "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
