#!/usr/bin/env python3
"""Camera benchmark: CKey beside zxing-cpp (QR) and AprilTag, in frames from
the physical camera simulator of <ckey/camera.h>.

Every frame is one scene drawn by ckey_camera_scene_draw(category, seed,
severity). The same scene is rendered twice, once with CKey labels and once
with QR labels of the same payload; each texture is its code's outer square,
quiet zone included, so both fill the same label square. Each frame is
decoded once, CKey by ckey_decoder_scan (flags 0, CKEY_SCAN_ALL for
multi-label scenes), QR by zxingcpp.read_barcodes(formats=QRCode); times are
of the decode call alone (time.perf_counter; with --time-repeat N, the fastest
of N calls on the frame, for every reader). A read is the exact payload;
decoded bytes that are not one of the frame's payloads are a MISREAD, counted
apart and printed loudly.

Seeds: frame i of category c has seed base*1_000_003 + c*10_007 + i. Base 2
is the report set (default), base 1 the tuning set (--tune), base 1000 the
held-out set (--heldout: keep it unseen while tuning the scanner). Payloads
(random mixed-case URLs of exactly 20, 60 or 150 bytes; frame i takes
lengths[i % 3]), backdrops (a skimage.data photograph or the simulator's
drawn clutter, in turn by seed) and marker widths are drawn from the seed,
so any record is reproduced from its seed alone.

Sections:
  main table        every category, plain style, CKey Profile 0 level M vs QR level M
  --styles [CATS]   CKey concept preset, circle modules ("dots") and a logo at
                    level H, beside plain CKey and QR, on a subset of categories
  --locator [CATS]  CKey Profile 1 (32-bit id) vs AprilTag tag36h11 (cv2.aruco
                    drawn, pupil_apriltags defaults), markers 16-40 px wide in
                    "small", 40-120 px elsewhere
  --clutter [N]     N frames (default 5000) whose labels are not CKey: blank,
                    text, QR, Data Matrix, Aztec, PDF417; CKey must find nothing
  --tune            QR only, at several severities per category (tuning seeds),
                    to choose bench/camera_severity.json
  --all             --styles --locator --clutter together

Needs (PyPI): numpy zxing-cpp opencv-python-headless scikit-image pupil-apriltags Pillow. Without
scikit-image the photographs are left out (the report's header counts the backdrops it used).

Usage (from the repository root, after building build-shared/libckey.so):
  python3 bench/camera_benchmark.py --quick --only nominal      # a smoke test
  python3 bench/camera_benchmark.py --frames 20 --json run.json  # the main table
  python3 bench/camera_benchmark.py --all --json run.json        # everything
  python3 bench/camera_benchmark.py --tune --frames 20           # severity tuning
  python3 bench/camera_benchmark.py --save /tmp/fail --only blur # failing frames as PNG,
        then: build-shared/scan_trace /tmp/fail/main-blur-s2000083-L60-ckey-plain-fail.png

Options: --lib PATH (build-shared/libckey.so), --frames N (40 per category),
--quick (10 frames, clutter at most 170), --only CAT[,CAT], --lengths
20,60,150, --severity-file FILE (bench/camera_severity.json; category ->
0...1, unlisted categories 1.0; keys starting with "_" are comments),
--seed N / --heldout, --thorough (CKey scans with CKEY_SCAN_THOROUGH),
--blur-sigma PX (every scene's Gaussian blur, e.g. 0 for sharp optics),
--supersample 1...4 (the simulator's default 3 when unset; at 2 a frame
renders about 20% faster), --save DIR (failures, misreads and false
positives as PNG; --save-all for every frame), --json FILE (every per-frame
record, for comparing runs), --no-main (only the sections asked for).

Cost: a frame renders in about 0.15-0.3 s, so the default main table
(17 categories x 40 frames x 2 renders) takes about 4-6 minutes; --styles
adds about 2, --locator about 4 and --clutter 5000 about 15.

Output: Markdown tables on stdout, progress on stderr every ~10 s.
"""
import argparse
import json
import math
import os
import statistics
import sys
import time
import warnings

import cv2
import numpy as np
import zxingcpp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import camera_sim as cs  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SEED_REPORT, SEED_TUNE, SEED_HELDOUT = 2, 1, 1000
# Clutter frames sit above every category's seeds (17 * 10_007 + frames).
CLUTTER_SEED_OFFSET = 200_000

CKEY_TEXTURE = 496           # 16 px per canvas unit (31 units)
TUNE_SEVERITIES = (0.4, 0.6, 0.8, 1.0)
STYLE_CATEGORIES = ("nominal", "small", "perspective", "curved", "glare", "blur", "low-contrast", "damage")
STYLES = ("plain", "concept", "dots", "logo-H")
LOGO_SIZES = (20, 16, 12, 8)  # percent of the data field; the largest the strict style check accepts
CLUTTER_KINDS = ("blank", "text", "qr", "datamatrix", "aztec", "pdf417")
LOCATOR_WIDTHS = {"small": (16, 40)}
LOCATOR_DEFAULT_WIDTHS = (40, 120)
WIDTH_BANDS = ((16, 24), (24, 40), (40, 60), (60, 90), (90, 121))
PHOTOS = ("camera", "astronaut", "coffee", "chelsea", "coins", "moon", "page", "text", "horse", "clock",
          "brick", "grass", "gravel", "rocket")

URL_ALNUM = np.array(list("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"))
URL_EXTRA = np.array(list("-._~/?=&"))
HOST_CHARS = np.array(list("abcdefghijklmnopqrstuvwxyz0123456789"))
TLDS = ("com", "org", "net", "io", "de", "app", "shop")


def frame_seed(base, category, i):
    return base * 1_000_003 + category * 10_007 + i


def sub_rng(seed, purpose):
    """An independent stream per use of a frame's seed (0 payloads, 1 marker sizes, 2 clutter)."""
    return np.random.default_rng([seed, purpose])


def url_payload(rng, length):
    """A mixed-case URL of exactly length bytes (length >= 16)."""
    tld = str(rng.choice(TLDS))
    room = length - len("https://") - 1 - len(tld) - 1  # host label + path
    label_len = int(rng.integers(2, max(3, min(12, room - 1))))
    label = "".join(rng.choice(HOST_CHARS, label_len))
    path_len = length - len("https://") - label_len - 1 - len(tld) - 1
    path = [str(rng.choice(URL_EXTRA)) if rng.random() < 0.08 else str(rng.choice(URL_ALNUM)) for _ in range(path_len)]
    url = f"https://{label}.{tld}/{''.join(path)}"
    assert len(url) == length, (url, length)
    return url.encode()


def distinct_payloads(rng, length, count):
    out = []
    while len(out) < count:
        p = url_payload(rng, length)
        if p not in out:
            out.append(p)
    return out


# --- textures -------------------------------------------------------------

def pad_square(img, value=255):
    h, w = img.shape
    s = max(h, w)
    out = np.full((s, s), value, np.uint8)
    out[(s - h) // 2:(s - h) // 2 + h, (s - w) // 2:(s - w) // 2 + w] = img
    return out


def zxing_texture(payload, fmt, target=CKEY_TEXTURE, **kwargs):
    """A zxing-cpp code with its own quiet zone, an integer number of pixels
    per module (nearest neighbour), padded white to a square."""
    code = zxingcpp.create_barcode(payload.decode(), fmt, **kwargs)
    one = np.array(code.to_image(scale=1, add_quiet_zones=True))
    scale = max(1, round(target / max(one.shape)))
    return pad_square(as_u8(code.to_image(scale=scale, add_quiet_zones=True)))


def as_u8(img):
    return cs.as_grey(np.array(img))


def qr_texture(payload, level="M"):
    return zxing_texture(payload, zxingcpp.BarcodeFormat.QRCode, ec_level=level)


class Textures:
    """CKey label textures in the benchmark's styles."""

    def __init__(self, ck):
        self.ck = ck
        self.plain = ck.style(cs.STYLE_PLAIN)
        self.concept = ck.style(cs.STYLE_CONCEPT)
        self.dots = ck.style(cs.STYLE_PLAIN, module_shape=cs.MODULE_CIRCLE)
        self.logo = make_logo()
        self.logo_pct = []  # logo size drawn per logo-H texture (0 = none fitted)

    def ckey(self, payload, style="plain", profile=cs.PROFILE_SCALABLE):
        if style == "plain":
            return self.ck.render_grey(payload, CKEY_TEXTURE, profile, cs.LEVEL_M, self.plain)
        if style == "concept":
            return self.ck.render_grey(payload, CKEY_TEXTURE, profile, cs.LEVEL_M, self.concept)
        if style == "dots":
            return self.ck.render_grey(payload, CKEY_TEXTURE, profile, cs.LEVEL_M, self.dots)
        if style == "logo-H":
            for pct in LOGO_SIZES:
                s = self.ck.style(cs.STYLE_PLAIN, logo=self.logo, logo_size=pct, logo_padding=2,
                                  logo_mode=cs.LOGO_RESERVE, policy=cs.STYLE_STRICT)
                try:
                    tex = self.ck.render_grey(payload, CKEY_TEXTURE, profile, cs.LEVEL_H, s)
                except cs.CKeyError as e:
                    if e.status != cs.CKEY_STYLE_REFUSED:  # a key under the logo, or over budget
                        raise
                    continue
                self.logo_pct.append(pct)
                return tex
            self.logo_pct.append(0)
            return self.ck.render_grey(payload, CKEY_TEXTURE, profile, cs.LEVEL_H, self.plain)
        raise ValueError(style)


def make_logo():
    """A 96 px round badge with a letter, RGBA, drawn with Pillow."""
    from PIL import Image, ImageDraw, ImageFont
    img = Image.new("RGBA", (96, 96), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((3, 3, 92, 92), fill=(196, 32, 48, 255), outline=(60, 10, 20, 255), width=4)
    d.text((48, 50), "C", fill=(255, 255, 255, 255), font=ImageFont.load_default(size=56), anchor="mm")
    return np.array(img)


def apriltag_texture(tag_id, quiet_cells=1, px_per_cell=50):
    """tag36h11 as printed: 6x6 data, a black border cell and quiet_cells white cells."""
    d = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_36h11)
    m = cv2.aruco.generateImageMarker(d, int(tag_id), 8, borderBits=1)
    m = np.pad(m, quiet_cells, constant_values=255)
    return cv2.resize(m, None, fx=px_per_cell, fy=px_per_cell, interpolation=cv2.INTER_NEAREST)


def text_texture(rng, size=CKEY_TEXTURE):
    """A printed label without a code: lines of words, sometimes a box, a rule or a grid."""
    from PIL import Image, ImageDraw, ImageFont
    img = Image.new("L", (size, size), 255)
    d = ImageDraw.Draw(img)
    y = int(rng.integers(10, 60))
    while y < size - 30:
        fs = int(rng.integers(14, 60))
        font = ImageFont.load_default(size=fs)
        words = ["".join(rng.choice(URL_ALNUM, int(rng.integers(2, 10)))) for _ in range(int(rng.integers(1, 6)))]
        d.text((int(rng.integers(8, 60)), y), " ".join(words), fill=int(rng.integers(0, 90)), font=font)
        y += int(fs * rng.uniform(1.1, 1.8))
    r = rng.random()
    if r < 0.35:  # a frame around the label: the nearest thing to a ring
        w = int(rng.integers(6, 40))
        d.rectangle((w, w, size - 1 - w, size - 1 - w), outline=0, width=int(rng.integers(4, 30)))
    elif r < 0.5:
        for _ in range(int(rng.integers(2, 6))):
            yy = int(rng.integers(0, size))
            d.line((0, yy, size, yy), fill=0, width=int(rng.integers(2, 12)))
    elif r < 0.6:  # a checker patch (tiles, a logo grid)
        cell = int(rng.integers(8, 30))
        x0, y0 = int(rng.integers(0, size // 2)), int(rng.integers(0, size // 2))
        for a in range(int(rng.integers(3, 9))):
            for b in range(int(rng.integers(3, 9))):
                if (a + b) % 2 == 0:
                    d.rectangle((x0 + a * cell, y0 + b * cell, x0 + (a + 1) * cell, y0 + (b + 1) * cell), fill=0)
    return np.array(img)


def clutter_texture(kind, rng):
    length = int(rng.choice((20, 60, 150)))
    payload = url_payload(rng, length)
    if kind == "blank":
        return np.full((64, 64), 255, np.uint8)
    if kind == "text":
        return text_texture(rng)
    fmt = {"qr": zxingcpp.BarcodeFormat.QRCode, "datamatrix": zxingcpp.BarcodeFormat.DataMatrix,
           "aztec": zxingcpp.BarcodeFormat.Aztec, "pdf417": zxingcpp.BarcodeFormat.PDF417}[kind]
    return zxing_texture(payload, fmt)


# --- backdrops ------------------------------------------------------------

def load_backdrops():
    """[(name, grey array or None)]: the photographs that load offline, then drawn clutter."""
    out = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import skimage.data as data
            for name in PHOTOS:
                try:
                    out.append((name, cs.as_grey(getattr(data, name)())))
                except Exception:
                    pass
    except ImportError:
        pass
    out.append(("drawn", None))
    return out


# --- decoders -------------------------------------------------------------

# Each decoder is timed this many times on every frame and its fastest call
# kept (--time-repeat): the machine's noise then touches every reader alike
# and less. The result is the first call's.
TIME_REPEAT = 1


def fastest(call):
    """(the first call's result, the fastest call's seconds) of TIME_REPEAT calls of call()."""
    best, first = math.inf, None
    for i in range(TIME_REPEAT):
        t0 = time.perf_counter()
        res = call()
        best = min(best, time.perf_counter() - t0)
        if i == 0:
            first = res
    return first, best


def zxing_read(frame, formats=zxingcpp.BarcodeFormat.QRCode):
    if formats is None:
        return fastest(lambda: zxingcpp.read_barcodes(frame))
    return fastest(lambda: zxingcpp.read_barcodes(frame, formats=formats))


class AprilTag:
    def __init__(self):
        import pupil_apriltags
        self.det = pupil_apriltags.Detector(families="tag36h11")

    def detect(self, frame):
        frame = np.ascontiguousarray(frame)
        res, dt = fastest(lambda: self.det.detect(frame))
        return [int(r.tag_id) for r in res], dt


def score(found, wanted):
    """(share of wanted read, list of reads that are not wanted)."""
    got = set(found)
    return len(got & set(wanted)) / len(wanted), [f for f in found if f not in wanted]


def show(value):
    if isinstance(value, (bytes, bytearray)):
        try:
            return value.decode()
        except UnicodeDecodeError:
            return value.hex()
    return str(value)


# --- the run ----------------------------------------------------------------

class Progress:
    def __init__(self, every=10.0):
        self.every, self.last, self.start = every, time.monotonic(), time.monotonic()

    def tick(self, what, done, total):
        now = time.monotonic()
        if now - self.last >= self.every:
            self.last = now
            print(f"[{now - self.start:6.0f} s] {what}: {done}/{total}", file=sys.stderr, flush=True)


class Bench:
    def __init__(self, args):
        self.args = args
        lib_path = args.lib if os.path.exists(args.lib) else os.path.join(REPO, args.lib)
        self.lib = cs.load(lib_path)
        self.cam = cs.Camera(self.lib)
        self.ck = cs.CKey(self.lib)
        self.tex = Textures(self.ck)
        self.backdrops = load_backdrops()
        self.severity = load_severity(args.severity_file, self.cam.names, args.severity_file_given)
        self.records = []
        self.misreads = []
        self.progress = Progress()
        self.lengths = [int(x) for x in args.lengths.split(",")]
        if args.save:
            os.makedirs(args.save, exist_ok=True)

    def ckey_decode(self, frame, labels):
        flags = (cs.CKEY_SCAN_ALL if labels > 1 else 0) | (cs.CKEY_SCAN_THOROUGH if self.args.thorough else 0)
        found, dt = self.ck.scan(frame, flags)
        for _ in range(TIME_REPEAT - 1):
            dt = min(dt, self.ck.scan(frame, flags)[1])
        return [p for p, _ in found], dt

    def scene(self, category, seed, severity=None):
        scene = self.cam.scene_draw(category, seed, self.severity[category] if severity is None else severity)
        if self.args.supersample:
            scene.supersample = self.args.supersample
        if self.args.blur_sigma is not None:
            scene.blur_sigma = self.args.blur_sigma
        return scene

    def backdrop(self, seed):
        return self.backdrops[seed % len(self.backdrops)]

    def save(self, frame, name, failed):
        if self.args.save and (failed or self.args.save_all):
            cv2.imwrite(os.path.join(self.args.save, name + ".png"), frame)

    def record(self, frame, **rec):
        rec["time_ms"] = round(rec["time_ms"], 4)
        if rec["misread"]:
            self.misreads.append(rec)
            print(f"!!! MISREAD {rec['coder']} {rec['section']} {rec['category']} seed {rec['seed']}: read "
                  f"{rec['misread']} not among the frame's payloads", file=sys.stderr, flush=True)
        self.records.append(rec)
        tag = "misread" if rec["misread"] else ("ok" if rec["ok"] == 1 else "fail")
        name = f"{rec['section']}-{rec['category']}-s{rec['seed']}-L{rec['length']}-{rec['coder']}-{rec['style']}-{tag}"
        self.save(frame, name, tag != "ok")

    def categories(self, subset=None):
        names = self.cam.names if subset is None else [n for n in subset if n in self.cam.names]
        if self.args.only:
            names = [n for n in names if n in self.args.only]
        return [self.cam.names.index(n) for n in names]

    # Main table and styles: CKey and QR on the same scene.
    def run_codes(self, section, base, categories, styles, with_qr=True):
        total = len(categories) * self.args.frames
        done = 0
        for c in categories:
            name = self.cam.names[c]
            for i in range(self.args.frames):
                seed = frame_seed(base, c, i)
                length = self.lengths[i % len(self.lengths)]
                scene = self.scene(c, seed)
                payloads = distinct_payloads(sub_rng(seed, 0), length, scene.label_count)
                bname, backdrop = self.backdrop(seed)
                common = dict(section=section, seed=seed, category=name, length=length, backdrop=bname,
                              labels=scene.label_count, severity=self.severity[c])
                for style in styles:
                    frame, truth = self.cam.render(scene, [self.tex.ckey(p, style) for p in payloads], backdrop)
                    found, dt = self.ckey_decode(frame, scene.label_count)
                    ok, wrong = score(found, payloads)
                    self.record(frame, coder="ckey", style=style, ok=ok, found=len(found), time_ms=dt * 1000,
                                misread=[show(w) for w in wrong], visible=visible(truth, scene), **common)
                if with_qr:
                    frame, truth = self.cam.render(scene, [qr_texture(p) for p in payloads], backdrop)
                    res, dt = zxing_read(frame)
                    ok, wrong = score([r.bytes for r in res], payloads)
                    self.record(frame, coder="qr", style="plain", ok=ok, found=len(res), time_ms=dt * 1000,
                                misread=[show(w) for w in wrong], visible=visible(truth, scene), **common)
                done += 1
                self.progress.tick(f"{section} {name}", done, total)

    def run_locator(self, base, categories):
        april = AprilTag()
        total = len(categories) * self.args.frames
        done = 0
        for c in categories:
            name = self.cam.names[c]
            lo, hi = LOCATOR_WIDTHS.get(name, LOCATOR_DEFAULT_WIDTHS)
            for i in range(self.args.frames):
                seed = frame_seed(base, c, i)
                scene = self.scene(c, seed)
                rng = sub_rng(seed, 1)
                ids = [int(x) for x in rng.choice(587, scene.label_count, replace=False)]  # tag36h11 has 587 ids
                ck_ids = [bytes(rng.integers(0, 256, 4, dtype=np.uint8)) for _ in ids]
                widths = [float(rng.uniform(lo, hi)) for _ in ids]
                for k, w in enumerate(widths):
                    scene.labels[k].size_px = w
                bname, backdrop = self.backdrop(seed)
                common = dict(section="locator", seed=seed, category=name, length=4, backdrop=bname,
                              labels=scene.label_count, severity=self.severity[c], width_px=round(min(widths), 2))
                frame, truth = self.cam.render(scene, [self.tex.ckey(p, "plain", cs.PROFILE_LOCATOR) for p in ck_ids],
                                               backdrop)
                found, dt = self.ckey_decode(frame, scene.label_count)
                ok, wrong = score(found, ck_ids)
                self.record(frame, coder="ckey-p1", style="plain", ok=ok, found=len(found), time_ms=dt * 1000,
                            misread=[show(w) for w in wrong], visible=visible(truth, scene), **common)
                frame, truth = self.cam.render(scene, [apriltag_texture(t) for t in ids], backdrop)
                found, dt = april.detect(frame)
                ok, wrong = score(found, ids)
                self.record(frame, coder="apriltag", style="plain", ok=ok, found=len(found), time_ms=dt * 1000,
                            misread=[show(w) for w in wrong], visible=visible(truth, scene), **common)
                done += 1
                self.progress.tick(f"locator {name}", done, total)

    def run_clutter(self, base, n):
        categories = self.categories()
        for i in range(n):
            seed = base * 1_000_003 + CLUTTER_SEED_OFFSET + i
            c = categories[i % len(categories)]
            kind = CLUTTER_KINDS[i % len(CLUTTER_KINDS)]
            scene = self.scene(c, seed)
            rng = sub_rng(seed, 2)
            textures = [clutter_texture(kind, rng) for _ in range(scene.label_count)]
            bname, backdrop = self.backdrops[int(rng.integers(len(self.backdrops)))]
            frame, _ = self.cam.render(scene, textures, backdrop)
            found, dt_ck = self.ckey_decode(frame, 1)
            res, dt_zx = zxing_read(frame, formats=None)
            rec = dict(section="clutter", seed=seed, category=self.cam.names[c], kind=kind, backdrop=bname,
                       labels=scene.label_count, ckey_found=[show(p) for p in found],
                       ckey_ms=round(dt_ck * 1000, 4), zxing_ms=round(dt_zx * 1000, 4),
                       zxing_found=[r.format.name if hasattr(r.format, "name") else str(r.format) for r in res])
            self.records.append(rec)
            if found:
                print(f"!!! CKEY FALSE POSITIVE clutter {kind} {rec['category']} seed {seed}: {rec['ckey_found']}",
                      file=sys.stderr, flush=True)
            self.save(frame, f"clutter-{rec['category']}-s{seed}-{kind}-{bname}" + ("-fp" if found else ""),
                      bool(found))
            self.progress.tick("clutter", i + 1, n)

    def run_tune(self, base, severities):
        categories = self.categories()
        rates = {}
        total = len(categories) * len(severities) * self.args.frames
        done = 0
        for c in categories:
            for sev in severities:
                oks = []
                for i in range(self.args.frames):
                    seed = frame_seed(base, c, i)
                    length = self.lengths[i % len(self.lengths)]
                    scene = self.scene(c, seed, sev)
                    payloads = distinct_payloads(sub_rng(seed, 0), length, scene.label_count)
                    bname, backdrop = self.backdrop(seed)
                    frame, _ = self.cam.render(scene, [qr_texture(p) for p in payloads], backdrop)
                    res, dt = zxing_read(frame)
                    ok, wrong = score([r.bytes for r in res], payloads)
                    oks.append(ok)
                    self.records.append(dict(section="tune", seed=seed, category=self.cam.names[c], length=length,
                                             severity=sev, coder="qr", ok=ok, time_ms=round(dt * 1000, 4),
                                             misread=[show(w) for w in wrong], backdrop=bname))
                    if wrong:
                        print(f"!!! MISREAD qr tune {self.cam.names[c]} seed {seed}: {wrong}", file=sys.stderr)
                    done += 1
                    self.progress.tick(f"tune {self.cam.names[c]} {sev}", done, total)
                rates[(c, sev)] = 100 * statistics.mean(oks)
        return rates


def visible(truth, scene):
    return all(truth.visible[k] for k in range(scene.label_count))


def load_severity(path, names, given):
    sev = {c: 1.0 for c in range(len(names))}
    if path and os.path.exists(path):
        with open(path) as f:
            table = json.load(f)
        for key, value in table.items():
            if key.startswith("_"):
                continue
            if key not in names:
                raise SystemExit(f"{path}: unknown category {key!r}; categories are {', '.join(names)}")
            if not 0 <= float(value) <= 1:
                raise SystemExit(f"{path}: severity of {key} is {value}; allowed 0...1")
            sev[names.index(key)] = float(value)
    elif given:
        raise SystemExit(f"severity file {path} not found")
    return sev


# --- report ----------------------------------------------------------------

def pct(values, p):
    if not values:
        return float("nan")
    v = sorted(values)
    k = (len(v) - 1) * p / 100
    lo, hi = math.floor(k), math.ceil(k)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def fmt(x, digits=1):
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}f}"


def ratio(a, b):
    return a / b if b and not math.isnan(a) and not math.isnan(b) else float("nan")


def table(header, rows):
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print()


def pair_row(label, a, b):
    """a, b: records of the two coders for the same frames."""
    ta, tb = [r["time_ms"] for r in a], [r["time_ms"] for r in b]
    ma, mb, pa, pb = pct(ta, 50), pct(tb, 50), pct(ta, 90), pct(tb, 90)
    ok = lambda rs: 100 * statistics.mean(r["ok"] for r in rs) if rs else float("nan")  # noqa: E731
    mis = sum(1 for r in a if r["misread"]), sum(1 for r in b if r["misread"])
    return [label, str(len(a)), fmt(ok(a)), fmt(ok(b)), fmt(ma, 2), fmt(pa, 2), fmt(mb, 2), fmt(pb, 2),
            fmt(ratio(ma, mb), 2), fmt(ratio(pa, pb), 2), f"{mis[0]} / {mis[1]}"]


def report_pairs(records, section, coder_a, coder_b, name_a, name_b, groups, title):
    recs = [r for r in records if r["section"] == section]
    header = ["", "frames", f"{name_a} ok %", f"{name_b} ok %", f"{name_a} med ms", f"{name_a} p90 ms",
              f"{name_b} med ms", f"{name_b} p90 ms", "med ratio", "p90 ratio", "misreads"]
    for gname, key, order in groups:
        print(f"### {title}: by {gname}\n")
        rows = []
        for value in order:
            a = [r for r in recs if r["coder"] == coder_a and key(r) == value]
            b = [r for r in recs if r["coder"] == coder_b and key(r) == value]
            if a or b:
                rows.append(pair_row(str(value), a, b))
        a = [r for r in recs if r["coder"] == coder_a]
        b = [r for r in recs if r["coder"] == coder_b]
        rows.append(pair_row("**overall**", a, b))
        table([gname] + header[1:], rows)


def report_styles(records, categories):
    recs = [r for r in records if r["section"] in ("main", "styles")]
    cols = [("qr", "plain")] + [("ckey", s) for s in STYLES]
    names = ["QR M"] + [f"CKey {s}" for s in STYLES]
    for what, fn, digits in (("ok %", lambda rs: 100 * statistics.mean(r["ok"] for r in rs), 1),
                             ("median ms", lambda rs: pct([r["time_ms"] for r in rs], 50), 2)):
        print(f"### Styles: {what}\n")
        rows = []
        for cat in categories + ["**overall**"]:
            row = [cat]
            n = 0
            for coder, style in cols:
                rs = [r for r in recs if r["coder"] == coder and r["style"] == style
                      and (cat == "**overall**" and r["category"] in categories or r["category"] == cat)]
                n = max(n, len(rs))
                row.append(fmt(fn(rs), digits) if rs else "–")
            rows.append([row[0], str(n)] + row[1:])
        table(["category", "frames"] + names, rows)


def report_clutter(records):
    recs = [r for r in records if r["section"] == "clutter"]
    if not recs:
        return
    fp = [r for r in recs if r["ckey_found"]]
    print("### Symbol-free labels (no CKey in the frame)\n")
    rows = []
    groups = [(k, [r for r in recs if r["kind"] == k]) for k in CLUTTER_KINDS]
    groups += [("photo backdrop", [r for r in recs if r["backdrop"] != "drawn"]),
               ("drawn backdrop", [r for r in recs if r["backdrop"] == "drawn"]), ("**all**", recs)]
    for label, rs in groups:
        if not rs:
            continue
        tc, tz = [r["ckey_ms"] for r in rs], [r["zxing_ms"] for r in rs]
        rows.append([label, str(len(rs)), str(sum(1 for r in rs if r["ckey_found"])),
                     str(sum(1 for r in rs if r["zxing_found"])), fmt(pct(tc, 50), 2), fmt(pct(tc, 90), 2),
                     fmt(pct(tz, 50), 2), fmt(pct(tz, 90), 2), fmt(ratio(pct(tc, 50), pct(tz, 50)), 2)])
    table(["labels", "frames", "CKey false positives", "zxing frames with a read", "CKey med ms", "CKey p90 ms",
           "zxing(all) med ms", "zxing(all) p90 ms", "med ratio"], rows)
    if fp:
        print(f"**!!! CKEY FALSE POSITIVES: {len(fp)} frame(s)** (seed, category, labels, read):\n")
        for r in fp[:30]:
            print(f"- seed {r['seed']} {r['category']} {r['kind']} {r['backdrop']}: {r['ckey_found']}")
        print()
    else:
        print(f"CKey false positives: 0 in {len(recs)} symbol-free frames.\n")


def report_failures(records, section, coder, limit=6):
    """A few failing seeds per category."""
    what = lambda r: f"{r['width_px']:.0f} px" if "width_px" in r else f"L{r['length']}"  # noqa: E731
    recs = [r for r in records if r["section"] == section and r["coder"] == coder]
    cats = sorted({r["category"] for r in recs}, key=lambda c: [r["category"] for r in recs].index(c))
    lines = []
    for cat in cats:
        fails = [r for r in recs if r["category"] == cat and r["ok"] < 1]
        if fails:
            lines.append(f"- {cat}: {len(fails)}/{sum(1 for r in recs if r['category'] == cat)} failed; seeds "
                         + ", ".join(f"{r['seed']} ({what(r)}, {r['backdrop']})" for r in fails[:limit]))
    if lines:
        print(f"### {coder} failures ({section})\n")
        print("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lib", default="build-shared/libckey.so")
    ap.add_argument("--frames", type=int, default=None, help="frames per category (default 40; --quick 10)")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", default="", help="CAT[,CAT]: restrict every section to these categories")
    ap.add_argument("--lengths", default="20,60,150")
    ap.add_argument("--severity-file", default=None)
    ap.add_argument("--seed", type=int, default=None, help=f"base seed (report {SEED_REPORT}, tune {SEED_TUNE})")
    ap.add_argument("--heldout", action="store_true", help=f"base seed {SEED_HELDOUT}: the held-out set")
    ap.add_argument("--thorough", action="store_true", help="CKey scans with CKEY_SCAN_THOROUGH (default flags 0)")
    ap.add_argument("--supersample", type=int, default=0, help="override the scene's rays per pixel per axis")
    ap.add_argument("--blur-sigma", type=float, default=None, metavar="PX",
                    help="override every scene's Gaussian blur (px; 0 = sharp optics), e.g. to compare the "
                         "locator with AprilTag on sharp small markers")
    ap.add_argument("--styles", nargs="?", const=",".join(STYLE_CATEGORIES), default=None, metavar="CATS")
    ap.add_argument("--locator", nargs="?", const="all", default=None, metavar="CATS")
    ap.add_argument("--clutter", nargs="?", type=int, const=5000, default=0, metavar="N")
    ap.add_argument("--all", action="store_true", help="--styles --locator --clutter")
    ap.add_argument("--no-main", action="store_true", help="skip the main table (run only the sections asked)")
    ap.add_argument("--tune", action="store_true")
    ap.add_argument("--tune-severities", default=",".join(str(s) for s in TUNE_SEVERITIES))
    ap.add_argument("--save", default="")
    ap.add_argument("--save-all", action="store_true")
    ap.add_argument("--json", default="")
    ap.add_argument("--time-repeat", type=int, default=1, metavar="N",
                    help="time every decoder N times on each frame and keep the fastest (default 1)")
    args = ap.parse_args()
    if args.time_repeat < 1:
        ap.error(f"--time-repeat must be 1 or more, not {args.time_repeat}")
    if args.blur_sigma is not None and not 0 <= args.blur_sigma <= 10:
        ap.error(f"--blur-sigma must be 0 to 10 px, not {args.blur_sigma}")
    global TIME_REPEAT
    TIME_REPEAT = args.time_repeat
    args.frames = args.frames or (10 if args.quick else 40)
    args.severity_file_given = args.severity_file is not None
    args.severity_file = args.severity_file or os.path.join(REPO, "bench", "camera_severity.json")
    args.only = [c for c in args.only.split(",") if c]
    if args.all:
        args.styles = args.styles or ",".join(STYLE_CATEGORIES)
        args.locator = args.locator or "all"
        args.clutter = args.clutter or 5000
    if args.quick and args.clutter:
        args.clutter = min(args.clutter, 170)
    if args.heldout and args.seed is not None:
        raise SystemExit("--heldout and --seed are exclusive")
    base = SEED_HELDOUT if args.heldout else args.seed if args.seed is not None else (
        SEED_TUNE if args.tune else SEED_REPORT)
    if args.tune and base in (SEED_REPORT, SEED_HELDOUT):
        raise SystemExit(f"--tune on base seed {base}: tuning seeds must stay apart from the report seeds")

    bench = Bench(args)
    unknown = [c for c in args.only if c not in bench.cam.names]
    if unknown:
        raise SystemExit(f"--only: unknown {', '.join(unknown)}; categories are {', '.join(bench.cam.names)}")
    s0 = bench.cam.scene_draw(0, 1, 1.0)
    ss = args.supersample or s0.supersample
    sev_file = os.path.relpath(args.severity_file, REPO) if os.path.exists(args.severity_file) else "none (all 1.0)"
    started = time.time()
    print("# CKey camera benchmark\n")
    print(f"libckey {bench.lib.ckey_version_string().decode()}, zxing-cpp {zxing_version()}; "
          f"base seed {base}{' (held-out)' if args.heldout else ''}; {args.frames} frames per category; "
          f"CKey scan flags {'THOROUGH' if args.thorough else '0'} (+ALL for multi-label frames); "
          f"{'' if TIME_REPEAT == 1 else f'times: fastest of {TIME_REPEAT} calls per frame; '}"
          f"frames {s0.width}x{s0.height}, supersample {ss}"
          f"{' (lowered from the simulator default ' + str(s0.supersample) + ')' if ss < s0.supersample else ''}"
          f"{'' if args.blur_sigma is None else f', blur sigma {args.blur_sigma:g} px in every scene'}; "
          f"severity file {sev_file}; "
          f"backdrops: {len(bench.backdrops) - 1} photographs + drawn clutter.\n")
    sev_line = ", ".join(f"{n} {bench.severity[i]:g}" for i, n in enumerate(bench.cam.names))
    print(f"Severities: {sev_line}.\n")

    if args.tune:
        sevs = [float(s) for s in args.tune_severities.split(",")]
        rates = bench.run_tune(base, sevs)
        cats = bench.categories()
        print("### Tuning: QR (zxing-cpp) success % by severity\n")
        rows, proposal = [], {}
        for c in cats:
            r = [rates[(c, s)] for s in sevs]
            pick = suggest(sevs, r)
            proposal[bench.cam.names[c]] = pick
            rows.append([bench.cam.names[c]] + [fmt(x, 0) for x in r] + [f"{pick:g}"])
        table(["category"] + [f"sev {s:g}" for s in sevs] + ["suggested"], rows)
        print("Suggested bench/camera_severity.json (the hardest tested severity with QR at 40-90 %;"
              " otherwise the one nearest 65 %):\n")
        print("```json\n" + json.dumps(proposal, indent=2) + "\n```\n")
    else:
        if not args.no_main:
            bench.run_codes("main", base, bench.categories(), ["plain"])
            cat_order = [bench.cam.names[c] for c in bench.categories()]
            report_pairs(bench.records, "main", "ckey", "qr", "CKey", "QR",
                         [("category", lambda r: r["category"], cat_order),
                          ("payload length", lambda r: r["length"], bench.lengths)],
                         "CKey (Profile 0, M) vs QR (M), plain")
            report_failures(bench.records, "main", "ckey")
        if args.styles:
            cats = bench.categories([c for c in args.styles.split(",") if c])
            # Plain CKey and QR come from the main table when it ran on these seeds;
            # categories it did not run get them here.
            main_seeds = {(r["category"], r["seed"]) for r in bench.records if r["section"] == "main"}
            in_main = [c for c in cats if (bench.cam.names[c], frame_seed(base, c, 0)) in main_seeds]
            not_in_main = [c for c in cats if c not in in_main]
            if in_main:
                bench.run_codes("styles", base, in_main, ["concept", "dots", "logo-H"], with_qr=False)
            if not_in_main:
                bench.run_codes("styles", base, not_in_main, list(STYLES), with_qr=True)
            report_styles(bench.records, [bench.cam.names[c] for c in cats])
            lp = bench.tex.logo_pct
            if lp:
                print(f"logo-H: a logo of {statistics.mean([p for p in lp if p] or [0]):.1f} % of the field side on "
                      f"average; {sum(1 for p in lp if p == 0)} of {len(lp)} symbols had no size the strict style "
                      f"check accepts (a key at the centre) and were drawn without a logo.\n")
        if args.locator:
            names = None if args.locator == "all" else [c for c in args.locator.split(",") if c]
            cats = bench.categories(names)
            bench.run_locator(base, cats)
            cat_order = [bench.cam.names[c] for c in cats]
            band = lambda r: next(f"{lo}-{hi - 1} px" for lo, hi in WIDTH_BANDS if lo <= r["width_px"] < hi)  # noqa
            report_pairs(bench.records, "locator", "ckey-p1", "apriltag", "CKey P1", "AprilTag",
                         [("category", lambda r: r["category"], cat_order),
                          ("marker width", band, [f"{lo}-{hi - 1} px" for lo, hi in WIDTH_BANDS])],
                         "Locator: CKey Profile 1 vs AprilTag tag36h11")
            report_failures(bench.records, "locator", "ckey-p1")
        if args.clutter:
            bench.run_clutter(base, args.clutter)
            report_clutter(bench.records)

    mis = bench.misreads
    if mis:
        print(f"**!!! MISREADS: {len(mis)}** (a decoded payload that is not the frame's):\n")
        for r in mis[:40]:
            print(f"- {r['coder']} {r['section']} {r['category']} seed {r['seed']} L{r['length']}: {r['misread']}")
        print()
    elif not args.tune:
        print("Misreads: none.\n")
    print(f"Times: ms per {s0.width}x{s0.height} frame, the decode call alone; ratio = CKey / other. "
          f"Run took {time.time() - started:.0f} s.")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"meta": {"argv": sys.argv[1:], "base_seed": base, "frames": args.frames,
                                "thorough": args.thorough,
                                "supersample": ss, "severity": {n: bench.severity[i] for i, n in
                                                                enumerate(bench.cam.names)},
                                "libckey": bench.lib.ckey_version_string().decode(), "zxing_cpp": zxing_version(),
                                "backdrops": [n for n, _ in bench.backdrops]},
                       "records": bench.records}, f, indent=0)
        print(f"Records: {args.json}", file=sys.stderr)


def suggest(sevs, rates):
    inside = [s for s, r in zip(sevs, rates) if 40 <= r <= 90]
    if inside:
        return max(inside)
    return min(zip(sevs, rates), key=lambda sr: (abs(sr[1] - 65), -sr[0]))[0]


def zxing_version():
    try:
        from importlib.metadata import version
        return version("zxing-cpp")
    except Exception:
        return "?"


if __name__ == "__main__":
    main()
