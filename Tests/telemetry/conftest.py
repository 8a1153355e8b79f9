"""Shared fixtures for the telemetry tests: batch_tool, a C99 client of
<ckey/telemetry.h> alone, built once against the CMake-built library."""
import os
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def tool():
    lib = os.environ.get("CKEY_LIB")
    if not lib or not Path(lib).exists():
        raise RuntimeError("set CKEY_LIB to the CMake-built libckey.a or libckey.so")
    out = Path(tempfile.mkdtemp()) / "batch_tool"
    # C99 with -pedantic -Werror: telemetry.h stands alone.
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{ROOT / 'include'}",
                    str(ROOT / "Tests/telemetry/batch_tool.c"), lib, "-lpng", "-ljpeg", "-lcrypto", "-lstdc++",
                    "-lm", "-lpthread", "-o", str(out)], check=True)
    return str(out)
