"""`ckey certify`: a style certified over a use envelope, as the core's
message and a table, or every report field as JSON; exit 0 certified, 4 not
certified, 2 for bad input (named, with what is allowed).

Small frame counts keep the runs short; the core's tests cover the statistics.

Run: CKEY_CLI=/path/to/ckey python3 -m pytest Tests/cli/test_certify_cli.py
"""
import json

from cli_support import cli as run_cli

PAYLOAD = "https://openckey.org/certify"
FAST = ("--frames", "40", "--no-min-size")
REPORT_FIELDS = {
    "certified", "message", "adapted", "adapted_style", "backdrops_tested", "readings", "readings_passed",
    "correction_margin", "rate", "rate_low", "rate_high", "failures", "worst_distance_mm", "worst_rate",
    "worst_lighting", "min_size_mm", "budget_stopped", "envelope"}
FAILURE_KINDS = {"detection", "format_band", "keys", "error_correction"}
NOT_CERTIFIED = 4


def cli(*args, **kwargs):
    return run_cli(*args, text=True, **kwargs)


def certify_json(*args):
    result = cli("certify", *args, "--json")
    assert result.returncode in (0, NOT_CERTIFIED), result.stderr
    report = json.loads(result.stdout)
    assert (result.returncode == 0) == report["certified"]
    return report


def test_plain_is_certified():
    result = cli("certify", PAYLOAD, *FAST)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("certified: "), result.stdout
    rows = {line.split("  ")[1].strip(): line for line in lines[1:] if line.startswith("  ")}
    assert {"rate", "failures", "worst distance", "minimum size"} <= set(rows), result.stdout
    assert "95% interval" in rows["rate"] and "of 40 frames" in rows["rate"]
    assert "detection" in rows["failures"] and "error correction" in rows["failures"]
    assert "not searched" in rows["minimum size"]
    assert result.stderr == ""  # no progress line when stderr is not a terminal


def test_json_has_every_field():
    report = certify_json(PAYLOAD, *FAST, "--style", "concept", "--seed", "3")
    assert set(report) == REPORT_FIELDS
    assert set(report["failures"]) == FAILURE_KINDS
    assert report["readings"] == 40
    assert report["rate"] == report["readings_passed"] / report["readings"]
    assert report["rate_low"] <= report["rate"] <= report["rate_high"]
    assert sum(report["failures"].values()) == report["readings"] - report["readings_passed"]
    assert 100 <= report["worst_distance_mm"] <= 300
    assert report["worst_lighting"] == "indoor"
    assert report["min_size_mm"] is None and report["budget_stopped"] is False
    assert report["adapted"] is False and report["adapted_style"] is None
    assert report["envelope"]["seed"] == 3 and report["envelope"]["frames"] == 40
    assert report["message"].startswith("certified" if report["certified"] else "not certified")


def test_same_seed_same_report():
    args = (PAYLOAD, *FAST, "--size-mm", "20", "--distance", "150-450", "--lighting", "mixed", "--seed", "9")
    assert certify_json(*args) == certify_json(*args)


def test_far_small_envelope_is_not_certified_and_names_a_size():
    args = ("certify", "https://openckey.org/far", "--size-mm", "15", "--distance", "300-600", "--frames", "40")
    result = cli(*args)
    assert result.returncode == NOT_CERTIFIED, result.stdout + result.stderr
    assert result.stdout.startswith("not certified"), result.stdout
    minimum = next(line for line in result.stdout.splitlines() if "minimum size" in line)
    size = float(minimum.split()[2])
    assert size > 15 and "at 600 mm" in minimum, minimum
    assert "needs" in result.stdout.splitlines()[0]
    report = json.loads(cli(*args, "--json").stdout)
    assert report["certified"] is False and abs(report["min_size_mm"] - size) < 0.05  # the text rounds to 0.1 mm
    assert 300 <= report["worst_distance_mm"] <= 600


def test_backdrops_imply_a_transparent_symbol():
    report = certify_json("ABC123", *FAST, "--backdrop", "FFFFFF", "--backdrop", "#EEEEDD")
    assert report["backdrops_tested"] == 2
    assert report["certified"], report["message"]
    result = cli("certify", "ABC123", *FAST, "--transparent")
    assert result.returncode == NOT_CERTIFIED
    assert "none were given" in result.stdout


def test_on_screen_size_and_adaptive_policy():
    report = certify_json("ABC123", "--quick", "--no-min-size", "--size-px", "300", "--distance", "200")
    assert report["envelope"]["size_px"] == 300 and report["envelope"]["size_mm"] is None
    assert report["envelope"]["distance_min_mm"] == report["envelope"]["distance_max_mm"] == 200
    assert report["readings"] > 0
    # Concept's cream ink on a white backdrop: adaptive changes the style and says so.
    report = certify_json("ABC123", "--quick", "--no-min-size", "--style", "concept", "--policy-style", "adaptive",
                          "--backdrop", "FFFFFF")
    assert report["adapted"] is True and report["adapted_style"]["policy"] == "adaptive"


def test_usage_errors():
    cases = [
        (("--bogus",), "unknown option --bogus"),
        (("-q",), "unknown option -q"),
        (("--size-mm", "30", "--size-px", "200"), "--size-mm is '30' and --size-px is '200'"),
        (("--distance", "300-100"), "--distance is '300-100'; MIN must not exceed MAX (mm), e.g. 100-300"),
        (("--distance", "near"), "--distance is 'near'; expected MIN-MAX in mm"),
        (("--frames", "many"), "--frames is 'many'; expected a whole number"),
        (("--frames", "5"), "--frames is out of range: envelope.frames is 5; allowed 20...5000"),
        (("--threshold", "2"), "--threshold is out of range: envelope.threshold is 2; allowed 0.5...1"),
        (("--threshold", "high"), "--threshold is 'high'; expected a read rate"),
        (("--size-mm", "0.1"), "--size-mm is out of range"),
        (("--size-mm", "0"), "--size-mm is '0'; expected a positive width in mm"),
        (("--distance", "10-20"), "--distance is out of range"),
        (("--lighting", "dusk"), "--lighting is 'dusk'; expected one of: indoor, mixed, outdoor"),
        (("--backdrop", "white"), "--backdrop is 'white'; expected a colour as six hex digits RRGGBB"),
        (("--seed", "-1"), "--seed is '-1'; expected a whole number"),
        (("--quick", "--frames", "40"), "--quick"),
        (("--style", "missing.json"), "--style is 'missing.json'; expected plain, concept or a readable style.json"),
        (("--policy-style", "loose"), "--policy-style is 'loose'; expected one of: adaptive, override, strict"),
    ]
    for args, message in cases:
        result = cli("certify", "ABC123", *args)
        assert result.returncode == 2, (args, result.returncode, result.stderr)
        assert message in result.stderr, (args, result.stderr)
        assert "see 'ckey certify --help'" in result.stderr
        assert result.stdout == ""
    result = cli("certify")
    assert result.returncode == 2 and "missing TEXT" in result.stderr


def test_help():
    result = cli("certify", "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: ckey certify TEXT [options]")
    for option in ("--size-mm", "--size-px", "--distance", "--lighting", "--backdrop", "--frames", "--quick",
                   "--seed", "--threshold", "--json", "--policy-style"):
        assert option in result.stdout, option
    assert "4 not certified" in result.stdout
    listing = cli("--help")
    assert any(line.split()[:1] == ["certify"] for line in listing.stdout.splitlines())
