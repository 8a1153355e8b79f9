#!/usr/bin/env python3
"""Writes spec/vectors/safe-actions.json and spec/vectors/ed25519-rfc8032.json.

Independent of the C++ core: codes are built and signed here with Python
`cryptography` from fixed test seeds (SHA-256 of a public label), so the core
is checked against a second implementation. The seeds are test keys only:
never trust them in an app.

    python3 tools/make-safe-action-vectors.py          # rewrite both files
    python3 tools/make-safe-action-vectors.py --check  # exit 1 if they differ
"""
import base64
import hashlib
import json
import sys
import unicodedata
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives import serialization
from cryptography.exceptions import InvalidSignature

ROOT = Path(__file__).resolve().parent.parent
APP = "com.viadere"
NOW = 1800000000            # 2027-01-15T08:00:00Z, the vectors' clock
SKEW = 60
L = 2**252 + 27742317777372353535851937790883648493
P = 2**255 - 19


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def seed_of(label):
    return hashlib.sha256(("ckey-safe-actions-test:" + label).encode()).digest()


def key(seed):
    return Ed25519PrivateKey.from_private_bytes(seed)


def public_hex(seed):
    return key(seed).public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex()


KEYS = {
    ("citeory.com", "2026-11"): seed_of("citeory.com/2026-11"),
    ("citeory.com", "2026-10"): seed_of("citeory.com/2026-10"),
    ("example.org", "k1"): seed_of("example.org/k1"),
}
UNTRUSTED = seed_of("untrusted")
TEMPLATE = "https://citeory.com/api/ckey/requests/{request_id}"


def claims_json(iss="citeory.com", kid="2026-11", app=APP, act="open.library", params="item=42",
                scope="sameDevice", iat=NOW - 10, nbf=None, exp=None, rid=None, nonce="n0nce-0123456789AB",
                extra=()):
    """Canonical order (spec section 4.2), compact, UTF-8, like `ckey action sign`."""
    nbf = iat if nbf is None else nbf
    exp = (iat + 300) if exp is None else exp
    fields = [("iss", iss), ("kid", kid), ("app", app), ("act", act)]
    if params:
        fields.append(("params", params))
    fields += [("scope", scope), ("iat", iat), ("nbf", nbf), ("exp", exp)]
    if rid is not None:
        fields.append(("rid", rid))
    fields.append(("nonce", nonce))
    fields += list(extra)
    return "{" + ",".join(json.dumps(k) + ":" + json.dumps(v, ensure_ascii=False) for k, v in fields) + "}"


def header_json(iss="citeory.com", kid="2026-11"):
    return json.dumps({"iss": iss, "kid": kid}, separators=(",", ":"))


def code(claims=None, header=None, seed=None, version="1", header_bytes=None, claims_bytes=None,
         tamper_signature=None):
    header = header_json() if header is None else header
    claims = claims_json() if claims is None else claims
    hb = header.encode() if header_bytes is None else header_bytes
    cb = claims.encode() if claims_bytes is None else claims_bytes
    if seed is None:
        h = json.loads(hb)
        seed = KEYS[(h["iss"], h["kid"])]
    signing_input = "ckey-action:" + version + ":" + b64(hb) + "." + b64(cb)
    sig = key(seed).sign(signing_input.encode())
    if tamper_signature:
        sig = tamper_signature(sig)
    return signing_input + "." + b64(sig)


def flip(text, index, bit=1):
    """Flips one bit of the character at index within the base64url alphabet position."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    c = text[index]
    return text[:index] + alphabet[alphabet.index(c) ^ bit] + text[index + 1:]


# --- pure-Python Edwards arithmetic, only to check the small-order table ---
D = (-121665 * pow(121666, P - 2, P)) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)


def decode_point(enc):
    y = int.from_bytes(enc, "little") & ((1 << 255) - 1)
    sign = enc[31] >> 7
    y %= P
    x2 = (y * y - 1) * pow(D * y * y + 1, P - 2, P) % P
    x = pow(x2, (P + 3) // 8, P)
    if (x * x - x2) % P:
        x = x * SQRT_M1 % P
    if (x * x - x2) % P:
        return None
    if x & 1 != sign:
        x = (P - x) % P
    return (x, y)


def add(a, b):
    (x1, y1), (x2, y2) = a, b
    t = D * x1 * x2 * y1 * y2 % P
    return ((x1 * y2 + x2 * y1) * pow(1 + t, P - 2, P) % P, (y1 * y2 + x1 * x2) * pow(1 - t, P - 2, P) % P)


def times8(pt):
    for _ in range(3):
        pt = add(pt, pt)
    return pt


SMALL_ORDER_MASKED = [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
]


def check_small_order_table():
    points = set()
    for h in SMALL_ORDER_MASKED:
        for sign in (0, 0x80):
            enc = bytearray(bytes.fromhex(h))
            enc[31] |= sign
            pt = decode_point(bytes(enc))
            if pt is None:
                continue
            assert times8(pt) == (0, 1), h
            points.add(pt)
    assert len(points) == 8, "the table covers all eight torsion points"


# Spec section 7.1: what shown text may not hold, by class (src/text/shown_text.cpp
# keeps the same table). Checked against Python's unicodedata, which may know
# an older Unicode than the table's 15.1.
PLANES = range(17)
SHOWN_TEXT_REFUSED = {
    "control": [(0x0000, 0x001F), (0x007F, 0x009F)],
    "separator": [(0x2028, 0x2029)],
    "bidi": [(0x061C, 0x061C), (0x200E, 0x200F), (0x202A, 0x202E), (0x2066, 0x2069)],
    "invisible": [(0x00AD, 0x00AD), (0x034F, 0x034F), (0x0600, 0x0605), (0x06DD, 0x06DD), (0x070F, 0x070F),
                  (0x0890, 0x0891), (0x08E2, 0x08E2), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
                  (0x200B, 0x200D), (0x2060, 0x2065), (0x206A, 0x206F), (0x3164, 0x3164), (0xFEFF, 0xFEFF),
                  (0xFFA0, 0xFFA0), (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
                  (0x13430, 0x1343F), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF)],
    "noncharacter": [(0xFDD0, 0xFDEF)] + [(p * 0x10000 + 0xFFFE, p * 0x10000 + 0xFFFF) for p in PLANES],
}
# Refused although not Cc, Cf, Zl, Zp or a noncharacter: they draw nothing.
DRAW_NOTHING = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x3164, 0xFFA0}


def shown_text_class(cp):
    for name, ranges in SHOWN_TEXT_REFUSED.items():
        if any(a <= cp <= b for a, b in ranges):
            return name
    return None


def check_shown_text_table():
    seen = {}
    for name, ranges in SHOWN_TEXT_REFUSED.items():
        for a, b in ranges:
            for cp in range(a, b + 1):
                assert cp not in seen, f"U+{cp:04X} is in {seen.get(cp)} and {name}"
                seen[cp] = name
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        category = unicodedata.category(chr(cp))
        noncharacter = 0xFDD0 <= cp <= 0xFDEF or cp & 0xFFFE == 0xFFFE
        must = category in ("Cc", "Cf", "Zl", "Zp") or noncharacter
        assert not must or cp in seen, f"U+{cp:04X} ({category}) is not refused"
        # Anything else refused is a documented filler, in U+E0000-E0FFF, or newer than Python's tables.
        assert must or cp not in seen or cp in DRAW_NOTHING or cp >= 0xE0000 or category == "Cn", f"U+{cp:04X}"


RFC8032 = [
    ("TEST 1", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("TEST 2", "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ("TEST 3", "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
    ("TEST 1024", "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
     "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
     "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98fa6e264bf09efe12ee50f8f54e9f77b1"
     "e355f6c50544e23fb1433ddf73be84d879de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
     "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc1a858efcb8550ee3a5e1998bd177e93a"
     "7363c344fe6b199ee5d02e82d522c4feba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
     "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbefefd75499da96bd68a8a97b928a8bbc10"
     "3b6621fcde2beca1231d206be6cd9ec7aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
     "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2d17ba70eb6248e594e1a2297acbbb39d"
     "502f1a8c6eb6f1ce22b3de1a1f40cc24554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
     "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc2732e69485bbc9c90bfbd62481d9089b"
     "eccf80cfe2df16a2cf65bd92dd597b0707e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
     "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51addd3b75a2b1ae0784504df543af8969b"
     "e3ea7082ff7fc9888c144da2af58429ec96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
     "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c42f58c30c04aafdb038dda0847dd988d"
     "cda6f3bfd15c4b4c4525004aa06eeff8ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
     "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08d78ff4ef5d63653a65040cf9bfd4aca7"
     "984a74d37145986780fc0b16ac451649de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
     "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a32ef5b52a1ecc820e308aa342721aac09"
     "43bf6686b64b2579376504ccc493d97e6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
     "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b50d334ba77c225bc307ba537152f3f161"
     "0e4eafe595f6d9d90d11faa933a15ef1369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
     "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c0618983f8741c5ef68d3a101e8a3b8ca"
     "c60c905c15fc910840b94c00a0b9d0",
     "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03"),
    ("TEST SHA(abc)", "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"),
]


def ed25519_file():
    rfc = []
    for name, sk, pk, msg, sig in RFC8032:
        k = key(bytes.fromhex(sk))
        assert public_hex(bytes.fromhex(sk)) == pk, name
        assert k.sign(bytes.fromhex(msg)).hex() == sig, name
        rfc.append({"name": name, "secret_key_hex": sk, "public_key_hex": pk, "message_hex": msg, "signature_hex": sig})

    # Strict-rule cases on TEST 1's key and message: each must be refused by
    # the byte checks before any backend is asked.
    pk1, sig1 = bytes.fromhex(RFC8032[0][2]), bytes.fromhex(RFC8032[0][4])
    s = int.from_bytes(sig1[32:], "little")
    s_plus_l = sig1[:32] + (s + L).to_bytes(32, "little")
    identity = bytes([1]) + bytes(31)
    non_canonical_r = bytes([0xee]) + b"\xff" * 30 + b"\x7f"   # y = p + 1
    non_canonical_key = bytes([0xf0]) + b"\xff" * 30 + b"\x7f"  # y = p + 3
    small_key = bytes.fromhex(SMALL_ORDER_MASKED[2])
    strict = [
        {"name": "S + L (malleated S, equal modulo L)", "public_key_hex": pk1.hex(), "message_hex": "",
         "signature_hex": s_plus_l.hex(), "expect": "s_not_reduced"},
        {"name": "S = L", "public_key_hex": pk1.hex(), "message_hex": "",
         "signature_hex": (sig1[:32] + L.to_bytes(32, "little")).hex(), "expect": "s_not_reduced"},
        {"name": "S = 2^256 - 1", "public_key_hex": pk1.hex(), "message_hex": "",
         "signature_hex": (sig1[:32] + b"\xff" * 32).hex(), "expect": "s_not_reduced"},
        {"name": "R is the identity (small order), S = 0", "public_key_hex": pk1.hex(), "message_hex": "",
         "signature_hex": (identity + bytes(32)).hex(), "expect": "r_small_order"},
        {"name": "R of order 8", "public_key_hex": pk1.hex(), "message_hex": "",
         "signature_hex": (small_key + sig1[32:]).hex(), "expect": "r_small_order"},
        {"name": "R with y = p + 1 (non-canonical)", "public_key_hex": pk1.hex(), "message_hex": "",
         "signature_hex": (non_canonical_r + sig1[32:]).hex(), "expect": "r_not_canonical"},
        {"name": "RFC TEST 1 signature on another message", "public_key_hex": pk1.hex(), "message_hex": "00",
         "signature_hex": sig1.hex(), "expect": "invalid"},
    ]
    keys = [{"name": "identity (order 1)", "public_key_hex": identity.hex(), "expect": "small_order"},
            {"name": "order 8, sign bit set", "public_key_hex": (small_key[:31] + bytes([small_key[31] | 0x80])).hex(),
             "expect": "small_order"},
            {"name": "y = p - 1 (order 2)", "public_key_hex": SMALL_ORDER_MASKED[4], "expect": "small_order"},
            {"name": "y = 0 (order 4)", "public_key_hex": SMALL_ORDER_MASKED[0], "expect": "small_order"},
            {"name": "y = p + 3 (non-canonical)", "public_key_hex": non_canonical_key.hex(), "expect": "not_canonical"},
            {"name": "RFC TEST 1 key", "public_key_hex": pk1.hex(), "expect": "ok"}]
    # Python cryptography (OpenSSL) on the same inputs, for the record.
    for case in strict:
        try:
            Ed25519PublicKey.from_public_bytes(bytes.fromhex(case["public_key_hex"])).verify(
                bytes.fromhex(case["signature_hex"]), bytes.fromhex(case["message_hex"]))
            case["openssl_alone_accepts"] = True
        except InvalidSignature:
            case["openssl_alone_accepts"] = False
    return {
        "about": "RFC 8032 section 7.1 Ed25519 test vectors (checked here against Python cryptography), "
                 "and the strict rules of spec/CKey-Safe-Actions.md section 5.5: S < L, canonical R, "
                 "R and keys not of small order. Written by tools/make-safe-action-vectors.py.",
        "rfc8032": rfc,
        "strict_signatures": strict,
        "strict_keys": keys,
        "small_order_masked": SMALL_ORDER_MASKED,
    }


def safe_actions_file():
    cases = []

    def case(name, text, expect, **extra):
        entry = {"name": name, "code": text, "expect": expect}
        entry.update(extra)
        cases.append(entry)

    good = code()
    cross_claims = claims_json(act="signin.request", scope="crossDevice", params="", rid="req_7Hq2-x", iat=NOW - 5,
                               exp=NOW + 295, nonce="crossNonce-000000001")
    cross = code(cross_claims)

    # Positive cases.
    case("same-device action", good, "verified",
         verified={"issuer": "citeory.com", "key_id": "2026-11", "app_id": APP, "name": "open.library",
                   "params": "item=42", "scope": "sameDevice", "iat": NOW - 10, "nbf": NOW - 10, "exp": NOW + 290,
                   "nonce": "n0nce-0123456789AB"})
    case("cross-device action", cross, "verified",
         verified={"name": "signin.request", "scope": "crossDevice", "request_id": "req_7Hq2-x"})
    case("non-ASCII params, escaped and raw", code(claims_json(
        params="Bücher \u00e9t\u00e9 \U0001F4DA", nonce="unicode-nonce-000001")), "verified",
         verified={"params": "Bücher été 📚"})
    case("second key of the issuer", code(header=header_json(kid="2026-10"),
                                          claims=claims_json(kid="2026-10", nonce="second-key-nonce-01")), "verified")
    case("expired 59 s ago: inside the skew", code(claims_json(iat=NOW - 400, exp=NOW - 59, nonce="skew-nonce-0000001")),
         "verified")
    case("nbf 60 s ahead: inside the skew", code(claims_json(iat=NOW + 60, nbf=NOW + 60, exp=NOW + 360,
                                                             nonce="skew-nonce-0000002")), "verified")
    case("other issuer's own action", code(header=header_json("example.org", "k1"),
                                           claims=claims_json(iss="example.org", kid="k1", act="example.only",
                                                              nonce="example-nonce-00001")), "verified")
    case("lifetime exactly 30 days", code(claims_json(iat=NOW - 10, exp=NOW - 10 + 2592000, nonce="long-life-nonce-001")),
         "verified")

    # Not a Safe Action at all: shown as ordinary payload.
    case("plain URL", "https://citeory.com/item/42", "not_a_safe_action")
    case("prefix without colon", "ckey-action", "not_a_safe_action")
    case("empty text", "", "not_a_safe_action")

    # 1. Length cap.
    case("oversized code (2049 bytes)", "ckey-action:1:" + "A" * (2049 - 14), "too_long")
    # 2. Prefix and version.
    case("BOM before the prefix", "\ufeff" + good, "stray_characters")
    case("leading space", " " + good, "stray_characters")
    case("trailing newline", good + "\n", "stray_characters")
    case("trailing space", good + " ", "stray_characters")
    case("upper-case prefix", "CKEY-ACTION:" + good[12:], "bad_prefix")
    case("version 2", code(version="2"), "unsupported_version")
    case("version 01", good.replace("ckey-action:1:", "ckey-action:01:", 1), "unsupported_version")
    case("prefix bit flip (version 1 -> 0)", good.replace("ckey-action:1:", "ckey-action:0:", 1), "unsupported_version")
    # 3. Decode.
    h, c, s = good[14:].split(".")
    case("missing segment", "ckey-action:1:" + h + "." + c, "segment_count")
    case("extra segment", good + "." + s, "segment_count")
    case("no segments", "ckey-action:1:", "segment_count")
    case("padded signature", good + "==", "base64_padding")
    case("padded claims", "ckey-action:1:" + h + "." + c + "=" * (-len(c) % 4 or 4) + "." + s, "base64_padding")
    case("standard base64 character '+'", "ckey-action:1:" + h + "." + c + "." + s[:10] + "+" + s[11:], "base64_invalid")
    case("percent-encoded dot", "ckey-action:1:" + h + "%2E" + c + "." + s, "segment_count")
    case("non-canonical trailing bits in the signature", "ckey-action:1:" + h + "." + c + "." + flip(s, len(s) - 1, 1),
         "base64_non_canonical")
    case("signature of 63 bytes", "ckey-action:1:" + h + "." + c + "." + b64(key(KEYS[("citeory.com", "2026-11")]).sign(b"x")[:63]),
         "signature_length")
    case("algorithm field injected in the header", code(header='{"iss":"citeory.com","kid":"2026-11","alg":"none"}'),
         "header_unknown_field")
    case("duplicate key in the header", code(header='{"iss":"citeory.com","kid":"2026-11","kid":"2026-11"}'),
         "header_invalid")
    case("header is not JSON", code(header_bytes=b"citeory.com/2026-11", seed=KEYS[("citeory.com", "2026-11")]),
         "header_invalid")
    # 4. Key lookup.
    case("unknown issuer", code(header=header_json("evil.example", "2026-11"), claims=claims_json(iss="evil.example"),
                                seed=UNTRUSTED), "unknown_issuer")
    case("unknown key ID", code(header=header_json(kid="2027-01"), claims=claims_json(kid="2027-01"), seed=UNTRUSTED),
         "unknown_key")
    case("key ID of another issuer", code(header=header_json("citeory.com", "k1"), claims=claims_json(kid="k1"),
                                          seed=KEYS[("example.org", "k1")]), "unknown_key")
    # 5. Signature.
    case("signature from another (untrusted) key", code(seed=UNTRUSTED), "bad_signature")
    case("signature from the issuer's other key", code(seed=KEYS[("citeory.com", "2026-10")]), "bad_signature")
    hb = header_json().encode()
    flipped_header = hb.replace(b"2026-11", b"2026-10")  # '1' -> '0': one bit, still a trusted key ID
    case("bit flip in the header (key ID 2026-11 -> 2026-10)",
         "ckey-action:1:" + b64(flipped_header) + "." + c + "." + s, "bad_signature")
    cb = bytearray(claims_json().encode())
    cb[cb.index(b"item=42") + 5] ^= 0x01  # "42" -> "52"
    case("bit flip in the claims (params)", "ckey-action:1:" + h + "." + b64(bytes(cb)) + "." + s, "bad_signature")
    sig = base64.urlsafe_b64decode(s + "==")
    case("bit flip in the signature (R)", "ckey-action:1:" + h + "." + c + "." + b64(bytes([sig[0] ^ 1]) + sig[1:]),
         "bad_signature")
    case("bit flip in the signature (S)", "ckey-action:1:" + h + "." + c + "." + b64(sig[:40] + bytes([sig[40] ^ 4]) + sig[41:]),
         "bad_signature")
    sv = int.from_bytes(sig[32:], "little")
    case("S + L (malleable signature)", "ckey-action:1:" + h + "." + c + "." + b64(sig[:32] + (sv + L).to_bytes(32, "little")),
         "signature_non_canonical")
    case("small-order R (identity), S = 0", "ckey-action:1:" + h + "." + c + "." + b64(bytes([1]) + bytes(63)),
         "signature_non_canonical")
    case("non-canonical R (y = p + 1)", "ckey-action:1:" + h + "." + c + "." + b64(bytes([0xee]) + b"\xff" * 30 + b"\x7f" + sig[32:]),
         "signature_non_canonical")
    # 6. Claims, strictly (each signed with the right key).
    case("duplicate claim key", code(claims_json(extra=[("act", "open.library")])), "claims_duplicate_key")
    case("duplicate claim key, escaped spelling",
         code(claims_json().replace('"act"', '"\\u0061ct"', 1)[:-1] + ',"act":"open.library"}'), "claims_duplicate_key")
    case("unknown claim", code(claims_json(extra=[("admin", True)])), "claims_unknown_field")
    case("algorithm field injected in the claims", code(claims_json(extra=[("alg", "none")])), "claims_unknown_field")
    case("missing nonce", code(claims_json().replace(',"nonce":"n0nce-0123456789AB"', "")), "claims_missing_field")
    case("missing exp", code(claims_json().replace(',"exp":%d' % (NOW + 290), "")), "claims_missing_field")
    case("timestamps in milliseconds", code(claims_json(iat=(NOW - 10) * 1000, nbf=(NOW - 10) * 1000, exp=(NOW + 290) * 1000)),
         "timestamp_range")
    case("negative timestamp", code(claims_json(iat=-1, nbf=0)), "timestamp_range")
    case("fractional timestamp", code(claims_json().replace('"iat":%d' % (NOW - 10), '"iat":%d.5' % (NOW - 10))), "claims_invalid")
    case("timestamp as a string", code(claims_json().replace('"iat":%d' % (NOW - 10), '"iat":"%d"' % (NOW - 10))), "claims_invalid")
    case("claims nested too deep", code(claims_json(extra=[("x", [[[[1]]]])])), "claims_invalid")
    case("claims not JSON", code(claims_bytes=b"act=open.library"), "claims_invalid")
    case("claims with a BOM", code(claims_bytes=b"\xef\xbb\xbf" + claims_json().encode()), "claims_invalid")
    case("invalid UTF-8 in params", code(claims_bytes=claims_json().replace("item=42", "item=\udcff").encode("utf-8", "surrogateescape")),
         "claims_invalid")
    case("lone surrogate escape in params", code(claims_json().replace("item=42", "item=\\ud800")), "claims_invalid")
    case("NUL in params", code(claims_json().replace("item=42", "item=\\u0000")), "claims_invalid")
    case("params over 1024 bytes", code(claims_json(params="p" * 1025)), "params_too_large")
    case("unknown scope", code(claims_json(scope="anyDevice")), "claims_invalid")
    case("request ID with ../", code(claims_json(act="signin.request", scope="crossDevice", params="", rid="../admin",
                                                 exp=NOW + 200)), "request_id_invalid")
    case("request ID with %2F", code(claims_json(act="signin.request", scope="crossDevice", params="", rid="a%2Fb",
                                                 exp=NOW + 200)), "request_id_invalid")
    case("request ID of 65 characters", code(claims_json(act="signin.request", scope="crossDevice", params="", rid="r" * 65,
                                                         exp=NOW + 200)), "request_id_invalid")
    case("cross-device code without a request ID", code(claims_json(act="signin.request", scope="crossDevice", exp=NOW + 200)),
         "request_id_missing")
    case("same-device code with a request ID", code(claims_json(rid="req1")), "request_id_unexpected")
    # 7. Issuer and app binding.
    case("claims issuer differs from the header", code(claims_json(iss="example.org")), "issuer_mismatch")
    case("claims key ID differs from the header", code(claims_json(kid="2026-10")), "key_id_mismatch")
    case("wrong app ID", code(claims_json(app="com.other")), "app_mismatch")
    # 8. Time.
    case("exp before nbf", code(claims_json(iat=NOW - 10, nbf=NOW + 100, exp=NOW + 50)), "time_order")
    case("nbf before iat", code(claims_json(iat=NOW - 10, nbf=NOW - 20, exp=NOW + 50)), "time_order")
    case("issued in the future", code(claims_json(iat=NOW + 61, exp=NOW + 300)), "issued_in_future")
    case("not yet valid", code(claims_json(iat=NOW - 10, nbf=NOW + 61, exp=NOW + 300)), "not_yet_valid")
    case("expired", code(claims_json(iat=NOW - 400, exp=NOW - 60)), "expired")
    # 9. Lifetime.
    case("lifetime too long (same device, 30 days + 1 s)", code(claims_json(iat=NOW - 10, exp=NOW - 10 + 2592001)),
         "lifetime_too_long")
    case("lifetime too long (cross device, 601 s)", code(claims_json(act="signin.request", scope="crossDevice", params="",
                                                                     rid="req2", iat=NOW - 1, exp=NOW + 600)),
         "lifetime_too_long")
    # 10. Scope.
    case("same-device code used cross-device", code(claims_json(act="signin.request")), "scope_mismatch")
    case("cross-device code for a same-device action", code(claims_json(scope="crossDevice", rid="req3", exp=NOW + 200)),
         "scope_mismatch")
    case("action not registered", code(claims_json(act="delete.account")), "not_registered")
    case("action registered for another issuer", code(claims_json(act="example.only")), "issuer_not_allowed")
    # 11. Single use.
    case("replayed nonce", good, "replayed", before=[good])
    case("replayed request ID with a new nonce", code(claims_json(act="signin.request", scope="crossDevice", params="",
                                                                  rid="req_7Hq2-x", iat=NOW - 5, exp=NOW + 295,
                                                                  nonce="crossNonce-000000002")),
         "replayed", before=[cross])
    case("same nonce, other issuer: independent", code(header=header_json("example.org", "k1"),
                                                       claims=claims_json(iss="example.org", kid="k1", act="example.only")),
         "verified", before=[good])

    # The request-info step (spec section 7): a verified cross-device code, then the fetch.
    rid_url = TEMPLATE.replace("{request_id}", "req_7Hq2-x")
    ok_body = json.dumps({"request_id": "req_7Hq2-x", "requester": "Chrome on macOS", "location": "Berlin, DE"})
    fetch = []

    def fetch_case(name, reply, expect, **extra):
        entry = {"name": name, "code": cross, "url": rid_url, "reply": reply, "expect": expect}
        entry.update(extra)
        fetch.append(entry)

    fetch_case("reply names the requester", {"kind": "body", "status": 200, "body": ok_body}, "verified",
               requester="Chrome on macOS", location="Berlin, DE")
    fetch_case("reply without location", {"kind": "body", "status": 200,
                                          "body": '{"request_id":"req_7Hq2-x","requester":"Firefox"}'}, "verified",
               requester="Firefox")
    fetch_case("fetch failure (connection refused)", {"kind": "failure"}, "request_info_failed")
    fetch_case("HTTP 404", {"kind": "body", "status": 404, "body": "not found"}, "request_info_failed")
    fetch_case("timeout", {"kind": "timeout"}, "request_info_timeout")
    fetch_case("oversized reply", {"kind": "body", "status": 200, "body": '{"request_id":"req_7Hq2-x","requester":"' + "x" * 5000 + '"}'},
               "request_info_too_large")
    fetch_case("redirect to another host", {"kind": "redirect", "location": "https://evil.example/api/ckey/requests/req_7Hq2-x"},
               "request_info_redirect")
    fetch_case("redirect to plain http on the same host", {"kind": "redirect", "location": "http://citeory.com/x"},
               "request_info_redirect")
    fetch_case("redirect to another port", {"kind": "redirect", "location": "https://citeory.com:8443/x"},
               "request_info_redirect")
    fetch_case("redirect with userinfo", {"kind": "redirect", "location": "https://citeory.com@evil.example/x"},
               "request_info_redirect")
    fetch_case("reply for another request", {"kind": "body", "status": 200,
                                             "body": '{"request_id":"req_other","requester":"Firefox"}'}, "request_info_invalid")
    fetch_case("reply with an unknown field", {"kind": "body", "status": 200,
                                               "body": '{"request_id":"req_7Hq2-x","requester":"Firefox","approve":true}'},
               "request_info_invalid")
    fetch_case("reply that is not JSON", {"kind": "body", "status": 200, "body": "<html>"}, "request_info_invalid")
    fetch_case("reply with duplicate keys", {"kind": "body", "status": 200,
                                             "body": '{"request_id":"req_7Hq2-x","requester":"A","requester":"B"}'},
               "request_info_invalid")

    # Spec section 7.1: shown text refuses controls, separators, bidi controls,
    # invisible and format characters and noncharacters, raw or escaped.
    def reply_with(requester, location=None, ascii_only=False):
        reply = {"request_id": "req_7Hq2-x", "requester": requester}
        if location is not None:
            reply["location"] = location
        return {"kind": "body", "status": 200, "body": json.dumps(reply, ensure_ascii=ascii_only)}

    def label(cp):
        return f"U+{cp:04X} {unicodedata.name(chr(cp), '')}".rstrip()

    fetch_case("requester spoofed with U+202E (reads 'Chrome on macOS' twice)",
               reply_with("Chrome on macOS\u202eSOcam no emorhC"), "request_info_text")
    samples = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
               0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x00AD, 0x180E, 0x0600,
               0x206A, 0x3164, 0x1D173, 0xE0001, 0x0000, 0x0009, 0x000A, 0x000D, 0x001B, 0x001F, 0x007F, 0x0080,
               0x0085, 0x009F, 0x2028, 0x2029, 0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF]
    for cp in samples:
        kind = shown_text_class(cp)
        assert kind is not None, hex(cp)
        text = "Chrome" + chr(cp) + " on macOS"
        if cp >= 0x20:  # C0 controls cannot stand raw in JSON; json.dumps escapes them
            fetch_case(f"requester with raw {label(cp)} ({kind})", reply_with(text), "request_info_text")
        fetch_case(f"requester with escaped {label(cp)} ({kind})", reply_with(text, ascii_only=True),
                   "request_info_text")
    for cp in (0x202E, 0x2067, 0x200B, 0x000A, 0x2028, 0xFFFE):
        fetch_case(f"location with {label(cp)} ({shown_text_class(cp)})",
                   reply_with("Firefox", "Berlin" + chr(cp) + ", DE"), "request_info_text")
    # Not well-formed UTF-8: the reply is not JSON (4.5), whatever the field.
    for name, bad in [("overlong '/'", "c0af"), ("surrogate U+D800", "eda080"), ("past U+10FFFF", "f4908080"),
                      ("lone continuation byte", "80"), ("cut-short character", "e280"), ("byte FF", "ff")]:
        body = '{"request_id":"req_7Hq2-x","requester":"Chrome'.encode().hex() + bad + '"}'.encode().hex()
        fetch_case(f"requester with ill-formed UTF-8 ({name})", {"kind": "body", "status": 200, "body_hex": body},
                   "request_info_invalid")
    fetch_case("raw LF inside the JSON string", {"kind": "body", "status": 200,
                                                 "body": '{"request_id":"req_7Hq2-x","requester":"Chrome\non macOS"}'},
               "request_info_invalid")
    for requester, location in [("Safari on iPhone", "Zürich, CH"), ("Chrome 東京", "São Paulo, BR"),
                                ("Edge\u00a0on Windows", "Ålesund"), ("Firefox \u2764\ufe0f", "Montréal"),
                                ("Chrome (العربية)", "\u05d9\u05e8\u05d5\u05e9\u05dc\u05d9\u05dd")]:
        fetch_case(f"shown text {requester!r} / {location!r} is allowed", reply_with(requester, location), "verified",
                   requester=requester, location=location)

    # Redirect targets the core must allow (same https host and port).
    allowed_redirects = ["https://citeory.com/api/ckey/requests/req_7Hq2-x/v2", "https://CITEORY.com:443/other",
                         "https://citeory.com/a%20b?q=1&r=(x)*+,;=:@!$'~#top"]
    # Spec section 7.2: on the pinned host, but a byte that is not a URL character.
    base = "https://citeory.com/api/ckey/requests/req_7Hq2-x"
    refused_redirects = [{"name": name, "url": url} for name, url in [
        ("CR LF header injection", base + "\r\nSet-Cookie: a=b"),
        ("raw CR", base + "\r"), ("raw LF", base + "\n"), ("raw space", "https://citeory.com/a b"),
        ("tab", "https://citeory.com/a\tb"), ("tab before the host", "https://\tciteory.com/x"),
        ("ESC", "https://citeory.com/\x1b[2J"), ("DEL", "https://citeory.com/a\x7f"),
        ("C1 NEL (U+0085, raw UTF-8)", "https://citeory.com/a\u0085b"),
        ("non-ASCII path", "https://citeory.com/\u00e4"), ("non-ASCII host", "https://citeory.com\u3002evil.example/"),
        ("U+202E in the path", "https://citeory.com/\u202egnp.exe"),
        ("backslash after the host", "https://citeory.com\\@evil.example/"),
        ("backslash in the path", "https://citeory.com/a\\b"),
        ("double quote", 'https://citeory.com/"x"'), ("angle brackets", "https://citeory.com/<x>"),
        ("braces", "https://citeory.com/{request_id}"), ("square brackets", "https://citeory.com/[x]"),
        ("caret, backtick and pipe", "https://citeory.com/^`|"),
        ("percent without two hex digits", "https://citeory.com/100%"),
        ("percent with one hex digit", "https://citeory.com/%4g"),
    ]]

    return {
        "about": "Safe Action test vectors (spec/CKey-Safe-Actions.md section 9), written by "
                 "tools/make-safe-action-vectors.py with Python cryptography. The keys are test keys made from "
                 "public labels: never trust them in an app. Run each case on a fresh verifier set up as below, "
                 "at clock 'now'; first verify every code in 'before' (each must verify).",
        "app_id": APP,
        "now": NOW,
        "keys": [{"issuer": i, "key_id": k, "public_key_hex": public_hex(seed),
                  "request_info": TEMPLATE if i == "citeory.com" else None,
                  "test_seed_hex": seed.hex()} for (i, k), seed in KEYS.items()],
        "untrusted_test_seed_hex": UNTRUSTED.hex(),
        "actions": [{"name": "open.library", "issuers": ["citeory.com"], "scope": "sameDevice"},
                    {"name": "signin.request", "issuers": ["citeory.com"], "scope": "crossDevice"},
                    {"name": "example.only", "issuers": ["example.org"], "scope": "sameDevice"}],
        "cases": cases,
        "request_info_cases": fetch,
        "allowed_redirects": allowed_redirects,
        "refused_redirects": refused_redirects,
        "shown_text": {
            "about": "Spec section 7.1: the code points that request-info requester and location may not hold, "
                     "by class, as inclusive ranges of hex code points. Every other Unicode scalar value is allowed.",
            "refused": {name: [[f"{a:04X}", f"{b:04X}"] for a, b in ranges]
                        for name, ranges in SHOWN_TEXT_REFUSED.items()},
        },
    }


def escape_unshowable(text):
    """JSON text with every refused character inside its strings written as a \\u escape, so the file
    itself holds no bidi control or invisible character (the meaning is unchanged)."""
    out = []
    for ch in text:
        cp = ord(ch)
        if cp < 0x20 or shown_text_class(cp) is None:
            out.append(ch)
        elif cp > 0xFFFF:
            cp -= 0x10000
            out.append(f"\\u{0xD800 + (cp >> 10):04x}\\u{0xDC00 + (cp & 0x3FF):04x}")
        else:
            out.append(f"\\u{cp:04x}")
    return "".join(out)


def main():
    check_small_order_table()
    check_shown_text_table()
    outputs = {
        ROOT / "spec/vectors/ed25519-rfc8032.json": ed25519_file(),
        ROOT / "spec/vectors/safe-actions.json": safe_actions_file(),
    }
    stale = False
    for path, data in outputs.items():
        text = escape_unshowable(json.dumps(data, indent=1, ensure_ascii=False)) + "\n"
        if "--check" in sys.argv:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print("stale:", path)
                stale = True
        else:
            path.write_text(text, encoding="utf-8")
            print("wrote", path.relative_to(ROOT))
    negative = [c for c in outputs[ROOT / "spec/vectors/safe-actions.json"]["cases"]
                if c["expect"] not in ("verified", "not_a_safe_action")]
    print(len(negative), "negative cases,", len(set(c["expect"] for c in negative)), "distinct reasons")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
