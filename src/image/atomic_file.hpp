// Atomic file writes, for the exports and the command line's outputs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace ckey {

// A temporary file in the same directory, flushed, then renamed over path;
// nothing is left behind on failure, and the error names the path, the step
// and the system's reason.
void write_file_atomic(const std::string &path, const uint8_t *data, size_t length);

}  // namespace ckey
