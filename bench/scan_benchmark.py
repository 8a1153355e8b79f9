#!/usr/bin/env python3
"""Camera-degradation benchmark: CKey beside zxing-cpp reading QR.

For every category the same seeded recipe makes two 1280x720 grey frames:
one with a CKey symbol, one with a QR code of the same payload placed on
the same quad over the same background, then degraded identically. Each
frame is decoded once by CKey (the C API through ctypes, libckey.so) and by
zxing-cpp (PyPI zxing-cpp, QR only). Prints success rate and median / p90
decode time per category, and false positives on symbol-free clutter.

Usage: bench/scan_benchmark.py [--lib build-shared/libckey.so] [--frames 40]
       [--clutter 2000] [--seed 1] [--save DIR] [--only CATEGORY]
"""
import argparse
import ctypes
import math
import os
import statistics
import sys
import time

import cv2
import numpy as np
import zxingcpp

W, H = 1280, 720


class CKey:
    """The few C API calls the benchmark needs."""

    def __init__(self, path):
        self.lib = lib = ctypes.CDLL(path)
        P, I, S = ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t
        lib.ckey_symbol_encode.argtypes = [ctypes.c_char_p, S, I, I, I, I, ctypes.POINTER(P)]
        lib.ckey_symbol_destroy.argtypes = [P]
        lib.ckey_render_pixels.argtypes = [P, P, I, I, I, ctypes.c_char_p, S, S]
        lib.ckey_style_init.argtypes = [P, I]
        lib.ckey_decoder_create.argtypes = [ctypes.POINTER(P)]
        lib.ckey_decoder_scan.argtypes = [P, P, S, I, I, S, I, I, ctypes.POINTER(P)]
        lib.ckey_results_get_count.argtypes = [P, ctypes.POINTER(S)]
        lib.ckey_results_get_payload.argtypes = [P, S, ctypes.POINTER(ctypes.POINTER(ctypes.c_uint8)), ctypes.POINTER(S)]
        lib.ckey_results_destroy.argtypes = [P]
        lib.ckey_last_error.restype = ctypes.c_char_p
        self.decoder = P()
        self._check(lib.ckey_decoder_create(ctypes.byref(self.decoder)))
        self.styles = {}
        for name, preset in (("plain", 0), ("concept", 1)):
            buf = ctypes.create_string_buffer(512)
            self._check(lib.ckey_style_init(buf, preset))
            self.styles[name] = buf

    def _check(self, status):
        if status != 0:
            raise RuntimeError(self.lib.ckey_last_error().decode())

    def render(self, payload, size, profile=0, style="plain"):
        sym = ctypes.c_void_p()
        self._check(self.lib.ckey_symbol_encode(payload, len(payload), profile, 0, 1, 0, ctypes.byref(sym)))
        try:
            buf = ctypes.create_string_buffer(size * size * 4)
            self._check(self.lib.ckey_render_pixels(sym, self.styles[style], size, 0, 0, buf, size * 4, len(buf)))
        finally:
            self.lib.ckey_symbol_destroy(sym)
        rgba = np.frombuffer(buf.raw, dtype=np.uint8).reshape(size, size, 4).astype(np.float32)
        return (0.299 * rgba[..., 0] + 0.587 * rgba[..., 1] + 0.114 * rgba[..., 2]).astype(np.uint8)

    def decode(self, gray, find_all=False):
        gray = np.ascontiguousarray(gray)
        results = ctypes.c_void_p()
        t0 = time.perf_counter()
        status = self.lib.ckey_decoder_scan(self.decoder, gray.ctypes.data, gray.nbytes, gray.shape[1], gray.shape[0],
                                            gray.shape[1], 0, 1 if find_all else 0, ctypes.byref(results))
        elapsed = time.perf_counter() - t0
        self._check(status)
        out = []
        count = ctypes.c_size_t()
        self._check(self.lib.ckey_results_get_count(results, ctypes.byref(count)))
        for i in range(count.value):
            ptr, n = ctypes.POINTER(ctypes.c_uint8)(), ctypes.c_size_t()
            self._check(self.lib.ckey_results_get_payload(results, i, ctypes.byref(ptr), ctypes.byref(n)))
            out.append(bytes(ptr[: n.value]))
        self.lib.ckey_results_destroy(results)
        return out, elapsed


def qr_canvas(payload, size):
    code = zxingcpp.create_barcode(payload.decode(), zxingcpp.BarcodeFormat.QRCode, ec_level="M")
    img = np.array(code.to_image(scale=1, add_quiet_zones=True))
    return cv2.resize(img, (size, size), interpolation=cv2.INTER_AREA if img.shape[0] > size else cv2.INTER_NEAREST)


def zxing_decode(gray, find_all=False):
    t0 = time.perf_counter()
    res = zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormat.QRCode)
    elapsed = time.perf_counter() - t0
    return [r.bytes for r in res], elapsed


def clutter(rng):
    """A grey 1280x720 background: gradients, shapes, text-like strokes, grain."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    a, b, c = rng.uniform(-0.08, 0.08), rng.uniform(-0.08, 0.08), rng.uniform(60, 200)
    img = np.clip(c + a * xx + b * yy, 0, 255).astype(np.uint8)
    for _ in range(rng.integers(10, 40)):
        kind = rng.integers(0, 4)
        color = int(rng.integers(0, 256))
        x, y = int(rng.integers(0, W)), int(rng.integers(0, H))
        if kind == 0:
            cv2.rectangle(img, (x, y), (x + int(rng.integers(10, 300)), y + int(rng.integers(10, 200))), color, -1)
        elif kind == 1:
            cv2.circle(img, (x, y), int(rng.integers(5, 120)), color, int(rng.choice([-1, 2, 5])))
        elif kind == 2:
            cv2.line(img, (x, y), (int(rng.integers(0, W)), int(rng.integers(0, H))), color, int(rng.integers(1, 8)))
        else:
            text = "".join(chr(int(c)) for c in rng.integers(33, 126, size=int(rng.integers(4, 20))))
            cv2.putText(img, text, (x, y), int(rng.integers(0, 7)), float(rng.uniform(0.5, 3)), color, int(rng.integers(1, 4)))
    # Checkerboard-like patches (tiles, fabric) are the hardest clutter for a finder.
    for _ in range(rng.integers(0, 4)):
        x, y, s = int(rng.integers(0, W - 100)), int(rng.integers(0, H - 100)), int(rng.integers(4, 16))
        n = int(rng.integers(4, 12))
        for i in range(n):
            for j in range(n):
                if (i + j) % 2 == 0:
                    cv2.rectangle(img, (x + i * s, y + j * s), (x + (i + 1) * s, y + (j + 1) * s), 20, -1)
    noise = rng.normal(0, 4, img.shape)
    return np.clip(img + noise, 0, 255).astype(np.uint8)


def place(frame, canvas, quad):
    """Warps a square canvas onto quad (4x2, clockwise from its top-left)."""
    s = canvas.shape[0]
    src = np.float32([[0, 0], [s, 0], [s, s], [0, s]])
    m = cv2.getPerspectiveTransform(src, np.float32(quad))
    warped = cv2.warpPerspective(canvas, m, (W, H), flags=cv2.INTER_AREA if s > 600 else cv2.INTER_LINEAR,
                                 borderValue=0)
    mask = cv2.warpPerspective(np.full((s, s), 255, np.uint8), m, (W, H), flags=cv2.INTER_LINEAR, borderValue=0)
    alpha = mask.astype(np.float32) / 255
    frame[:] = np.clip(frame * (1 - alpha) + warped * alpha, 0, 255).astype(np.uint8)


def square_quad(cx, cy, size, angle, tilt=0.0, tilt_axis=0.0):
    """Corners of a square of side size, rotated, optionally tilted in 3D (degrees)."""
    pts = []
    for u, v in ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)):
        x, y, z = u * size, v * size, 0.0
        if tilt:
            ca, sa = math.cos(math.radians(tilt_axis)), math.sin(math.radians(tilt_axis))
            # Rotate about an in-plane axis at tilt_axis degrees.
            d = x * -sa + y * ca
            t = math.radians(tilt)
            z = d * math.sin(t)
            d2 = d * math.cos(t)
            along = x * ca + y * sa
            x, y = along * ca - d2 * sa, along * sa + d2 * ca
            f = 1500.0
            x, y = x * f / (f + z), y * f / (f + z)
        ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return pts


def curve(canvas, strength):
    """Wraps the canvas around a cylinder (a label on a bottle)."""
    s = canvas.shape[0]
    # Seen from afar, arc position u (in [-1, 1]) shows at x = sin(k u) / sin(k):
    # each output column x shows the canvas at u = asin(x sin k) / k.
    xs = np.linspace(-1, 1, s, dtype=np.float32)
    theta = np.arcsin(xs * math.sin(strength))
    src_x = (theta / strength + 1) * (s - 1) / 2
    bulge = (1 - np.cos(theta)) * 0.06 * s
    map_x = np.tile(src_x, (s, 1))
    yy = np.arange(s, dtype=np.float32)[:, None]
    map_y = (yy - (s / 2)) * (1 + bulge[None, :] / s) + s / 2
    return cv2.remap(canvas, map_x, map_y.astype(np.float32), cv2.INTER_LINEAR, borderValue=255)


def payload_for(rng, i):
    hosts = ["openckey.org", "example.com", "shop.example.net", "tickets.example.org"]
    path = "".join(rng.choice(list("abcdefghijklmnopqrstuvwxyz0123456789")) for _ in range(int(rng.integers(4, 30))))
    return f"https://{rng.choice(hosts)}/{path}/{i}".encode()


# Degradations of the symbol-free frames, in turn.
CLUTTER_KINDS = ["noise", "jpeg", "blur", "plain"]

CATEGORIES = ["nominal", "small", "rotation", "perspective", "blur", "motion", "noise", "lighting",
              "low-contrast", "jpeg", "inverted", "curved", "damage", "multiple"]


def make_frames(category, index, ckey, rng):
    """Returns (ckey_frame, qr_frame, payloads) for one seeded case."""
    bg = clutter(rng)
    f_ck, f_qr = bg.copy(), bg.copy()
    count = 3 if category == "multiple" else 1
    payloads = []
    for k in range(count):
        payload = payload_for(rng, index * 10 + k)
        payloads.append(payload)
        style = "concept" if category == "inverted" or (category == "nominal" and index % 4 == 3) else "plain"
        profile = 2 if (category in ("nominal", "rotation") and index % 3 == 2) else 0
        size = int(rng.uniform(260, 420))
        angle = rng.uniform(-12, 12)
        tilt = 0.0
        if category == "small":
            size = int(rng.uniform(72, 95))  # about 2-2.6 px per module for versions 2-3
        elif category == "rotation":
            angle = rng.uniform(0, 360)
        elif category == "perspective":
            tilt = rng.uniform(30, 55)
        elif category == "multiple":
            size = int(rng.uniform(180, 260))
        if category == "multiple":
            cx, cy = 220 + k * 420 + rng.uniform(-30, 30), H / 2 + rng.uniform(-120, 120)
        else:
            cx, cy = rng.uniform(size * 0.7, W - size * 0.7), rng.uniform(size * 0.7, H - size * 0.7)
        quad = square_quad(cx, cy, size, angle, tilt, rng.uniform(0, 180))
        render_size = max(size, 256)
        ck = ckey.render(payload, render_size, profile=profile, style=style)
        qr = qr_canvas(payload, render_size)
        if category == "inverted":
            qr = 255 - qr
        if category == "curved":
            strength = rng.uniform(0.6, 1.1)
            ck, qr = curve(ck, strength), curve(qr, strength)
        if category == "damage":
            for _ in range(int(rng.integers(1, 3))):
                ex, ey = rng.uniform(0.3, 0.7) * render_size, rng.uniform(0.3, 0.7) * render_size
                ax, ay = rng.uniform(0.06, 0.12) * render_size, rng.uniform(0.06, 0.12) * render_size
                val = int(rng.choice([0, 128, 255]))
                for canvas in (ck, qr):
                    cv2.ellipse(canvas, (int(ex), int(ey)), (int(ax), int(ay)), rng.uniform(0, 180), 0, 360, val, -1)
        if category == "low-contrast":
            ck = (110 + ck.astype(np.float32) * 45 / 255).astype(np.uint8)
            qr = (110 + qr.astype(np.float32) * 45 / 255).astype(np.uint8)
        place(f_ck, ck, quad)
        place(f_qr, qr, quad)
    for frame in (f_ck, f_qr):
        degrade(category, frame, np.random.default_rng(rng.integers(1 << 30)))
    return f_ck, f_qr, payloads


def degrade(category, frame, rng):
    if category == "blur":
        sigma = rng.uniform(1.0, 2.5)
        frame[:] = cv2.GaussianBlur(frame, (0, 0), sigma)
    elif category == "motion":
        length = int(rng.integers(5, 13))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1.0 / length
        rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1)
        kernel = cv2.warpAffine(kernel, rot, (length, length))
        kernel /= kernel.sum()
        frame[:] = cv2.filter2D(frame, -1, kernel)
    elif category == "noise":
        frame[:] = np.clip(frame + rng.normal(0, rng.uniform(15, 35), frame.shape), 0, 255).astype(np.uint8)
    elif category == "lighting":
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        ang = rng.uniform(0, 2 * math.pi)
        g = (xx * math.cos(ang) + yy * math.sin(ang)) / (W + H) + 0.5
        gain = 0.25 + 0.75 * np.clip(g, 0, 1)
        shadow = np.ones_like(gain)
        x0 = rng.uniform(0, W)
        shadow[:, int(x0):] = rng.uniform(0.35, 0.6)
        shadow = cv2.GaussianBlur(shadow, (0, 0), 6)
        frame[:] = np.clip(frame * gain * shadow, 0, 255).astype(np.uint8)
    elif category == "jpeg":
        q = int(rng.integers(15, 41))
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, q])
        frame[:] = cv2.imdecode(data, cv2.IMREAD_GRAYSCALE)
    # Every frame gets mild sensor grain.
    frame[:] = np.clip(frame + rng.normal(0, 2.0, frame.shape), 0, 255).astype(np.uint8)


def pct(values, p):
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lib", default="build-shared/libckey.so")
    ap.add_argument("--frames", type=int, default=40)
    ap.add_argument("--clutter", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--save", default="")
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    ckey = CKey(args.lib)
    rows = []
    total = {"ck": 0, "qr": 0, "n": 0}
    cats = [args.only] if args.only else CATEGORIES
    if args.save:
        os.makedirs(args.save, exist_ok=True)
    for cat in [c for c in cats if c != "none"]:
        rng = np.random.default_rng([args.seed, CATEGORIES.index(cat) if cat in CATEGORIES else 99])
        ok_ck = ok_qr = 0
        t_ck, t_qr = [], []
        for i in range(args.frames):
            f_ck, f_qr, payloads = make_frames(cat, i, ckey, rng)
            want = set(payloads)
            got_ck, dt_ck = ckey.decode(f_ck, find_all=len(payloads) > 1)
            got_qr, dt_qr = zxing_decode(f_qr)
            ck_ok = want <= set(got_ck) and set(got_ck) <= want
            qr_ok = want <= set(got_qr) and set(got_qr) <= want
            ok_ck += ck_ok
            ok_qr += qr_ok
            t_ck.append(dt_ck * 1000)
            t_qr.append(dt_qr * 1000)
            if args.save and not ck_ok:
                cv2.imwrite(os.path.join(args.save, f"{cat}-{i:03d}-ckey.png"), f_ck)
        rows.append((cat, ok_ck, ok_qr, args.frames, t_ck, t_qr))
        total["ck"] += ok_ck
        total["qr"] += ok_qr
        total["n"] += args.frames
        print(f"{cat:13s} CKey {ok_ck:3d}/{args.frames}  QR {ok_qr:3d}/{args.frames}  "
              f"median ms CKey {statistics.median(t_ck):6.2f} QR {statistics.median(t_qr):6.2f}", file=sys.stderr)
    fp_ck = fp_qr = 0
    t_ck_none, t_qr_none, kind_none = [], [], []
    if not args.only or args.only == "none":
        rng = np.random.default_rng([args.seed, 1000])
        for i in range(args.clutter):
            frame = clutter(rng)
            kind_none.append(CLUTTER_KINDS[i % 4])
            degrade(kind_none[-1], frame, rng)
            got_ck, dt_ck = ckey.decode(frame, find_all=True)
            got_qr, dt_qr = zxing_decode(frame)
            fp_ck += len(got_ck)
            fp_qr += len(got_qr)
            t_ck_none.append(dt_ck * 1000)
            t_qr_none.append(dt_qr * 1000)
            if args.save and got_ck:
                cv2.imwrite(os.path.join(args.save, f"none-{i:04d}.png"), frame)
    print(f"{'category':13s} {'CKey ok':>9s} {'QR ok':>9s} {'CKey med':>9s} {'CKey p90':>9s} {'QR med':>9s} {'QR p90':>9s} {'ratio':>6s}")
    for cat, ck, qr, n, tc, tq in rows:
        print(f"{cat:13s} {100*ck/n:8.1f}% {100*qr/n:8.1f}% {statistics.median(tc):8.2f} {pct(tc,90):8.2f}"
              f"  {statistics.median(tq):8.2f} {pct(tq,90):8.2f} {statistics.median(tc)/statistics.median(tq):6.2f}")
    if total["n"]:
        all_ck = [t for r in rows for t in r[4]]
        all_qr = [t for r in rows for t in r[5]]
        print(f"{'overall':13s} {100*total['ck']/total['n']:8.1f}% {100*total['qr']/total['n']:8.1f}% "
              f"{statistics.median(all_ck):8.2f} {pct(all_ck,90):8.2f}  {statistics.median(all_qr):8.2f} {pct(all_qr,90):8.2f} "
              f"{statistics.median(all_ck)/statistics.median(all_qr):6.2f}")
    if t_ck_none:
        print(f"{'no symbol':13s} false positives: CKey {fp_ck} QR {fp_qr} in {len(t_ck_none)} frames; median ms CKey "
              f"{statistics.median(t_ck_none):.2f} QR {statistics.median(t_qr_none):.2f} ratio "
              f"{statistics.median(t_ck_none)/statistics.median(t_qr_none):.2f}")
        for kind in CLUTTER_KINDS:
            tc = [t for t, k in zip(t_ck_none, kind_none) if k == kind]
            tq = [t for t, k in zip(t_qr_none, kind_none) if k == kind]
            print(f"  {kind:11s} {len(tc):5d} frames                    median ms CKey {statistics.median(tc):.2f} "
                  f"QR {statistics.median(tq):.2f} ratio {statistics.median(tc)/statistics.median(tq):.2f}")
    print("times in ms per 1280x720 frame, decode call only, medians of the frames above")


if __name__ == "__main__":
    main()
