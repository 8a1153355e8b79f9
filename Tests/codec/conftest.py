"""Shared fixtures for the codec's Python cross-checks."""
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


class CodecHelper:
    """Runs Tests/codec/rs_helper.cpp: one request line in, one answer line out."""

    def __init__(self, binary):
        self.process = subprocess.Popen([str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        assert not answer.startswith("ERROR"), answer
        return answer

    def parity(self, field, data, e):
        return list(bytes.fromhex(self.ask(f"enc {field} {e} {bytes(data).hex() or '-'}")))

    def correct(self, field, word, e, erasures=()):
        positions = ",".join(str(p) for p in erasures) or "-"
        answer = self.ask(f"dec {field} {e} {bytes(word).hex()} {positions}")
        return None if answer == "FAIL" else list(bytes.fromhex(answer))

    def crc32c(self, data):
        return int(self.ask(f"crc {bytes(data).hex() or '-'}"), 16)

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


@pytest.fixture(scope="session")
def codec_helper(tmp_path_factory):
    compiler = os.environ.get("CXX") or shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")
    assert compiler, "a C++ compiler (c++, g++ or clang++) is needed to build Tests/codec/rs_helper.cpp"
    binary = tmp_path_factory.mktemp("codec") / "rs_helper"
    sources = [ROOT / "Tests/codec/rs_helper.cpp"] + [ROOT / "src/codec" / name for name in ("galois.cpp", "reed_solomon.cpp", "crc32c.cpp")]
    subprocess.run([compiler, "-std=c++20", "-O2", f"-I{ROOT / 'include'}", f"-I{ROOT / 'src'}", "-o", str(binary)] + [str(s) for s in sources], check=True)
    helper = CodecHelper(binary)
    yield helper
    helper.close()
