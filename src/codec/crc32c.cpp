#include "crc32c.hpp"

#include <array>

namespace ckey {

namespace {
std::array<uint32_t, 256> make_table() {
    std::array<uint32_t, 256> table{};
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t crc = i;
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ ((crc & 1) ? 0x82F63B78u : 0u);
        table[i] = crc;
    }
    return table;
}
}  // namespace

uint32_t crc32c(const uint8_t *data, size_t length) {
    static const std::array<uint32_t, 256> table = make_table();
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < length; ++i) crc = (crc >> 8) ^ table[(crc ^ data[i]) & 0xFF];
    return crc ^ 0xFFFFFFFFu;
}

}  // namespace ckey
