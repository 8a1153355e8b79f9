"""tools/check-layers: the tree as it is passes, and each kind of breach of
src/modules.txt, made in a copy of the tree, fails with a finding that names it."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(root):
    return subprocess.run([sys.executable, str(root / "tools/check-layers")], capture_output=True, text=True)


@pytest.fixture
def tree(tmp_path):
    for name in ("src", "cmake"):
        shutil.copytree(ROOT / name, tmp_path / name)
    (tmp_path / "tools").mkdir()
    shutil.copy(ROOT / "tools/check-layers", tmp_path / "tools/check-layers")
    shutil.copy(ROOT / "Package.swift", tmp_path / "Package.swift")
    return tmp_path


def edit(path, old, new):
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1))


def test_the_tree_passes_and_the_graph_is_printed():
    result = run(ROOT)
    assert result.returncode == 0, result.stderr
    assert "0 findings" in result.stdout
    assert "scan        CKeyScan" in result.stdout


def test_an_include_across_the_graph_fails(tree):
    edit(tree / "src/codec/symbol.cpp", '#include "symbol.hpp"', '#include "symbol.hpp"\n#include "../render/style.hpp"')
    result = run(tree)
    assert result.returncode == 1
    assert "src/codec/symbol.cpp" in result.stderr and "may not use src/render" in result.stderr


def test_a_c_call_across_the_graph_fails(tree):
    edit(tree / "src/modules.txt", "session     CKeyScan        core image scan", "session     CKeyScan        core image")
    result = run(tree)
    assert result.returncode == 1
    assert "calls ckey_decoder_create of src/scan" in result.stderr


def test_a_cycle_fails(tree):
    edit(tree / "src/modules.txt", "codec       CKeyCodec       core", "codec       CKeyCodec       core scan")
    result = run(tree)
    assert result.returncode == 1
    assert "cycle" in result.stderr


def test_a_source_that_cmake_does_not_list_fails(tree):
    (tree / "src/scan/extra_stage.cpp").write_text("// a stage nobody listed\n")
    result = run(tree)
    assert result.returncode == 1
    assert "src/scan/extra_stage.cpp is not listed" in result.stderr


def test_package_dependencies_that_differ_from_the_graph_fail(tree):
    edit(tree / "Package.swift", '.target(name: "CKeyTelemetry", dependencies: ["CKeyCore"]',
         '.target(name: "CKeyTelemetry", dependencies: ["CKeyCore", "CKeyCodec"]')
    result = run(tree)
    assert result.returncode == 1
    assert "Package.swift: CKeyTelemetry depends on ['CKeyCodec', 'CKeyCore']" in result.stderr


def test_a_directory_outside_the_graph_fails(tree):
    (tree / "src/extras").mkdir()
    result = run(tree)
    assert result.returncode == 1
    assert "src/extras/ is not in src/modules.txt" in result.stderr
