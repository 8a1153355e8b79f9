"""Third-party renderings of CKey symbols decode.

Symbols are written by the `ckey` CLI (SVG, PDF, PNG), converted by tools
CKey does not control (rsvg-convert at non-integer scales, pdftoppm, JPEG
quality 30 by Pillow and by ImageMagick), then read back with
`ckey decode --json`, which must return the payload.

The CLI is $CKEY_CLI (default .build/debug/ckey). A missing tool fails the
test: these conversions are the point, a skip would hide them.

    CKEY_CLI=/tmp/swift-me/debug/ckey python3 -m pytest Tests/scan/test_third_party.py
"""
import io
import json
import os
import pathlib
import shutil
import subprocess

import pytest
from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("CKEY_CLI", str(ROOT / ".build/debug/ckey"))

# (payload, extra encode options): a Profile 0 URL, a denser version, and the
# 4-byte Profile 1 locator.
SYMBOLS = {
    "url": ("https://openckey.org/3p", []),
    "v5-print": ("third party version five, print layout", ["--version", "5", "--layout", "print"]),
    "locator": ("CKEY", ["--profile", "locator"]),
}


def tool(name):
    path = CLI if name == "ckey" else shutil.which(name)
    assert path and os.access(path, os.X_OK), f"{name} is required (CKEY_CLI for ckey; install it, do not skip)"
    return path


def run(*args):
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{' '.join(map(str, args))} failed ({done.returncode}): {done.stderr}"
    return done.stdout


def encode(tmp_path, name, fmt, *options):
    payload, extra = SYMBOLS[name]
    out = tmp_path / f"{name}.{fmt}"
    run(tool("ckey"), "encode", payload, *extra, *options, "-o", out)
    assert out.stat().st_size > 0
    return payload, out


def decoded_payloads(path):
    done = subprocess.run([tool("ckey"), "decode", "--json", str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 3), f"ckey decode {path}: {done.returncode} {done.stderr}"
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["found"] == (done.returncode == 0)
    return [bytes.fromhex(r["bytes_hex"]) for r in report["results"]], report


def assert_decodes(path, payload):
    found, report = decoded_payloads(path)
    assert found, f"{path.name}: nothing found ({report})"
    assert found[0] == payload.encode(), f"{path.name}: decoded {found[0]!r}, expected {payload!r}"
    assert report["results"][0]["text"] == payload


# Every symbol at every scale except version 5 at 1.37 px per unit: its 37
# modules would get 0.85 px each, less than one sample per module.
SVG_CASES = [(name, scale) for name in sorted(SYMBOLS) for scale in (1.37, 2.5, 3.1)
             if (name, scale) != ("v5-print", 1.37)]


@pytest.mark.parametrize("name,scale", SVG_CASES)
def test_svg_through_rsvg_convert(tmp_path, name, scale):
    # --size 31 writes the SVG at 1 px per canvas unit (viewBox 0 0 31 31),
    # so rsvg-convert's zoom is the px-per-unit scale.
    payload, svg = encode(tmp_path, name, "svg", "--size", "31")
    png = tmp_path / f"{name}-{scale}.png"
    run(tool("rsvg-convert"), "-z", scale, "-o", png, svg)
    assert Image.open(png).size[0] == pytest.approx(31 * scale, abs=1.5)
    assert_decodes(png, payload)


@pytest.mark.parametrize("name", sorted(SYMBOLS))
@pytest.mark.parametrize("dpi", [72, 150])
def test_pdf_through_pdftoppm(tmp_path, name, dpi):
    payload, pdf = encode(tmp_path, name, "pdf", "--points", "144")
    stem = tmp_path / f"{name}-{dpi}"
    run(tool("pdftoppm"), "-r", dpi, "-png", "-singlefile", pdf, stem)
    png = stem.with_suffix(".png")
    assert Image.open(png).size[0] == pytest.approx(144 * dpi / 72, abs=2)
    assert_decodes(png, payload)


@pytest.mark.parametrize("name", sorted(SYMBOLS))
@pytest.mark.parametrize("style", ["plain", "concept"])
def test_png_as_jpeg_q30_by_pillow(tmp_path, name, style):
    payload, png = encode(tmp_path, name, "png", "--size", "300", "--style", style)
    jpeg = tmp_path / f"{name}-pillow.jpg"
    Image.open(png).convert("RGB").save(jpeg, "JPEG", quality=30)
    assert_decodes(jpeg, payload)


@pytest.mark.parametrize("name", sorted(SYMBOLS))
@pytest.mark.parametrize("style", ["plain", "concept"])
def test_png_as_jpeg_q30_by_imagemagick(tmp_path, name, style):
    payload, png = encode(tmp_path, name, "png", "--size", "300", "--style", style)
    jpeg = tmp_path / f"{name}-magick.jpg"
    run(tool("convert"), png, "-quality", "30", jpeg)
    with open(jpeg, "rb") as f:
        assert f.read(3) == b"\xff\xd8\xff"
    assert_decodes(jpeg, payload)


def test_blank_image_finds_nothing(tmp_path):
    blank = tmp_path / "blank.png"
    Image.new("L", (200, 200), 255).save(blank)
    found, report = decoded_payloads(blank)
    assert found == [] and report["found"] is False
