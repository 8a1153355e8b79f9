// A line-oriented bridge from Python to the codec's Reed-Solomon and CRC-32C
// (Tests/codec/test_reed_solomon.py compiles it with src/codec/*.cpp).
//   enc FIELD E HEX            -> parity as hex (FIELD 256 or 16; one symbol per byte)
//   dec FIELD E HEX POS,POS|-  -> corrected word as hex, or FAIL
//   crc HEX|-                  -> CRC-32C as 8 hex digits
#include "codec/crc32c.hpp"
#include "codec/galois.hpp"
#include "codec/reed_solomon.hpp"

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {
std::vector<uint8_t> unhex(const std::string &hex) {
    std::vector<uint8_t> out;
    if (hex == "-") return out;
    for (size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    return out;
}
std::string tohex(const uint8_t *data, size_t n) {
    std::string out;
    char buf[3];
    for (size_t i = 0; i < n; ++i) { std::snprintf(buf, sizeof buf, "%02x", data[i]); out += buf; }
    return out;
}
}  // namespace

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string op, hex, positions;
        int field_size = 0, e = 0;
        in >> op;
        if (op == "crc") {
            in >> hex;
            auto data = unhex(hex);
            std::printf("%08x\n", ckey::crc32c(data.data(), data.size()));
        } else if (op == "enc" || op == "dec") {
            in >> field_size >> e >> hex;
            const ckey::GaloisField &field = field_size == 16 ? ckey::gf16() : ckey::gf256();
            auto data = unhex(hex);
            if (op == "enc") {
                std::vector<uint8_t> parity(e);
                ckey::rs_encode(field, data.data(), static_cast<int>(data.size()), e, parity.data());
                std::printf("%s\n", tohex(parity.data(), parity.size()).c_str());
            } else {
                in >> positions;
                std::vector<int> erasures;
                std::istringstream list(positions == "-" ? "" : positions);
                for (std::string item; std::getline(list, item, ',');) erasures.push_back(std::stoi(item));
                auto outcome = ckey::rs_decode(field, data.data(), static_cast<int>(data.size()), e, erasures);
                std::printf("%s\n", outcome.ok ? tohex(data.data(), data.size()).c_str() : "FAIL");
            }
        } else {
            std::printf("ERROR unknown op %s\n", op.c_str());
        }
        std::fflush(stdout);
    }
    return 0;
}
