// CRC-32C against the check values of RFC 3720, appendix B.4.
#include "check.hpp"

#include "codec/crc32c.hpp"

#include <vector>

TEST(rfc3720_zeros) {
    std::vector<uint8_t> data(32, 0x00);
    CHECK_EQ(ckey::crc32c(data.data(), data.size()), 0x8A9136AAu);
}

TEST(rfc3720_ones) {
    std::vector<uint8_t> data(32, 0xFF);
    CHECK_EQ(ckey::crc32c(data.data(), data.size()), 0x62A8AB43u);
}

TEST(rfc3720_incrementing) {
    std::vector<uint8_t> data(32);
    for (int i = 0; i < 32; ++i) data[i] = static_cast<uint8_t>(i);
    CHECK_EQ(ckey::crc32c(data.data(), data.size()), 0x46DD794Eu);
}

TEST(rfc3720_decrementing) {
    std::vector<uint8_t> data(32);
    for (int i = 0; i < 32; ++i) data[i] = static_cast<uint8_t>(31 - i);
    CHECK_EQ(ckey::crc32c(data.data(), data.size()), 0x113FDB5Cu);
}

TEST(check_string) {
    const char *text = "123456789";
    CHECK_EQ(ckey::crc32c(reinterpret_cast<const uint8_t *>(text), 9), 0xE3069283u);
}
