// A C++17 consumer of the installed CKey library (the core is C++20; its
// users need not be). Built by Tests/install/run.sh through find_package(CKey).
#include <ckey/ckey.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace {
struct SymbolDeleter {
    void operator()(ckey_symbol *s) const { ckey_symbol_destroy(s); }
};
struct DecodedDeleter {
    void operator()(ckey_decoded *d) const { ckey_decoded_destroy(d); }
};
}  // namespace

int main() {
    const std::vector<uint8_t> id{0xDE, 0xAD, 0xBE, 0xEF};
    ckey_symbol *raw = nullptr;
    if (ckey_symbol_encode(id.data(), id.size(), CKEY_PROFILE_LOCATOR, 0, 0, 0, &raw) != CKEY_OK) {
        std::fprintf(stderr, "FAIL: encode: %s\n", ckey_last_error());
        return 1;
    }
    std::unique_ptr<ckey_symbol, SymbolDeleter> symbol(raw);
    ckey_symbol_info info{};
    ckey_symbol_get_info(symbol.get(), &info);
    std::vector<uint8_t> cells(static_cast<size_t>(info.modules) * info.modules);
    ckey_symbol_get_modules(symbol.get(), cells.data(), cells.size());
    for (auto &c : cells) c = (c & 1) ? 255 : 0;
    cells[9] = static_cast<uint8_t>(255 - cells[9]);  // one wrong cell: still read
    ckey_decoded *decoded_raw = nullptr;
    if (ckey_decode_modules(CKEY_PROFILE_LOCATOR, 0, 0, 0, 0, cells.data(), cells.size(), &decoded_raw) != CKEY_OK) {
        std::fprintf(stderr, "FAIL: decode: %s\n", ckey_last_error());
        return 1;
    }
    std::unique_ptr<ckey_decoded, DecodedDeleter> decoded(decoded_raw);
    const uint8_t *data = nullptr;
    size_t length = 0;
    ckey_decoded_get_payload(decoded.get(), &data, &length);
    if (std::vector<uint8_t>(data, data + length) != id) {
        std::fprintf(stderr, "FAIL: locator round trip\n");
        return 1;
    }
    const std::string big(5000, 'x');
    ckey_symbol *refused = nullptr;
    int status = ckey_symbol_encode(reinterpret_cast<const uint8_t *>(big.data()), big.size(), 0, 0, 0, 0, &refused);
    if (status != CKEY_PAYLOAD_TOO_LARGE || refused != nullptr) {
        std::fprintf(stderr, "FAIL: 5000 bytes should be refused\n");
        return 1;
    }
    std::printf("ckey %s (C++ consumer): locator 0xDEADBEEF read back; 5000 bytes refused: %s\n",
                ckey_version_string(), ckey_last_error());
    return 0;
}
