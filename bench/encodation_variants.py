"""What each choice of the segmented encodation (spec section 7.4) buys.

A cost model of spec 7.4-7.6 with switches: the prefixes, the text48 sub-mode,
the count width W (the spec's, or the 14 bits of the old length field), and a
hypothetical 16-bit CRC (not adopted: the CRC-32C keeps false accepts at 2^-32).
For each variant it finds every corpus payload's smallest CKey version at level M
and compares the module pitch with QR's (the exact optimal QR segmentation of
bench/pitch_benchmark.py), as bench/pitch_benchmark.py does.

The "spec" variant must land every payload on the version the library picks;
the script checks that first (so the model is the encoder, not a guess).

Run from the repository root, after building the shared library:
    python3 bench/encodation_variants.py [--lib build-shared/libckey.so]
"""
import argparse
import ctypes
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pitch_benchmark  # noqa: E402  (QR's optimal segmentation and the pitch formula)

DIGITS = "0123456789"
TEXT40 = DIGITS + "abcdefghijklmnopqrstuvwxyz-./:"
TEXT48 = TEXT40 + "_?=&%~#+"
MIXED = DIGITS + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-._~:/?#@!&*+,;=% "
PREFIXES = (b"https://www.", b"https://", b"http://")

# name, alphabet (None: every byte), (group, pair, single) bits, code bits
SUB_MODES = (
    ("digits", DIGITS, (10, 7, 4), 2),
    ("text40", TEXT40, (16, 11, 6), 2),
    ("text48", TEXT48, (17, 12, 6), 3),
    ("mixed", MIXED, (19, 13, 7), 2),
    ("bytes", None, (24, 16, 8), 4),
)

VARIANTS = (
    ("spec", dict()),
    ("no prefixes", dict(prefixes=False)),
    ("no text48", dict(text48=False)),
    ("W = 14 bits (old length field)", dict(fixed_width=14)),
    ("CRC-16 (not adopted)", dict(crc_bits=16)),
    ("modes 0 and 1 only (before)", dict(mode2=False)),
)


def count_width(group, d, fixed_width):
    if fixed_width:
        return fixed_width
    return max(1, (3 * max(0, 8 * d - 40) // group).bit_length())


def segments_bits(rest, d, modes, fixed_width):
    """Least data-and-header bits over all segmentations of rest (spec 7.5)."""
    inf = float("inf")
    steps = [(s, p - s, g - p) if name != "bytes" else (8, 8, 8) for name, _, (g, p, s), _ in modes]
    header = [code + count_width(g, d, fixed_width) + 1 for _, _, (g, _, _), code in modes]
    fits = [set(alphabet.encode()) if alphabet else None for _, alphabet, _, _ in modes]
    cost = {}  # (sub-mode, count mod 3) -> least bits so far
    for byte in rest:
        cheapest = {m: min((c for (mm, _), c in cost.items() if mm != m), default=0 if not cost else inf)
                    for m in range(len(modes))}
        nxt = {}
        for m in range(len(modes)):
            if fits[m] is not None and byte not in fits[m]:
                continue
            nxt[(m, 1)] = cheapest[m] + header[m] + steps[m][0]
            for k in range(3):
                if (m, k) in cost:
                    key = (m, (k + 1) % 3)
                    nxt[key] = min(nxt.get(key, inf), cost[(m, k)] + steps[m][k])
        cost = nxt
    return min(cost.values())


def stream_bits(payload, d, prefixes=True, text48=True, fixed_width=0, crc_bits=32, mode2=True):
    """Fewest bits over modes 0, 1 and 2 for D data codewords (spec 7.6)."""
    n = len(payload)
    best = 16 + crc_bits + 8 * n
    if n and all(b in TEXT40.encode() for b in payload):
        best = min(best, 16 + crc_bits + 16 * (n // 3) + (0, 6, 11)[n % 3])
    if not (mode2 and n):
        return best
    rest = payload
    for prefix in PREFIXES if prefixes else ():
        if payload.startswith(prefix) and n > len(prefix):
            rest = payload[len(prefix):]
            break
    modes = [m for m in SUB_MODES if text48 or m[0] != "text48"]
    return min(best, 4 + crc_bits + segments_bits(rest, d, modes, fixed_width))


def data_codewords(lib):
    """D of Profile 0 versions 1-31 at level M, standard layout (byte capacity + 6, spec 7.8)."""
    out = {}
    for version in range(1, 32):
        capacity = ctypes.c_size_t()
        if lib.ckey_symbol_get_capacity(0, version, 1, 0, ctypes.byref(capacity)) != 0:
            raise RuntimeError("ckey_symbol_get_capacity failed")
        out[version] = capacity.value + 6
    return out


def smallest_version(payload, codewords, **variant):
    for version, d in codewords.items():
        if stream_bits(payload, d, **variant) <= 8 * d:
            return version
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lib", default="build-shared/libckey.so")
    parser.add_argument("--corpus", default=os.path.join(pitch_benchmark.HERE, "encodation_corpus.jsonl"))
    args = parser.parse_args()
    ckey = pitch_benchmark.CKey(args.lib)
    codewords = data_codewords(ckey.lib)
    rows = [json.loads(line) for line in open(args.corpus, encoding="utf-8")]
    payloads = [row["payload"].encode() for row in rows]
    qr = [pitch_benchmark.qr_version(p)[0] for p in payloads]
    library = [ckey.smallest(p).version for p in payloads]

    print(f"{len(payloads)} payloads of {os.path.relpath(args.corpus)}; level M; ratio = CKey pitch / QR pitch")
    print(f"{'variant':34} {'median':>7} {'>=1.00':>7} {'>=1.05':>7} {'mean v':>7}")
    for name, variant in VARIANTS:
        versions = [smallest_version(p, codewords, **variant) for p in payloads]
        if name == "spec":
            mismatch = sum(v != lib for v, lib in zip(versions, library))
            if mismatch:
                print(f"model disagrees with the library on {mismatch} payloads: fix the model first")
                return 1
        ratios = [pitch_benchmark.pitch_ratio(4 * v + 17, q) for v, q in zip(versions, qr)]
        print(f"{name:34} {statistics.median(ratios):7.3f} {sum(r >= 1 for r in ratios) / len(ratios):7.1%} "
              f"{sum(r >= 1.05 for r in ratios) / len(ratios):7.1%} {statistics.mean(versions):7.2f}")
    print("the spec variant matches the library's version for every payload")
    return 0


if __name__ == "__main__":
    sys.exit(main())
