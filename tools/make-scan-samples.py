#!/usr/bin/env python3
"""Rebuilds the scanner's blackbox folder, Tests/samples/<case>/.

Each case holds images and, per image, the expected payload: <image>.txt
(text) or <image>.bin (bytes). expected-passes.txt gives the minimum number
of images that must decode at each rotation (0/90/180/270); this script
measures what decodes today through libckey.so and writes that count minus a
small slack (1 per started 10 images), so a small drift does not fail the
test but a real regression does. Tests/core/test_scan_blackbox.cpp reads it.

Cases:
  render-plain, render-concept, render-locator, render-transparent
      clean renders through the C API (ckey_symbol_encode + ckey_render_png)
  thirdparty-svg      ckey_render_svg rasterised by rsvg-convert at non-integer zoom
  thirdparty-pdf      ckey_render_pdf rasterised by pdftoppm
  thirdparty-jpeg     PNG renders re-encoded as JPEG quality 30 by Pillow and ImageMagick
  degraded-<category> camera-like frames from bench/scan_benchmark.py's
                      make_frames (fixed seed), cropped around the symbol

Usage: tools/make-scan-samples.py --lib build-shared/libckey.so [--out Tests/samples]
Needs: rsvg-convert, pdftoppm, ImageMagick convert, Pillow, numpy, opencv-python,
zxing-cpp (imported by the benchmark module).
"""
import argparse
import ctypes
import io
import math
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import scan_benchmark  # noqa: E402

P, S, I = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int
FLAG_THOROUGH = 2
DEGRADED = ["nominal", "small", "rotation", "perspective", "blur", "motion", "noise", "lighting",
            "low-contrast", "jpeg", "inverted", "curved", "damage"]


class Lib:
    def __init__(self, path):
        self.lib = lib = ctypes.CDLL(path)
        lib.ckey_symbol_encode.argtypes = [ctypes.c_char_p, S, I, I, I, I, ctypes.POINTER(P)]
        lib.ckey_symbol_destroy.argtypes = [P]
        lib.ckey_style_init.argtypes = [P, I]
        lib.ckey_render_png.argtypes = [P, P, I, I, I, I, ctypes.POINTER(P), ctypes.POINTER(S)]
        lib.ckey_render_svg.argtypes = [P, P, ctypes.c_double, I, ctypes.POINTER(P)]
        lib.ckey_render_pdf.argtypes = [P, P, ctypes.c_double, I, ctypes.POINTER(P), ctypes.POINTER(S)]
        lib.ckey_free.argtypes = [P]
        lib.ckey_free.argtypes = [P]
        lib.ckey_last_error.restype = ctypes.c_char_p
        lib.ckey_decoder_create.argtypes = [ctypes.POINTER(P)]
        lib.ckey_decoder_scan.argtypes = [P, P, S, I, I, S, I, I, ctypes.POINTER(P)]
        lib.ckey_results_get_count.argtypes = [P, ctypes.POINTER(S)]
        lib.ckey_results_get_payload.argtypes = [P, S, ctypes.POINTER(ctypes.POINTER(ctypes.c_uint8)), ctypes.POINTER(S)]
        lib.ckey_results_destroy.argtypes = [P]
        self.decoder = P()
        self.check(lib.ckey_decoder_create(ctypes.byref(self.decoder)))

    def check(self, status):
        if status != 0:
            raise RuntimeError(self.lib.ckey_last_error().decode())

    def _with_symbol(self, payload, profile, version, level, layout, preset, body):
        sym = P()
        self.check(self.lib.ckey_symbol_encode(payload, len(payload), profile, version, level, layout, ctypes.byref(sym)))
        style = ctypes.create_string_buffer(512)
        self.check(self.lib.ckey_style_init(style, preset))
        try:
            return body(sym, style)
        finally:
            self.lib.ckey_symbol_destroy(sym)

    def png(self, payload, size, profile=0, version=0, level=1, layout=0, preset=0, policy=0, transparent=0):
        def body(sym, style):
            data, n = P(), S()
            self.check(self.lib.ckey_render_png(sym, style, size, policy, transparent, 0, ctypes.byref(data), ctypes.byref(n)))
            out = ctypes.string_at(data, n.value)
            self.lib.ckey_free(data)
            return out
        return self._with_symbol(payload, profile, version, level, layout, preset, body)

    def svg(self, payload, scale, version=0, preset=0):
        def body(sym, style):
            text = P()
            self.check(self.lib.ckey_render_svg(sym, style, scale, 0, ctypes.byref(text)))
            out = ctypes.string_at(text)
            self.lib.ckey_free(text)
            return out
        return self._with_symbol(payload, 0, version, 1, 0, preset, body)

    def pdf(self, payload, points, version=0, preset=0):
        def body(sym, style):
            data, n = P(), S()
            self.check(self.lib.ckey_render_pdf(sym, style, points, 0, ctypes.byref(data), ctypes.byref(n)))
            out = ctypes.string_at(data, n.value)
            self.lib.ckey_free(data)
            return out
        return self._with_symbol(payload, 0, version, 1, 0, preset, body)

    def scan_gray(self, gray):
        gray = np.ascontiguousarray(gray, dtype=np.uint8)
        results = P()
        self.check(self.lib.ckey_decoder_scan(self.decoder, gray.ctypes.data, gray.nbytes, gray.shape[1], gray.shape[0],
                                              gray.shape[1], 0, FLAG_THOROUGH, ctypes.byref(results)))
        try:
            count = S()
            self.check(self.lib.ckey_results_get_count(results, ctypes.byref(count)))
            if count.value == 0:
                return None
            ptr, n = ctypes.POINTER(ctypes.c_uint8)(), S()
            self.check(self.lib.ckey_results_get_payload(results, 0, ctypes.byref(ptr), ctypes.byref(n)))
            return bytes(ptr[: n.value])
        finally:
            self.lib.ckey_results_destroy(results)


def gray_of(path):
    """Luminance as the core's readers give it: alpha drawn over white, Rec. 601 luma."""
    img = Image.open(path)
    if img.mode in ("L", "I;16", "1"):
        return np.asarray(img.convert("L"))
    rgba = np.asarray(img.convert("RGBA")).astype(np.int32)
    a = rgba[..., 3:4]
    rgb = (rgba[..., :3] * a + 255 * (255 - a) + 127) // 255
    return ((77 * rgb[..., 0] + 150 * rgb[..., 1] + 29 * rgb[..., 2] + 128) >> 8).astype(np.uint8)


class Case:
    def __init__(self, out, name):
        self.dir = os.path.join(out, name)
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        self.name = name
        self.images = []

    def add(self, filename, data, payload):
        path = os.path.join(self.dir, filename)
        with open(path, "wb") as f:
            f.write(data)
        self.add_existing(filename, payload)

    def add_existing(self, filename, payload):
        text = None
        try:
            text = payload.decode("utf-8")
            if any(ord(c) < 32 and c not in "\t\n\r" for c in text):
                text = None
        except UnicodeDecodeError:
            pass
        if text is not None:
            with open(os.path.join(self.dir, filename + ".txt"), "w", encoding="utf-8", newline="") as f:
                f.write(text)
        else:
            with open(os.path.join(self.dir, filename + ".bin"), "wb") as f:
                f.write(payload)
        self.images.append((filename, payload))

    def finish(self, lib):
        counts = []
        for rotation in (0, 90, 180, 270):
            passed = 0
            for filename, payload in self.images:
                gray = np.rot90(gray_of(os.path.join(self.dir, filename)), k=-rotation // 90)
                passed += lib.scan_gray(gray) == payload
            counts.append(passed)
        n = len(self.images)
        slack = math.ceil(n / 10)
        with open(os.path.join(self.dir, "expected-passes.txt"), "w") as f:
            f.write(f"# {n} images. Passing when generated (0/90/180/270): {' '.join(map(str, counts))}.\n")
            f.write(f"# Minimums: those counts minus {slack} (1 per started 10 images).\n")
            f.write("# rotation minimum\n")
            for rotation, passed in zip((0, 90, 180, 270), counts):
                f.write(f"{rotation} {max(0, passed - slack)}\n")
        size = sum(os.path.getsize(os.path.join(self.dir, f)) for f in os.listdir(self.dir))
        print(f"{self.name:24s} {n:2d} images {size / 1024:7.1f} KiB  passes {counts}")
        return size


def run(cmd, **kw):
    subprocess.run(cmd, check=True, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", default=os.path.join(ROOT, "build-shared/libckey.so"))
    ap.add_argument("--out", default=os.path.join(ROOT, "Tests/samples"))
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    lib = Lib(args.lib)
    total = 0
    cases = []

    c = Case(args.out, "render-plain")
    # (payload, version, level, layout, size)
    for i, (payload, version, level, layout, size) in enumerate([
            (b"https://openckey.org", 1, 1, 0, 120),
            (b"HELLO WORLD 2026", 2, 0, 0, 100),
            (b"https://ex.com/tickets/8F3K", 3, 2, 1, 180),
            (b"\x00\x01\x02\xfe\xffbinary\x1b", 4, 3, 0, 200),
            ("Grüße aus Köln – ümlaut".encode(), 5, 1, 0, 220),
            (b"https://shop.example.net/p/" + b"a1b2c3" * 6, 8, 1, 1, 300),
            (b"L" * 120, 12, 0, 0, 360),
            (b"mixed 0123456789 " * 10, 16, 2, 1, 480)]):
        c.add(f"p0-v{version}-{'LMQH'[level]}-{'print' if layout else 'std'}.png",
              lib.png(payload, size, 0, version, level, layout), payload)
    c.add("p2-text.png", lib.png(b"Profile 2 short text", 220, profile=2), b"Profile 2 short text")
    c.add("p0-binary-policy.png", lib.png(b"binary raster", 124, version=2, policy=1), b"binary raster")
    c.add("p0-hybrid-policy.png", lib.png(b"hybrid raster", 96, version=2, policy=2), b"hybrid raster")
    cases.append(c)

    c = Case(args.out, "render-concept")
    for version, size, layout in ((1, 110, 0), (3, 150, 0), (5, 190, 1), (9, 250, 0)):
        payload = f"concept style v{version}".encode()
        c.add(f"concept-v{version}.png", lib.png(payload, size, 0, version, 1, layout, preset=1), payload)
    # Version 4 at 248 px (5.6 px per module): some policies and the print
    # layout did not decode when this folder was made; the minimums record it.
    for layout, policy in ((0, 0), (0, 1), (1, 0), (1, 1), (1, 2)):
        payload = f"https://openckey.org/decoder/{('standard', 'print')[layout]}".encode()
        name = f"concept-v4-248px-{('std', 'print')[layout]}-{('coverage', 'binary', 'hybrid')[policy]}.png"
        c.add(name, lib.png(payload, 248, 0, 4, 2, layout, preset=1, policy=policy), payload)
    cases.append(c)

    c = Case(args.out, "render-locator")
    # 31 px is the smallest render; a 24 px canvas is a 124 px render box-filtered down.
    small = Image.open(io.BytesIO(lib.png(b"\xde\xad\xbe\xef", 124, profile=1))).convert("L")
    out = io.BytesIO()
    small.resize((24, 24), Image.BOX).save(out, "PNG")
    c.add("locator-24px-downscaled.png", out.getvalue(), b"\xde\xad\xbe\xef")
    for ident, size in ((b"\x00\x00\x00\x01", 32), (b"CKEY", 48), (b"\x7f\x80\x81\x82", 64),
                        (b"\x12\x34\x56\x78", 96)):
        c.add(f"locator-{size}px.png", lib.png(ident, size, profile=1), ident)
    c.add("locator-concept-64px.png", lib.png(b"LOC1", 64, profile=1, preset=1), b"LOC1")
    cases.append(c)

    c = Case(args.out, "render-transparent")
    for version, size in ((2, 160), (6, 260)):
        payload = f"transparent over white v{version}".encode()
        # RGBA with alpha 0 around the marks; the reader draws it over white.
        c.add(f"plain-alpha-v{version}.png", lib.png(payload, size, 0, version, transparent=1), payload)
    for version, size, backdrop in ((2, 180, (24, 24, 28)), (5, 240, (40, 20, 60))):
        payload = f"concept over dark v{version}".encode()
        clear = Image.open(io.BytesIO(lib.png(payload, size, 0, version, preset=1, transparent=1))).convert("RGBA")
        ground = Image.new("RGBA", clear.size, backdrop + (255,))
        out = io.BytesIO()
        Image.alpha_composite(ground, clear).convert("RGB").save(out, "PNG")
        c.add(f"concept-over-dark-v{version}.png", out.getvalue(), payload)
    cases.append(c)

    with tempfile.TemporaryDirectory() as tmp:
        c = Case(args.out, "thirdparty-svg")
        for version, zoom, preset in ((2, 4.37, 0), (3, 6.5, 0), (4, 7.13, 1), (7, 10.3, 0)):
            payload = f"https://openckey.org/svg/{version}".encode()
            svg = os.path.join(tmp, f"s{version}.svg")
            with open(svg, "wb") as f:
                f.write(lib.svg(payload, 1.0, version, preset))
            name = f"rsvg-v{version}-zoom{zoom}.png"
            run(["rsvg-convert", "-z", str(zoom), "-o", os.path.join(c.dir, name), svg])
            c.add_existing(name, payload)
        cases.append(c)

        c = Case(args.out, "thirdparty-pdf")
        for version, points, dpi, preset in ((2, 96, 150, 0), (4, 180, 72, 0), (6, 150, 150, 1), (3, 110, 100, 0)):
            payload = f"pdf v{version} at {dpi} dpi".encode()
            pdf = os.path.join(tmp, f"p{version}.pdf")
            with open(pdf, "wb") as f:
                f.write(lib.pdf(payload, points, version, preset))
            stem = f"pdftoppm-v{version}-{dpi}dpi"
            run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", pdf, os.path.join(c.dir, stem)])
            c.add_existing(stem + ".png", payload)
        cases.append(c)

        c = Case(args.out, "thirdparty-jpeg")
        for version, size, preset in ((2, 160, 0), (4, 220, 0), (6, 280, 1), (10, 360, 0)):
            payload = f"jpeg q30 v{version}".encode()
            png = os.path.join(tmp, f"j{version}.png")
            with open(png, "wb") as f:
                f.write(lib.png(payload, size, 0, version, preset=preset))
            out = io.BytesIO()
            Image.open(png).convert("RGB").save(out, "JPEG", quality=30)
            c.add(f"pillow-q30-v{version}.jpg", out.getvalue(), payload)
            name = f"magick-q30-v{version}.jpg"
            run(["convert", png, "-quality", "30", os.path.join(c.dir, name)])
            c.add_existing(name, payload)
        cases.append(c)

    # Degraded camera frames: the benchmark's recipe, cropped around the symbol.
    ck = scan_benchmark.CKey(args.lib)
    quads = []
    original_place = scan_benchmark.place

    def recording_place(frame, canvas, quad):
        quads.append(np.asarray(quad, dtype=np.float64))
        original_place(frame, canvas, quad)

    scan_benchmark.place = recording_place
    try:
        for ci, category in enumerate(DEGRADED):
            c = Case(args.out, f"degraded-{category}")
            rng = np.random.default_rng([args.seed, ci])
            for index in range(3):
                quads.clear()
                frame, _, payloads = scan_benchmark.make_frames(category, index, ck, rng)
                quad = quads[0]
                margin = 24
                x0, y0 = np.floor(quad.min(axis=0)).astype(int) - margin
                x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + margin
                crop = frame[max(0, y0):min(frame.shape[0], y1), max(0, x0):min(frame.shape[1], x1)]
                out = io.BytesIO()
                # Noisy frames compress badly as PNG; camera frames are JPEG anyway.
                Image.fromarray(crop).save(out, "JPEG", quality=85)
                c.add(f"{category}-{index}.jpg", out.getvalue(), payloads[0])
            cases.append(c)
    finally:
        scan_benchmark.place = original_place

    for c in cases:
        total += c.finish(lib)
    print(f"total {total / 1024:.1f} KiB")


if __name__ == "__main__":
    main()
