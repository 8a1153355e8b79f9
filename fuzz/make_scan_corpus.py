#!/usr/bin/env python3
"""Writes the seed corpora of the scan fuzz targets: fuzz/corpus/{scan_buffer,png,jpeg,pnm}/.

Valid tiny renderings of CKey symbols (via libckey.so's C API) in many
encodings, plus truncated and corrupted copies. Deterministic; rerun to
refresh. Usage: fuzz/make_scan_corpus.py [--lib build-shared/libckey.so]
"""
import argparse
import ctypes
import io
import os
import struct
import zlib

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def render(lib, payload, size, profile=0, preset=0, transparent=0):
    P, S = ctypes.c_void_p, ctypes.c_size_t
    lib.ckey_symbol_encode.argtypes = [ctypes.c_char_p, S, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.POINTER(P)]
    lib.ckey_render_pixels.argtypes = [P, P, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_char_p, S, S]
    lib.ckey_style_init.argtypes = [P, ctypes.c_int]
    lib.ckey_symbol_destroy.argtypes = [P]
    sym = P()
    assert lib.ckey_symbol_encode(payload, len(payload), profile, 0, 1, 0, ctypes.byref(sym)) == 0
    style = ctypes.create_string_buffer(512)
    assert lib.ckey_style_init(style, preset) == 0
    buf = ctypes.create_string_buffer(size * size * 4)
    assert lib.ckey_render_pixels(sym, style, size, 0, transparent, buf, size * 4, len(buf)) == 0
    lib.ckey_symbol_destroy(sym)
    return Image.frombytes("RGBA", (size, size), buf.raw)


def encoded(img, fmt, **kw):
    out = io.BytesIO()
    img.save(out, fmt, **kw)
    return out.getvalue()


def damaged(name, data, files):
    files[name + "-trunc-half"] = data[: len(data) // 2]
    files[name + "-trunc-40"] = data[:40]
    flipped = bytearray(data)
    for k in range(len(flipped) // 3, len(flipped), max(1, len(flipped) // 7)):
        flipped[k] ^= 0x5A
    files[name + "-flipped"] = bytes(flipped)


def png_chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", default=os.path.join(ROOT, "build-shared/libckey.so"))
    lib = ctypes.CDLL(ap.parse_args().lib)
    sym = render(lib, b"https://openckey.org", 72)
    concept = render(lib, b"fuzz", 64, preset=1)
    locator = render(lib, b"\xde\xad\xbe\xef", 40, profile=1)
    clear = render(lib, b"alpha", 64, transparent=1)
    corpora = {k: {} for k in ("scan_buffer", "png", "jpeg", "pnm")}

    png = corpora["png"]
    png["gray"] = encoded(sym.convert("L"), "PNG")
    png["rgb"] = encoded(concept.convert("RGB"), "PNG")
    png["rgba-transparent"] = encoded(clear, "PNG")
    png["gray-alpha"] = encoded(clear.convert("LA"), "PNG")
    png["palette"] = encoded(concept.convert("P"), "PNG")
    png["bilevel"] = encoded(sym.convert("1"), "PNG")
    png["gray16"] = encoded(sym.convert("L").convert("I;16"), "PNG")
    png["locator"] = encoded(locator.convert("L"), "PNG")
    base = png["gray"]
    damaged("gray", base, png)
    damaged("rgb", png["rgb"], png)
    # IHDR claiming 20000 x 20000 (over the pixel limit) and 0 x 5.
    for name, (w, h) in {"huge-ihdr": (20000, 20000), "zero-ihdr": (0, 5), "wide-ihdr": (1 << 30, 1)}.items():
        ihdr = png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
        png[name] = base[:8] + ihdr + base[33:]
    png["signature-only"] = base[:8]

    jpg = corpora["jpeg"]
    jpg["gray-q90"] = encoded(sym.convert("L"), "JPEG", quality=90)
    jpg["rgb-q30"] = encoded(concept.convert("RGB"), "JPEG", quality=30)
    jpg["progressive"] = encoded(sym.convert("RGB"), "JPEG", quality=60, progressive=True)
    jpg["cmyk"] = encoded(sym.convert("CMYK"), "JPEG", quality=60)
    jpg["subsampled-420"] = encoded(concept.convert("RGB"), "JPEG", quality=50, subsampling=2)
    for orientation in (3, 6, 8):
        exif = Image.Exif()
        exif[0x0112] = orientation
        jpg[f"exif-{orientation}"] = encoded(sym.convert("L"), "JPEG", quality=70, exif=exif.tobytes())
    damaged("gray-q90", jpg["gray-q90"], jpg)
    damaged("exif-6", jpg["exif-6"], jpg)
    jpg["soi-only"] = b"\xff\xd8\xff"

    pnm = corpora["pnm"]
    gray = sym.convert("L")
    w, h = gray.size
    pnm["p5"] = b"P5\n%d %d\n255\n" % (w, h) + gray.tobytes()
    pnm["p6"] = b"P6\n# comment\n%d %d\n255\n" % concept.size + concept.convert("RGB").tobytes()
    small = gray.resize((24, 24))
    pnm["p2"] = b"P2\n24 24\n255\n" + b"\n".join(b" ".join(b"%d" % v for v in small.tobytes()[r * 24:(r + 1) * 24]) for r in range(24)) + b"\n"
    pnm["p3"] = b"P3 4 2 15\n" + b" ".join(b"%d" % (v % 16) for v in range(24)) + b"\n"
    pnm["p5-16bit"] = b"P5 %d %d 65535\n" % (w, h) + b"".join(struct.pack(">H", v * 257) for v in gray.tobytes())
    pnm["p5-maxval-1"] = b"P5 8 8 1\n" + bytes((x + y) % 2 for y in range(8) for x in range(8))
    damaged("p5", pnm["p5"], pnm)
    damaged("p6", pnm["p6"], pnm)
    pnm["huge-header"] = b"P5\n100000 100000\n255\n\x00\x00"
    pnm["bad-maxval"] = b"P5 2 2 70000\n\x00\x00\x00\x00"
    pnm["zero-size"] = b"P6 0 4 255\n"
    pnm["no-whitespace"] = b"P5 3 3 255"

    buf = corpora["scan_buffer"]
    # Header: width-1, height-1, pad, format+1, flags, mode, 2 spare; then pixels.
    def header(wd, ht, pad, fmt, flags, mode=1):
        return bytes([wd - 1, ht - 1, pad, fmt + 1, flags, mode, 0, 0])
    buf["gray"] = header(72, 72, 0, 0, 0) + gray.tobytes()
    buf["gray-pad3-all"] = header(72, 72, 3, 0, 1) + gray.tobytes()
    buf["nv12-video"] = header(72, 72, 0, 7, 2) + bytes(16 + v * 219 // 255 for v in gray.tobytes())
    buf["nv12-full"] = header(64, 64, 0, 8, 0) + concept.convert("L").tobytes()
    buf["rgba"] = header(40, 40, 0, 1, 0) + locator.tobytes()
    bgra = bytes(b for px in zip(*[iter(clear.resize((36, 36)).tobytes())] * 4) for b in (px[2], px[1], px[0], px[3]))
    buf["bgra"] = header(36, 36, 4, 2, 0) + bgra
    buf["argb-premul"] = header(36, 36, 0, 6, 3) + bgra
    buf["bad-format"] = header(8, 8, 0, 9, 0) + bytes(64)
    buf["bad-flags"] = header(8, 8, 0, 0, 4) + bytes(64)
    buf["refusals"] = header(8, 8, 1, 1, 0, mode=0) + bytes(64)
    buf["blank"] = header(200, 150, 0, 0, 0) + b"\xff"

    for name, files in corpora.items():
        d = os.path.join(ROOT, "fuzz/corpus", name)
        os.makedirs(d, exist_ok=True)
        for fn in os.listdir(d):
            os.remove(os.path.join(d, fn))
        for fn, data in files.items():
            with open(os.path.join(d, fn), "wb") as f:
                f.write(data)
        print(f"{d}: {len(files)} files, {sum(map(len, files.values()))} bytes")


if __name__ == "__main__":
    main()
