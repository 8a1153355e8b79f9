// The batch as JSON (docs/telemetry-batch.schema.json): a fixed encoding and
// a strict decoder that refuses anything the schema or the totals forbid.
#pragma once

#include "aggregate.hpp"

#include <string>

namespace ckey::telemetry {

constexpr int kBatchFormat = 1;

std::string encode_batch(const Aggregate &aggregate);

// Throws ckey::Error (CKEY_INVALID_ARGUMENT) naming the first problem.
Aggregate decode_batch(const std::string &json);

}  // namespace ckey::telemetry
