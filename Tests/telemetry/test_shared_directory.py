"""Two real processes and one telemetry directory (docs/adoption-and-telemetry.md,
section 6). A review ran two processes of 1,000 sessions each on one directory
and found 1,000 on disk, with no error. Now the second process is refused at
once with a message that names the directory, and every session a process was
allowed to count is on disk.

Run: CKEY_LIB=build-x/libckey.a python3 -m pytest Tests/telemetry/test_shared_directory.py
"""
import json
import subprocess


def sessions_on_disk(directory):
    return json.loads((directory / "current.json").read_text())["sessions"]["started"]


def test_a_second_process_is_refused_and_no_session_is_lost(tool, tmp_path):
    directory = tmp_path / "telemetry"
    first = subprocess.Popen([tool, "record", str(directory), "1000"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout.readline() == "ready\n"
        second = subprocess.run([tool, "record", str(directory), "1000"], stdin=subprocess.DEVNULL,
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 10, second.stderr  # CKEY_IO_ERROR
        assert f'telemetry directory "{directory}" is in use: another process (pid {first.pid}) holds' \
            in second.stderr, second.stderr
        assert second.stdout == ""  # refused before it counted anything
    finally:
        first.stdin.close()
        assert first.wait(timeout=60) == 0
    assert sessions_on_disk(directory) == 1000
    # The first has gone, so the directory is free: the second's run again adds its 1,000.
    again = subprocess.run([tool, "record", str(directory), "1000"], stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=60)
    assert again.returncode == 0, again.stderr
    assert sessions_on_disk(directory) == 2000
