"""The request-info fetch against a real HTTPS server on loopback, through
`ckey action verify` (Swift CKeySafeActions + URLSession + the core).

URLSession on Linux (FoundationNetworking over libcurl) offers no way to add
a trust root: it ignores SSL_CERT_FILE and CURL_CA_BUNDLE, and reads
URLSessionCertificateAuthorityInfoFile only on Android. It does read the
system bundle /etc/ssl/certs/ca-certificates.crt, so each CLI run here
happens in a private mount namespace (`unshare --mount`) where that one path
is bind-mounted over by the system bundle plus a CA made in this test. The
host's trust store is never changed. Needs root or unprivileged user
namespaces; without them the tests fail and say so.

    CKEY_CLI=/path/to/ckey python3 -m unittest discover -s Tests/actions -v
"""
import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

import support as S

SYSTEM_BUNDLE = "/etc/ssl/certs/ca-certificates.crt"
APP = "com.viadere"


def namespace_prefix():
    """The unshare command that works here: plain --mount as root, else a user namespace."""
    base = ["--mount", "--propagation", "private"]
    for extra in ([] if os.geteuid() == 0 else [], ["--map-root-user"]):
        cmd = ["unshare", *extra, *base, "true"]
        if shutil.which("unshare") and subprocess.run(cmd, capture_output=True).returncode == 0:
            return ["unshare", *extra, *base]
    raise RuntimeError("cannot create a mount namespace (need root or unprivileged user namespaces) "
                       "to give URLSession a test CA; see this file's docstring")


class RequestInfoOverHTTPS(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="ckey-https-")
        cls.ca = S.TestCA(cls.dir)
        cls.bundle = os.path.join(cls.dir, "bundle.pem")
        system = Path(SYSTEM_BUNDLE).read_bytes() if os.path.exists(SYSTEM_BUNDLE) else b""
        with open(cls.bundle, "wb") as f:
            f.write(system + b"\n" + Path(cls.ca.ca_file).read_bytes())
        cls.prefix = namespace_prefix()
        cls.key = Ed25519PrivateKey.generate()
        routes = {}
        cls.server = S.LoopbackHTTPS(cls.ca, routes)
        port = cls.server.port
        padded = json.dumps({"request_id": "at-cap", "requester": "Padded"}).encode()
        routes.update({
            "ok": S.reply_json({"request_id": "ok", "requester": "Chrome on Linux", "location": "Berlin, DE"}),
            "slow": S.reply_slow(4, S.reply_json({"request_id": "slow", "requester": "Late"})),
            "big": S.reply_bytes(b'{"request_id":"big","requester":"' + b"x" * 100000 + b'"}'),
            "at-cap": S.reply_bytes(padded + b" " * (4096 - len(padded))),
            "over-cap": S.reply_bytes(padded.replace(b"at-cap", b"over-cap") + b" " * (4097 - len(padded))),
            "elsewhere": S.reply_redirect(f"https://127.0.0.1:{port}/api/ckey/requests/ok"),
            "cleartext": S.reply_redirect(f"http://localhost:{port}/api/ckey/requests/ok"),
            "moved": S.reply_redirect(f"https://localhost:{port}/v2/moved-target"),
            "moved-target": S.reply_json({"request_id": "moved", "requester": "Moved but same host"}),
            "wrong-id": S.reply_json({"request_id": "someone-else", "requester": "Mallory"}),
            "gone": S.reply_bytes(b"gone", status=410),
            "spoofed": S.reply_bytes(json.dumps({"request_id": "spoofed",
                                                 "requester": "Chrome on macOS\u202eSOcam no emorhC"},
                                                ensure_ascii=False).encode()),
        })

    @classmethod
    def tearDownClass(cls):
        cls.server.close()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def code(self, rid):
        now = int(time.time())
        claims = S.claims_json("localhost", "k1", APP, "signin.request", "crossDevice", now, now, now + 300,
                               "nonce-" + rid.replace("-", "_") + "-0123456789", rid=rid)
        return S.sign_code(self.key, "localhost", "k1", claims)

    def verify(self, rid, port=None, extra=(), trusted=True):
        template = f"https://localhost:{port or self.server.port}/api/ckey/requests/{{request_id}}"
        args = ["verify", self.code(rid), "--app", APP, "--issuer", "localhost", "--key-id", "k1",
                "--public-key", S.public_hex(self.key), "--action", "signin.request", "--scope", "crossDevice",
                "--request-info", template, "--json", *extra]
        cmd = [S.cli_path(), "action", *args]
        if trusted:
            cmd = [*self.prefix, "sh", "-c", 'mount --bind "$0" ' + SYSTEM_BUNDLE + ' && exec "$@"', self.bundle, *cmd]
        started = time.monotonic()
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        elapsed = time.monotonic() - started
        self.assertTrue(result.stdout.strip(), result.stderr)
        return json.loads(result.stdout), result.returncode, elapsed

    def paths(self):
        return [path for _, path in self.server.requests]

    def test_normal_reply_shows_who_is_asking(self):
        before = len(self.server.requests)
        out, status, _ = self.verify("ok")
        self.assertEqual(status, 0, out)
        self.assertEqual(out["outcome"], "needsConfirmation")
        self.assertEqual(out["requester"], "Chrome on Linux")
        self.assertEqual(out["location"], "Berlin, DE")
        self.assertEqual(out["action"]["request_id"], "ok")
        self.assertFalse(out["handler_ran"], "a cross-device action never runs without confirm")
        self.assertEqual(self.paths()[before:], ["/api/ckey/requests/ok"])

    def test_confirm_runs_the_handler_once(self):
        out, status, _ = self.verify("ok", extra=["--confirm"])
        self.assertEqual(status, 0, out)
        self.assertTrue(out["confirmed"])
        self.assertTrue(out["handler_ran"])

    def test_slow_server_times_out(self):
        out, status, elapsed = self.verify("slow", extra=["--timeout", "1"])
        self.assertEqual(status, 1, out)
        self.assertEqual(out["reason"], "request_info_timeout")
        self.assertLess(elapsed, 3.5, "the fetch must stop at the timeout, not wait for the 4 s reply")

    def test_oversized_reply_is_refused(self):
        out, status, _ = self.verify("big")
        self.assertEqual(status, 1, out)
        self.assertEqual(out["reason"], "request_info_too_large")

    def test_size_cap_is_exact(self):
        out, status, _ = self.verify("at-cap")
        self.assertEqual(out["outcome"], "needsConfirmation", out)
        self.assertEqual(out["requester"], "Padded")
        out, status, _ = self.verify("over-cap")
        self.assertEqual(out["reason"], "request_info_too_large", out)

    def test_redirect_to_another_host_is_refused_and_not_followed(self):
        before = len(self.server.requests)
        out, status, _ = self.verify("elsewhere")
        self.assertEqual(status, 1, out)
        self.assertEqual(out["reason"], "request_info_redirect")
        self.assertIn("127.0.0.1", out["message"])
        self.assertEqual(self.paths()[before:], ["/api/ckey/requests/elsewhere"])

    def test_redirect_to_cleartext_is_refused(self):
        out, status, _ = self.verify("cleartext")
        self.assertEqual(out["reason"], "request_info_redirect", out)

    def test_redirect_on_the_pinned_host_is_followed(self):
        out, status, _ = self.verify("moved")
        self.assertEqual(status, 0, out)
        self.assertEqual(out["requester"], "Moved but same host")

    def test_fetch_failure_rejects(self):
        out, status, _ = self.verify("ok", port=S.closed_port())
        self.assertEqual(status, 1, out)
        self.assertEqual(out["reason"], "request_info_failed")

    def test_http_error_rejects(self):
        out, status, _ = self.verify("gone")
        self.assertEqual(out["reason"], "request_info_failed", out)
        self.assertIn("410", out["message"])

    def test_reply_for_another_request_rejects(self):
        out, status, _ = self.verify("wrong-id")
        self.assertEqual(out["reason"], "request_info_invalid", out)

    def test_requester_with_a_bidi_override_is_refused(self):
        out, status, _ = self.verify("spoofed")
        self.assertEqual(status, 1, out)
        self.assertEqual(out["outcome"], "rejected", out)
        self.assertEqual(out["reason"], "request_info_text", out)
        self.assertIn("U+202E", out["message"])

    def test_untrusted_certificate_rejects(self):
        # Outside the namespace the test CA is unknown: TLS verification is real.
        out, status, _ = self.verify("ok", trusted=False)
        self.assertEqual(status, 1, out)
        self.assertEqual(out["reason"], "request_info_failed")

    def test_cleartext_template_is_refused_at_setup(self):
        result = S.run_cli("verify", self.code("ok"), "--app", APP, "--issuer", "localhost", "--key-id", "k1",
                           "--public-key", S.public_hex(self.key), "--action", "signin.request",
                           "--scope", "crossDevice", "--request-info", "http://localhost/{request_id}")
        self.assertEqual(result.returncode, 1)
        self.assertIn("https", result.stderr)


if __name__ == "__main__":
    unittest.main()
