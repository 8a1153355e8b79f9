"""Telemetry delivery to a real HTTPS server on loopback (a test CA made here):
success, 500 then success, 429 with Retry-After in seconds, 503 with Retry-After
as an HTTP-date, 400 dropped, a slow server, connection refused. The client is the real sender (URLSession) in
Tests/CKeyTests/TelemetryDeliveryTests.swift, run by `swift test` inside a
mount namespace where /etc/ssl/certs/ca-certificates.crt is the system bundle
plus the test CA (the approach of Tests/actions/test_request_info_https.py).
The server checks every request: POST, JSON valid against the schema, no
cookies, and no byte of any payload marker.

    CKEY_SWIFT_SCRATCH=/tmp/swift-x python3 -m pytest Tests/telemetry/test_delivery_https.py
(after `swift build --scratch-path /tmp/swift-x --build-tests`)
"""
import email.utils
import json
import os
import subprocess
import sys
import time
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/actions"))
import support as S  # noqa: E402  (TestCA, closed_port, serve_https)
from test_request_info_https import SYSTEM_BUNDLE, namespace_prefix  # noqa: E402

SCHEMA = json.loads((ROOT / "docs/telemetry-batch.schema.json").read_text())


class Server:
    def __init__(self, ca):
        self.requests = []
        self.failed_once = False
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                outer.requests.append(("GET", self.path, dict(self.headers), b""))
                self.answer(405)

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                outer.requests.append(("POST", self.path, dict(self.headers), body))
                route = self.path.rstrip("/").rsplit("/", 1)[-1]
                if route == "fail-once" and not outer.failed_once:
                    outer.failed_once = True
                    return self.answer(500)
                if route == "retry" and not any(r[1].endswith("/retry") for r in outer.requests[:-1]):
                    return self.answer(429, {"Retry-After": "7200"})
                # /retry-date/<unix seconds>: the first answer is 503 with that moment as an HTTP-date.
                parts = self.path.rstrip("/").split("/")
                if parts[-2] == "retry-date" and [r[1] for r in outer.requests].count(self.path) == 1:
                    return self.answer(503, {"Retry-After": email.utils.formatdate(int(parts[-1]), usegmt=True)})
                if route == "bad":
                    return self.answer(400)
                if route == "slow":
                    time.sleep(3)
                self.answer(200)

            def answer(self, status, headers=None):
                self.send_response(status)
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                self.send_header("Set-Cookie", "tracking=1")  # must never come back
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = S.serve_https(Handler, ca)
        self.port = self.server.server_address[1]


def test_delivery_over_https(tmp_path):
    scratch = os.environ.get("CKEY_SWIFT_SCRATCH")
    if not scratch:
        raise RuntimeError("set CKEY_SWIFT_SCRATCH to the --scratch-path of a `swift build --build-tests`")
    ca = S.TestCA(str(tmp_path))
    bundle = tmp_path / "bundle.pem"
    system = Path(SYSTEM_BUNDLE).read_bytes() if os.path.exists(SYSTEM_BUNDLE) else b""
    bundle.write_bytes(system + b"\n" + Path(ca.ca_file).read_bytes())
    server = Server(ca)
    env = dict(os.environ, CKEY_TELEMETRY_TEST_BASE=f"https://127.0.0.1:{server.port}/api/telemetry/v1",
               CKEY_TELEMETRY_TEST_REFUSED=f"https://127.0.0.1:{S.closed_port()}/api/telemetry/v1/batch")
    script = (f"mount --bind {bundle} {SYSTEM_BUNDLE} && exec swift test --skip-build --scratch-path {scratch} "
              f"--filter TelemetryDeliveryTests")
    run = subprocess.run([*namespace_prefix(), "sh", "-c", script], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=600)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-4000:]
    assert "Executed 7 tests, with 0 failures" in output, output[-4000:]
    assert "skipped" not in output.lower(), output[-4000:]

    posts = [r for r in server.requests if r[0] == "POST"]
    # ok 1, fail-once 2, retry 2, retry-date 2, bad 1, slow 1: nine requests reached the server.
    assert len(posts) == 9, [(r[1]) for r in server.requests]
    for method, path, headers, body in posts:
        lowered = {k.lower(): v for k, v in headers.items()}
        assert "cookie" not in lowered
        assert lowered.get("content-type") == "application/json"
        batch = json.loads(body)
        jsonschema.validate(batch, SCHEMA)
        assert b"MARKER" not in body and b"openckey.org/" not in body
        assert batch["sessions"]["succeeded"] >= 1
