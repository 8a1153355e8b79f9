// libFuzzer target for what telemetry reads from disk (see fuzz/README.md):
// batch documents (current.json and outbox/*.json, which anyone who can
// write the directory can change) and the names of entries in outbox/.
// Input: a first byte 'n' makes the rest a file name; any other first byte
// makes the rest a batch document.
// Beyond "no crash, no sanitizer report, no exception but ckey::Error":
// - a name is a batch or a temporary only as batch_file_name spells it;
// - a refusal carries CKEY_INVALID_ARGUMENT and a message, and the C API agrees;
// - an accepted batch encodes to one that decodes to the same aggregate;
// - merging an accepted batch with itself saturates, never wraps.
#include "core/error.hpp"
#include "telemetry/aggregate.hpp"
#include "telemetry/batch_json.hpp"
#include "telemetry/outbox_names.hpp"

#include <ckey/telemetry.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace ckey::telemetry;

namespace {

[[noreturn]] void violated(const char *what, const std::string &input) {
    std::fprintf(stderr, "telemetry_fuzz: %s\n  input (%zu bytes): %.200s\n", what, input.size(), input.c_str());
    std::abort();
}

void check_name(const std::string &name) {
    OutboxName what = classify_outbox_name(name);
    if (what.kind == OutboxName::stranger) {
        if (what.first != 0 || what.last != 0) violated("a stranger with a range", name);
        return;
    }
    if (what.first < 1 || what.first > what.last || what.last > kMaxBatchNumber)
        violated("a batch range outside 1 <= first <= last <= kMaxBatchNumber", name);
    std::string spelled = batch_file_name(what.first, what.last) + (what.kind == OutboxName::temporary ? ".tmp" : "");
    if (spelled != name) violated("a batch name that batch_file_name does not spell", name);
}

uint64_t doubled(uint64_t n) { return n > UINT64_MAX / 2 ? UINT64_MAX : 2 * n; }

bool saturates(const Histogram &twice, const Histogram &once) {
    if (twice.count != doubled(once.count) || twice.sum != doubled(once.sum) ||
        twice.underflow != doubled(once.underflow) || twice.overflow != doubled(once.overflow))
        return false;
    for (const auto &[index, n] : once.buckets)
        if (twice.buckets.at(index) != doubled(n)) return false;
    return true;
}

void check_merge(const Aggregate &a, const std::string &input) {
    Aggregate twice = a;
    twice.merge(a);
    bool ok = twice.started == doubled(a.started) && twice.succeeded == doubled(a.succeeded) &&
              twice.failed == doubled(a.failed) && twice.frames == doubled(a.frames) &&
              saturates(twice.time_to_first_decode, a.time_to_first_decode) && saturates(twice.frame_time, a.frame_time);
    for (int i = 0; i < 4; ++i) ok = ok && twice.decodes[i] == doubled(a.decodes[i]);
    if (!ok) violated("a merge that wrapped instead of stopping at 2^64 - 1", input);
}

void check_batch(const std::string &json) {
    Aggregate a;
    bool accepted = false;
    try {
        a = decode_batch(json);
        accepted = true;
    } catch (const ckey::Error &refusal) {
        if (refusal.code() != CKEY_INVALID_ARGUMENT || refusal.what()[0] == '\0')
            violated("a refusal without CKEY_INVALID_ARGUMENT and a message", json);
    }
    int status = ckey_telemetry_validate_batch(json.data(), json.size());
    if ((status == CKEY_OK) != accepted) violated("the C API disagrees with decode_batch", json);
    if (!accepted) {
        if (ckey_last_error()[0] == '\0') violated("the C API refused without a message", json);
        return;
    }
    std::string again = encode_batch(a);
    try {
        if (!(decode_batch(again) == a)) violated("the encoded batch decodes to another aggregate", json);
    } catch (const ckey::Error &refusal) {
        violated("the encoding of an accepted batch is refused", json + "\n  " + refusal.what());
    }
    check_merge(a, json);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    std::string rest(reinterpret_cast<const char *>(data) + 1, size - 1);
    if (data[0] == 'n') check_name(rest);
    else check_batch(rest);
    return 0;
}
