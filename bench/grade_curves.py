#!/usr/bin/env python3
"""How the print quality grade falls as blur, noise, low contrast and print
growth rise: renders one symbol at 400 px (12 px modules, a phone photo of a
label), degrades it step by step, grades each image with ckey_grade_gray8,
prints the table and draws the curves (needs matplotlib).

  python3 bench/grade_curves.py --lib build-shared/libckey.so [--out docs/grade-curves.png]
"""
import argparse
import ctypes
import os
import sys

import numpy as np
from PIL import Image, ImageFilter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import camera_sim as cs  # noqa: E402

PARAMETERS = ["symbol_contrast", "minimum_reflectance", "minimum_edge_contrast", "modulation", "reflectance_margin",
              "ring_damage", "band_damage", "key_damage", "axial_nonuniformity", "grid_nonuniformity",
              "unused_error_correction", "print_growth_x", "print_growth_y"]


class Summary(ctypes.Structure):
    _fields_ = [("overall", ctypes.c_int), ("grades", ctypes.c_int * 13), ("values", ctypes.c_double * 13),
                ("profile", ctypes.c_int), ("version", ctypes.c_int), ("level", ctypes.c_int),
                ("layout", ctypes.c_int), ("mask", ctypes.c_int), ("modules", ctypes.c_int),
                ("ink_light", ctypes.c_int), ("pixels_per_module", ctypes.c_double),
                ("reflectance_min", ctypes.c_double), ("reflectance_max", ctypes.c_double),
                ("threshold", ctypes.c_double)]


def grade(lib, grey):
    grey = np.ascontiguousarray(grey, dtype=np.uint8)
    handle = ctypes.c_void_p()
    status = lib.ckey_grade_gray8(grey.ctypes.data, grey.nbytes, grey.shape[1], grey.shape[0], grey.strides[0],
                                  ctypes.byref(handle))
    if status != 0:
        return None  # no longer gradable (does not read): plotted as F
    s = Summary()
    lib.ckey_grade_get_summary(handle, ctypes.byref(s))
    lib.ckey_grade_destroy(handle)
    return s


def series(clean):
    image = Image.fromarray(clean)
    rng = np.random.default_rng(7)
    noise = rng.standard_normal(clean.shape)
    return {
        "blur (Gaussian sigma, px)": ([0, 1, 2, 3, 4, 5, 6],
                                      lambda v: np.array(image.filter(ImageFilter.GaussianBlur(v))) if v else clean,
                                      "band_damage"),
        "noise (sigma, grey levels)": ([0, 15, 30, 45, 60, 75, 90],
                                       lambda v: np.clip(clean + v * noise, 0, 255).astype(np.uint8), "modulation"),
        "contrast (ink-paper span, grey levels)": (
            [255, 200, 150, 110, 80, 55, 40],
            lambda v: (128 - v / 2 + clean.astype(float) * v / 255).astype(np.uint8), "symbol_contrast"),
        "print growth (ink spread, px)": (
            [0, 1, 2, 3, 4, 5, 6],
            lambda v: np.array(image.filter(ImageFilter.MinFilter(2 * v + 1))) if v else clean, "print_growth_x"),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lib", default="build-shared/libckey.so")
    ap.add_argument("--out", default="docs/grade-curves.png")
    args = ap.parse_args()
    lib = cs.load(args.lib)
    lib.ckey_grade_gray8.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_size_t,
                                     ctypes.POINTER(ctypes.c_void_p)]
    lib.ckey_grade_get_summary.argtypes = [ctypes.c_void_p, ctypes.POINTER(Summary)]
    lib.ckey_grade_destroy.argtypes = [ctypes.c_void_p]
    ck = cs.CKey(lib)
    clean = ck.render_grey(b"https://openckey.org/grade", 400, cs.PROFILE_SCALABLE, cs.LEVEL_M, ck.style())
    results = {}
    for name, (steps, degrade, parameter) in series(clean).items():
        rows = []
        for v in steps:
            s = grade(lib, degrade(v))
            k = PARAMETERS.index(parameter)
            limiting = [PARAMETERS[i] for i in range(13) if s and s.grades[i] == s.overall] if s else ["does not read"]
            rows.append((v, s.overall if s else 0, s.values[k] if s else float("nan"), s.grades[k] if s else 0,
                         limiting))
        results[name] = (parameter, rows)
        print(f"\n{name}: overall grade and {parameter}")
        for v, overall, value, g, limiting in rows:
            lowest = ", ".join(limiting) if overall < 4 else "-"
            print(f"  {v:>5}: overall {'FDCBA'[overall]} ({overall})  {parameter} {value:8.3f} ({'FDCBA'[g]})"
                  f"  lowest: {lowest}")
        overall = [r[1] for r in rows]
        print("  monotone:", all(b <= a for a, b in zip(overall, overall[1:])))
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("\n(matplotlib not installed: no plot)")
        return
    fig, axes = plt.subplots(1, 4, figsize=(14, 3.4))
    for ax, (name, (parameter, rows)) in zip(axes, results.items()):
        xs = [r[0] for r in rows]
        ax.plot(xs, [r[1] for r in rows], "o-", color="#2E7D32", label="overall grade")
        ax.plot(xs, [r[3] for r in rows], "s--", color="#EF6C00", label=parameter.replace("_", " "))
        ax.set_ylim(-0.3, 4.3)
        ax.set_yticks([0, 1, 2, 3, 4], ["F", "D", "C", "B", "A"])
        ax.set_title(name, fontsize=9)
        ax.legend(fontsize=7, loc="lower left")
        ax.grid(alpha=0.3)
        if xs[0] > xs[-1]:
            ax.invert_xaxis()  # falling contrast: severity rises to the right
    fig.suptitle("CKey print quality grade against degradation (400 px render, 12 px modules)", fontsize=10)
    fig.tight_layout()
    fig.savefig(args.out, dpi=90)
    print(f"\nplot: {args.out}")


if __name__ == "__main__":
    main()
