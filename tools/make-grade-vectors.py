#!/usr/bin/env python3
"""Writes spec/vectors/grade/*.png and spec/vectors/grade.json: print quality
grade vectors (spec/CKey-Print-Quality.md section 8). Each image is the
reference renderer's symbol with one known defect, drawn here with Pillow;
the expected grades are what the reference grader gives, checked by hand
against the defect (the parameter it should lower, and no other).

    CKEY_CLI=.build/debug/ckey python3 tools/make-grade-vectors.py

Tests/cli/test_grade_cli.py grades the committed images and compares.
"""
import json
import os
import subprocess
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "spec" / "vectors" / "grade"
CLI = os.environ.get("CKEY_CLI", str(ROOT / ".build" / "debug" / "ckey"))
PAYLOAD = "https://openckey.org/grade"
SIZE = 1024
UNIT = SIZE / 31


def box(x0, y0, x1, y1):
    return [round(x0 * UNIT), round(y0 * UNIT), round(x1 * UNIT) - 1, round(y1 * UNIT) - 1]


def ring_gap(im):
    ImageDraw.Draw(im).rectangle(box(8, 1.9, 13, 3.0), fill=255)  # 5 units of the ring's top side
    return im


def smudged_band(im):
    ImageDraw.Draw(im).rectangle(box(4, 27, 27, 28), fill=128)  # the bottom side of the band, mid-grey
    return im


def ink_spread(im):
    return im.filter(ImageFilter.MinFilter(11))  # 5 px of spread on 36 px modules


def low_contrast(im):
    return im.point(lambda v: 90 + v * 80 // 255)  # ink at grey 90, paper at 170


def blurred(im):
    return im.resize((400, 400), Image.LANCZOS).filter(ImageFilter.GaussianBlur(4))


VECTORS = [
    ("clean", "the reference rendering, 1024 px", lambda im: im),
    ("ring-gap", "the ring cut over 5 canvas units of its top side", ring_gap),
    ("smudged-band", "the bottom side of the format band painted grey 128", smudged_band),
    ("ink-spread", "ink spread by a 5 px square minimum filter", ink_spread),
    ("low-contrast", "ink at grey 90, paper at 170", low_contrast),
    ("blurred", "scaled to 400 px, then a Gaussian blur of 4 px", blurred),
]


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "clean.png"
        subprocess.run([CLI, "encode", PAYLOAD, "-o", str(base), "--size", str(SIZE)], check=True,
                       stdout=subprocess.DEVNULL)
        clean = Image.open(base).convert("L")
        vectors = []
        for name, defect, make in VECTORS:
            path = OUT / f"{name}.png"
            make(clean.copy()).save(path, optimize=True)
            report = json.loads(subprocess.run([CLI, "grade", str(path), "--json"], check=True, capture_output=True,
                                               text=True).stdout)
            vectors.append({
                "file": f"grade/{name}.png", "defect": defect, "payload": PAYLOAD,
                "overall": report["overall"]["grade"],
                "grades": {k: v["grade"] for k, v in report["parameters"].items()},
                "values": {k: round(v["value"], 4) for k, v in report["parameters"].items()},
            })
    doc = {"description": "Print quality grade vectors (spec/CKey-Print-Quality.md). Grades 4 (A) ... 0 (F); "
                          "values in the units of the spec's section 5. A conforming grader gives the same grades; "
                          "values agree within 0.02 (fractions) or 1.0 (percent).",
           "generator": "tools/make-grade-vectors.py", "vectors": vectors}
    (ROOT / "spec" / "vectors" / "grade.json").write_text(json.dumps(doc, indent=1) + "\n")
    for v in vectors:
        low = ", ".join(f"{k} {g}" for k, g in v["grades"].items() if g < 4) or "-"
        print(f"{v['file']}: overall {v['overall']}; below A: {low}")


if __name__ == "__main__":
    main()
