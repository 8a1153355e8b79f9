"""Section 7 of spec/CKey-Symbology.md (data encodation), written from the spec
text alone (no code shared with src/codec/ or tools/): the three encodations
bytes (mode 0), text40 (mode 1) and segmented (mode 2, with its five sub-modes
digits, text40, text48, mixed and bytes), the segmentation rule of 7.5, the
choice of 7.6, the capacities of 7.8, and a decoder that applies every "shall
reject" rule of section 7 and accepts every other well-formed stream. Imported
by test_codec_spec_reference.py and test_codec_segmented.py (pytest puts this
directory on sys.path, as for Tests/actions/support.py)."""
import functools
from typing import NamedTuple

MAX_PAYLOAD = 16383  # 7.1
PAD = (0xEC, 0x11)  # 7.1
DIGITS = b"0123456789"
TEXT40 = b"0123456789abcdefghijklmnopqrstuvwxyz-./:"  # 7.3, values 0..39 in this order
TEXT48 = TEXT40 + b"_?=&%~#+"  # 7.4.3, values 0..47
MIXED = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-._~:/?#@!&*+,;=% "  # 7.4.3, 0..79
PREFIXES = (b"", b"https://", b"http://", b"https://www.")  # 7.4.1, indexed by the 2-bit prefix code
MODES = ("bytes", "text40", "segmented")  # 7.1, indexed by the 2-bit mode


class StreamError(ValueError):
    """A stream that section 7 says a decoder shall reject."""


class SubMode(NamedTuple):  # one row of the table of 7.4.3
    name: str
    code: str  # the sub-mode field, 7.4.2 (its length is m of 7.4.5)
    alphabet: bytes  # b"" means every byte 0x00-0xFF with value = byte
    group: int  # g, the bits of a group of three (24 for bytes: three bytes of 8); also g of 7.4.4
    pair: int
    single: int

    def holds(self, byte):
        return not self.alphabet or byte in self.alphabet

    def value(self, byte):
        return self.alphabet.index(byte) if self.alphabet else byte

    def data_bits(self, c):  # 7.4.3: g * floor(c/3) + (0, s, p)[c mod 3]; bytes: 8c
        return self.group * (c // 3) + (0, self.single, self.pair)[c % 3]


# In the lexicographic order of 7.5 step 3: digits < text40 < text48 < mixed < bytes (not the order
# of the codes: text48's 110 sorts after mixed's 10).
SUBMODES = (
    SubMode("digits", "00", DIGITS, 10, 7, 4),
    SubMode("text40", "01", TEXT40, 16, 11, 6),
    SubMode("text48", "110", TEXT48, 17, 12, 6),
    SubMode("mixed", "10", MIXED, 19, 13, 7),
    SubMode("bytes", "1110", b"", 24, 16, 8),
)
BY_NAME = {s.name: s for s in SUBMODES}
RESERVED_SUBMODE = "1111"  # 7.4.2


def crc32c(data):  # 7.7
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def count_width(sub, d):
    """7.4.4: W = the bit length of x = floor(3 (8 D - 40) / g), 1 for x = 0. The spec does not
    define W for D < 5 (x < 0); no symbol has such a D, and no stream of any mode fits it."""
    x = 3 * (8 * d - 40) // sub.group
    if x < 0:
        raise ValueError("W is not defined for D < 5")
    return max(1, x.bit_length())


def text40_eligible(payload):
    return len(payload) > 0 and all(b in TEXT40 for b in payload)


def prefix_of(payload):  # 7.5 step 1: the longest proper prefix, or none (code 0)
    for code in (3, 1, 2):
        if len(payload) > len(PREFIXES[code]) and payload.startswith(PREFIXES[code]):
            return code
    return 0


def segments_bits(segments, d):  # 7.4.5, for a list of (sub-mode index, characters)
    return 2 + 2 + sum(len(SUBMODES[j].code) + count_width(SUBMODES[j], d) + SUBMODES[j].data_bits(len(chars)) + 1
                       for j, chars in segments) + 32


INFINITY = float("inf")
# The sub-modes whose alphabet holds each byte value, in the order of 7.5 step 3.
HOLDERS = [[j for j, sub in enumerate(SUBMODES) if sub.holds(b)] for b in range(256)]
# Data bits added by the (k+1)-th character of a segment that already holds k, by k mod 3 (7.4.3).
STEP = [(sub.single, sub.pair - sub.single, sub.group - sub.pair) for sub in SUBMODES]


def segment(remainder, d):
    """7.5 steps 2 and 3 by the dynamic programme of the note of 7.5: the per-character sub-modes
    of the least-cost, then lexicographically first, segmentation of a non-empty remainder, as a
    list of (sub-mode index, characters), and its bits of 7.4.5.

    State 3 j + r: the character before is in a segment of sub-mode j holding k characters so far,
    r = k mod 3 (15 states). A character in sub-mode j continues that segment (STEP[j][r] bits) or,
    in any other sub-mode, starts a new one (m + W + More, then its first character)."""
    n = len(remainder)
    assert n >= 1
    head = [len(sub.code) + count_width(sub, d) + 1 for sub in SUBMODES]  # m + W + More, once per segment
    count = len(SUBMODES)

    def move(j, state, after):  # bits of remainder[i] in sub-mode j from state, plus the least bits after
        if state is not None and state // 3 == j:
            r = state % 3
            return STEP[j][r] + after[3 * j + (r + 1) % 3]
        return head[j] + STEP[j][0] + after[3 * j + 1]

    # rest[i][state]: the least bits for remainder[i:] in that state; rest[n] = 0 (the segment ends).
    rest = [None] * n + [[0] * (3 * count)]
    first = [head[j] + STEP[j][0] for j in range(count)]
    for i in range(n - 1, 0, -1):
        after, holders = rest[i + 1], HOLDERS[remainder[i]]
        best, second, best_j = INFINITY, INFINITY, None  # the two cheapest new segments for remainder[i]
        for j in holders:
            bits = first[j] + after[3 * j + 1]
            if bits < best:
                best, second, best_j = bits, best, j
            elif bits < second:
                second = bits
        row = []
        for j0 in range(count):
            other = second if j0 == best_j else best  # a new segment must change sub-mode
            if j0 in holders:
                for r in range(3):
                    bits = STEP[j0][r] + after[3 * j0 + (r + 1) % 3]
                    row.append(bits if bits < other else other)
            else:
                row += [other] * 3
        rest[i] = row
    modes, state = [], None
    for i in range(n):  # forward: the smallest sub-mode that keeps the least cost
        after = rest[i + 1]
        options = [(move(j, state, after), j) for j in HOLDERS[remainder[i]]]
        least = min(bits for bits, _ in options)
        j = next(j for bits, j in options if bits == least)  # HOLDERS is in sub-mode order
        if i == 0:
            total = least
        state = 3 * j + ((state % 3 + 1) % 3 if state is not None and state // 3 == j else 1)
        modes.append(j)
    segments = []
    for i, j in enumerate(modes):
        if segments and segments[-1][0] == j:
            segments[-1] = (j, segments[-1][1] + remainder[i:i + 1])
        else:
            segments.append((j, remainder[i:i + 1]))
    return segments, 2 + 2 + total + 32


def plan(payload, d):
    """7.5: (prefix code, segments, bits) of the one mode-2 stream of a non-empty payload."""
    code, segments, bits = _plan(bytes(payload), d)
    return code, list(segments), bits


@functools.lru_cache(maxsize=1024)
def _plan(payload, d):
    code = prefix_of(payload)
    segments, bits = segment(payload[len(PREFIXES[code]):], d)
    return code, tuple(segments), bits


def encodation_bits(payload, d):
    """7.6: the bits of every encodation that applies, by name."""
    bits = {"bytes": 48 + 8 * len(payload)}
    if text40_eligible(payload):
        bits["text40"] = 48 + 16 * (len(payload) // 3) + (0, 6, 11)[len(payload) % 3]
    if payload and 8 * d >= 40:  # W needs D >= 5 (7.4.4); below, not even mode 0's 48 bits fit
        bits["segmented"] = plan(payload, d)[2]
    return bits


def choose(payload, d):
    """7.6: (name, bits) of the encodation with the fewest bits, ties to the lower mode number."""
    bits = encodation_bits(payload, d)
    name = min(bits, key=lambda k: (bits[k], MODES.index(k)))
    return name, bits[name]


def fits(payload, d):
    return len(payload) <= MAX_PAYLOAD and choose(payload, d)[1] <= 8 * d


def capacity_bytes(d):  # 7.8: floor((8 D - 48) / 8) = D - 6 (a mode-2 bytes segment never holds more)
    return max(0, min(MAX_PAYLOAD, (8 * d - 48) // 8))


def capacity_submode(name, d):
    """7.8: the largest L whose one-segment mode-2 stream 2 + 2 + m + W + data bits + 1 + 32 fits
    8 D (limited by 16383); for text40 also the largest L of mode 1, whichever is larger."""
    sub = BY_NAME[name]
    if 8 * d < 40:
        return 0
    head = 2 + 2 + len(sub.code) + count_width(sub, d) + 1 + 32

    def largest(bits_of):  # bits_of rises strictly with c; 0 when not even c = 1 fits
        lo, hi = 0, MAX_PAYLOAD
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if bits_of(mid) <= 8 * d else (lo, mid - 1)
        return lo
    best = largest(lambda c: head + sub.data_bits(c))
    if name == "text40":
        best = max(best, largest(lambda c: 48 + 16 * (c // 3) + (0, 6, 11)[c % 3]))
    return best


class _Writer:
    def __init__(self):
        self.bits = []

    def put(self, value, count):
        assert 0 <= value < (1 << count), (value, count)
        self.bits.extend((value >> (count - 1 - i)) & 1 for i in range(count))

    def put_groups(self, values, size, widths):  # groups of three, then a final pair or single
        group, pair, single = widths
        full = len(values) // 3 * 3
        for i in range(0, full, 3):
            self.put((values[i] * size + values[i + 1]) * size + values[i + 2], group)
        rest = values[full:]
        if len(rest) == 2:
            self.put(rest[0] * size + rest[1], pair)
        elif len(rest) == 1:
            self.put(rest[0], single)


def stream_bits(payload, d, name):
    """The bit list of one encodation of the payload, before zero fill and pad."""
    w = _Writer()
    w.put(MODES.index(name), 2)
    if name == "segmented":
        code, segments, _ = plan(payload, d)
        w.put(code, 2)
        for k, (j, chars) in enumerate(segments):
            sub = SUBMODES[j]
            w.put(int(sub.code, 2), len(sub.code))
            w.put(len(chars), count_width(sub, d))
            values = [sub.value(b) for b in chars]
            if sub.alphabet:
                w.put_groups(values, len(sub.alphabet), (sub.group, sub.pair, sub.single))
            else:
                for v in values:
                    w.put(v, 8)
            w.put(1 if k + 1 < len(segments) else 0, 1)
    else:
        w.put(len(payload), 14)
        if name == "text40":
            assert text40_eligible(payload)
            w.put_groups([TEXT40.index(b) for b in payload], 40, (16, 11, 6))
        else:
            for b in payload:
                w.put(b, 8)
    w.put(crc32c(payload), 32)
    return w.bits


def stream(payload, data_codewords, encodation=None):
    """7.1-7.6: the D data codewords of the payload and the name of the encodation used (7.6
    chooses it unless one is forced). Raises ValueError when the payload does not fit."""
    payload = bytes(payload)
    if len(payload) > MAX_PAYLOAD:
        raise ValueError("payload longer than 16383 bytes")
    counts = encodation_bits(payload, data_codewords)
    name = encodation or choose(payload, data_codewords)[0]
    if name not in counts:
        raise ValueError(f"{name} does not apply to this payload")
    if counts[name] > 8 * data_codewords:  # 7.6: then no count overflows its W bits (note of 7.4.4)
        raise ValueError(f"{name}: {counts[name]} bits do not fit {data_codewords} data codewords")
    bits = stream_bits(payload, data_codewords, name)
    assert len(bits) == counts[name]
    bits += [0] * (-len(bits) % 8)
    out = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    filled = len(out)
    while len(out) < data_codewords:
        out.append(PAD[(len(out) - filled) % 2])
    return out, name


CODES = {s.code: j for j, s in enumerate(SUBMODES)}


class _Reader:
    def __init__(self, codewords):
        self.bits = "".join(f"{b:08b}" for b in codewords)
        self.pos = 0

    def get(self, count):
        if self.pos + count > len(self.bits):
            raise StreamError("a field runs past the end of the D codewords")
        value = int(self.bits[self.pos:self.pos + count] or "0", 2)
        self.pos += count
        return value

    def get_groups(self, c, size, widths):
        out = []
        for width, k in zip(widths, (3, 2, 1)):
            while c - len(out) >= k:
                v = self.get(width)
                if v >= size ** k:
                    raise StreamError(f"a {width}-bit value {v} exceeds {size ** k - 1}")
                out += [v // size ** (k - 1 - i) % size for i in range(k)]
                if k < 3:
                    break
        return out


def parse_stream(codewords, d=None):
    """Section 7 backwards: the payload of a stream of D codewords (D = len(codewords) unless
    given), or StreamError for every stream section 7 says a decoder shall reject. The zero fill
    and pad are not read (7.1: a decoder ignores their values); mode 1 with L = 0 is the empty
    payload (7.1)."""
    d = len(codewords) if d is None else d
    r = _Reader(codewords[:d])
    mode = r.get(2)
    if mode == 3:
        raise StreamError("reserved mode 11")
    if mode in (0, 1):
        length = r.get(14)
        if mode == 1:
            payload = bytes(TEXT40[v] for v in r.get_groups(length, 40, (16, 11, 6)))
        else:
            payload = bytes(r.get(8) for _ in range(length))
    else:
        payload = bytearray(PREFIXES[r.get(2)])
        previous, more = None, 1
        if 8 * d < 40:  # W is undefined (7.4.4); every mode-2 stream needs more than 40 bits
            raise StreamError("a mode-2 field runs past the end of the D codewords")
        while more:
            code = ""  # 7.4.2: the prefix-free codes 00, 01, 10, 110, 1110 and the reserved 1111
            while code not in CODES:
                code += str(r.get(1))
                if code == RESERVED_SUBMODE:
                    raise StreamError("reserved sub-mode 1111")
            j = CODES[code]
            sub = SUBMODES[j]
            if j == previous:
                raise StreamError(f"a {sub.name} segment follows a {sub.name} segment")
            previous = j
            c = r.get(count_width(sub, d))
            if c == 0:
                raise StreamError("a segment count of 0")
            if len(payload) + c > MAX_PAYLOAD:
                raise StreamError("a mode-2 payload over 16383 bytes")
            if sub.alphabet:
                payload += bytes(sub.alphabet[v] for v in r.get_groups(c, len(sub.alphabet), (sub.group, sub.pair, sub.single)))
            else:
                payload += bytes(r.get(8) for _ in range(c))
            more = r.get(1)
        payload = bytes(payload)
    if r.get(32) != crc32c(payload):
        raise StreamError("CRC-32C mismatch")
    return payload
