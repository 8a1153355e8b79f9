"""Peak memory of the image readers on 100-megapixel files (issue 12 item 5).

Writes a 10000 x 10000 test pattern as P5, P6, P2, P3, PNG (grey, RGB,
RGB), JPEG (grey, colour baseline, colour progressive at 100 and 36 MP,
CMYK) and a truncated JPEG into a temporary folder, then runs build/image_memory on
them, which reads each in a child process and prints its peak resident size
next to the grey image's size. Target: peak <= 1.5 x grey + a constant.

Run: python3 bench/image_memory.py [--build build] [--side 10000] [--keep DIR]
"""
import argparse
import subprocess
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]


def pattern(side):
    y, x = np.mgrid[0:side, 0:side]
    grey = np.where(((x // 7) + (y // 11)) % 2 == 0, 30, 220).astype(np.uint8)
    return grey


def write_pnm(path, magic, array, maxval=255):
    h, w = array.shape[:2]
    with open(path, "wb") as f:
        f.write(f"{magic}\n{w} {h}\n{maxval}\n".encode())
        if magic in ("P5", "P6"):
            f.write(array.tobytes())
        else:
            flat = array.reshape(h, -1)
            for row in range(h):  # ASCII, one line per image row
                f.write((" ".join(map(str, flat[row].tolist())) + "\n").encode())


def make_files(folder, side, ascii_side):
    grey = pattern(side)
    rgb = np.stack([grey, grey, grey], axis=-1)
    files = []

    def add(name, writer):
        path = folder / name
        writer(path)
        files.append(path)

    add("grey.pgm", lambda p: write_pnm(p, "P5", grey))
    add("colour.ppm", lambda p: write_pnm(p, "P6", rgb))
    small = pattern(ascii_side)
    add(f"ascii-{ascii_side}.pgm", lambda p: write_pnm(p, "P2", small))
    add(f"ascii-{ascii_side}.ppm", lambda p: write_pnm(p, "P3", np.stack([small] * 3, axis=-1)))
    add("grey.png", lambda p: Image.fromarray(grey).save(p, compress_level=1))
    add("colour.png", lambda p: Image.fromarray(rgb).save(p, compress_level=1))
    add("grey.jpg", lambda p: Image.fromarray(grey).save(p, quality=80))
    add("colour.jpg", lambda p: Image.fromarray(rgb).save(p, quality=80))
    add("colour-progressive.jpg", lambda p: Image.fromarray(rgb).save(p, quality=80, progressive=True))
    mid = np.stack([pattern(6000)] * 3, axis=-1)  # 36 MP: within the progressive decoder's memory cap
    add("progressive-6000.jpg", lambda p: Image.fromarray(mid).save(p, quality=80, progressive=True))
    add("cmyk.jpg", lambda p: Image.fromarray(rgb).convert("CMYK").save(p, quality=80))
    truncated = folder / "truncated.jpg"
    truncated.write_bytes((folder / "grey.jpg").read_bytes()[:33000])
    files.append(truncated)
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=str(ROOT / "build"), help="CMake build folder holding image_memory")
    parser.add_argument("--side", type=int, default=10000, help="image side in pixels (default 10000: 100 MP)")
    parser.add_argument("--ascii-side", type=int, default=4000, help="side of the ASCII P2/P3 files (default 4000)")
    parser.add_argument("--keep", help="write the files here and keep them (reused when present)")
    args = parser.parse_args()
    tool = Path(args.build) / "image_memory"
    if not tool.exists():
        raise SystemExit(f"{tool} not found; build it: cmake --build {args.build} --target image_memory")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(args.keep) if args.keep else Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        listing = folder / "files.txt"
        if args.keep and listing.exists():
            files = [Path(line) for line in listing.read_text().split()]
        else:
            files = make_files(folder, args.side, args.ascii_side)
            listing.write_text("\n".join(map(str, files)))
        subprocess.run([str(tool), *map(str, files)], check=True)


if __name__ == "__main__":
    main()
