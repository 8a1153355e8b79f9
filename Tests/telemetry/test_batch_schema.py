"""Real telemetry batches (made by the core through the C API) validated by
an independent validator, Python jsonschema, against
docs/telemetry-batch.schema.json; and batches the schema forbids are refused
by the core too.

Run: CKEY_LIB=build-x/libckey.a python3 -m pytest Tests/telemetry/test_batch_schema.py
(CKEY_LIB: the CMake-built libckey, static or shared; conftest.py builds batch_tool.c with it.)
"""
import copy
import json
import subprocess
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs/telemetry-batch.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.FormatChecker())


@pytest.fixture(scope="module")
def batches(tool):
    made = subprocess.run([tool, "make"], capture_output=True, text=True, check=True)
    return [json.loads(line) for line in made.stdout.splitlines()]


def core_accepts(tool, document):
    text = document if isinstance(document, str) else json.dumps(document, separators=(",", ":"))
    return subprocess.run([tool, "validate"], input=text.encode(), capture_output=True).returncode == 0


def test_real_batches_are_valid(tool, batches):
    assert len(batches) == 3
    for batch in batches:
        VALIDATOR.validate(batch)
        assert core_accepts(tool, batch)
    second = batches[1]
    assert second["first_day"] == "2026-11-29" and second["last_day"] == "2026-11-30"
    assert second["frame_time_us"]["underflow"] == 2 and second["frame_time_us"]["overflow"] == 2
    assert second["decodes"] == {"profile_0": 1, "profile_1": 1, "profile_2": 1, "profile_3": 1}
    assert second["sessions"] == {"started": 6, "succeeded": 4, "failed": 2}
    # The wide sweep, bucketed here independently by the documented rule.
    expected, under, over, v, values = {}, 0, 0, 1, []
    while v < 300000000:
        values.append(v)
        v = v * 5 // 4 + 1
    for v in values:
        if v < 16:
            under += 1
        elif v >= 1 << 27:
            over += 1
        else:
            e = v.bit_length() - 1
            index = (e - 4) * 8 + ((v >> (e - 3)) & 7)
            expected[index] = expected.get(index, 0) + 1
    sweep = batches[2]["frame_time_us"]
    assert sweep["buckets"] == [[i, n] for i, n in sorted(expected.items())]
    assert (sweep["count"], sweep["sum"], sweep["underflow"], sweep["overflow"]) == \
        (len(values), sum(values), under, over)


def mutations(batch):
    def edit(fn):
        copy_ = copy.deepcopy(batch)
        fn(copy_)
        return copy_
    yield "unknown top-level field", edit(lambda b: b.update(payload="https://x"))
    yield "unknown nested field", edit(lambda b: b["sessions"].update(user_id=1))
    yield "unknown histogram field", edit(lambda b: b["frame_time_us"].update(min=1))
    yield "negative counter", edit(lambda b: b["sessions"].update(failed=-1))
    yield "fractional counter", edit(lambda b: b.update(frames=1.5))
    yield "missing field", edit(lambda b: b.pop("platform"))
    yield "bad platform", edit(lambda b: b.update(platform="android"))
    yield "bad day", edit(lambda b: b.update(first_day="2026-13-01"))
    yield "bucket out of range", edit(lambda b: b["frame_time_us"]["buckets"].append([184, 1]))
    yield "zero bucket count", edit(lambda b: b["frame_time_us"]["buckets"][0].__setitem__(1, 0))
    yield "format 2", edit(lambda b: b.update(format=2))


def test_forbidden_batches_are_refused_by_schema_and_core(tool, batches):
    for name, bad in mutations(batches[1]):
        assert not VALIDATOR.is_valid(bad), name
        assert not core_accepts(tool, bad), name


def test_core_refuses_inconsistent_totals_the_schema_cannot_see(tool, batches):
    batch = copy.deepcopy(batches[1])
    batch["sessions"]["succeeded"] += 1
    assert VALIDATOR.is_valid(batch)
    assert not core_accepts(tool, batch)
    batch = copy.deepcopy(batches[1])
    batch["frame_time_us"]["count"] += 1
    assert not core_accepts(tool, batch)
    assert not core_accepts(tool, json.dumps(batches[1]) + "x")


def test_core_refuses_a_sum_that_overflowed(tool, batches):
    batch = copy.deepcopy(batches[0])
    assert batch["frame_time_us"]["overflow"] == 0  # one sample of 3,500 us: the sum is at most 3,583
    batch["frame_time_us"]["sum"] = 3584
    assert VALIDATOR.is_valid(batch)
    assert not core_accepts(tool, batch)
    batch["frame_time_us"]["sum"] = 3583
    assert core_accepts(tool, batch)


def test_counts_at_the_top_are_valid_for_both(tool, batches):
    top = 2**64 - 1
    batch = copy.deepcopy(batches[0])
    batch["sessions"]["started"] = top
    batch["frames"] = top
    batch["frame_time_us"] = {"count": top, "sum": 0, "underflow": top, "overflow": 0, "buckets": []}
    VALIDATOR.validate(batch)
    assert core_accepts(tool, batch)
