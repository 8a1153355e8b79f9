// Fuzz target for ckey::read_png (src/image/png_reader.cpp), then a scan of
// the decoded image. See image_fuzz.hpp for what counts as a failure.
//
// Mutations almost always break a chunk's CRC, and libpng then stops before
// the chunk's contents matter. So unless the input's last byte is 0, every
// complete chunk's CRC is recomputed first; inputs ending in 0 keep their
// CRCs, which exercises the CRC-error path.
#include "image_fuzz.hpp"

#include <zlib.h>

#include <vector>

namespace {

uint32_t be32(const uint8_t *p) { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3]; }

void fix_crcs(std::vector<uint8_t> &png) {
    size_t pos = 8;
    while (pos + 12 <= png.size()) {
        size_t length = be32(&png[pos]);
        if (length > png.size() - pos - 12) break;
        uint32_t crc = static_cast<uint32_t>(crc32(0, &png[pos + 4], static_cast<uInt>(length + 4)));
        uint8_t *out = &png[pos + 8 + length];
        out[0] = uint8_t(crc >> 24), out[1] = uint8_t(crc >> 16), out[2] = uint8_t(crc >> 8), out[3] = uint8_t(crc);
        pos += length + 12;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    // read_png is overloaded (bytes, or a ByteSource): name the bytes form.
    auto read = [](const uint8_t *bytes, size_t length) { return ckey::read_png(bytes, length); };
    if (size == 0 || data[size - 1] == 0) return fuzz::decode_and_scan(read, data, size);
    std::vector<uint8_t> copy(data, data + size);
    fix_crcs(copy);
    return fuzz::decode_and_scan(read, copy.data(), copy.size());
}
