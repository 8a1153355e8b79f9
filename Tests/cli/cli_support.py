"""The `ckey` command for the CLI tests: $CKEY_CLI, else .build/debug/ckey.
A missing executable is a failure, not a skip."""
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cli_path():
    path = Path(os.environ.get("CKEY_CLI", ROOT / ".build/debug/ckey"))
    if not path.exists():
        raise RuntimeError(f"ckey CLI not found at {path}; build it (swift build) and set CKEY_CLI")
    return str(path)


def cli(*args, **kwargs):
    """Runs ckey with args; output captured as bytes unless text=True is passed."""
    kwargs.setdefault("timeout", 60)
    return subprocess.run([cli_path(), *args], capture_output=True, **kwargs)
