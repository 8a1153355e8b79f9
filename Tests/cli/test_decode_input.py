"""`ckey decode` input handling: standard input with `-`, files that are not
regular files refused at once (a FIFO once blocked forever), truncated and
corrupt images refused as errors rather than scanned as grey, and CMYK JPEGs
as Pillow writes them read as ink on paper.

Run: CKEY_CLI=/path/to/ckey python3 -m pytest Tests/cli/test_decode_input.py
"""
import io
import json
import os

from PIL import Image

from cli_support import cli

PAYLOAD = "https://openckey.org/stdin"


def symbol_png(tmp_path):
    out = tmp_path / "symbol.png"
    result = cli("encode", PAYLOAD, "-o", str(out), "--size", "360")
    assert result.returncode == 0, result.stderr
    return out


def test_standard_input_with_dash(tmp_path):
    png = symbol_png(tmp_path).read_bytes()
    result = cli("decode", "--json", "-", input=png)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["file"] == "-"
    assert report["results"][0]["text"] == PAYLOAD


def test_dash_twice_is_a_usage_error(tmp_path):
    result = cli("decode", "-", "-", input=b"")
    assert result.returncode == 2
    assert b"more than once" in result.stderr


def test_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    result = cli("decode", str(fifo), timeout=20)  # no writer: a plain open would block forever
    assert result.returncode == 1
    assert b"is a FIFO (named pipe); only regular files are read (use - to read standard input)" in result.stderr


def test_directory_and_device_are_refused(tmp_path):
    for path, kind in ((str(tmp_path), b"a directory"), ("/dev/zero", b"a character device")):
        result = cli("decode", path, timeout=20)
        assert result.returncode == 1, path
        assert kind in result.stderr


def test_truncated_jpeg_is_an_error(tmp_path):
    image = Image.open(symbol_png(tmp_path)).convert("L")
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=60)
    whole = buffer.getvalue()
    for cut in (700, len(whole) // 2):
        part = tmp_path / f"cut-{cut}.jpg"
        part.write_bytes(whole[:cut])
        result = cli("decode", str(part))
        assert result.returncode == 1, (cut, result.stdout)
        assert b"truncated JPEG: the file ends after" in result.stderr
        assert b"no CKey symbol found" not in result.stdout


def test_empty_file_says_empty(tmp_path):
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    result = cli("decode", str(empty))
    assert result.returncode == 1
    assert b"the input is empty (0 bytes)" in result.stderr


def test_cmyk_jpeg_from_pillow_decodes(tmp_path):
    # Pillow writes CMYK JPEGs the Adobe way (inverted, with an APP14 marker).
    rgb = Image.open(symbol_png(tmp_path)).convert("RGB")
    for name, image in (("cmyk", rgb.convert("CMYK")),):
        path = tmp_path / f"{name}.jpg"
        image.save(path, "JPEG", quality=85)
        assert Image.open(path).mode == "CMYK"
        result = cli("decode", "--json", str(path))
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["results"][0]["text"] == PAYLOAD
