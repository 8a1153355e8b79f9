"""An independent encoder and decoder written from spec/CKey-Symbology.md alone
(no code shared with src/codec/), run over spec/vectors/symbols.json. Section 7
(the encodations, mode 2's segmentation and the decoder's rejection rules) is in
spec_encodation.py. The level percentages and fixed levels are read from the
spec's own tables. If the spec leaves anything out or says it differently from
the code, these fail."""
import json
import pathlib
import re

import pytest
import reedsolo

from spec_encodation import (BY_NAME, SUBMODES, capacity_bytes, capacity_submode, choose,  # section 7
                             count_width, encodation_bits, parse_stream, plan, stream, stream_bits)

ROOT = pathlib.Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / "spec/vectors/symbols.json").read_text())["vectors"]
SPEC = (ROOT / "spec/CKey-Symbology.md").read_text()


def spec_block(name):
    """The rows of a generated table of the spec, as lists of cells."""
    text = SPEC.split(f"<!-- BEGIN GENERATED {name} -->")[1].split(f"<!-- END GENERATED {name} -->")[0]
    rows = [line.strip("|").split("|") for line in text.strip().splitlines()[2:]]
    return [[cell.strip() for cell in row] for row in rows]


# Section 8.3: the parity share P of each level; section 6: the fixed levels of Profiles 2 and 3.
PERCENT = {row[0]: int(row[2].split()[0]) for row in spec_block("levels")}
FIXED_LEVEL = {int(row[0]): row[4].split()[1] for row in spec_block("profiles") if row[0] in ("2", "3")}
LEVELS = "LMQH"
SIDE_MASKS = (0x819372, 0x8AFB30, 0x4821CE, 0x98AA70)


# Section 4.4 and 4.5
def geometry(profile, version, layout):
    n = {0: 4 * version + 17, 2: 41, 3: 209}[profile]
    span = n - 5
    spacing = 16 if (layout == "print" or profile == 3) else 24
    k = 1 + -(-span // spacing)
    centres = [2 + (j * span + (k - 1) // 2) // (k - 1) for j in range(k)]
    key = [[False] * n for _ in range(n)]
    for r0 in centres:
        for c0 in centres:
            for dr in range(-2, 3):
                for dc in range(-2, 3):
                    key[r0 + dr][c0 + dc] = True
    order = []  # section 10: two-wide strips, left to right, alternately down and up
    for c0 in range(0, n, 2):
        rows = range(n) if (c0 // 2) % 2 == 0 else range(n - 1, -1, -1)
        order += [(r, c) for r in rows for c in range(c0, min(n, c0 + 2)) if not key[r][c]]
    return n, centres, key, order


# Section 8.3
def block_plan(total, level):
    blocks = -(-total // 255)
    short = total // blocks
    longs = total % blocks
    lengths = [short + (1 if b >= blocks - longs else 0) for b in range(blocks)]
    e = max(2, 2 * ((short * PERCENT[level] + 100) // 200))
    return lengths, e


# Section 9
def interleave_order(lengths, e):
    order = []
    for i in range(max(lengths) - e):
        for b, n in enumerate(lengths):
            if i < n - e:
                order.append((b, i))
    for i in range(e):
        for b, n in enumerate(lengths):
            order.append((b, n - e + i))
    return order


# Section 11.1
def mask_flips(mask, r, c):
    return [(r + c) % 2 == 0, (r // 2 + c // 3) % 2 == 0, ((r * c) % 2 + (r * c) % 3) % 2 == 0,
            ((r + c) % 2 + (r * c) % 3) % 2 == 0][mask]


# Section 11.2
def penalty(m):
    n = len(m)
    total = 0
    lines = [row for row in m] + [[m[r][c] for r in range(n)] for c in range(n)]
    for line in lines:
        run = 1
        for i in range(1, n + 1):
            if i < n and line[i] == line[i - 1]:
                run += 1
                continue
            if run >= 5:
                total += run - 2
            run = 1
    for r in range(n - 1):
        for c in range(n - 1):
            if m[r][c] == m[r][c + 1] == m[r + 1][c] == m[r + 1][c + 1]:
                total += 3
    dark = sum(map(sum, m))
    q = dark * 200 // (n * n)
    return total + 10 * (abs(q - 100) // 10)


def rs_parity(data, e, gf16=False):
    reedsolo.init_tables(prim=0x13 if gf16 else 0x11D, generator=2, c_exp=4 if gf16 else 8)
    return list(reedsolo.rs_encode_msg(bytearray(data), e, fcr=0, generator=2))[len(data):]


# Section 5.2
def golay(word):
    remainder = word << 11
    for bit in range(22, 10, -1):
        if remainder & (1 << bit):
            remainder ^= 0xC75 << (bit - 11)
    w23 = (word << 11) | (remainder & 0x7FF)
    return (w23 << 1) | (bin(w23).count("1") & 1)


def band(word):  # section 5.3
    g = golay(word)
    return "".join(str(((g ^ SIDE_MASKS[s]) >> (23 - j)) & 1) for s in range(4) for j in range(24))


def encode_profile1(payload):  # section 12
    nibbles = [x for b in payload for x in (b >> 4, b & 15)]
    nibbles += rs_parity(nibbles, 7, gf16=True)
    bits = [(nib >> (3 - i)) & 1 for nib in nibbles for i in range(4)]
    corners = {(0, 0), (0, 7), (7, 0), (7, 7)}
    cells = [[0] * 8 for _ in range(8)]
    cells[0][0] = 1
    data_cells = [(r, c) for r in range(8) for c in range(8) if (r, c) not in corners]
    for (r, c), bit in zip(data_cells, bits):
        cells[r][c] = bit ^ (1 if (r + c) % 2 == 0 else 0)
    return cells


def encode(vector):
    """The whole encoder of sections 7-11, from the vector's input and the expected version:
    (format band, matrix, format word, encodation name)."""
    inp, exp = vector["input"], vector["expect"]
    payload = bytes.fromhex(inp["payload_hex"])
    profile = inp["profile"]
    if profile == 1:
        return "none", encode_profile1(payload), 0, "bytes"
    level = FIXED_LEVEL.get(profile, inp["level"])
    layout = "standard" if profile else inp["layout"]
    version = exp["version"]
    n, _, _, order = geometry(profile, version, layout)
    total = len(order) // 8
    lengths, e = block_plan(total, level)
    data, encodation = stream(payload, total - len(lengths) * e)  # 7.6 picks the encodation for this D
    blocks, taken = [], 0
    for length in lengths:
        chunk = data[taken:taken + length - e]
        taken += length - e
        blocks.append(chunk + rs_parity(chunk, e))
    codewords = [blocks[b][i] for b, i in interleave_order(lengths, e)]
    base = [[0] * n for _ in range(n)]
    _, centres, _, _ = geometry(profile, version, layout)
    for r0 in centres:  # keys: dark except the ring at Chebyshev distance 1 from the centre
        for c0 in centres:
            for dr in range(-2, 3):
                for dc in range(-2, 3):
                    base[r0 + dr][c0 + dc] = 0 if max(abs(dr), abs(dc)) == 1 else 1
    for t, (r, c) in enumerate(order):
        base[r][c] = (codewords[t // 8] >> (7 - t % 8)) & 1 if t // 8 < len(codewords) else 0
    best = None
    for mask in range(4):
        m = [row[:] for row in base]
        for r, c in order:
            if mask_flips(mask, r, c):
                m[r][c] ^= 1
        p = penalty(m)
        if best is None or p < best[0]:
            best = (p, mask, m)
    _, mask, matrix = best
    word = profile * 1024 + version * 32 + LEVELS.index(level) * 8 + (layout == "print") * 4 + mask
    return band(word), matrix, word, encodation


def decode(vector):
    """Sections 8-11 backwards: expected matrix + format word -> payload."""
    exp, profile = vector["expect"], vector["input"]["profile"]
    matrix = [[1 if ch == "#" else 0 for ch in row] for row in exp["matrix"]]
    if profile == 1:
        corners = {(0, 0), (0, 7), (7, 0), (7, 7)}
        bits = [matrix[r][c] ^ (1 if (r + c) % 2 == 0 else 0) for r in range(8) for c in range(8) if (r, c) not in corners]
        nibbles = [int("".join(map(str, bits[i:i + 4])), 2) for i in range(0, 60, 4)]
        reedsolo.init_tables(prim=0x13, generator=2, c_exp=4)
        assert rs_parity(nibbles[:8], 7, gf16=True) == nibbles[8:]
        return bytes(nibbles[2 * i] << 4 | nibbles[2 * i + 1] for i in range(4))
    word = exp["format_word"]
    version, level, layout, mask = (word >> 5) & 31, LEVELS[(word >> 3) & 3], "print" if (word >> 2) & 1 else "standard", word & 3
    n, _, _, order = geometry(profile, version, layout)
    bits = [matrix[r][c] ^ (1 if mask_flips(mask, r, c) else 0) for r, c in order]
    total = len(order) // 8
    stream_bytes = [int("".join(map(str, bits[8 * i:8 * i + 8])), 2) for i in range(total)]
    lengths, e = block_plan(total, level)
    blocks = [[0] * length for length in lengths]
    for k, (b, i) in enumerate(interleave_order(lengths, e)):
        blocks[b][i] = stream_bytes[k]
    data = []
    for block in blocks:
        assert rs_parity(block[:-e], e) == block[-e:], "a block is not a Reed-Solomon codeword"
        data += block[:-e]
    return parse_stream(data)  # section 7, every "shall reject" rule included


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_spec_encoder_reproduces_vector(vector):
    band_cells, matrix, word, encodation = encode(vector)
    exp = vector["expect"]
    assert encodation == exp["encodation"]
    assert band_cells == exp["format"]
    if vector["input"]["profile"] != 1:
        assert word == exp["format_word"]
    assert ["".join("#" if v else "." for v in row) for row in matrix] == exp["matrix"]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_spec_decoder_reads_vector(vector):
    assert decode(vector) == bytes.fromhex(vector["input"]["payload_hex"])


def test_auto_version_is_the_smallest_that_fits():
    for vector in VECTORS:
        if vector["input"]["profile"] != 0 or vector["input"]["version"] != 0:
            continue
        payload = bytes.fromhex(vector["input"]["payload_hex"])
        level, layout = vector["input"]["level"], vector["input"]["layout"]
        # 7.6: the chosen encodation's bits with each version's own D (mode 2's counts depend on D).
        ds = [data_codewords(0, v, layout, level) for v in range(1, 32)]
        fits = [v for v, d in zip(range(1, 32), ds) if choose(payload, d)[1] <= 8 * d]
        assert vector["expect"]["version"] == fits[0]


def data_codewords(profile, version, layout, level):  # sections 4.4, 4.5 and 8.3
    lengths, e = block_plan(len(geometry(profile, version, layout)[3]) // 8, level)
    return sum(lengths) - len(lengths) * e


def one_segment(name, d):
    """7.8, by a plain scan: the largest c whose one-segment mode-2 stream
    2 + 2 + m + W + data bits + 1 + 32 fits 8 D bits (limited by 16383)."""
    sub = BY_NAME[name]
    c = 0
    while c < 16383 and 2 + 2 + len(sub.code) + count_width(sub, d) + sub.data_bits(c + 1) + 1 + 32 <= 8 * d:
        c += 1
    return c


def text40_capacity(d):  # 7.8: the larger of mode 1 and a one-segment text40 stream
    mode1 = 0
    while mode1 < 16383 and 48 + 16 * ((mode1 + 1) // 3) + (0, 6, 11)[(mode1 + 1) % 3] <= 8 * d:
        mode1 += 1
    return max(mode1, one_segment("text40", d))


def number(cell):
    return None if cell == "–" else int(cell.replace(",", ""))


FIXED_D = {int(row[0]): number(row[8]) for row in spec_block("fixed-profiles") if row[0] in ("2", "3")}


def test_fixed_profile_data_codewords():
    """13.4's data codewords against sections 4 and 8.3 (Profile 2: N = 41, Profile 3: N = 209)."""
    for profile, d in FIXED_D.items():
        assert d == data_codewords(profile, 0, "standard", FIXED_LEVEL[profile])


def test_capacity_tables_follow_7_8():
    """Sections 13.2 (both tables), 13.4 and the table of section 6 (generated from the code)
    against the capacity rules of 7.8, by a plain scan and by spec_encodation's capacity_*."""
    def check(name, d):
        found = text40_capacity(d) if name == "text40" else d - 6 if name == "bytes" else one_segment(name, d)
        assert found == (capacity_bytes(d) if name == "bytes" else capacity_submode(name, d)), (name, d)
        return found

    for row in spec_block("fixed-profiles")[1:]:
        d = FIXED_D[int(row[0])]
        assert [number(c) for c in row[9:11]] == [check("bytes", d), check("text40", d)], row
    capacity = {}
    for row in spec_block("capacity"):
        ds = [data_codewords(0, int(row[0]), row[1], level) for level in LEVELS]
        assert [number(c) for c in row[2:]] == [check("bytes", d) for d in ds] + [check("text40", d) for d in ds], row
        capacity[int(row[0]), row[1]] = [number(c) for c in row[2:]]
    assert len(capacity) == 62
    rows = 0
    for row in spec_block("capacity-segmented"):
        if row[0].startswith("Profile"):
            profile = int(row[0].split()[1])
            ds = [FIXED_D[profile] if FIXED_LEVEL[profile] == level else None for level in LEVELS]
        else:
            ds = [data_codewords(0, int(row[0]), row[1], level) for level in LEVELS]
        expected = [check(name, d) if d else None for name in ("digits", "mixed") for d in ds]
        assert [number(c) for c in row[2:]] == expected, row
        rows += 1
    assert rows == 64
    # Section 6: the ranges of Profile 0 are v1-H to v31-L; Profiles 2 and 3 are those of 13.4.
    profiles = {row[0]: row for row in spec_block("profiles")}
    low, high = capacity[1, "standard"], capacity[31, "standard"]
    assert profiles["0"][5] == f"{low[3]} (v1-H) to {high[0]:,} (v31-L)" and profiles["0"][6] == f"{low[7]} to {high[4]:,}"
    for profile, d in FIXED_D.items():
        assert [number(c) for c in profiles[str(profile)][5:7]] == [check("bytes", d), check("text40", d)]


def vector_d(vector):
    exp, profile = vector["expect"], vector["input"]["profile"]
    return data_codewords(profile, exp["version"], exp["layout"], FIXED_LEVEL.get(profile, exp["level"]))


def test_vector_capacity_is_d_minus_6():
    """Annex C's `capacity` (bytes) is 7.8's D - 6 for the symbol's D (Profile 1: its 4 bytes)."""
    for vector in VECTORS:
        expected = 4 if vector["input"]["profile"] == 1 else capacity_bytes(vector_d(vector))
        assert vector["expect"]["capacity"] == expected, vector["name"]


def test_vectors_cover_every_encodation_submode_and_prefix():
    """Annex C: all three encodations, every mode-2 sub-mode and prefix, and switches among them."""
    encodations, submodes, prefixes, switches = set(), set(), set(), set()
    for vector in VECTORS:
        encodations.add(vector["expect"]["encodation"])
        if vector["expect"]["encodation"] == "segmented":
            code, segments, _ = plan(bytes.fromhex(vector["input"]["payload_hex"]), vector_d(vector))
            names = [SUBMODES[j].name for j, _ in segments]
            prefixes.add(code)
            submodes.update(names)
            switches.update(zip(names, names[1:]))
    assert encodations == {"bytes", "text40", "segmented"}
    assert submodes == {s.name for s in SUBMODES} and prefixes == {0, 1, 2, 3}
    assert len(switches) >= 5


def test_annex_a_data_codewords():
    """Annex A (generated): the worked example's payload, version 1-M (D = 26) and data codewords."""
    annex = SPEC.split("## Annex A")[1].split("## Annex B")[0]
    payload = annex.split("payload `")[1].split("`")[0].encode()
    listed = annex.split("Data codewords (26")[1].split("```")[1].split()
    data, encodation = stream(payload, 26)
    assert [f"{b:02X}" for b in data] == listed
    name, bits = choose(payload, 26)
    assert name == encodation and f"takes {bits} bits" in annex
    assert parse_stream(data) == payload
    counts = encodation_bits(payload, 26)
    assert f"Bytes would take {counts['bytes']} bits and text40 {counts['text40']} bits" in annex
    # A.4's field table, bit for bit: the stream of 7.4 and its zero fill.
    table = annex.split("| Field | Value | Bits |")[1].split("Data codewords")[0]
    cells = [row.split("|")[3].strip().strip("`") for row in table.strip().splitlines()[1:]]
    written = "".join(map(str, stream_bits(payload, 26, "segmented")))
    assert "".join(cells) == written + "0" * (-len(written) % 8)
    widths = re.search(r"count widths W are (.*?) \(7\.4\.4\)", annex).group(1)
    for name, w in re.findall(r"(\w+) (\d+)", widths):
        assert count_width(BY_NAME[name], 26) == int(w), name
