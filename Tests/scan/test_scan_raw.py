"""`ckey scan --raw`: a video made by ffmpeg from rendered frames, in which a
symbol appears after 3 seconds, piped as raw frames into the CLI.

Run: CKEY_CLI=/path/to/ckey python3 -m pytest Tests/scan/test_scan_raw.py
(ffmpeg from the Debian package is required; a missing tool is a failure.)
"""
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
WIDTH, HEIGHT, FPS = 320, 240, 25
APPEARS, DISAPPEARS, LENGTH = 3.0, 6.0, 8.0   # seconds
PAYLOAD = "https://openckey.org/scan/raw-video"


def cli_path():
    path = Path(os.environ.get("CKEY_CLI", ROOT / ".build/debug/ckey"))
    if not path.exists():
        raise RuntimeError(f"ckey CLI not found at {path}; build it (swift build) and set CKEY_CLI")
    return str(path)


def ffmpeg():
    tool = shutil.which("ffmpeg")
    if tool is None:
        raise RuntimeError("ffmpeg not found; install the Debian package ffmpeg")
    return tool


@pytest.fixture(scope="module")
def video():
    """An H.264 video: a grey noisy background; the symbol (rendered by
    `ckey encode`) is pasted from APPEARS to DISAPPEARS seconds."""
    work = Path(tempfile.mkdtemp(prefix="ckey-scan-raw-"))
    symbol_png = work / "symbol.png"
    subprocess.run([cli_path(), "encode", PAYLOAD, "-o", str(symbol_png), "--size", "200"], check=True,
                   capture_output=True)
    symbol = np.asarray(Image.open(symbol_png).convert("L"))
    rng = np.random.default_rng(6)
    raw = bytearray()
    for index in range(int(LENGTH * FPS)):
        frame = np.clip(190 + rng.normal(0, 6, (HEIGHT, WIDTH)), 0, 255).astype(np.uint8)
        t = index / FPS
        if APPEARS <= t < DISAPPEARS:
            y0, x0 = (HEIGHT - symbol.shape[0]) // 2, (WIDTH - symbol.shape[1]) // 2
            frame[y0:y0 + symbol.shape[0], x0:x0 + symbol.shape[1]] = symbol
        raw += frame.tobytes()
    path = work / "video.mp4"
    subprocess.run([ffmpeg(), "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "gray", "-s", f"{WIDTH}x{HEIGHT}",
                    "-r", str(FPS), "-i", "-", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", str(path)],
                   input=bytes(raw), check=True)
    yield path
    shutil.rmtree(work)


def scan(video_path, *args, pix_fmt="gray", realtime=False):
    """Pipes the video's decoded frames into `ckey scan`; returns (exit code, JSON lines, stderr)."""
    decode = [ffmpeg(), "-v", "error"] + (["-re"] if realtime else []) + \
        ["-i", str(video_path), "-f", "rawvideo", "-pix_fmt", pix_fmt, "-"]
    producer = subprocess.Popen(decode, stdout=subprocess.PIPE)
    try:
        result = subprocess.run([cli_path(), "scan", "--raw", f"{WIDTH}x{HEIGHT}", *args], stdin=producer.stdout,
                                capture_output=True, text=True, timeout=120)
    finally:
        producer.stdout.close()
        producer.kill()
        producer.wait()
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    return result.returncode, lines, result.stderr


def test_stream_time_sessions(video):
    # --rate 25: the session clock follows the video, so the result is exact.
    code, sessions, stderr = scan(video, "--rate", str(FPS), "--json")
    assert code == 0, stderr
    first = sessions[0]
    assert first["session"] == 1 and first["outcome"] == "succeeded"
    assert first["result"]["text"] == PAYLOAD
    # Frame-rate limit: 25 fps in, at most 20 decoded per second, so frames
    # 0, 2, 4... are decoded (each 80 ms after the last). The symbol is found
    # in the first of those that shows it.
    first_shown = int(APPEARS * FPS)
    first_decoded = first_shown + first_shown % 2
    assert first["seconds"] == pytest.approx(first_decoded / FPS, abs=1e-3), first
    assert first["frames"] == first_decoded // 2 + 1
    # After each result a new session begins and finds the symbol again while it is shown...
    found = [s for s in sessions if s["outcome"] == "succeeded"]
    assert all(s["result"]["text"] == PAYLOAD for s in found)
    assert len(found) >= 10
    # ...and the last one, begun while the symbol is gone, is stopped by the end of the input.
    assert sessions[-1]["outcome"] == "stopped"
    assert [s["session"] for s in sessions] == list(range(1, len(sessions) + 1))


def test_timeout_in_stream_time(video):
    code, sessions, stderr = scan(video, "--rate", str(FPS), "--timeout", "2", "--json")
    assert code == 0, stderr
    assert sessions[0]["outcome"] == "timed_out"
    assert sessions[0]["seconds"] == pytest.approx(2.0, abs=1 / FPS)
    assert sessions[1]["outcome"] == "succeeded"
    assert sessions[1]["seconds"] == pytest.approx(APPEARS - 2.0, abs=2 / FPS + 1e-6)
    assert sessions[-1]["outcome"] == "stopped", sessions


def test_once_exits_at_the_first_result(video):
    code, sessions, stderr = scan(video, "--rate", str(FPS), "--once", "--json")
    assert code == 0, stderr
    assert len(sessions) == 1 and sessions[0]["result"]["text"] == PAYLOAD


@pytest.mark.parametrize("pix_fmt,fmt", [("nv12", "nv12"), ("rgba", "rgba")])
def test_other_formats(video, pix_fmt, fmt):
    code, sessions, stderr = scan(video, "--rate", str(FPS), "--once", "--json", "--format", fmt, pix_fmt=pix_fmt)
    assert code == 0, stderr
    assert sessions[0]["result"]["text"] == PAYLOAD
    assert APPEARS <= sessions[0]["seconds"] <= APPEARS + 2 / FPS + 1e-9


def test_real_time_stream(video):
    # ffmpeg -re feeds frames at the video's own pace, as a webcam would; the
    # session runs on the real clock.
    started = time.monotonic()
    code, sessions, stderr = scan(video, "--once", "--json", realtime=True)
    elapsed = time.monotonic() - started
    assert code == 0, stderr
    assert sessions[0]["outcome"] == "succeeded" and sessions[0]["result"]["text"] == PAYLOAD
    assert APPEARS - 0.5 <= sessions[0]["seconds"] <= APPEARS + 1.5, sessions
    assert elapsed < LENGTH  # --once: does not wait for the end of the video


def test_text_output_and_no_symbol():
    # Two seconds of blank frames at 10 fps: one stopped session, exit 3.
    blank = bytes([200]) * (WIDTH * HEIGHT) * 20
    result = subprocess.run([cli_path(), "scan", "--raw", f"{WIDTH}x{HEIGHT}", "--rate", "10"], input=blank,
                            capture_output=True, timeout=60)
    assert result.returncode == 3, result.stderr
    assert result.stdout.decode().strip() == "session 1: no symbol (stopped after 1.90 s, 20 frames)"
    assert "20 frames read; 20 decoded" in result.stderr.decode()


def test_usage_errors():
    for args in (["--raw", "320"], ["--raw", "0x10"], ["--raw", "320x240", "--format", "yuv"],
                 ["--raw", "320x240", "--fps", "0"], []):
        result = subprocess.run([cli_path(), "scan", *args], input=b"", capture_output=True, timeout=30)
        assert result.returncode == 2, (args, result.stderr)
    # Sizes are the core's to refuse (ckey_image_check_size), with its reason, before a buffer is sized.
    for raw, reason in (("0x10", b"width and height must be positive"),
                        ("20000x20000", b"the limit is 100000000 (100 megapixels)"),
                        ("99999999999x2", b"expected WIDTHxHEIGHT in pixels")):
        result = subprocess.run([cli_path(), "scan", "--raw", raw], input=b"", capture_output=True, timeout=30)
        assert result.returncode == 2 and reason in result.stderr, (raw, result.stderr)
    # A pipe that ends inside a frame: the whole frames are scanned, then exit 1 naming the frame size.
    partial = subprocess.run([cli_path(), "scan", "--raw", "320x240"], input=b"\0" * (76800 + 1000),
                             capture_output=True, timeout=30)
    assert partial.returncode == 1, partial.stderr
    assert b"partial frame of 1000 bytes after 1 whole ones" in partial.stderr
    assert b"320x240 gray8 frames of 76800 bytes" in partial.stderr


def test_raw_file_on_stdin_must_hold_whole_frames(tmp_path):
    # A regular file on stdin is measured first: refused before any frame is scanned.
    stream = tmp_path / "frames.raw"
    stream.write_bytes(b"\0" * (2 * 320 * 240 * 4 + 7))
    with open(stream, "rb") as source:
        result = subprocess.run([cli_path(), "scan", "--raw", "320x240", "--format", "rgba"], stdin=source,
                                capture_output=True, timeout=30)
    assert result.returncode == 1, result.stderr
    assert b"2 frames and 7 bytes left over" in result.stderr
    assert b"frames read" not in result.stderr
