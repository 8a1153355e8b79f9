"""`ckey simulate`: camera-simulator frames written by the CLI, read back by
`ckey decode`.

Run: CKEY_CLI=/path/to/ckey python3 -m pytest Tests/scan/test_simulate_cli.py
"""
import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAYLOAD = "https://openckey.org/simulate"
CATEGORIES = ["nominal", "curved", "low-contrast"]


def cli_path():
    path = Path(os.environ.get("CKEY_CLI", ROOT / ".build/debug/ckey"))
    if not path.exists():
        raise RuntimeError(f"ckey CLI not found at {path}; build it (swift build) and set CKEY_CLI")
    return str(path)


def simulate(out, *args):
    return subprocess.run([cli_path(), "simulate", PAYLOAD, "-o", str(out), *args],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("category", CATEGORIES)
def test_writes_a_grey_frame(tmp_path, category):
    out = tmp_path / f"{category}.pgm"
    result = simulate(out, "--category", category, "--seed", "11", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["category"] == category
    assert summary["seed"] == 11
    assert len(summary["labels"]) >= 1
    assert all(len(label["corners"]) == 4 for label in summary["labels"])
    data = out.read_bytes()
    header = f"P5\n{summary['width']} {summary['height']}\n255\n".encode()
    assert data.startswith(header)
    assert len(data) == len(header) + summary["width"] * summary["height"]


def test_same_seed_same_bytes(tmp_path):
    first, second = tmp_path / "a.pgm", tmp_path / "b.pgm"
    for out in (first, second):
        assert simulate(out, "--category", "blur", "--seed", "5").returncode == 0
    assert first.read_bytes() == second.read_bytes()


def test_nominal_frame_decodes(tmp_path):
    out = tmp_path / "nominal.pgm"
    assert simulate(out, "--category", "nominal", "--seed", "11").returncode == 0
    result = subprocess.run([cli_path(), "decode", str(out), "--json"], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout)["results"][0]["text"] == PAYLOAD


def test_bad_category_lists_the_names(tmp_path):
    out = tmp_path / "bad.pgm"
    result = simulate(out, "--category", "sunny")
    assert result.returncode == 2
    for name in ["nominal", "curved", "low-contrast", "combo"]:
        assert name in result.stderr
    assert not out.exists()


def test_other_extensions_are_refused(tmp_path):
    result = simulate(tmp_path / "frame.png", "--category", "nominal")
    assert result.returncode == 2
    assert ".pgm" in result.stderr


def test_help_names_every_option():
    result = subprocess.run([cli_path(), "simulate", "--help"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0
    for option in ["--category", "--seed", "--severity", "--backdrop", "--style", "--output", "--json"]:
        assert option in result.stdout
