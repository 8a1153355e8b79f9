// Retry-After header values (RFC 9110, section 10.2.3): delay-seconds or an
// HTTP-date in any of its three forms, turned into seconds to wait.
#pragma once

#include <cstdint>
#include <string_view>

namespace ckey::telemetry {

// Seconds from now_utc (Unix seconds) until the value's moment; 0 for a date
// in the past. Throws ckey::Error (CKEY_INVALID_ARGUMENT) naming what was
// wrong for anything that is neither form.
int64_t retry_after_seconds(std::string_view value, int64_t now_utc);

}  // namespace ckey::telemetry
