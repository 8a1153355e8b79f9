"""`ckey encode --json` and `ckey capacity --payload`: the segments and bit
counts the CLI reports for the segmented encodation (spec section 7).

Run: CKEY_CLI=/path/to/ckey python3 -m pytest Tests/cli/test_encodation_cli.py
"""
import json
from pathlib import Path

from cli_support import cli as run_cli

ROOT = Path(__file__).resolve().parents[2]
GS1 = "https://id.gs1.org/01/09520123456788"
CAMPAIGN = "https://example.com/p?utm_source=flyer&utm_medium=qr&utm_campaign=spring26"


def cli(*args):
    return run_cli(*args, text=True)


def encode_json(payload, *args):
    result = cli("encode", payload, "--json", *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_encode_reports_segments_that_cover_the_payload():
    report = encode_json(GS1)
    assert report["encodation"] == "segmented"
    assert report["version"] == 1
    runs = report["segments"]
    assert [(r["mode"], r["text"]) for r in runs] == [
        ("prefix", "https://"), ("text40", "id.gs1.org/01/"), ("digits", "09520123456788")]
    offset = 0
    for run in runs:
        assert run["offset"] == offset
        offset += run["length"]
    assert offset == len(GS1) == report["payload_bytes"]
    assert report["stream_bits"] <= report["data_bits"] == 26 * 8


def test_encode_text_output_names_the_packing():
    result = cli("encode", CAMPAIGN)
    assert result.returncode == 0, result.stderr
    assert "coded as segmented: prefix https://" in result.stdout
    assert "text48" in result.stdout


def test_empty_and_binary_payloads_report_bytes(tmp_path):
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    result = cli("encode", "--data-file", str(empty), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["encodation"] == "bytes" and report["segments"] == []


def test_capacity_payload_gives_each_level_and_why():
    result = cli("capacity", "--payload", CAMPAIGN, "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert [row["level"] for row in report["levels"]] == ["L", "M", "Q", "H"]
    versions = [row["version"] for row in report["levels"]]
    assert versions == sorted(versions)
    for row in report["levels"]:
        assert row["fits"] and row["stream_bits"] <= row["data_bits"]
        # The version below cannot hold the stream: its bits are in the reason.
        if row["version"] > 1:
            below = int(row["reason"].split(" holds ")[1].split()[0])
            assert below < row["stream_bits"]
        # The same payload encoded directly lands on the same version.
        direct = encode_json(CAMPAIGN, "--level", row["level"])
        assert direct["version"] == row["version"]


def test_capacity_payload_too_large_for_a_level_says_so():
    big = "x" * 3000
    result = cli("capacity", "--payload", big)
    text = result.stdout + result.stderr
    assert "does not fit" in text and "bits" in text
    # Level L still holds it (3000 text40 characters), so the command succeeds.
    assert result.returncode == 0


def test_capacity_payload_refuses_a_version():
    result = cli("capacity", "--payload", GS1, "--version", "3")
    assert result.returncode != 0
    assert "leave out --version" in result.stderr
