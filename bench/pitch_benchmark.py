#!/usr/bin/env python3
"""CKey's module pitch against QR's (level M) at the same printed outer size.

For every payload of the corpus (bench/encodation_corpus.jsonl, written by
bench/encodation_corpus.py) it finds:

- CKey: the smallest Profile 0 symbol at level M, standard layout, as the
  shared library encodes it (ckey_symbol_encode through ctypes), and its N
  data-field modules per side.
- QR: the smallest version 1-40 at level M under an optimal segmentation into
  numeric, alphanumeric and byte segments (an exact dynamic program, with the
  character-count widths of ISO/IEC 18004 per version range), i.e. the
  strongest plain QR peer. Each answer is checked against the PyPI package
  segno (error 'm', boost_error=False), which must never need a smaller version;
  where the DP's version is smaller, segno must encode the DP's segments in it.

Both symbols are printed at the same outer size S, quiet zones included.
CKey's canvas is 31 units with a 2-unit quiet margin and a 23-unit data field
of N modules: pitch S*23/(31*N). QR with its 4-module quiet zone has
4v+17+8 modules across: pitch S/(4v+25). The ratio CKey pitch / QR pitch is
reported (above 1: CKey's modules are larger, so it reads from farther away or
at a smaller print size).

Prints the median, p10 and p90 of the ratio, the shares at or above 1.00 and
1.05 and the share CKey packs tighter than plain bytes, overall, per shape and
per length bucket, and the most common (CKey version, QR version) pairs.
(segno puts a whole string in one mode, so the DP often needs one version
fewer.) --json FILE writes the per-payload results; --baseline FILE compares
the CKey versions with such a file and exits 1 when any payload now needs a
higher version.

Usage:
  bench/pitch_benchmark.py [--lib build-shared/libckey.so] [--corpus FILE]
                           [--json OUT.json] [--baseline OLD.json]
Needs: pip install segno
"""
import argparse
import collections
import ctypes
import json
import os
import statistics
import sys

import segno
import segno.consts

HERE = os.path.dirname(os.path.abspath(__file__))
LEVEL_M = 1

# ------------------------------------------------------------------ CKey


class SymbolInfo(ctypes.Structure):
    """ckey_symbol_info up to `capacity` (include/ckey/symbol.h); later fields are not read."""
    _fields_ = [(name, ctypes.c_int) for name in (
        "profile", "version", "level", "layout", "mask", "modules", "format_bits", "blocks",
        "data_codewords", "ec_codewords", "encodation")] + [
        ("payload_bytes", ctypes.c_size_t), ("capacity", ctypes.c_size_t)]


INFO_PADDING = 256  # room for fields the struct may gain at its end
ENCODATIONS = {0: "bytes", 1: "text40", 2: "segmented"}


def encodation_name(code):
    return ENCODATIONS.get(code, f"mode {code}")


class CKey:
    """The three C API calls the benchmark needs."""

    def __init__(self, path):
        self.lib = lib = ctypes.CDLL(path)
        P = ctypes.c_void_p
        lib.ckey_symbol_encode.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                                           ctypes.c_int, ctypes.c_int, ctypes.POINTER(P)]
        lib.ckey_symbol_encode.restype = ctypes.c_int
        lib.ckey_symbol_get_info.argtypes = [P, P]
        lib.ckey_symbol_get_info.restype = ctypes.c_int
        lib.ckey_symbol_destroy.argtypes = [P]
        lib.ckey_symbol_destroy.restype = None

    def smallest(self, payload):
        """SymbolInfo of the smallest Profile 0 level-M symbol, or None when it does not fit."""
        sym = ctypes.c_void_p()
        if self.lib.ckey_symbol_encode(payload, len(payload), 0, 0, LEVEL_M, 0, ctypes.byref(sym)) != 0:
            return None
        try:
            buf = ctypes.create_string_buffer(ctypes.sizeof(SymbolInfo) + INFO_PADDING)
            if self.lib.ckey_symbol_get_info(sym, buf) != 0:
                raise RuntimeError("ckey_symbol_get_info failed")
            return SymbolInfo.from_buffer_copy(buf.raw[:ctypes.sizeof(SymbolInfo)])
        finally:
            self.lib.ckey_symbol_destroy(sym)


# -------------------------------------------------------------------- QR

# Data codewords of QR versions 1...40 at level M (ISO/IEC 18004:2015, Table 7).
QR_DATA_CODEWORDS_M = (
    16, 28, 44, 64, 86, 108, 124, 154, 182, 216,
    254, 290, 334, 365, 415, 453, 507, 563, 627, 669,
    714, 782, 860, 914, 1000, 1062, 1128, 1193, 1267, 1373,
    1455, 1541, 1631, 1725, 1812, 1914, 1992, 2102, 2216, 2334)

ALNUM = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
NUMERIC, ALPHANUMERIC, BYTE = 0, 1, 2
# Character-count indicator widths per mode for versions 1-9, 10-26, 27-40.
COUNT_BITS = ((10, 9, 8), (12, 11, 16), (14, 13, 16))
MAX_COUNT = {NUMERIC: (1023, 4095, 16383), ALPHANUMERIC: (511, 2047, 8191), BYTE: (255, 65535, 65535)}
# Bits one more character costs, by mode and by its place in the mode's group
# (numeric: 3 digits in 10 bits, 2 in 7, 1 in 4; alphanumeric: 2 in 11, 1 in 6).
GROUP = {NUMERIC: 3, ALPHANUMERIC: 2, BYTE: 1}
STEP_BITS = {NUMERIC: (4, 3, 3), ALPHANUMERIC: (6, 5), BYTE: (8,)}


def version_class(version):
    return 0 if version <= 9 else 1 if version <= 26 else 2


def char_modes(byte):
    modes = [BYTE]
    if chr(byte) in ALNUM:
        modes.append(ALPHANUMERIC)
    if 0x30 <= byte <= 0x39:
        modes.append(NUMERIC)
    return modes


def qr_segmentation(payload, vclass):
    """Fewest bits of any segmentation of payload (mode indicators and counts included) and
    that segmentation as [(mode, start, end)], by an exact dynamic program.

    A state is (mode of the open segment, characters in its unfinished group);
    each character either extends the open segment or opens a new one at the
    cost of a 4-bit mode indicator and the count field. A segment's cost is the
    sum of its per-character steps, so the cheapest path is the optimal
    segmentation.
    """
    if not payload:
        return 4 + COUNT_BITS[vclass][BYTE], []
    inf = float("inf")
    best, came_from = {}, []  # came_from[i][state]: (state before character i, whether i opened a segment)
    for byte in payload:
        cheapest = min(best, key=best.get) if best else None
        base = best[cheapest] if best else 0
        nxt, back = {}, {}
        for mode in char_modes(byte):
            state = (mode, 1 % GROUP[mode])
            nxt[state], back[state] = base + 4 + COUNT_BITS[vclass][mode] + STEP_BITS[mode][0], (cheapest, True)
            for phase in range(GROUP[mode]):
                cost = best.get((mode, phase), inf) + STEP_BITS[mode][phase]
                state = (mode, (phase + 1) % GROUP[mode])
                if cost < nxt.get(state, inf):
                    nxt[state], back[state] = cost, ((mode, phase), False)
        best = nxt
        came_from.append(back)
    state = min(best, key=best.get)
    bits, segments, end = best[state], [], len(payload)
    for i in range(len(payload) - 1, -1, -1):
        previous, opened = came_from[i][state]
        if opened:
            segments.append((state[0], i, end))
            end = i
        state = previous
    return bits, segments[::-1]


def qr_version(payload):
    """Smallest QR version at level M holding payload optimally segmented and that
    segmentation, or (None, None)."""
    plans = [qr_segmentation(payload, c) for c in range(3)]
    for version, codewords in enumerate(QR_DATA_CODEWORDS_M, start=1):
        bits, segments = plans[version_class(version)]
        if bits <= 8 * codewords:  # the terminator may be cut short when the symbol is full
            return version, segments
    return None, None


def check_count_limits():
    """The DP ignores the count fields' limits: they never bind at level M, because a segment
    one character over its limit would alone exceed the largest version of its range."""
    for vclass, top in ((0, 9), (1, 26), (2, 40)):
        for mode in (NUMERIC, ALPHANUMERIC, BYTE):
            chars = MAX_COUNT[mode][vclass] + 1
            group, steps = GROUP[mode], STEP_BITS[mode]
            bits = 4 + COUNT_BITS[vclass][mode] + (chars // group) * sum(steps) + sum(steps[:chars % group])
            assert bits > 8 * QR_DATA_CODEWORDS_M[top - 1], (vclass, mode)


# segno takes a per-segment mode only as its mode constant
SEGNO_MODES = {NUMERIC: segno.consts.MODE_NUMERIC, ALPHANUMERIC: segno.consts.MODE_ALPHANUMERIC,
               BYTE: segno.consts.MODE_BYTE}


def segno_version(content, version=None):
    """segno's smallest level-M version (or whether it fits the given version), None if not."""
    try:
        return segno.make(content, version=version, error="m", boost_error=False, micro=False).version
    except segno.DataOverflowError:
        return None


def segno_confirms(payload, version, segments):
    """segno encodes the DP's segmentation at the DP's version."""
    parts = [(payload[a:b] if mode == BYTE else payload[a:b].decode("ascii"), SEGNO_MODES[mode])
             for mode, a, b in segments]
    return segno_version(parts, version) == version


def check_qr_table():
    """Checks the data-codeword table against segno: at each checked version the largest
    byte-mode payload fits and one byte more does not, which pins the count exactly."""
    checked = (1, 2, 5, 9, 10, 14, 20, 26, 27, 33, 40)
    for version in checked:
        codewords = QR_DATA_CODEWORDS_M[version - 1]
        count_bits = COUNT_BITS[version_class(version)][BYTE]
        largest = (8 * codewords - 4 - count_bits) // 8
        segno.make(b"a" * largest, version=version, error="m", boost_error=False, mode="byte")
        try:
            segno.make(b"a" * (largest + 1), version=version, error="m", boost_error=False, mode="byte")
        except segno.DataOverflowError:
            continue
        raise AssertionError(f"QR version {version}-M: segno takes more than {codewords} data codewords")
    return checked


# ---------------------------------------------------------------- pitch


def pitch_ratio(ckey_modules, qr_ver):
    """CKey pitch / QR pitch at the same outer size S, quiet zones included."""
    ckey_pitch = 23 / (31 * ckey_modules)
    qr_pitch = 1 / (4 * qr_ver + 17 + 8)
    return ckey_pitch / qr_pitch


def measure(ckey, rows):
    results, segno_diffs = [], collections.Counter()
    for row in rows:
        payload = row["payload"].encode("ascii")
        info = ckey.smallest(payload)
        (qv, segments), sv = qr_version(payload), segno_version(row["payload"])
        if sv is not None and (qv is None or qv > sv):
            raise AssertionError(f"DP needs QR version {qv} but segno {sv}: {row['payload']!r}")
        if qv is not None and qv != sv and not segno_confirms(payload, qv, segments):
            raise AssertionError(f"segno cannot fit the DP's segments in version {qv}: {row['payload']!r}")
        segno_diffs[(sv or 41) - (qv or 41)] += 1  # 41: does not fit
        results.append({
            "shape": row["shape"], "length": len(payload), "payload": row["payload"],
            "ckey_version": info.version if info else None, "ckey_modules": info.modules if info else None,
            "encodation": encodation_name(info.encodation) if info else None,
            "qr_version": qv, "segno_version": sv,
            "ratio": round(pitch_ratio(info.modules, qv), 5) if info and qv else None})
    return results, segno_diffs


# -------------------------------------------------------------- report

LENGTH_BUCKETS = ((20, "<=20"), (40, "21-40"), (80, "41-80"), (160, "81-160"), (None, ">160"))


def length_bucket(length):
    for top, name in LENGTH_BUCKETS:
        if top is None or length <= top:
            return name


def stats_line(name, group):
    ratios = sorted(r["ratio"] for r in group if r["ratio"] is not None)
    packed = sum(r["encodation"] not in (None, "bytes") for r in group) / len(group)
    if len(ratios) < 2:
        return f"{name:20s} {len(group):5d}  (too few to summarize)"
    deciles = statistics.quantiles(ratios, n=10, method="inclusive")
    at1 = sum(x >= 1.0 for x in ratios) / len(ratios)
    at105 = sum(x >= 1.05 for x in ratios) / len(ratios)
    return (f"{name:20s} {len(group):5d} {statistics.median(ratios):7.3f} {deciles[0]:6.3f} {deciles[8]:6.3f}"
            f" {at1:7.1%} {at105:7.1%} {packed:7.1%}")


def report(results, segno_diffs, corpus, checked, pairs_shown):
    n = len(results)
    fit_ckey = sum(r["ckey_version"] is not None for r in results)
    fit_qr = sum(r["qr_version"] is not None for r in results)
    print("CKey Profile 0 (level M, standard layout) against QR (level M, optimal segmentation)")
    print("at the same printed outer size, quiet zones included; ratio = CKey module pitch / QR module pitch;")
    print("packed = share CKey codes other than as plain bytes (text40 or segmented)")
    print(f"corpus {corpus}: {n} payloads; fit in CKey {fit_ckey}, in QR {fit_qr}")
    print(f"QR data-codeword table checked against segno at versions {', '.join(map(str, checked))}")
    smaller = n - segno_diffs[0]
    steps = ", ".join(f"by {diff}: {segno_diffs[diff]}" for diff in sorted(d for d in segno_diffs if d))
    print(f"QR DP against segno: same version {segno_diffs[0]}, DP smaller {smaller} ({smaller / n:.1%};"
          f" {steps or 'none'}), DP larger 0")
    print()
    print(f"{'group':20s} {'n':>5s} {'median':>7s} {'p10':>6s} {'p90':>6s} {'>=1.00':>7s} {'>=1.05':>7s}"
          f" {'packed':>7s}")
    print(stats_line("all", results))
    print("by shape")
    by_shape = collections.defaultdict(list)
    for r in results:
        by_shape[r["shape"]].append(r)
    for shape, group in by_shape.items():
        print(stats_line("  " + shape, group))
    print("by length (chars)")
    by_length = collections.defaultdict(list)
    for r in results:
        by_length[length_bucket(r["length"])].append(r)
    for _, name in LENGTH_BUCKETS:
        if by_length[name]:
            print(stats_line("  " + name, by_length[name]))
    print()
    pairs = collections.Counter((r["ckey_version"], r["qr_version"]) for r in results if r["ratio"] is not None)
    print(f"most common (CKey version, QR version) pairs, {pairs_shown} of {len(pairs)}:")
    print(f"  {'CKey':>4s} {'QR':>3s} {'count':>6s} {'share':>6s} {'ratio':>6s}")
    modules = {r["ckey_version"]: r["ckey_modules"] for r in results}
    for (cv, qv), count in pairs.most_common(pairs_shown):
        print(f"  {cv:4d} {qv:3d} {count:6d} {count / n:6.1%} {pitch_ratio(modules[cv], qv):6.3f}")


def write_json(path, corpus, results):
    """The per-payload results, one payload a line."""
    with open(path, "w") as f:
        f.write('{"corpus": %s, "level": "M", "results": [\n' % json.dumps(corpus))
        f.write(",\n".join(json.dumps(r) for r in results))
        f.write("\n]}\n")


def compare_baseline(results, path):
    """Prints payloads whose CKey version rose against the baseline; returns how many did."""
    with open(path) as f:
        old = {r["payload"]: r for r in json.load(f)["results"]}
    rose, fell, missing = [], 0, 0
    for r in results:
        before = old.get(r["payload"])
        if before is None:
            missing += 1
            continue
        was, now = before["ckey_version"], r["ckey_version"]
        if was is not None and (now is None or now > was):
            rose.append((r, was, now))
        elif now is not None and (was is None or now < was):
            fell += 1
    print()
    print(f"against baseline {path}: {len(rose)} payloads need a higher CKey version, {fell} a lower one"
          + (f", {missing} not in the baseline" if missing else ""))
    for r, was, now in rose:
        print(f"  REGRESSION {r['shape']} len {r['length']}: v{was} -> {'no fit' if now is None else f'v{now}'}"
              f"  {r['payload']}")
    return len(rose)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lib", default="build-shared/libckey.so")
    ap.add_argument("--corpus", default=os.path.join(HERE, "encodation_corpus.jsonl"))
    ap.add_argument("--json", help="write per-payload results here")
    ap.add_argument("--baseline", help="an earlier --json file to check for CKey version regressions")
    ap.add_argument("--pairs", type=int, default=15, help="how many (CKey, QR) version pairs to list")
    args = ap.parse_args()
    with open(args.corpus) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    check_count_limits()
    checked = check_qr_table()
    results, segno_diffs = measure(CKey(args.lib), rows)
    report(results, segno_diffs, os.path.relpath(args.corpus), checked, args.pairs)
    if args.json:
        write_json(args.json, os.path.relpath(args.corpus), results)
    if args.baseline and compare_baseline(results, args.baseline):
        sys.exit(1)


if __name__ == "__main__":
    main()
