"""`ckey grade`: the print quality grade of one symbol in an image, as a
table, as the core's JSON, and as a grade card (PNG) and report (PDF); bad
input refused with a clear message and a nonzero exit.

Run: CKEY_CLI=/path/to/ckey python3 -m pytest Tests/cli/test_grade_cli.py
"""
import json

from PIL import Image

from cli_support import cli as run_cli

PAYLOAD = "https://openckey.org/grade"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PARAMETERS = {
    "symbol_contrast", "minimum_reflectance", "minimum_edge_contrast", "modulation", "reflectance_margin",
    "ring_damage", "band_damage", "key_damage", "axial_nonuniformity", "grid_nonuniformity",
    "unused_error_correction", "print_growth_x", "print_growth_y"}


def cli(*args, **kwargs):
    return run_cli(*args, text=True, **kwargs)


def symbol_png(tmp_path, size=1024):
    out = tmp_path / "symbol.png"
    result = cli("encode", PAYLOAD, "-o", str(out), "--size", str(size))
    assert result.returncode == 0, result.stderr
    return out


def test_clean_rendering_grades_a(tmp_path):
    result = cli("grade", str(symbol_png(tmp_path)))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].endswith(": grade A (4)"), result.stdout
    assert "profile scalable" in lines[1]
    table = [line.split() for line in lines if line.split() and line.split()[0] in PARAMETERS]
    assert {row[0] for row in table} == PARAMETERS
    assert all(row[-2:] == ["A", "(4)"] for row in table), result.stdout
    assert result.stderr == ""


def test_json_is_the_core_report(tmp_path):
    result = cli("grade", str(symbol_png(tmp_path)), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["overall"] == {"grade": 4, "letter": "A"}
    assert set(report["parameters"]) == PARAMETERS
    assert len(report["parameters"]) == 13
    assert all(p["grade"] == 4 and p["letter"] == "A" for p in report["parameters"].values())
    assert report["symbol"]["payload"] == PAYLOAD


def test_card_and_report_are_written(tmp_path):
    card, report = tmp_path / "card.png", tmp_path / "report.pdf"
    result = cli("grade", str(symbol_png(tmp_path)), "--card", str(card), "--report", str(report))
    assert result.returncode == 0, result.stderr
    assert card.read_bytes().startswith(PNG_SIGNATURE)
    assert report.read_bytes().startswith(b"%PDF-")
    assert f"wrote {card}" in result.stdout and f"wrote {report}" in result.stdout
    with Image.open(card) as image:
        assert image.width > 0 and image.height > 0
    # With --json the files are written too and stdout stays pure JSON.
    card.unlink()
    result = cli("grade", str(symbol_png(tmp_path)), "--json", f"--card={card}")
    assert result.returncode == 0, result.stderr
    json.loads(result.stdout)
    assert card.read_bytes().startswith(PNG_SIGNATURE)
    assert not list(tmp_path.glob(".*"))  # no temporaries left beside the targets


def test_standard_input(tmp_path):
    with open(symbol_png(tmp_path), "rb") as image:
        result = cli("grade", "-", "--json", stdin=image)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["overall"]["letter"] == "A"


def test_missing_file(tmp_path):
    missing = tmp_path / "missing.png"
    result = cli("grade", str(missing))
    assert result.returncode == 1
    assert str(missing) in result.stderr
    assert result.stdout == ""
    assert "Fatal error" not in result.stderr


def test_image_without_a_symbol(tmp_path):
    blank = tmp_path / "blank.png"
    Image.new("L", (400, 300), 255).save(blank)
    result = cli("grade", str(blank))
    assert result.returncode == 3
    assert "no readable CKey symbol" in result.stderr
    assert str(blank) in result.stderr
    assert result.stdout == ""


def test_symbol_too_small_to_grade(tmp_path):
    result = cli("grade", str(symbol_png(tmp_path, size=96)))
    assert result.returncode in (1, 3)
    assert "px per module" in result.stderr or "no readable CKey symbol" in result.stderr, result.stderr


def test_not_an_image(tmp_path):
    text = tmp_path / "notes.png"
    text.write_text("not an image\n")
    result = cli("grade", str(text))
    assert result.returncode == 1
    assert result.stderr.startswith("ckey: ")


def test_usage_errors(tmp_path):
    png = str(symbol_png(tmp_path))
    cases = [
        (("grade", png, "--bogus"), "unknown option --bogus; this command takes: --card, --help, --json, --report"),
        (("grade", png, "-x"), "unknown option -x; this command takes: --card, --json, --report"),
        (("grade", png, "--card"), "--card needs a value"),
        (("grade", png, "--report", "--json"), "--report needs a file name, got '--json'"),
        (("grade",), "missing IMAGE to grade"),
        (("grade", png, png), "expected one IMAGE, got 2"),
        (("grade", png, "--json=yes"), "--json takes no value"),
    ]
    for args, message in cases:
        result = cli(*args)
        assert result.returncode == 2, args
        assert message in result.stderr, (args, result.stderr)
        assert "see 'ckey grade --help'" in result.stderr
        assert result.stdout == ""
    assert not (tmp_path / "--json").exists()


def test_help():
    result = cli("grade", "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: ckey grade IMAGE [--json] [--card out.png] [--report out.pdf]")
    listing = cli("--help")
    assert any(line.split()[:1] == ["grade"] for line in listing.stdout.splitlines())


def grade_json(path):
    result = cli("grade", str(path), "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_third_party_renderings_grade_a(tmp_path):
    """The same symbol drawn by tools that are not ours: poppler from our PDF,
    librsvg from our SVG, and libjpeg (through Pillow) at quality 20."""
    import shutil
    import subprocess
    pdf, svg = tmp_path / "symbol.pdf", tmp_path / "symbol.svg"
    assert cli("encode", PAYLOAD, "-o", str(pdf)).returncode == 0
    assert cli("encode", PAYLOAD, "-o", str(svg)).returncode == 0
    images = []
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "600", "-gray", "-png", str(pdf), str(tmp_path / "poppler")], check=True)
        images.append(tmp_path / "poppler-1.png")
    if shutil.which("rsvg-convert"):
        subprocess.run(["rsvg-convert", "-w", "800", "-b", "white", str(svg), "-o", str(tmp_path / "rsvg.png")],
                       check=True)
        images.append(tmp_path / "rsvg.png")
    jpeg = tmp_path / "q20.jpg"
    Image.open(symbol_png(tmp_path)).convert("L").save(jpeg, quality=20)
    images.append(jpeg)
    assert len(images) == 3, "pdftoppm and rsvg-convert are installed by scripts/install-deps"
    for image in images:
        report = grade_json(image)
        assert report["overall"]["letter"] == "A", (image.name, report["parameters"])
        assert report["symbol"]["payload"] == PAYLOAD


def test_spec_grade_vectors():
    """spec/vectors/grade.json: each image with a known defect grades as recorded,
    parameter by parameter (values within the file's stated tolerance)."""
    import pathlib
    root = pathlib.Path(__file__).resolve().parents[2] / "spec" / "vectors"
    doc = json.loads((root / "grade.json").read_text())
    assert len(doc["vectors"]) >= 6
    for vector in doc["vectors"]:
        report = grade_json(root / vector["file"])
        assert report["overall"]["grade"] == vector["overall"], vector["file"]
        assert report["symbol"]["payload"] == vector["payload"]
        for name, expected in vector["grades"].items():
            got = report["parameters"][name]
            assert got["grade"] == expected, (vector["file"], name, got)
            tolerance = 1.0 if name in ("symbol_contrast", "minimum_reflectance", "minimum_edge_contrast") else 0.02
            assert abs(got["value"] - vector["values"][name]) <= tolerance, (vector["file"], name, got)
