#!/usr/bin/env python3
"""ctypes access to libckey for the camera benchmark and its tests.

Two pieces:
  Camera  wraps <ckey/camera.h>: ckey_camera_scene_draw, ckey_camera_render,
          ckey_camera_category_name. Its structs below mirror the header field
          for field; a layout change there must be copied here.
  CKey    the few symbol, render and scan calls a benchmark needs: encode,
          render to grey at a size, decode with the time of the
          ckey_decoder_scan call alone.

    import camera_sim
    lib = camera_sim.load("build-shared/libckey.so")
    cam, ck = camera_sim.Camera(lib), camera_sim.CKey(lib)
    scene = cam.scene_draw(cam.category("nominal"), seed=7, severity=1.0)
    frame, truth = cam.render(scene, [ck.render_grey(b"https://example.com/", 496)])
    payloads, seconds = ck.decode(frame)

Layout check: `python3 bench/camera_sim.py --check-layout` compiles a small
C program against include/ckey and compares every struct's size and every
field's offset with the ctypes mirrors (needs cc). Importing the module
checks only the sizes against the LP64 values written here.
"""
import ctypes
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

c_double, c_int, c_uint32, c_uint64, c_size_t = (ctypes.c_double, ctypes.c_int, ctypes.c_uint32,
                                                 ctypes.c_uint64, ctypes.c_size_t)
P = ctypes.c_void_p

CKEY_CAMERA_MAX_LABELS = 4
CKEY_CAMERA_MAX_GLARES = 4
CKEY_CAMERA_MAX_DAMAGE = 8
CKEY_CAMERA_CATEGORY_COUNT = 17

# The category names camera.h documents, in enum order; the library's own
# ckey_camera_category_name() is used whenever it is present.
CATEGORY_NAMES = ["nominal", "small", "rotation", "perspective", "curved", "shadow", "glare", "lighting",
                  "blur", "motion", "noise", "jpeg", "low-contrast", "inverted", "damage", "multi", "combo"]

CKEY_STYLE_REFUSED = 9  # ckey_status
CKEY_SCAN_ALL = 1
CKEY_SCAN_THOROUGH = 2
PROFILE_SCALABLE, PROFILE_LOCATOR = 0, 1
LEVEL_L, LEVEL_M, LEVEL_Q, LEVEL_H = 0, 1, 2, 3
STYLE_PLAIN, STYLE_CONCEPT = 0, 1
MODULE_SQUARE, MODULE_CIRCLE, MODULE_ROUNDED = 0, 1, 2
STYLE_STRICT, STYLE_ADAPTIVE, STYLE_OVERRIDE = 0, 1, 2
LOGO_RESERVE, LOGO_OVERWRITE = 0, 1
RASTER_COVERAGE = 0


class Point(ctypes.Structure):
    _fields_ = [("x", ctypes.c_float), ("y", ctypes.c_float)]


class Damage(ctypes.Structure):
    _fields_ = [("kind", c_int), ("x", c_double), ("y", c_double), ("radius", c_double)]


class Label(ctypes.Structure):
    _fields_ = [("centre_x", c_double), ("centre_y", c_double), ("size_px", c_double),
                ("roll_deg", c_double), ("tilt_deg", c_double), ("tilt_axis_deg", c_double),
                ("surface", c_int), ("arc_deg", c_double), ("carrier_scale", c_double),
                ("carrier_reflectance", c_double), ("paper_reflectance", c_double),
                ("ink_reflectance", c_double), ("damage_count", c_int),
                ("damage", Damage * CKEY_CAMERA_MAX_DAMAGE)]


class Glare(ctypes.Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("radius_px", c_double), ("intensity", c_double)]


class Scene(ctypes.Structure):
    _fields_ = [("seed", c_uint64), ("category", c_int), ("width", c_int), ("height", c_int),
                ("fov_deg", c_double), ("supersample", c_int),
                ("label_count", c_int), ("labels", Label * CKEY_CAMERA_MAX_LABELS),
                ("light_dir", c_double * 3), ("ambient", c_double), ("ramp_strength", c_double),
                ("ramp_angle_deg", c_double), ("spot_strength", c_double), ("spot_x", c_double),
                ("spot_y", c_double), ("spot_radius", c_double), ("shadow", c_int),
                ("shadow_angle_deg", c_double), ("shadow_offset", c_double), ("shadow_width", c_double),
                ("shadow_penumbra", c_double), ("shadow_transmission", c_double),
                ("glare_count", c_int), ("glares", Glare * CKEY_CAMERA_MAX_GLARES),
                ("blur_sigma", c_double), ("defocus_radius", c_double), ("motion_length", c_double),
                ("motion_angle_deg", c_double),
                ("exposure", c_double), ("read_noise", c_double), ("gamma", c_double),
                ("jpeg_quality", c_int),
                ("backdrop_gain", c_double)]


class Truth(ctypes.Structure):
    _fields_ = [("corners", (Point * 4) * CKEY_CAMERA_MAX_LABELS), ("visible", c_int * CKEY_CAMERA_MAX_LABELS)]


class Texture(ctypes.Structure):
    _fields_ = [("pixels", P), ("width", c_int), ("height", c_int), ("bytes_per_row", c_size_t)]


class Style(ctypes.Structure):
    _fields_ = [("ink", c_uint32), ("background", c_uint32), ("background_edge", c_uint32),
                ("ring_color", c_uint32), ("key_color", c_uint32), ("module_shape", c_int),
                ("ring_style", c_int), ("ray_cap", c_int), ("bevel", c_int), ("shadow", c_int),
                ("texture", c_int), ("policy", c_int), ("logo_rgba", P), ("logo_width", c_int),
                ("logo_height", c_int), ("logo_size", c_int), ("logo_padding", c_int), ("logo_mode", c_int)]


class ResultInfo(ctypes.Structure):
    _fields_ = [("profile", c_int), ("version", c_int), ("level", c_int), ("layout", c_int),
                ("inverted", c_int), ("mirrored", c_int), ("corners", Point * 4),
                ("errors_corrected", c_int), ("erasures_filled", c_int), ("correction_margin", c_int),
                ("parity_per_block", c_int), ("payload_bytes", c_size_t), ("is_text", c_int)]


# C name -> mirror, and its size on LP64 (x86-64 and arm64 Linux/macOS),
# worked out by hand from the header's field order and natural alignment.
MIRRORS = {
    "ckey_point": (Point, 8),
    "ckey_camera_damage": (Damage, 32),
    "ckey_camera_label": (Label, 360),
    "ckey_camera_glare": (Glare, 32),
    "ckey_camera_scene": (Scene, 1816),
    "ckey_camera_truth": (Truth, 144),
    "ckey_camera_texture": (Texture, 24),
    "ckey_style": (Style, 80),
    "ckey_result_info": (ResultInfo, 88),
}


def _check_sizes():
    if ctypes.sizeof(ctypes.c_void_p) != 8:
        return  # the hand-worked sizes are LP64; --check-layout checks any ABI against the header
    for name, (mirror, size) in MIRRORS.items():
        if ctypes.sizeof(mirror) != size:
            raise ImportError(f"ctypes mirror of {name} is {ctypes.sizeof(mirror)} bytes; "
                              f"the header's layout is {size}: copy the header's fields again")


_check_sizes()


def check_layout(include_dir=None, cc=os.environ.get("CC", "cc")):
    """Compiles sizeof/offsetof of every mirrored struct and field against
    the real header; returns a list of mismatch messages (empty = exact)."""
    include_dir = include_dir or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "include")
    lines = ["#include <stdio.h>", "#include <stddef.h>", "#include <ckey/ckey.h>", "int main(void) {"]
    for name, (mirror, _) in MIRRORS.items():
        lines.append(f'printf("{name} %zu\\n", sizeof({name}));')
        for field, _ in mirror._fields_:
            lines.append(f'printf("{name}.{field} %zu\\n", offsetof({name}, {field}));')
    lines += ["return 0; }"]
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = os.path.join(tmp, "layout.c"), os.path.join(tmp, "layout")
        with open(src, "w") as f:
            f.write("\n".join(lines))
        subprocess.run([cc, "-std=c99", "-I", include_dir, src, "-o", exe], check=True)
        out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
    want = dict(line.rsplit(" ", 1) for line in out.splitlines())
    problems = []
    for name, (mirror, _) in MIRRORS.items():
        if int(want[name]) != ctypes.sizeof(mirror):
            problems.append(f"sizeof({name}): C {want[name]}, ctypes {ctypes.sizeof(mirror)}")
        for field, _ in mirror._fields_:
            got = getattr(mirror, field).offset
            if int(want[f"{name}.{field}"]) != got:
                problems.append(f"offsetof({name}, {field}): C {want[name + '.' + field]}, ctypes {got}")
    return problems


def load(path="build-shared/libckey.so"):
    """The shared library with the argument types of every call used here."""
    lib = ctypes.CDLL(os.path.abspath(path))
    I, S = c_int, c_size_t
    sig = {
        "ckey_last_error": ([], ctypes.c_char_p),
        "ckey_version_string": ([], ctypes.c_char_p),
        "ckey_symbol_encode": ([ctypes.c_char_p, S, I, I, I, I, ctypes.POINTER(P)], I),
        "ckey_symbol_destroy": ([P], None),
        "ckey_render_pixels": ([P, ctypes.POINTER(Style), I, I, I, P, S, S], I),
        "ckey_style_init": ([ctypes.POINTER(Style), I], I),
        "ckey_decoder_create": ([ctypes.POINTER(P)], I),
        "ckey_decoder_destroy": ([P], None),
        "ckey_decoder_scan": ([P, P, S, I, I, S, I, I, ctypes.POINTER(P)], I),
        "ckey_results_get_count": ([P, ctypes.POINTER(S)], I),
        "ckey_results_get_payload": ([P, S, ctypes.POINTER(ctypes.POINTER(ctypes.c_uint8)),
                                      ctypes.POINTER(S)], I),
        "ckey_results_get_info": ([P, S, ctypes.POINTER(ResultInfo)], I),
        "ckey_results_destroy": ([P], None),
        "ckey_camera_scene_draw": ([I, c_uint64, c_double, ctypes.POINTER(Scene)], I),
        "ckey_camera_render": ([ctypes.POINTER(Scene), ctypes.POINTER(Texture), S, P, I, I, S, P, S,
                                ctypes.POINTER(Truth)], I),
        "ckey_camera_category_name": ([I], ctypes.c_char_p),
    }
    for name, (args, res) in sig.items():
        fn = getattr(lib, name, None)
        if fn is not None:
            fn.argtypes, fn.restype = args, res
    return lib


def has_camera(lib):
    return hasattr(lib, "ckey_camera_render") and hasattr(lib, "ckey_camera_scene_draw")


class CKeyError(RuntimeError):
    def __init__(self, call, status, message):
        super().__init__(f"{call}: status {status}: {message}")
        self.status = status


def _check(lib, call, status):
    if status != 0:
        raise CKeyError(call, status, lib.ckey_last_error().decode(errors="replace"))


def as_grey(image):
    """uint8 grey from a bool, grey, RGB or RGBA array (BT.601 luma)."""
    a = np.asarray(image)
    if a.dtype == bool:
        a = a.astype(np.uint8) * 255
    if a.ndim == 3:
        rgb = a[..., :3].astype(np.float32)
        a = 0.299 * rgb[..., 0] + 0.587 * rgb[..., 1] + 0.114 * rgb[..., 2]
        a = np.clip(np.rint(a), 0, 255)
    return np.ascontiguousarray(a, dtype=np.uint8)


class Camera:
    """The simulator of <ckey/camera.h>."""

    def __init__(self, lib):
        if not has_camera(lib):
            raise RuntimeError("this libckey has no ckey_camera_render: rebuild it with src/certify/camera_*.cpp")
        self.lib = lib
        self.names = []
        for c in range(CKEY_CAMERA_CATEGORY_COUNT):
            name = lib.ckey_camera_category_name(c)
            self.names.append(name.decode() if name else CATEGORY_NAMES[c])

    def category(self, name):
        return self.names.index(name)

    def scene_draw(self, category, seed, severity=1.0):
        scene = Scene()
        _check(self.lib, "ckey_camera_scene_draw",
               self.lib.ckey_camera_scene_draw(category, seed, float(severity), ctypes.byref(scene)))
        return scene

    def render(self, scene, textures, backdrop=None):
        """textures: one 2-D uint8 array per label (0 = ink, 255 = paper).
        backdrop: a 2-D uint8 photograph or None (drawn clutter).
        Returns (frame as a height x width uint8 array, Truth)."""
        if len(textures) != scene.label_count:
            raise ValueError(f"{len(textures)} textures for a scene of {scene.label_count} labels")
        keep = [np.ascontiguousarray(t, dtype=np.uint8) for t in textures]
        tex = (Texture * len(keep))()
        for k, t in enumerate(keep):
            tex[k] = Texture(t.ctypes.data, t.shape[1], t.shape[0], t.strides[0])
        frame = np.empty((scene.height, scene.width), np.uint8)
        truth = Truth()
        if backdrop is None:
            bd, bw, bh, bs = None, 0, 0, 0
        else:
            backdrop = np.ascontiguousarray(backdrop, dtype=np.uint8)
            bd, bw, bh, bs = backdrop.ctypes.data, backdrop.shape[1], backdrop.shape[0], backdrop.strides[0]
        _check(self.lib, "ckey_camera_render",
               self.lib.ckey_camera_render(ctypes.byref(scene), tex, len(keep), bd, bw, bh, bs,
                                           frame.ctypes.data, frame.size, ctypes.byref(truth)))
        return frame, truth


class CKey:
    """Encode, render and scan through the C API."""

    def __init__(self, lib):
        self.lib = lib
        self.decoder = P()
        _check(lib, "ckey_decoder_create", lib.ckey_decoder_create(ctypes.byref(self.decoder)))

    def __del__(self):
        if getattr(self, "decoder", None):
            self.lib.ckey_decoder_destroy(self.decoder)
            self.decoder = None

    def style(self, preset=STYLE_PLAIN, **fields):
        """A ckey_style from a preset with fields changed. A logo is given as
        logo=<h x w x 4 uint8 RGBA array>; the style keeps it alive."""
        s = Style()
        _check(self.lib, "ckey_style_init", self.lib.ckey_style_init(ctypes.byref(s), preset))
        logo = fields.pop("logo", None)
        for k, v in fields.items():
            setattr(s, k, v)
        if logo is not None:
            logo = np.ascontiguousarray(logo, dtype=np.uint8)
            s.logo_rgba, s.logo_height, s.logo_width = logo.ctypes.data, logo.shape[0], logo.shape[1]
            s._logo = logo
        return s

    def render_rgba(self, payload, size, profile=PROFILE_SCALABLE, level=LEVEL_M, style=None):
        """The whole 31-unit canvas (quiet margin included), size x size RGBA."""
        sym = P()
        _check(self.lib, "ckey_symbol_encode",
               self.lib.ckey_symbol_encode(payload, len(payload), profile, 0, level, 0, ctypes.byref(sym)))
        try:
            buf = np.empty((size, size, 4), np.uint8)
            _check(self.lib, "ckey_render_pixels",
                   self.lib.ckey_render_pixels(sym, ctypes.byref(style) if style is not None else None, size,
                                               RASTER_COVERAGE, 0, buf.ctypes.data, size * 4, buf.size))
        finally:
            self.lib.ckey_symbol_destroy(sym)
        return buf

    def render_grey(self, payload, size, profile=PROFILE_SCALABLE, level=LEVEL_M, style=None):
        return as_grey(self.render_rgba(payload, size, profile, level, style))

    def scan(self, grey, flags=0):
        """(list of (payload bytes, ResultInfo), seconds in ckey_decoder_scan)."""
        grey = np.ascontiguousarray(grey, dtype=np.uint8)
        results = P()
        t0 = time.perf_counter()
        status = self.lib.ckey_decoder_scan(self.decoder, grey.ctypes.data, grey.nbytes, grey.shape[1], grey.shape[0],
                                            grey.strides[0], 0, flags, ctypes.byref(results))
        elapsed = time.perf_counter() - t0
        _check(self.lib, "ckey_decoder_scan", status)
        out = []
        try:
            count = c_size_t()
            _check(self.lib, "ckey_results_get_count", self.lib.ckey_results_get_count(results, ctypes.byref(count)))
            for i in range(count.value):
                ptr, n = ctypes.POINTER(ctypes.c_uint8)(), c_size_t()
                _check(self.lib, "ckey_results_get_payload",
                       self.lib.ckey_results_get_payload(results, i, ctypes.byref(ptr), ctypes.byref(n)))
                info = ResultInfo()
                _check(self.lib, "ckey_results_get_info",
                       self.lib.ckey_results_get_info(results, i, ctypes.byref(info)))
                out.append((ctypes.string_at(ptr, n.value), info))
        finally:
            self.lib.ckey_results_destroy(results)
        return out, elapsed

    def decode(self, grey, find_all=False):
        """(list of payload bytes, seconds in ckey_decoder_scan); flags 0 or CKEY_SCAN_ALL."""
        found, elapsed = self.scan(grey, CKEY_SCAN_ALL if find_all else 0)
        return [p for p, _ in found], elapsed


if __name__ == "__main__":
    if "--check-layout" in sys.argv:
        problems = check_layout()
        for p in problems:
            print(p)
        print("layout: " + ("MISMATCH" if problems else f"all {len(MIRRORS)} structs match the header"))
        sys.exit(1 if problems else 0)
    print(__doc__)
