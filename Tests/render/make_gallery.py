#!/usr/bin/env python3
"""Renders docs/gallery.png with the ckey CLI: every style, shape, ring, a logo.

usage: python3 Tests/render/make_gallery.py PATH/TO/ckey [OUT.png]
"""
import json
import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw, ImageFont

CKEY = sys.argv[1]
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "..", "..", "docs", "gallery.png")
WORK = tempfile.mkdtemp(prefix="ckey-gallery-")
TILE, PAD, LABEL = 420, 36, 56
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def logo_png():
    size = 256
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([8, 8, size - 8, size - 8], radius=56, fill=(200, 85, 61, 255))
    font = ImageFont.truetype(BOLD, 170)
    d.text((size / 2, size / 2 + 6), "C", font=font, fill=(255, 255, 255, 255), anchor="mm")
    path = os.path.join(WORK, "logo.png")
    img.save(path)
    return path


def style_file(name, fields):
    path = os.path.join(WORK, name + ".json")
    with open(path, "w") as f:
        json.dump(fields, f)
    return path


TEXT = "https://openckey.org/gallery"
TILES = [
    ("plain", "black on white", ["--style", "plain"]),
    ("concept", "cream metal, dark vignette", ["--style", "concept"]),
    ("dots", "circle modules, rounded ring", ["--style", style_file("dots", {
        "module_shape": "circle", "ring_style": "rounded", "ray_cap": "round"})]),
    ("ink & accents", "rounded modules, chamfered ring", ["--style", style_file("navy", {
        "module_shape": "rounded", "ring_style": "chamfered", "ray_cap": "pointed", "ink": "#14213D",
        "ring_color": "#C8553D", "key_color": "#C8553D"})]),
    ("concept dots", "circle modules, pointed rays", ["--style", style_file("metal", {
        "base": "concept", "module_shape": "circle", "ring_style": "chamfered", "ray_cap": "pointed"})]),
    ("logo", "level H, 18% logo (reserve)", ["--style", style_file("logo", {
        "ring_style": "rounded", "ray_cap": "round", "module_shape": "rounded", "ink": "#1B1B1B",
        "ring_color": "#1B1B1B", "key_color": "#C8553D", "logo_size": 18, "logo_padding": 2}),
        "--logo", logo_png(), "--level", "H", "--version", "10"]),
    ("print layout", "inset dark modules", ["--layout", "print", "--style", style_file("print", {
        "ring_style": "rounded"})]),
    ("transparent", "over a photo-like backdrop", ["--transparent", "--style", style_file("glass", {
        "ink": "#FFFFFF", "ring_color": "#FFFFFF", "key_color": "#FFD38A", "background": "#000000",
        "module_shape": "rounded", "ring_style": "rounded", "ray_cap": "round"})]),
]


def backdrop(size):
    img = Image.new("RGB", (size, size))
    px = img.load()
    for y in range(size):
        for x in range(size):
            t, u = x / size, y / size
            px[x, y] = (int(30 + 40 * t), int(60 + 70 * u), int(110 + 60 * (1 - t)))
    return img


def main():
    cols, rows = 4, 2
    W = cols * TILE + (cols + 1) * PAD
    H = rows * (TILE + LABEL) + (rows + 1) * PAD + 70
    sheet = Image.new("RGB", (W, H), (246, 245, 242))
    d = ImageDraw.Draw(sheet)
    d.text((PAD, 28), "CKey styles", font=ImageFont.truetype(BOLD, 34), fill=(20, 20, 20))
    d.text((PAD + 230, 38), "rendered by the core (src/render), the same bytes on every platform",
           font=ImageFont.truetype(FONT, 18), fill=(110, 110, 110))
    for i, (title, caption, args) in enumerate(TILES):
        out = os.path.join(WORK, f"tile{i}.png")
        cmd = [CKEY, "encode", TEXT, "-o", out, "--size", str(TILE)] + args
        if "--version" not in args:
            cmd += ["--version", "6"]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        tile = Image.open(out).convert("RGBA")
        x = PAD + (i % cols) * (TILE + PAD)
        y = 70 + PAD + (i // cols) * (TILE + LABEL + PAD)
        base = backdrop(TILE) if "--transparent" in args else Image.new("RGB", (TILE, TILE), (255, 255, 255))
        base.paste(tile, (0, 0), tile)
        sheet.paste(base, (x, y))
        d.rectangle([x - 1, y - 1, x + TILE, y + TILE], outline=(220, 218, 212))
        d.text((x, y + TILE + 10), title, font=ImageFont.truetype(BOLD, 19), fill=(25, 25, 25))
        d.text((x, y + TILE + 34), caption, font=ImageFont.truetype(FONT, 15), fill=(110, 110, 110))
    # 256 colours with dithering: a third of the size, no visible banding.
    sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.FLOYDSTEINBERG).save(OUT, optimize=True)
    print(OUT)


main()
