"""Cross-implementation: codes signed by Python `cryptography` (an
independent Ed25519, via OpenSSL's EVP in C but not through CKey) verify in
CKey, and codes signed by `ckey action sign` verify with `cryptography`.

    CKEY_CLI=/path/to/ckey python3 -m unittest discover -s Tests/actions -v
"""
import hashlib
import json
import os
import stat
import tempfile
import time
import unittest
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

import support as S

APP = "com.viadere"


class CryptographySignsCKeyVerifies(unittest.TestCase):
    def setUp(self):
        self.key = Ed25519PrivateKey.generate()
        self.now = int(time.time())

    def verify(self, code, **overrides):
        args = {"app": APP, "issuer": "citeory.com", "key-id": "2026-11", "public-key": S.public_hex(self.key),
                "action": "open.library"}
        args.update(overrides)
        flat = [item for k, v in args.items() for item in ("--" + k, v)]
        result = S.run_cli("verify", code, *flat, "--json")
        return json.loads(result.stdout), result.returncode

    def claims(self, **fields):
        base = dict(iss="citeory.com", kid="2026-11", app=APP, act="open.library", scope="sameDevice",
                    iat=self.now, nbf=self.now, exp=self.now + 300, nonce="py-nonce-" + os.urandom(8).hex())
        base.update(fields)
        return S.claims_json(**base)

    def test_python_signed_codes_verify(self):
        for params in [None, "item=42", "Bücher été 📚", "line\nbreak\ttab", "x" * 1024]:
            code = S.sign_code(self.key, "citeory.com", "2026-11", self.claims(params=params))
            out, status = self.verify(code)
            self.assertEqual((status, out["outcome"]), (0, "performed"), (params, out))
            self.assertTrue(out["handler_ran"])

    def test_tampering_is_caught(self):
        code = S.sign_code(self.key, "citeory.com", "2026-11", self.claims(params="item=42"))
        prefix, header, claims, signature = code[:14], *code[14:].split(".")
        raw = bytearray(S.unb64(claims))
        raw[raw.index(b"item=42") + 5] ^= 1
        out, status = self.verify(prefix + header + "." + S.b64(bytes(raw)) + "." + signature)
        self.assertEqual((status, out["reason"]), (1, "bad_signature"))
        other = Ed25519PrivateKey.generate()
        out, status = self.verify(S.sign_code(other, "citeory.com", "2026-11", self.claims()))
        self.assertEqual((status, out["reason"]), (1, "bad_signature"))

    def test_python_signed_rejections_are_specific(self):
        out, _ = self.verify(S.sign_code(self.key, "citeory.com", "2026-11", self.claims(app="com.other")))
        self.assertEqual(out["reason"], "app_mismatch")
        out, _ = self.verify(S.sign_code(self.key, "citeory.com", "2026-11",
                                         self.claims(iat=self.now * 1000, nbf=self.now * 1000, exp=self.now * 1000 + 300)))
        self.assertEqual(out["reason"], "timestamp_range")
        out, _ = self.verify(S.sign_code(self.key, "citeory.com", "2026-11", self.claims(exp=self.now - 100, iat=self.now - 400,
                                                                                       nbf=self.now - 400)))
        self.assertEqual(out["reason"], "expired")


class CKeySignsCryptographyVerifies(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.key_file = os.path.join(self.dir.name, "issuer.pem")
        result = S.run_cli("keygen", "--out", self.key_file, "--json")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.keygen = json.loads(result.stdout)

    def tearDown(self):
        self.dir.cleanup()

    def test_keygen_writes_a_private_0600_pkcs8_key(self):
        mode = stat.S_IMODE(os.stat(self.key_file).st_mode)
        self.assertEqual(mode, 0o600)
        pem = Path(self.key_file).read_bytes()
        key = serialization.load_pem_private_key(pem, password=None)
        self.assertIsInstance(key, Ed25519PrivateKey)
        public = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        self.assertEqual(self.keygen["public_key_hex"], public.hex())
        self.assertEqual(self.keygen["key_id"], hashlib.sha256(public).hexdigest()[:16])

    def test_keygen_does_not_overwrite(self):
        result = S.run_cli("keygen", "--out", self.key_file)
        self.assertEqual(result.returncode, 1)
        self.assertIn("--force", result.stderr)
        result = S.run_cli("keygen", "--out", self.key_file, "--force", "--json")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotEqual(json.loads(result.stdout)["public_key_hex"], self.keygen["public_key_hex"])
        self.assertEqual(stat.S_IMODE(os.stat(self.key_file).st_mode), 0o600)

    def sign(self, *args):
        result = S.run_cli("sign", "--key", self.key_file, *args)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout.strip()

    def check_with_cryptography(self, code):
        self.assertTrue(code.startswith("ckey-action:1:"))
        signing_input, signature = code.rsplit(".", 1)
        public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(self.keygen["public_key_hex"]))
        public.verify(S.unb64(signature), signing_input.encode("ascii"))
        with self.assertRaises(InvalidSignature):
            public.verify(S.unb64(signature), signing_input.encode("ascii") + b"x")
        header, claims = signing_input[14:].split(".")
        return json.loads(S.unb64(header)), json.loads(S.unb64(claims))

    def test_signed_from_flags_verifies_with_cryptography(self):
        code = self.sign("--issuer", "citeory.com", "--app", APP, "--action", "open.library",
                         "--params", "Bücher 📚", "--lifetime", "600")
        header, claims = self.check_with_cryptography(code)
        self.assertEqual(header, {"iss": "citeory.com", "kid": self.keygen["key_id"]})
        self.assertEqual(claims["params"], "Bücher 📚")
        self.assertEqual(claims["exp"] - claims["nbf"], 600)
        self.assertEqual(claims["scope"], "sameDevice")
        self.assertGreaterEqual(len(claims["nonce"]), 16)

    def test_signed_from_a_claims_file_is_canonical(self):
        now = 1800000000
        fields = dict(iss="citeory.com", kid="2026-11", app=APP, act="signin.request", scope="crossDevice",
                      iat=now, nbf=now, exp=now + 120, nonce="fixed-nonce-0000001", rid="req_1")
        shuffled = {k: fields[k] for k in reversed(list(fields))}
        claims_file = os.path.join(self.dir.name, "claims.json")
        with open(claims_file, "w") as f:
            json.dump(shuffled, f, indent=2)
        code = self.sign("--claims", claims_file)
        self.check_with_cryptography(code)
        key = serialization.load_pem_private_key(Path(self.key_file).read_bytes(), password=None)
        expected = S.sign_code(key, "citeory.com", "2026-11", S.claims_json(**fields))
        self.assertEqual(code, expected, "CKey and Python must produce the same canonical bytes")

    def test_sign_refuses_what_a_verifier_would(self):
        now = int(time.time())
        bad = {"iss": "citeory.com", "kid": "k", "app": APP, "act": "a", "scope": "sameDevice", "iat": now,
               "nbf": now, "exp": now + 60, "nonce": "nonce-0123456789ab", "alg": "none"}
        result = S.run_cli("sign", "--key", self.key_file, "--claims", "-", input_text=json.dumps(bad))
        self.assertEqual(result.returncode, 1)
        self.assertIn("claims_unknown_field", result.stderr)
        result = S.run_cli("sign", "--key", self.key_file, "--issuer", "citeory.com", "--app", APP,
                           "--action", "open.library", "--lifetime", str(31 * 86400))
        self.assertEqual(result.returncode, 1)
        self.assertIn("lifetime", result.stderr)

    def test_ckey_signed_code_verifies_in_ckey(self):
        code = self.sign("--issuer", "citeory.com", "--key-id", "2026-11", "--app", APP, "--action", "open.library")
        result = S.run_cli("verify", code, "--app", APP, "--issuer", "citeory.com", "--key-id", "2026-11",
                           "--public-key", self.keygen["public_key_hex"], "--action", "open.library", "--json")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertEqual(json.loads(result.stdout)["outcome"], "performed")


if __name__ == "__main__":
    unittest.main()
