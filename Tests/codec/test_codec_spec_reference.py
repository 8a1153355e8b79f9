"""An independent encoder and decoder written from spec/CKey-Symbology.md alone
(no code shared with src/codec/), run over spec/vectors/symbols.json. The
level percentages and fixed levels are read from the spec's own tables. If the
spec leaves anything out or says it differently from the code, these fail."""
import json
import pathlib

import pytest
import reedsolo

ROOT = pathlib.Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / "spec/vectors/symbols.json").read_text())["vectors"]
SPEC = (ROOT / "spec/CKey-Symbology.md").read_text()
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz-./:"


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


# Section 7.5
def crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


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


# Section 7
def stream(payload, data_codewords):
    text40 = len(payload) > 0 and all(chr(b) in ALPHABET for b in payload)
    bits = []

    def put(value, count):
        bits.extend((value >> (count - 1 - i)) & 1 for i in range(count))

    put(1 if text40 else 0, 2)
    put(len(payload), 14)
    if text40:
        values = [ALPHABET.index(chr(b)) for b in payload]
        full = len(values) // 3 * 3
        for i in range(0, full, 3):
            put(values[i] * 1600 + values[i + 1] * 40 + values[i + 2], 16)
        rest = values[full:]
        if len(rest) == 2:
            put(rest[0] * 40 + rest[1], 11)
        elif len(rest) == 1:
            put(rest[0], 6)
    else:
        for b in payload:
            put(b, 8)
    put(crc32c(payload), 32)
    bits.extend([0] * (-len(bits) % 8))
    out = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = [0xEC, 0x11]
    while len(out) < data_codewords:
        out.append(pad[(len(out) - len(bits) // 8) % 2])
    return out, "text40" if text40 else "bytes"


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
    """The whole encoder of sections 7-11, from the vector's input and the expected version."""
    inp, exp = vector["input"], vector["expect"]
    payload = bytes.fromhex(inp["payload_hex"])
    profile = inp["profile"]
    if profile == 1:
        return "none", encode_profile1(payload), 0
    level = FIXED_LEVEL.get(profile, inp["level"])
    layout = "standard" if profile else inp["layout"]
    version = exp["version"]
    n, _, _, order = geometry(profile, version, layout)
    total = len(order) // 8
    lengths, e = block_plan(total, level)
    data, _ = stream(payload, total - len(lengths) * e)
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
    return band(word), matrix, word


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
    bitstring = "".join(f"{b:08b}" for b in data)
    mode, length, pos = int(bitstring[:2], 2), int(bitstring[2:16], 2), 16
    if mode == 1:
        out = []
        while len(out) + 3 <= length:
            v = int(bitstring[pos:pos + 16], 2)
            out += [v // 1600, v // 40 % 40, v % 40]
            pos += 16
        if length - len(out) == 2:
            v = int(bitstring[pos:pos + 11], 2)
            out += [v // 40, v % 40]
            pos += 11
        elif length - len(out) == 1:
            out += [int(bitstring[pos:pos + 6], 2)]
            pos += 6
        payload = "".join(ALPHABET[v] for v in out).encode()
    else:
        payload = bytes(int(bitstring[pos + 8 * i:pos + 8 * i + 8], 2) for i in range(length))
        pos += 8 * length
    assert int(bitstring[pos:pos + 32], 2) == crc32c(payload), "CRC-32C mismatch"
    return payload


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_spec_encoder_reproduces_vector(vector):
    band_cells, matrix, word = encode(vector)
    exp = vector["expect"]
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

        def data_codewords(v):
            total = len(geometry(0, v, layout)[3]) // 8
            lengths, e = block_plan(total, level)
            return total - len(lengths) * e
        text40 = len(payload) > 0 and all(chr(b) in ALPHABET for b in payload)
        bits = 48 + (16 * (len(payload) // 3) + (0, 6, 11)[len(payload) % 3] if text40 else 8 * len(payload))
        fits = [v for v in range(1, 32) if bits <= 8 * data_codewords(v)]
        assert vector["expect"]["version"] == fits[0]
