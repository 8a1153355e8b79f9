"""The CKeyScanner product (target CKeyScanKit) links no telemetry code:
its dependency closure in Package.swift excludes CKeyTelemetry, and no object
file built for that closure defines or references a ckey_telemetry symbol or
holds the telemetry endpoint. The CKey product does (the control that shows
this test can fail). The CKey product also ships PrivacyInfo.xcprivacy.
Nor does CKeyScanner link the renderer, certification or Safe Actions: its
object files are those of src/core, codec, image, payload, scan and session
only, and none defines or calls their C functions.

Run after `swift build --scratch-path S`:
  CKEY_SWIFT_BUILD=S/debug python3 -m pytest Tests/telemetry/test_scanner_product.py
"""
import json
import os
import plistlib
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build():
    path = Path(os.environ.get("CKEY_SWIFT_BUILD", ROOT / ".build/debug"))
    if not (path / "CKeyScanKit.build").is_dir():
        raise RuntimeError(f"no Swift build at {path}; run swift build and set CKEY_SWIFT_BUILD")
    return path


@pytest.fixture(scope="module")
def package(build):
    dump = subprocess.run(["swift", "package", "--scratch-path", str(build.parent), "dump-package"], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return json.loads(dump.stdout)


def closure(package, target):
    targets = {t["name"]: t for t in package["targets"]}
    seen, pending = set(), [target]
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        for dependency in targets[name].get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency:
                    pending.append(dependency[kind][0])
    return seen


def symbols(build, targets):
    """Every symbol (defined or undefined) in the targets' object files, and their bytes."""
    names, blobs = set(), b""
    for target in targets:
        for obj in (build / f"{target}.build").rglob("*.o"):
            out = subprocess.run(["nm", "-A", str(obj)], capture_output=True, text=True, check=True).stdout
            names.update(line.split()[-1] for line in out.splitlines() if line.split())
            blobs += obj.read_bytes()
    return names, blobs


def test_scanner_product_links_no_telemetry(build, package):
    product = next(p for p in package["products"] if p["name"] == "CKeyScanner")
    scanner = set().union(*(closure(package, t) for t in product["targets"]))
    assert "CKeyTelemetry" not in scanner and "CKey" not in scanner, scanner
    names, blobs = symbols(build, scanner)
    assert len(names) > 100  # really read the objects
    assert not [n for n in names if "telemetry" in n.lower()]
    assert b"api/telemetry" not in blobs and b"ckey_telemetry" not in blobs


def test_ckey_product_has_telemetry_and_the_privacy_manifest(build, package):
    product = next(p for p in package["products"] if p["name"] == "CKey")
    full = set().union(*(closure(package, t) for t in product["targets"]))
    assert "CKeyTelemetry" in full
    names, _ = symbols(build, full)
    assert "ckey_telemetry_create" in names
    manifest = plistlib.loads((ROOT / "sdk/swift/Sources/CKey/PrivacyInfo.xcprivacy").read_bytes())
    assert manifest["NSPrivacyTracking"] is False and manifest["NSPrivacyTrackingDomains"] == []
    collected = manifest["NSPrivacyCollectedDataTypes"]
    assert [c["NSPrivacyCollectedDataType"] for c in collected] == ["NSPrivacyCollectedDataTypeProductInteraction"]
    assert collected[0]["NSPrivacyCollectedDataTypeLinked"] is False
    assert collected[0]["NSPrivacyCollectedDataTypeTracking"] is False
    assert collected[0]["NSPrivacyCollectedDataTypePurposes"] == ["NSPrivacyCollectedDataTypePurposeAnalytics"]
    reasons = manifest["NSPrivacyAccessedAPITypes"][0]
    assert reasons["NSPrivacyAccessedAPITypeReasons"] == ["35F9.1"]
    assert (build / "ckey_CKey.resources/PrivacyInfo.xcprivacy").exists()


def object_modules(build, targets):
    """The src/ modules whose files were compiled for the targets (shims are named <module>_<file>.cpp)."""
    modules = set()
    for target in targets:
        for obj in (build / f"{target}.build").rglob("*.o"):
            if obj.name.endswith(".cpp.o"):
                modules.add(obj.name.split("_", 1)[0])
    return modules


LATER_LAYERS = ("ckey_render_", "ckey_style_", "ckey_certify", "ckey_grade_", "ckey_camera_", "ckey_action_")


def test_scanner_product_links_no_renderer_certification_or_safe_actions(build, package):
    product = next(p for p in package["products"] if p["name"] == "CKeyScanner")
    scanner = set().union(*(closure(package, t) for t in product["targets"]))
    assert not scanner & {"CKeyRender", "CKeyCertify", "CKeyActions", "CKeyText"}, scanner
    assert object_modules(build, scanner) == {"core", "codec", "image", "payload", "scan", "session"}
    names, _ = symbols(build, scanner)
    assert not [n for n in names if n.startswith(LATER_LAYERS)]
    # The control: the CKey product compiles and defines them.
    full = set().union(*(closure(package, t) for t in next(p for p in package["products"] if p["name"] == "CKey")["targets"]))
    assert {"render", "certify", "actions", "telemetry", "text"} <= object_modules(build, full)
    names, _ = symbols(build, full)
    assert {"ckey_render_png", "ckey_certify", "ckey_action_verify"} <= names
