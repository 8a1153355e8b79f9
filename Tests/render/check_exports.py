#!/usr/bin/env python3
"""Checks CKey's exports with tools we did not write.

  rsvg-convert  SVG at non-integer scales shows no seam inside merged dark areas
  qpdf          the PDF is structurally valid (qpdf --check)
  pdftoppm      the PDF rendered matches our raster within the stated tolerance
  pdfimages     no image in a PDF unless a logo was given
  pngcheck      the PNG is valid and carries pHYs with the right value
  Pillow        reads the PNG's pixels equal to the raw RGBA buffer

usage: python3 Tests/render/check_exports.py [BUILD_DIR]   (default build-render)
Builds a shared library from BUILD_DIR/libckey.a and drives the C API with ctypes.
"""
import ctypes
import io
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build-render"))
WORK = tempfile.mkdtemp(prefix="ckey-exports-")
FAILURES = []

# Stated tolerances for pdftoppm vs our coverage raster at the same size.
PDF_MEAN_TOLERANCE = 3.0        # mean absolute difference per channel, of 255
PDF_OUTLIER_TOLERANCE = 0.01    # share of pixels differing by more than 64 in some channel
SEAM_THRESHOLD = 8              # inside merged dark areas: no pixel lighter than this (of 255)


def check(condition, message):
    print(("  ok    " if condition else "  FAIL  ") + message)
    if not condition:
        FAILURES.append(message)


def load_library():
    lib_path = os.path.join(WORK, "libckey_check.so")
    subprocess.run(["c++", "-shared", "-o", lib_path, "-Wl,--whole-archive", os.path.join(BUILD, "libckey.a"),
                    "-Wl,--no-whole-archive", "-lpng", "-ljpeg", "-lcrypto", "-lpthread"], check=True)
    return ctypes.CDLL(lib_path)


class Style(ctypes.Structure):
    _fields_ = [("ink", ctypes.c_uint32), ("background", ctypes.c_uint32), ("background_edge", ctypes.c_uint32),
                ("ring_color", ctypes.c_uint32), ("key_color", ctypes.c_uint32), ("module_shape", ctypes.c_int),
                ("ring_style", ctypes.c_int), ("ray_cap", ctypes.c_int), ("bevel", ctypes.c_int),
                ("shadow", ctypes.c_int), ("texture", ctypes.c_int), ("policy", ctypes.c_int),
                ("logo_rgba", ctypes.c_void_p), ("logo_width", ctypes.c_int), ("logo_height", ctypes.c_int),
                ("logo_size", ctypes.c_int), ("logo_padding", ctypes.c_int), ("logo_mode", ctypes.c_int)]


lib = load_library()
lib.ckey_last_error.restype = ctypes.c_char_p
lib.ckey_render_svg.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_double, ctypes.c_int,
                                ctypes.POINTER(ctypes.c_char_p)]
lib.ckey_render_pdf.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_double, ctypes.c_int,
                                ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t)]
lib.ckey_render_png.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                ctypes.c_int, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t)]
lib.ckey_render_pixels.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                   ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t]
lib.ckey_symbol_encode.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                   ctypes.c_int, ctypes.POINTER(ctypes.c_void_p)]
lib.ckey_free.argtypes = [ctypes.c_void_p]
lib.ckey_free.argtypes = [ctypes.c_char_p]


def ok(status):
    if status != 0:
        raise RuntimeError(lib.ckey_last_error().decode())


def encode(text, version=0, profile=0, layout=0, level=1):
    handle = ctypes.c_void_p()
    data = text.encode()
    ok(lib.ckey_symbol_encode(data, len(data), profile, version, level, layout, ctypes.byref(handle)))
    return handle


def style(preset):
    s = Style()
    ok(lib.ckey_style_init(ctypes.byref(s), preset))
    return s


def modules(symbol):
    class Info(ctypes.Structure):
        _fields_ = [(name, ctypes.c_int) for name in
                    ("profile", "version", "level", "layout", "mask", "modules", "format_bits", "blocks",
                     "data_codewords", "ec_codewords", "encodation")] + [("payload_bytes", ctypes.c_size_t),
                                                                         ("capacity", ctypes.c_size_t)]
    info = Info()
    ok(lib.ckey_symbol_get_info(symbol, ctypes.byref(info)))
    n = info.modules
    buf = (ctypes.c_uint8 * (n * n))()
    ok(lib.ckey_symbol_get_modules(symbol, buf, n * n))
    return n, np.frombuffer(bytes(buf), dtype=np.uint8).reshape(n, n)


def svg_text(symbol, st, scale, transparent=0):
    out = ctypes.c_char_p()
    ok(lib.ckey_render_svg(symbol, ctypes.byref(st), scale, transparent, ctypes.byref(out)))
    text = out.value.decode()
    return text


def pdf_bytes(symbol, st, width):
    data, length = ctypes.c_void_p(), ctypes.c_size_t()
    ok(lib.ckey_render_pdf(symbol, ctypes.byref(st), width, 0, ctypes.byref(data), ctypes.byref(length)))
    out = ctypes.string_at(data, length.value)
    lib.ckey_free(data)
    return out


def png_bytes(symbol, st, size, dpi, policy=0, transparent=0):
    data, length = ctypes.c_void_p(), ctypes.c_size_t()
    ok(lib.ckey_render_png(symbol, ctypes.byref(st), size, policy, transparent, dpi, ctypes.byref(data),
                           ctypes.byref(length)))
    out = ctypes.string_at(data, length.value)
    lib.ckey_free(data)
    return out


def raw_pixels(symbol, st, size, policy=0, transparent=0):
    buf = (ctypes.c_uint8 * (size * size * 4))()
    ok(lib.ckey_render_pixels(symbol, ctypes.byref(st), size, policy, transparent, buf, size * 4, len(buf)))
    return np.frombuffer(bytes(buf), dtype=np.uint8).reshape(size, size, 4)


def write(name, data):
    path = os.path.join(WORK, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def svg_seams():
    print("rsvg-convert: no seams at non-integer scales")
    symbol = encode("https://openckey.org/seams", version=7)
    n, grid = modules(symbol)
    dark = (grid & 1).astype(bool)
    for per_module in (1.37, 2.5, 3.1):
        scale = per_module * n / 23.0  # px per canvas unit
        size = int(round(31 * scale))
        path = write("seams.svg", svg_text(symbol, style(0), scale))
        png = os.path.join(WORK, "seams.png")
        subprocess.run(["rsvg-convert", "-w", str(size), "-h", str(size), "-b", "white", "-o", png, path], check=True)
        img = np.asarray(Image.open(png).convert("L")).astype(int)
        unit = img.shape[0] / 31.0
        worst, inside = 0, 0
        for r in range(n - 1):
            for c in range(n - 1):
                if not dark[r:r + 2, c:c + 2].all():
                    continue
                x0 = int(np.ceil((4 + 23.0 * c / n) * unit)); x1 = int(np.floor((4 + 23.0 * (c + 2) / n) * unit))
                y0 = int(np.ceil((4 + 23.0 * r / n) * unit)); y1 = int(np.floor((4 + 23.0 * (r + 2) / n) * unit))
                if x1 > x0 and y1 > y0:
                    block = img[y0:y1, x0:x1]
                    inside += block.size
                    worst = max(worst, int(block.max()))
        check(inside > 0 and worst <= SEAM_THRESHOLD,
              f"{per_module} px/module ({size} px): {inside} px inside merged areas, lightest {worst} <= {SEAM_THRESHOLD}")


def pdf_checks():
    print("qpdf, pdftoppm, pdfimages")
    symbol = encode("https://openckey.org/pdf", version=10)
    for name, preset in (("plain", 0), ("concept", 1)):
        st = style(preset)
        st.texture = 0  # texture is raster only
        size, width = 620, 144.0
        path = write(f"{name}.pdf", pdf_bytes(symbol, st, width))
        qpdf = subprocess.run(["qpdf", "--check", path], capture_output=True, text=True)
        check(qpdf.returncode == 0 and "No syntax or stream encoding errors" in qpdf.stdout, f"{name}: qpdf --check")
        images = subprocess.run(["pdfimages", "-list", path], capture_output=True, text=True, check=True)
        check(len(images.stdout.strip().splitlines()) == 2, f"{name}: pdfimages -list shows no image")
        subprocess.run(["pdftoppm", "-r", str(72.0 * size / width), "-png", "-singlefile", path,
                        os.path.join(WORK, name)], check=True)
        rendered = np.asarray(Image.open(os.path.join(WORK, name + ".png")).convert("RGB")).astype(int)
        ours = raw_pixels(symbol, st, size)[:, :, :3].astype(int)
        check(rendered.shape == ours.shape, f"{name}: pdftoppm page is {rendered.shape[0]} px like the raster")
        if rendered.shape == ours.shape:
            diff = np.abs(rendered - ours)
            mean = diff.mean()
            outliers = (diff.max(axis=2) > 64).mean()
            check(mean <= PDF_MEAN_TOLERANCE and outliers <= PDF_OUTLIER_TOLERANCE,
                  f"{name}: pdftoppm vs raster mean |diff| {mean:.2f} <= {PDF_MEAN_TOLERANCE}, "
                  f"pixels off by > 64: {outliers * 100:.2f}% <= {PDF_OUTLIER_TOLERANCE * 100:.0f}%")
    st = style(0)
    logo = (ctypes.c_uint8 * (32 * 16 * 4))(*([200, 40, 40, 255] * (32 * 16)))
    st.logo_rgba = ctypes.cast(logo, ctypes.c_void_p)
    st.logo_width, st.logo_height, st.logo_size, st.logo_padding = 32, 16, 10, 1
    st.policy = 2
    path = write("logo.pdf", pdf_bytes(symbol, st, 144.0))
    listing = subprocess.run(["pdfimages", "-list", path], capture_output=True, text=True, check=True).stdout
    check(len(listing.strip().splitlines()) == 4 and " smask " in listing, "logo: pdfimages lists the image and its soft mask")
    check(subprocess.run(["qpdf", "--check", path], capture_output=True).returncode == 0, "logo: qpdf --check")


def png_checks():
    print("pngcheck, Pillow")
    symbol = encode("https://openckey.org/png", version=6)
    for name, preset, policy, transparent in (("plain", 0, 0, 0), ("binary", 0, 1, 0), ("concept", 1, 0, 0),
                                              ("concept-transparent", 1, 0, 1)):
        st = style(preset)
        data = png_bytes(symbol, st, 400, 300, policy, transparent)
        path = write(name + ".png", data)
        out = subprocess.run(["pngcheck", "-v", path], capture_output=True, text=True)
        check(out.returncode == 0, f"{name}: pngcheck -v passes")
        check("11811 pixels/meter" in out.stdout, f"{name}: pHYs 11811 px/m (300 dpi)")
        check("Software" in out.stdout, f"{name}: tEXt Software chunk")
        img = np.asarray(Image.open(io.BytesIO(data)).convert("RGBA"))
        raw = raw_pixels(symbol, st, 400, policy, transparent)
        check(np.array_equal(img, raw), f"{name}: Pillow pixels equal the raw RGBA buffer")
        if policy == 1:
            colours = np.unique(raw.reshape(-1, 4), axis=0)
            check(len(colours) == 2, f"{name}: exactly two colours")


svg_seams()
pdf_checks()
png_checks()
print(f"{len(FAILURES)} failed" if FAILURES else "all passed")
sys.exit(1 if FAILURES else 0)
