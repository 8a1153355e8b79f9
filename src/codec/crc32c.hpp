// CRC-32C (Castagnoli, RFC 3720): reflected polynomial 0x82F63B78,
// initial value and final XOR 0xFFFFFFFF.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ckey {
uint32_t crc32c(const uint8_t *data, size_t length);
}
