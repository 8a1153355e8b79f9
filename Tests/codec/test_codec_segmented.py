"""Mode 2 (segmented) of spec/CKey-Symbology.md section 7, checked from the spec text: the
segmentation of spec_encodation.py against a brute-force optimum over the five sub-modes,
encode/decode round trips, every "shall reject" rule of section 7 on hand-built streams, the
decode vectors of spec/vectors/streams.json (Annex C), and hand-computed bit counts."""
import itertools
import json
import pathlib
import random
import re

import numpy as np
import pytest

from spec_encodation import (BY_NAME, DIGITS, MIXED, PREFIXES, SUBMODES, TEXT40, TEXT48, StreamError,
                             capacity_submode, choose, count_width, crc32c, encodation_bits, parse_stream, plan,
                             prefix_of, segments_bits, stream, stream_bits)

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPEC = (ROOT / "spec/CKey-Symbology.md").read_text()
STREAMS = json.loads((ROOT / "spec/vectors/streams.json").read_text())["vectors"]
SECTION_7 = SPEC.split("## 7. Data encodation")[1].split("## 8. Error correction")[0]
FLAT_7 = " ".join(SECTION_7.split())  # line breaks of the spec text do not matter
# D = 14: version 1-H (the smallest D of any symbol); 26: 1-M; 4167: Profile 3; 41 and 200 move the
# count widths (7.4.4): W = [5,4,4,4,4], [6,5,5,5,5], [7,6,6,6,6], [9,9,9,8,8], [14,13,13,13,13].
D_VALUES = (14, 26, 41, 200, 4167)
NAMES = [s.name for s in SUBMODES]  # digits, text40, text48, mixed, bytes: the order of 7.5 step 3
# The alphabets nest (digits in text40 in text48 in mixed in bytes); each class holds the characters
# whose cheapest sub-mode is its name, so a character of the class "text48" fits text48, mixed, bytes.
CLASSES = {
    "digits": bytes(DIGITS),
    "text40": bytes(b for b in TEXT40 if b not in DIGITS),  # lower-case letters and - . / :
    "text48": bytes(b for b in TEXT48 if b not in TEXT40),  # _ ? = & % ~ # +
    "mixed": bytes(b for b in MIXED if b not in TEXT48),  # upper case, @ ! * , ; space
    "bytes": bytes(b for b in range(256) if b not in MIXED),  # only the bytes sub-mode holds these
}
KINDS = [(name,) for name in NAMES] + [
    ("digits", "text40"), ("digits", "text48"), ("digits", "mixed"), ("digits", "bytes"), ("text40", "text48"),
    ("text40", "mixed"), ("text48", "mixed"), ("text48", "bytes"), ("mixed", "bytes"), tuple(NAMES)]
KIND_IDS = ["+".join(k) for k in KINDS]


def random_payload(rng, kind, length, runs=False):
    """Each character from a class of the kind chosen uniformly (so that every class shows up);
    with runs, classes come in runs of 1 to 5 characters, as in real text."""
    out = bytearray()
    while len(out) < length:
        cls = CLASSES[rng.choice(kind)]
        out += bytes(rng.choice(cls) for _ in range(rng.randint(1, 5) if runs else 1))
    return bytes(out[:length])


# ---------------------------------------------------------------------------------------------
# The tables of 7.4.2-7.4.5, read back from the spec text.

def test_submode_table_matches_the_spec():
    section = SECTION_7.split("#### 7.4.3 Sub-modes")[1].split("#### 7.4.4")[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Sub-mode")]
    assert [row.split("|")[1].strip() for row in rows] == NAMES  # the table lists them in the order of 7.5
    for sub in SUBMODES[:4]:
        row = next(line for line in rows if line.startswith(f"| {sub.name} |"))
        pairs = re.findall(r"(\d[\d,]*) bits, [^|]*?≤ ([\d,]+)", row)  # (bits, largest value) per cell
        numbers = [int(v.replace(",", "")) for pair in pairs for v in pair]
        size = len(sub.alphabet)
        assert numbers == [sub.group, size ** 3 - 1, sub.pair, size ** 2 - 1, sub.single, size - 1], row
        assert f"| {size} |" in row
    cells = [c.strip() for c in next(line for line in rows if line.startswith("| bytes |")).split("|")[3:7]]
    assert cells == ["256", "24 bits (three bytes of 8)", "16 bits", "8 bits"]
    assert (BY_NAME["bytes"].group, BY_NAME["bytes"].pair, BY_NAME["bytes"].single) == (24, 16, 8)
    codes = "`00` digits, `01` text40, `10` mixed, `110` text48, `1110` bytes; `1111` is reserved"
    assert codes in FLAT_7
    assert {s.name: s.code for s in SUBMODES} == {name: code for code, name in re.findall(r"`([01]+)` (\w+)", codes)
                                                  if name in NAMES}
    # 7.4.5: m is 2 (digits, text40, mixed), 3 (text48) or 4 (bytes).
    assert "2 (digits, text40, mixed), 3 (text48) or 4 (bytes)" in FLAT_7
    assert [len(s.code) for s in SUBMODES] == [2, 2, 3, 2, 4]
    # 7.4.4 names g per sub-mode.
    assert "10 digits, 16 text40, 17 text48, 19 mixed, 24 bytes" in FLAT_7
    assert [s.group for s in SUBMODES] == [10, 16, 17, 19, 24]
    # 7.5 step 3.
    assert "digits < text40 < text48 < mixed < bytes" in FLAT_7


def test_text48_alphabet_matches_the_spec():
    section = SECTION_7.split("#### 7.4.3 Sub-modes")[1].split("The mixed alphabet")[0]
    assert "| text48 | the text40 alphabet, then `_ ? = & % ~ # +` | 48 |" in section
    listed = re.findall(r"`(.)` (\d+)", section.split("Text48 values 0–39 are the text40 values")[1])
    assert [int(v) for _, v in listed] == list(range(40, 48))
    assert TEXT48 == TEXT40 + "".join(c for c, _ in listed).encode() == TEXT40 + b"_?=&%~#+"
    assert len(set(TEXT48)) == 48 and set(TEXT48) <= set(MIXED)


def test_mixed_alphabet_matches_the_spec():
    section = SECTION_7.split("The mixed alphabet has 80 characters")[1].split("A segment of c characters")[0]
    listed = re.findall(r"`(.)` (\d+)", section) + [(" ", "79")] * ("space (0x20) 79" in section)
    assert [int(v) for _, v in listed] == list(range(62, 80))
    assert MIXED == DIGITS + bytes(range(65, 91)) + bytes(range(97, 123)) + "".join(c for c, _ in listed).encode()
    assert len(MIXED) == len(set(MIXED)) == 80 and set(TEXT40) <= set(MIXED)


def test_crc32c_check_values():  # 7.7
    assert crc32c(b"123456789") == 0xE3069283
    assert crc32c(bytes(32)) == 0x8A9136AA
    assert crc32c(b"") == 0


def test_count_width():
    """7.4.4: its example (D = 26), the bit-length rule and W = 1 for x = 0 (D = 5)."""
    example = FLAT_7.split("#### 7.4.4 Count width")[1].split("*Note.*")[0]
    assert "W = 6 for digits (⌊504/10⌋ = 50), 5 for text40 (31), text48 (29), mixed (26) and bytes (21)" in example
    assert [3 * (8 * 26 - 40) // s.group for s in SUBMODES] == [50, 31, 29, 26, 21]
    assert [count_width(s, 26) for s in SUBMODES] == [6, 5, 5, 5, 5]
    assert [count_width(s, 4167) for s in SUBMODES] == [14, 13, 13, 13, 13]
    assert [count_width(s, 5) for s in SUBMODES] == [1] * 5  # x = 0
    for d in range(6, 5000):
        for s in SUBMODES:
            x = 3 * (8 * d - 40) // s.group
            if x == 0:
                assert count_width(s, d) == 1
            else:
                assert 2 ** (count_width(s, d) - 1) <= x < 2 ** count_width(s, d)
    with pytest.raises(ValueError):
        count_width(SUBMODES[0], 4)  # x < 0: not defined by the spec (no symbol has D < 14)


def test_count_width_note():
    """The note of 7.4.4: no count of a stream that fits exceeds x = floor(3 (8 D - 40) / g) (one
    segment of x + 1 characters, the least stream that holds such a count, does not fit), so no
    count of a payload that fits overflows its W bits; and the largest D holds at most 9,984 digits."""
    for d in range(5, 5000):
        for sub in SUBMODES:
            x = 3 * (8 * d - 40) // sub.group
            assert 2 + 2 + len(sub.code) + count_width(sub, d) + sub.data_bits(x + 1) + 1 + 32 > 8 * d, (sub.name, d)
            assert x < 2 ** count_width(sub, d)
    assert capacity_submode("digits", 4167) == 9984 and "at most 9,984 digits" in FLAT_7


def test_choice_note_thresholds():
    """The note of 7.6: one bytes segment against mode 0, one text40 run against mode 1."""
    note = FLAT_7.split("### 7.6 Choice of encodation")[1].split("### 7.7")[0]
    assert "mode 2 is chosen up to D = 68" in note and "from D = 69 to 132" in note and "mode 0 wins from D = 133" in note
    assert "mode 2 wins up to D = 175" in note and "from D = 176 to 346" in note and "mode 1 wins from D = 347" in note
    for payload in (b"\xff", b"\x00\xfe\x80", bytes(range(128, 178))):
        for d in range(14, 400):
            name = choose(payload, d)[0]
            bits = encodation_bits(payload, d)
            assert name == ("segmented" if d <= 68 else "bytes"), (payload, d)
            assert (bits["segmented"] == bits["bytes"]) == (69 <= d <= 132)
    for payload in (b"a", b"hello", b"x" * 200):
        for d in range(14, 400):
            if encodation_bits(payload, d)["text40"] > 8 * d:
                continue
            bits = encodation_bits(payload, d)
            assert choose(payload, d)[0] == ("segmented" if d <= 175 else "text40"), (payload, d)
            assert (bits["segmented"] == bits["text40"]) == (176 <= d <= 346)
    # "mode 2 is chosen up to D = 68 (for every non-empty payload)".
    for payload in round_trip_cases()[::3]:
        for d in (14, 26, 41, 68):
            if choose(payload, d)[1] <= 8 * d or d == 14:
                assert choose(payload, d)[0] == "segmented", (payload, d)


# ---------------------------------------------------------------------------------------------
# 7.5 against brute force.

def segmentation_bits(runs, d):  # 7.4.5, for a list of (sub-mode index, count), without the prefix's choice
    return 2 + 2 + sum(len(SUBMODES[j].code) + count_width(SUBMODES[j], d) + SUBMODES[j].data_bits(c) + 1
                       for j, c in runs) + 32


def brute_force_small(remainder, ds):
    """Every per-character sub-mode assignment of the remainder, one at a time; for each D the
    least cost of 7.4.5 and, among the least, the lexicographically first assignment."""
    choices = [[j for j, s in enumerate(SUBMODES) if s.holds(b)] for b in remainder]
    best = {d: None for d in ds}
    for assignment in itertools.product(*choices):
        runs = [(j, len(list(g))) for j, g in itertools.groupby(assignment)]  # maximal runs = segments
        for d in ds:
            bits = segmentation_bits(runs, d)
            if best[d] is None or (bits, assignment) < best[d]:
                best[d] = (bits, assignment)
    return best


def brute_force(remainder, ds):
    """The same over all assignments at once (numpy): row r of the table is the r-th assignment
    in lexicographic order (sub-mode lists sorted digits < text40 < text48 < mixed < bytes, first
    character most significant), so the first row of least cost is the lexicographically first."""
    choices = [[j for j, s in enumerate(SUBMODES) if s.holds(b)] for b in remainder]
    sizes = [len(c) for c in choices]
    rows = np.arange(int(np.prod(sizes)))
    table = np.empty((len(rows), len(choices)), dtype=np.int8)
    for i, options in enumerate(choices):
        table[:, i] = np.array(options, dtype=np.int8)[rows // int(np.prod(sizes[i + 1:])) % sizes[i]]
    group = np.array([s.group for s in SUBMODES])
    tail = np.array([(0, s.single, s.pair) for s in SUBMODES])  # 7.4.3: (0, s, p)[c mod 3]
    heads = {d: np.array([len(s.code) + count_width(s, d) + 1 for s in SUBMODES]) for d in ds}  # m + W + More
    bits = {d: np.full(len(rows), 2 + 2 + 32, dtype=np.int32) for d in ds}
    run = np.zeros(len(rows), dtype=np.int32)
    n = len(choices)
    for i in range(n):
        a = table[:, i]
        starts = np.ones(len(rows), bool) if i == 0 else a != table[:, i - 1]
        run = np.where(starts, 1, run + 1)
        ends = np.ones(len(rows), bool) if i == n - 1 else a != table[:, i + 1]
        data = np.where(ends, group[a] * (run // 3) + tail[a, run % 3], 0)  # a segment of `run` characters
        for d in ds:
            bits[d] += data + np.where(starts, heads[d][a], 0)
    best = {}
    for d in ds:
        r = int(np.argmin(bits[d]))  # the first row of least cost
        best[d] = (int(bits[d][r]), tuple(int(x) for x in table[r]))
    return best


def assignments(remainder):
    return int(np.prod([sum(s.holds(b) for s in SUBMODES) for b in remainder]))


def per_character(segments):
    return tuple(j for j, chars in segments for _ in chars)


BRUTE_FORCE_LIMIT = 400_000  # assignments per payload (5^8 = 390,625: eight digits)


def brute_force_cases(kind, seed, count):
    """Payloads of 1 to 12 characters, cut short where their assignments pass the limit."""
    rng = random.Random(seed)
    lengths = list(range(1, 13)) * 2 + [rng.randint(1, 12) for _ in range(count - 24)]
    cases = []
    for n in lengths:
        payload = random_payload(rng, kind, n, runs=rng.random() < 0.5)
        while assignments(payload) > BRUTE_FORCE_LIMIT:
            payload = payload[:-1]
        cases.append(payload)
    return cases


def test_brute_force_tables_agree():
    rng = random.Random(7501)
    for kind in KINDS:
        for n in range(1, 6):
            payload = random_payload(rng, kind, n)
            assert brute_force(payload, D_VALUES) == brute_force_small(payload, D_VALUES), payload


@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
def test_segmentation_is_the_brute_force_optimum(kind):
    for payload in brute_force_cases(kind, seed=7500 + KINDS.index(kind), count=36):
        assert prefix_of(payload) == 0
        best = brute_force(payload, D_VALUES)
        for d in D_VALUES:
            code, segments, bits = plan(payload, d)
            assert b"".join(chars for _, chars in segments) == payload
            assert all(a[0] != b[0] for a, b in zip(segments, segments[1:])), "consecutive segments differ"
            assert (bits, per_character(segments)) == best[d], (payload, d)
            assert segments_bits(segments, d) == bits


def test_segmentation_ties():
    """Payloads where two segmentations cost the same: step 3 takes the lexicographically first."""
    # D = 26 (W: digits 6, others 5). "a1" as one text40 pair: 2 + 5 + 11 + 1 = 19; as text40 single
    # + digits single: (2 + 5 + 6 + 1) + (2 + 6 + 4 + 1) = 27. One text40 segment.
    assert plan(b"a1", 26)[1] == [(1, b"a1")]
    # "_a": text48 pair 3 + 5 + 12 + 1 = 21, mixed pair 2 + 5 + 13 + 1 = 21: a tie, text48 < mixed.
    assert plan(b"_a", 26)[1:] == ([(2, b"_a")], 2 + 2 + 21 + 32)
    assert segments_bits([(3, b"_a")], 26) == 2 + 2 + 21 + 32
    # "_": text48 single 3 + 5 + 6 + 1 = 15, mixed 2 + 5 + 7 + 1 = 15: a tie again.
    assert plan(b"_", 26)[1] == [(2, b"_")] and segments_bits([(3, b"_")], 26) == plan(b"_", 26)[2]
    # "A_" has no text48 reading ('A' is not in text48): mixed 21 against mixed + text48 30.
    assert plan(b"A_", 26)[1] == [(3, b"A_")]


PREFIX_PAYLOADS = [b"http://x", b"http://0", b"http://a1", b"https://A", b"https://9_", b"https://www.x",
                   b"https://www.12", b"https://www.ab9", b"https://www.", b"https://", b"http://", b"https:/x",
                   b"HTTPS://x", b"http:/w.x", b"https://wwwx", b"https://www.\xff", b"http://https://x",
                   b"https://www.0123456789", b"https://a?b=c&d", b"http://A_b"]


@pytest.mark.parametrize("payload", PREFIX_PAYLOADS, ids=[p.decode("latin-1") for p in PREFIX_PAYLOADS])
def test_prefix_is_the_longest_proper_one_and_never_dearer(payload):
    """7.5 step 1, and its note: among every applicable prefix choice (a proper prefix of the
    payload, or none) the longest is never dearer. Remainders with more assignments than the
    brute-force limit are costed with the dynamic programme (checked against brute force above)."""
    applicable = [c for c in range(4) if payload.startswith(PREFIXES[c]) and len(payload) > len(PREFIXES[c])]
    longest = max(applicable, key=lambda c: len(PREFIXES[c]))
    costs = {}
    for c in applicable:
        remainder = payload[len(PREFIXES[c]):]
        costs[c] = brute_force(remainder, D_VALUES) if assignments(remainder) <= 2 * BRUTE_FORCE_LIMIT else \
            {d: (plan(remainder, d)[2], None) for d in D_VALUES}
    for d in D_VALUES:
        code, segments, bits = plan(payload, d)
        assert code == longest
        assert bits == costs[longest][d][0]
        assert costs[longest][d][1] in (None, per_character(segments))
        assert bits == min(cost[d][0] for cost in costs.values())


def test_prefix_examples():
    assert prefix_of(b"https://www.") == 1  # not proper for https://www., so https:// and R = "www."
    assert prefix_of(b"https://") == 0 and prefix_of(b"http://") == 0
    assert prefix_of(b"http://www.x") == 2  # www. only after https://
    assert plan(b"https://www.", 26)[1] == [(1, b"www.")]


# ---------------------------------------------------------------------------------------------
# Round trips.

def smallest_d(payload):
    """The least D >= 5 whose 8 D bits hold the segmented stream (its bits never fall as D grows)."""
    d = 5
    while plan(payload, d)[2] > 8 * d:
        d = -(-plan(payload, d)[2] // 8)
    return d


def round_trip_cases():
    rng = random.Random(7400)
    cases = []
    for kind in KINDS:
        for n in [1, 2, 3, 4, 5, 199, 200] + [rng.randint(1, 200) for _ in range(5)]:
            cases.append(random_payload(rng, kind, n, runs=rng.random() < 0.7))
    for prefix in PREFIXES[1:]:
        for kind in KINDS:
            cases.append(prefix + random_payload(rng, kind, rng.randint(1, 60), runs=True))
    cases += [b"https://openckey.org/t/4f2-b9", b"HTTPS://WWW.EXAMPLE.COM", b"0" * 200, b"\x00" * 200,
              b"https://www.example.com/p?utm_source=flyer&id=a_7", b"_" * 200, "café €".encode()]
    return cases


def test_round_trip():
    for payload in round_trip_cases():
        smallest = smallest_d(payload)
        for d in sorted({smallest, *D_VALUES}):
            bits = encodation_bits(payload, d)
            if bits["segmented"] > 8 * d:
                with pytest.raises(ValueError):
                    stream(payload, d, "segmented")
                continue
            words, _ = stream(payload, d, "segmented")
            assert len(words) == d
            assert parse_stream(words) == payload, (payload, d)
            name, least = choose(payload, d)
            words, used = stream(payload, d)
            assert used == name and least == min(bits.values())
            assert parse_stream(words) == payload
            for other, count in bits.items():  # 7.6's bit counts are those of the streams themselves
                assert len(stream_bits(payload, d, other)) == count
        assert smallest == 5 or plan(payload, smallest - 1)[2] > 8 * (smallest - 1)


def test_one_submode_capacity_streams_round_trip():
    """7.8: the capacity of each sub-mode is reached by a one-segment stream that parses back, and
    one more character does not fit."""
    for d in (14, 26, 84, 200):
        for sub in SUBMODES:
            c = capacity_submode(sub.name, d)
            payload = (bytes(CLASSES[sub.name][:1]) * c)
            if sub.name == "text40" and 48 + 16 * (c // 3) + (0, 6, 11)[c % 3] <= 8 * d:
                continue  # mode 1 reaches it
            assert plan(payload, d)[1] == [(SUBMODES.index(sub), payload)]
            assert parse_stream(stream(payload, d, "segmented")[0]) == payload
            assert plan(payload + payload[:1], d)[2] > 8 * d


# ---------------------------------------------------------------------------------------------
# The "shall reject" and "shall accept" rules of section 7, on hand-built streams. Each rejection
# has a control that differs only in the faulty field and is accepted.

def codewords(bits, d):
    """Bits (a string of 0/1, spaces ignored) with the zero fill and pad of 7.1, as D codewords."""
    bits = bits.replace(" ", "")
    assert len(bits) <= 8 * d, (len(bits), d)
    bits += "0" * (-len(bits) % 8)
    out = [int(bits[i:i + 8], 2) for i in range(0, len(bits), 8)]
    return out + [(0xEC, 0x11)[k % 2] for k in range(d - len(out))]


def field(value, width):
    assert 0 <= value < 2 ** width
    return format(value, f"0{width}b")


def crc(payload):
    return field(crc32c(payload), 32)


def text40_bits(chars):
    v = [TEXT40.index(c) for c in chars]
    out = "".join(field(v[i] * 1600 + v[i + 1] * 40 + v[i + 2], 16) for i in range(0, len(v) - 2, 3))
    rest = v[len(v) // 3 * 3:]
    return out + (field(rest[0] * 40 + rest[1], 11) if len(rest) == 2 else field(rest[0], 6) if rest else "")


D = 26  # W = 6 for digits, 5 for text40, text48, mixed and bytes (7.4.4)
DIGITS_123 = "00 000011 0001111011"  # digits segment, count 3, the 10-bit group 123
VALID = "10 00 " + DIGITS_123 + " 0 " + crc(b"123")
ONE = {  # a one-character segment of each sub-mode at D = 26, the character "1" (value 1; byte 0x31)
    "digits": "00 000001 0001", "text40": "01 00001 000001", "text48": "110 00001 000001",
    "mixed": "10 00001 0000001", "bytes": "1110 00001 00110001"}


def reject(bits, message, d=D):
    with pytest.raises(StreamError, match=message):
        parse_stream(codewords(bits, d))


def test_control_stream_is_accepted():
    assert parse_stream(codewords(VALID, D)) == b"123"
    assert parse_stream(codewords("00" + field(3, 14) + "001100010011001000110011" + crc(b"123"), D)) == b"123"
    assert parse_stream(codewords("01" + field(3, 14) + field(1 * 1600 + 2 * 40 + 3, 16) + crc(b"123"), D)) == b"123"
    for name, segment in ONE.items():
        assert parse_stream(codewords("10 00 " + segment + " 0" + crc(b"1"), D)) == b"1", name


def test_text48_values():  # 7.4.3: a·2304 + b·48 + c, then a·48 + b, then a
    payload = b"a_?=&%~#+z"  # 10 characters: 3 groups and a single
    v = [TEXT48.index(b) for b in payload]
    assert v == [10, 40, 41, 42, 43, 44, 45, 46, 47, 35]
    data = "".join(field(v[i] * 2304 + v[i + 1] * 48 + v[i + 2], 17) for i in (0, 3, 6)) + field(v[9], 6)
    bits = "10 00 110 01010 " + data + " 0" + crc(payload)
    assert parse_stream(codewords(bits, D)) == payload
    assert plan(payload, D) == (0, [(2, payload)], 2 + 2 + 3 + 5 + 17 * 3 + 6 + 1 + 32)
    assert "".join(map(str, stream_bits(payload, D, "segmented"))) == bits.replace(" ", "")


def test_decoder_reads_streams_an_encoder_would_not_make():
    """7.4.2: a decoder shall accept every other well-formed stream, including streams that are not
    the one of 7.5."""
    body = "10 00 1110 00011" + "".join(f"{b:08b}" for b in b"123") + " 0"  # digits as bytes
    assert parse_stream(codewords(body + crc(b"123"), D)) == b"123"
    body = "10 00 01 01000 " + text40_bits(b"https://") + " 0"  # prefix written out
    assert parse_stream(codewords(body + crc(b"https://"), D)) == b"https://"
    body = "10 01 110 00011 " + field(TEXT48.index(b"a"[0]) * 2304 + TEXT48.index(b"b"[0]) * 48 + 2, 17) + " 0"
    assert parse_stream(codewords(body + crc(b"https://ab2"), D)) == b"https://ab2"  # text48 for text40
    # Every sub-mode after every other one (a switch each time): 20 ordered pairs of one-character segments.
    for first, second in itertools.permutations(ONE, 2):
        assert parse_stream(codewords(f"10 00 {ONE[first]} 1 {ONE[second]} 0" + crc(b"11"), D)) == b"11"
    # Mode 0 and mode 1 where mode 2 would be cheaper; mode 0 with a text40 payload.
    assert parse_stream(codewords("00" + field(2, 14) + "0110100001101001" + crc(b"hi"), D)) == b"hi"
    assert parse_stream(codewords("01" + field(2, 14) + text40_bits(b"hi") + crc(b"hi"), D)) == b"hi"


def test_mode1_with_length_0_is_the_empty_payload():  # 7.1
    assert parse_stream(codewords("01" + field(0, 14) + crc(b""), D)) == b""
    assert parse_stream(codewords("00" + field(0, 14) + crc(b""), D)) == b""
    reject("01" + field(0, 14) + field(1, 32), "CRC-32C mismatch")
    # Encoders never write mode 1 with L = 0 (7.1; 7.6: text40 and segmented need L >= 1): mode 0.
    assert encodation_bits(b"", D) == {"bytes": 48}
    assert choose(b"", D) == ("bytes", 48) and stream(b"", D)[0][:2] == [0, 0]
    for name in ("text40", "segmented"):
        with pytest.raises(ValueError):
            stream(b"", D, name)


def test_zero_fill_and_pad_values_are_ignored():  # 7.1
    rng = random.Random(71)
    for bits, payload in ((VALID, b"123"), ("00" + field(1, 14) + "00110001" + crc(b"1"), b"1"),
                          ("01" + field(3, 14) + text40_bits(b"abc") + crc(b"abc"), b"abc")):
        bits = bits.replace(" ", "")
        fill = -len(bits) % 8
        for _ in range(20):
            noisy = bits + "".join(rng.choice("01") for _ in range(fill))
            words = [int(noisy[i:i + 8], 2) for i in range(0, len(noisy), 8)]
            words += [rng.randrange(256) for _ in range(D - len(words))]
            assert parse_stream(words) == payload
        if fill:
            assert parse_stream(codewords(bits + "1" * fill, D)) == payload


def test_reject_reserved_mode():
    reject("11" + VALID[2:], "reserved mode")


def test_reject_reserved_submode():
    assert parse_stream(codewords("10 00 " + ONE["bytes"] + " 0" + crc(b"1"), D)) == b"1"
    reject("10 00 1111 00001 00110001 0" + crc(b"1"), "reserved sub-mode 1111")
    reject("10 00 " + ONE["digits"] + " 1 1111 00001 00110001 0" + crc(b"11"), "reserved sub-mode 1111")
    reject("10 00 1111" + "1" * 200, "reserved sub-mode 1111")


def test_reject_count_zero():
    assert parse_stream(codewords("10 00 00 000001 0111 0" + crc(b"7"), D)) == b"7"
    reject("10 00 00 000000 0" + crc(b""), "count of 0")
    reject("10 00 " + DIGITS_123 + " 1 01 00000 0" + crc(b"123"), "count of 0")
    for name, segment in ONE.items():
        empty = segment.split()[0] + " " + "0" * len(segment.split()[1])
        reject("10 00 " + empty + " 0" + crc(b""), "count of 0")


@pytest.mark.parametrize("second", list(ONE))
def test_reject_consecutive_equal_submodes(second):
    two = "10 00 " + ONE[second] + " 1 " + ONE[second] + " 0" + crc(b"11")
    reject(two, "segment follows a")
    other = "text40" if second != "text40" else "digits"
    assert parse_stream(codewords("10 00 " + ONE[second] + " 1 " + ONE[other] + " 0" + crc(b"11"), D)) == b"11"
    # Not consecutive: the same sub-mode again after another one is fine.
    three = "10 00 " + ONE[second] + " 1 " + ONE[other] + " 1 " + ONE[second] + " 0" + crc(b"111")
    assert parse_stream(codewords(three, D)) == b"111"


LIMITS = [  # (mode-2 sub-mode or "mode1", characters, width, largest allowed value)
    ("digits", 3, 10, 999), ("digits", 2, 7, 99), ("digits", 1, 4, 9),
    ("text40", 3, 16, 63999), ("text40", 2, 11, 1599), ("text40", 1, 6, 39),
    ("text48", 3, 17, 110591), ("text48", 2, 12, 2303), ("text48", 1, 6, 47),
    ("mixed", 3, 19, 511999), ("mixed", 2, 13, 6399), ("mixed", 1, 7, 79),
    ("mode1", 3, 16, 63999), ("mode1", 2, 11, 1599), ("mode1", 1, 6, 39),
]


@pytest.mark.parametrize("name,chars,width,limit", LIMITS, ids=[f"{j}-{w}bit" for j, _, w, _ in LIMITS])
def test_reject_values_above_the_limits(name, chars, width, limit):
    alphabet = TEXT40 if name == "mode1" else BY_NAME[name].alphabet
    payload = bytes([alphabet[-1]]) * chars  # the largest value is the last character each time

    def build(value):
        if name == "mode1":
            return "01" + field(chars, 14) + field(value, width) + crc(payload)
        sub = BY_NAME[name]
        return "10 00 " + sub.code + field(chars, count_width(sub, D)) + field(value, width) + " 0" + crc(payload)
    assert parse_stream(codewords(build(limit), D)) == payload
    reject(build(limit + 1), f"value {limit + 1} exceeds {limit}")
    reject(build(2 ** width - 1), "exceeds")


def exactly(d, tail):
    """(bits, c): bits of exactly 8 D, mode 2, no prefix, a first digits segment of c zeros (c
    searched for), More = 1, then tail(d). (None, 0) when no count makes the length come out."""
    w = count_width(SUBMODES[0], d)
    for c in range(1, 2 ** w):
        bits = "10 00 00 " + field(c, w) + "0" * SUBMODES[0].data_bits(c) + " 1 " + tail(d)
        if len(bits.replace(" ", "")) == 8 * d:
            return bits, c
    return None, 0


CUT_TAILS = {  # what follows More = 1 when the D codewords end: each time a field is cut short
    "sub-mode 1 of 2 bits": lambda d: "0",
    "sub-mode 2 of 3 bits": lambda d: "11",
    "sub-mode 3 of 4 bits": lambda d: "111",
    "count": lambda d: "01 " + "0" * (count_width(BY_NAME["text40"], d) - 1),
    "data": lambda d: "110 " + field(1, count_width(BY_NAME["text48"], d)) + "00000",
    "more": lambda d: "1110 " + field(1, count_width(BY_NAME["bytes"], d)) + "00110001",
    "crc": lambda d: "01 " + field(1, count_width(BY_NAME["text40"], d)) + "000001 0 " + "0" * 31,
}


@pytest.mark.parametrize("cut", list(CUT_TAILS))
def test_reject_fields_past_the_end_of_exact_streams(cut):
    found = 0
    for d in range(14, 100):
        bits, _ = exactly(d, CUT_TAILS[cut])
        if bits:
            found += 1
            with pytest.raises(StreamError, match="past the end"):
                parse_stream(codewords(bits, d))
    assert found >= 5


def test_reject_fields_past_the_end():
    # Controls: streams that end exactly on the last codeword (no zero fill, no pad) are read.
    assert parse_stream(codewords("00" + field(1, 14) + "00110001" + crc(b"1"), 7)) == b"1"  # 56 bits, D = 7
    mixed_pair = field(MIXED.index(b"Z"[0]) * 80 + MIXED.index(b"z"[0]), 13)
    assert count_width(BY_NAME["mixed"], 7) == 2
    assert parse_stream(codewords("10 00 10 10 " + mixed_pair + " 0" + crc(b"Zz"), 7)) == b"Zz"  # 54 of 56 bits
    for d in range(14, 40):
        bits, c = exactly(d, lambda d: "01 " + field(1, count_width(BY_NAME["text40"], d)) + "000001 0" + "0" * 32)
        if bits:
            bits = bits.replace(" ", "")[:-32] + crc(b"0" * c + b"1")
            assert parse_stream(codewords(bits, d)) == b"0" * c + b"1"
    # The CRC cut short: 51 bits at D = 6 (W = 2 for digits) in 48; the same at D = 7 (W = 3) fits in 56.
    assert [count_width(BY_NAME["digits"], d) for d in (6, 7)] == [2, 3]
    assert parse_stream(codewords("10 00 00 011 0001111011 0" + crc(b"123"), 7)) == b"123"
    reject(("10 00 00 11 0001111011 0" + crc(b"123")).replace(" ", "")[:48], "past the end", d=6)
    # A mode-0 length of 21 bytes with 20 bytes and 8 bits left in D = 23 codewords.
    assert parse_stream(codewords("00" + field(20, 14) + "01100001" * 20 + crc(b"a" * 20), 26)) == b"a" * 20
    reject("00" + field(21, 14) + "01100001" * 20 + "0" * 8, "past the end", d=23)
    # A count of 63 digits (D = 20: W = 6) with room for 14 groups only (the 148 bits left, all zeros).
    assert count_width(BY_NAME["digits"], 20) == 6
    reject("10 00 00 111111" + "0" * 148, "past the end", d=20)
    # Mode 2 at D < 5, where W is not defined: no mode-2 stream fits 32 bits.
    for d in (1, 2, 3, 4):
        reject(("10 00 00 1 0001 0" + crc(b"1")).replace(" ", "")[:8 * d], "past the end", d=d)


def test_reject_payload_over_16383():
    """Not reachable with any real symbol: D is at most 4167 (Profile 3), whose 33,336 bits hold at
    most 9,984 digits. So the rule is checked at an artificial D = 7000 (W = 15 for digits)."""
    d = 7000
    wd, wt = count_width(BY_NAME["digits"], d), count_width(BY_NAME["text40"], d)
    assert (wd, wt) == (15, 14)

    def digits(n, prefix="00"):
        body = "0000000000" * (n // 3) + {0: "", 1: "0000", 2: "0000000"}[n % 3]
        return "10 " + prefix + " 00 " + field(n, wd) + body + " 0" + crc(PREFIXES[int(prefix, 2)] + b"0" * n)
    assert parse_stream(codewords(digits(16383), d)) == b"0" * 16383
    reject(digits(16384), "over 16383", d=d)
    assert parse_stream(codewords(digits(16375, "01"), d)) == b"https://" + b"0" * 16375
    reject(digits(16376, "01"), "over 16383", d=d)
    two = "10 00 00 " + field(16000, wd) + "0000000000" * 5333 + "0000" + " 1 01 " + field(384, wt) + "0" * 16 * 128
    reject(two + " 0" + crc(b"0" * 16384), "over 16383", d=d)


def test_reject_crc_mismatch():
    for bits in (VALID, "00" + field(1, 14) + "00110001" + crc(b"1"), "01" + field(1, 14) + field(1, 6) + crc(b"1")):
        parse_stream(codewords(bits, D))
        reject(bits[:-1] + str(1 - int(bits[-1])), "CRC-32C mismatch")
    reject("10 01 " + DIGITS_123 + " 0 " + crc(b"123"), "CRC-32C mismatch")  # the CRC covers the prefix's bytes


# ---------------------------------------------------------------------------------------------
# spec/vectors/streams.json (Annex C): every vector through the decoder.

REASONS = {  # the rejection a vector's name announces, as the decoder words it
    "reject-mode-reserved": "reserved mode 11", "reject-submode-reserved": "reserved sub-mode 1111",
    "reject-empty-segment": "count of 0", "reject-repeated-submode": "segment follows a",
    "reject-count-past-end": "past the end", "reject-submode-cut": "past the end", "reject-crc": "CRC-32C mismatch"}


def reason(name):
    if re.fullmatch(r"reject-(digits|text40|text48|mixed)-(group|pair|single)(-in-mode2)?|reject-mode1-value", name):
        return "exceeds"
    return next((v for k, v in sorted(REASONS.items(), key=lambda kv: -len(kv[0])) if name.startswith(k)), "")


def test_stream_vectors_file():
    assert len(STREAMS) >= 20
    assert len({v["name"] for v in STREAMS}) == len(STREAMS)
    for v in STREAMS:
        assert set(v) == {"name", "note", "data_codewords", "stream_hex", "expect"}, v["name"]
        assert v["expect"] == "reject" or reason(v["name"]) == "", v["name"]
        assert len(bytes.fromhex(v["stream_hex"])) == v["data_codewords"], v["name"]
        assert v["expect"] == "reject" or set(v["expect"]) == {"payload_hex"}, v["name"]
    # Annex C: they cover every sub-mode, prefix and switch, and each rejection rule of section 7.
    accepted = [parse_stream(list(bytes.fromhex(v["stream_hex"]))) for v in STREAMS if v["expect"] != "reject"]
    assert len(accepted) >= 10
    reasons = {reason(v["name"]) for v in STREAMS if v["expect"] == "reject"}
    assert "" not in reasons, "a reject vector whose reason the test does not know"
    assert set(REASONS.values()) | {"exceeds"} <= reasons


@pytest.mark.parametrize("vector", STREAMS, ids=[v["name"] for v in STREAMS])
def test_stream_vector(vector):
    words = list(bytes.fromhex(vector["stream_hex"]))
    if vector["expect"] == "reject":
        with pytest.raises(StreamError, match=reason(vector["name"])):
            parse_stream(words)
    else:
        payload = bytes.fromhex(vector["expect"]["payload_hex"])
        assert parse_stream(words) == payload
        assert parse_stream(words, vector["data_codewords"]) == payload


# ---------------------------------------------------------------------------------------------
# Hand-computed examples (D = 26: W = 6 for digits, 5 for text40, text48, mixed and bytes).

def test_hand_computed_url():
    # https://example.com/p?utm_source=flyer: prefix https:// (8 bytes; not https://www.), R has 30
    # characters; '?', '_' and '=' are in text48 (and mixed), the rest in text40.
    #   all text48:  3 + 5 + 17*10 + 1                                  = 179
    #   all mixed:   2 + 5 + 19*10 + 1                                  = 198
    #   text40 a chars, then text48 30 - a (heads 2 + 5 + 1 = 8 and 3 + 5 + 1 = 9):
    #     a = 13 ("example.com/p"): 8 + 16*4 + 6 + 9 + 17*5 + 12 = 78 + 106 = 184
    #     a = 12 ("example.com/"):  8 + 16*4     + 9 + 17*6      = 72 + 111 = 183
    #   a text40 segment saves at most 1 bit a character against text48 and costs a head of 8 bits and a
    #   worse tail: all text48 is the least, 179. Stream: 2 + 2 + 179 + 32 = 215 bits > 8 * 26 = 208: it
    #   does not fit version 1-M (bytes: 48 + 8*38 = 352), nor would it with mixed only (236).
    payload = b"https://example.com/p?utm_source=flyer"
    assert plan(payload, 26) == (1, [(2, b"example.com/p?utm_source=flyer")], 215)
    assert segments_bits([(1, b"example.com/p"), (2, b"?utm_source=flyer")], 26) == 2 + 2 + 184 + 32
    assert segments_bits([(1, b"example.com/"), (2, b"p?utm_source=flyer")], 26) == 2 + 2 + 183 + 32
    assert segments_bits([(3, b"example.com/p?utm_source=flyer")], 26) == 2 + 2 + 198 + 32
    assert choose(payload, 26) == ("segmented", 215)
    with pytest.raises(ValueError):
        stream(payload, 26)
    assert parse_stream(stream(payload, 41)[0]) == payload  # D = 41 (version 2-M): W = 6, 219 bits, fits


def test_hand_computed_digits():
    # 14 digits, one digits segment: 2 + 6 + (10*4 + 7) + 1 = 56; stream 2 + 2 + 56 + 32 = 92 bits
    # (text40: 48 + 16*4 + 11 = 123; bytes: 48 + 112 = 160).
    payload = b"09506000134352"
    assert plan(payload, 26) == (0, [(0, payload)], 92)
    assert encodation_bits(payload, 26) == {"bytes": 160, "text40": 123, "segmented": 92}
    words, name = stream(payload, 26)
    assert name == "segmented" and parse_stream(words) == payload
    assert "".join(f"{b:08b}" for b in words)[:22] == "10" + "00" + "00" + "001110" + "0001011111"  # 095 = 95


def test_hand_computed_choices():
    # hello, D = 26: one text40 segment 2 + 5 + (16 + 11) + 1 = 35, stream 2 + 2 + 35 + 32 = 71 < 75
    # (mode 1: 48 + 16 + 11).
    assert choose(b"hello", 26) == ("segmented", 71)
    # abc: mode 2 is 2 + 2 + (2 + W + 16 + 1) + 32 = 55 + W against 64: W = 5 at D = 26, 9 at D = 200 (a
    # tie, which goes to mode 1), 13 at D = 4167.
    assert [choose(b"abc", d) for d in (26, 200, 4167)] == [("segmented", 60), ("text40", 64), ("text40", 64)]
    # Binary bytes: 41 + W + 8 L against 48 + 8 L: mode 2 while W <= 6 (D <= 68), a tie at W = 7.
    assert [choose(b"\xff\xfe", d)[0] for d in (68, 69, 132, 133)] == ["segmented", "bytes", "bytes", "bytes"]
    assert choose(b"", 26) == ("bytes", 48)
    # Annex A: https://id.gs1.org/01/09520123456788 at D = 26: text40 14 (2 + 5 + 75 + 1 = 83), digits 14
    # (2 + 6 + 47 + 1 = 56): 2 + 2 + 83 + 56 + 32 = 175; bytes 336, text40 48 + 16*12 = 240.
    payload = b"https://id.gs1.org/01/09520123456788"
    assert plan(payload, 26) == (1, [(1, b"id.gs1.org/01/"), (0, b"09520123456788")], 175)
    assert encodation_bits(payload, 26) == {"bytes": 336, "text40": 240, "segmented": 175}
