"""The codec's Reed-Solomon and CRC-32C against independent implementations:
the `reedsolo` package (GF(256) 0x11D and GF(16) 0x13, generator 2, first root
alpha^0, as spec section 8) and a bitwise CRC-32C with RFC 3720's check values."""
import random

import pytest
import reedsolo

from spec_encodation import crc32c  # bitwise, written from the spec (section 7.7)

GF256 = dict(prim=0x11D, generator=2, c_exp=8)
GF16 = dict(prim=0x13, generator=2, c_exp=4)


def reference_parity(field, data, e):
    reedsolo.init_tables(**(GF16 if field == 16 else GF256))
    return list(reedsolo.rs_encode_msg(bytearray(data), e, fcr=0, generator=2))[len(data):]


def test_gf256_parity_matches_reedsolo(codec_helper):
    rng = random.Random(20261129)
    for _ in range(300):
        e = rng.choice([2, 4, 6, 10, 12, 18, 30, 34, 58, 106, 146])
        k = rng.randint(1, 255 - e)
        data = [rng.randrange(256) for _ in range(k)]
        assert codec_helper.parity(256, data, e) == reference_parity(256, data, e), (k, e)


def test_every_block_shape_of_the_spec_matches_reedsolo(codec_helper):
    # One block per distinct (n, E) that the block plan produces (spec section 8.3).
    def plan(total, percent):
        blocks = -(-total // 255)
        short = total // blocks
        return {(short, max(2, 2 * ((short * percent + 100) // 200))), (short + 1, max(2, 2 * ((short * percent + 100) // 200)))}
    shapes = set()
    for total in range(42, 4848):
        for percent in (14, 28, 44, 58):
            shapes |= {s for s in plan(total, percent) if s[0] <= 255}
    rng = random.Random(7)
    for n, e in sorted(rng.sample(sorted(shapes), 150)):
        data = [rng.randrange(256) for _ in range(n - e)]
        assert codec_helper.parity(256, data, e) == reference_parity(256, data, e), (n, e)


def test_gf16_locator_parity_matches_reedsolo(codec_helper):
    rng = random.Random(16)
    for _ in range(200):
        data = [rng.randrange(16) for _ in range(8)]
        assert codec_helper.parity(16, data, 7) == reference_parity(16, data, 7)
    assert codec_helper.parity(16, [1, 2, 3, 4, 5, 6, 7, 8], 7) == [3, 1, 4, 14, 13, 7, 10]  # spec Annex B


def test_decoder_corrects_what_reedsolo_encodes(codec_helper):
    rng = random.Random(3)
    for trial in range(300):
        e = rng.choice([6, 12, 20, 34])
        n = rng.randint(e + 1, 255)
        data = [rng.randrange(256) for _ in range(n - e)]
        word = data + reference_parity(256, data, e)
        erasures = rng.sample(range(n), rng.randint(0, e))
        errors = rng.sample([p for p in range(n) if p not in erasures], (e - len(erasures)) // 2)
        damaged = list(word)
        for p in erasures + errors:
            damaged[p] ^= rng.randrange(1, 256)
        assert codec_helper.correct(256, damaged, e, erasures) == word, (trial, n, e)


def test_decoder_agrees_with_reedsolo_beyond_the_limit(codec_helper):
    # Past the limit both decoders must fail or return a true codeword; ours never returns a non-codeword.
    rng = random.Random(5)
    reedsolo.init_tables(**GF256)
    for _ in range(200):
        n, e = 60, 10
        data = [rng.randrange(256) for _ in range(n - e)]
        word = data + reference_parity(256, data, e)
        damaged = list(word)
        for p in rng.sample(range(n), rng.randint(6, 15)):
            damaged[p] ^= rng.randrange(1, 256)
        ours = codec_helper.correct(256, damaged, e)
        if ours is not None:
            assert reference_parity(256, ours[: n - e], e) == ours[n - e:]


@pytest.mark.parametrize("data, expected", [
    (b"", 0x00000000),
    (b"123456789", 0xE3069283),
    (bytes(32), 0x8A9136AA),            # RFC 3720 B.4: 32 bytes of zeros
    (b"\xff" * 32, 0x62A8AB43),         # 32 bytes of ones
    (bytes(range(32)), 0x46DD794E),     # incrementing
    (bytes(range(31, -1, -1)), 0x113FDB5C),  # decrementing
    (b"hello", 0x9A71BB4C),             # spec Annex A
])
def test_crc32c_known_values(codec_helper, data, expected):
    assert crc32c(data) == expected
    assert codec_helper.crc32c(data) == expected


def test_crc32c_random_against_bitwise(codec_helper):
    rng = random.Random(32)
    for _ in range(100):
        data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 300)))
        assert codec_helper.crc32c(data) == crc32c(data)
