// What a name in outbox/ stands for. Only names this code writes are read as
// batches; anything else is a stranger, which the recorder moves to
// quarantine/ and counts, so no name can stop telemetry from starting.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ckey::telemetry {

// Batches are numbered from 1, one more for each batch (at most one an hour).
// A larger number was not written here; the cap also keeps last + 1 from wrapping.
constexpr uint64_t kMaxBatchNumber = 999999999999999999ULL;  // 10^18 - 1

struct OutboxName {
    enum Kind { batch, temporary, stranger } kind = stranger;
    uint64_t first = 0, last = 0;  // batch and temporary: the range the name holds
};

// "FIRST-LAST.json", each number 20 digits, 1 <= FIRST <= LAST <= kMaxBatchNumber,
// is a batch; the same name with ".tmp" after it is a write that never finished.
// Any other name is a stranger. Never throws.
OutboxName classify_outbox_name(std::string_view name);

// The name classify_outbox_name reads back as the batch [first, last].
std::string batch_file_name(uint64_t first, uint64_t last);

}  // namespace ckey::telemetry
