#include "image_file.hpp"

#include "../codec/status.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace ckey {

GrayImage read_image_bytes(const uint8_t *data, size_t length) {
    if (length >= 8 && std::memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0) return read_png(data, length);
    if (length >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) return read_jpeg(data, length);
    if (length >= 2 && data[0] == 'P' && (data[1] == '2' || data[1] == '3' || data[1] == '5' || data[1] == '6'))
        return read_pnm(data, length);
    fail(CKEY_IMAGE_FORMAT, "the file is not a supported image (", length,
         " bytes, unknown signature); supported: PNG, JPEG, PGM/PPM (P2, P3, P5, P6)");
}

GrayImage read_image_file(const std::string &path) {
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) fail(CKEY_IO_ERROR, "cannot open '", path, "': ", std::strerror(errno));
    std::vector<uint8_t> bytes;
    uint8_t buffer[65536];
    size_t got;
    // Cap reads well above any legal 100-megapixel file's plausible size.
    constexpr size_t kMaxFileBytes = size_t{1} << 30;
    while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0) {
        bytes.insert(bytes.end(), buffer, buffer + got);
        if (bytes.size() > kMaxFileBytes) {
            std::fclose(file);
            fail(CKEY_IMAGE_TOO_LARGE, "'", path, "' is larger than 1 GiB; not read");
        }
    }
    bool failed = std::ferror(file) != 0;
    std::fclose(file);
    if (failed) fail(CKEY_IO_ERROR, "cannot read '", path, "'");
    try {
        return read_image_bytes(bytes.data(), bytes.size());
    } catch (const Error &e) {
        throw Error(e.code(), cat("'", path, "': ", e.what()));
    }
}

GrayImage apply_exif_orientation(const GrayImage &in, int orientation) {
    if (orientation < 2 || orientation > 8) return in;
    const bool swap = orientation >= 5;
    GrayImage out;
    out.width = swap ? in.height : in.width;
    out.height = swap ? in.width : in.height;
    out.pixels.resize(in.pixels.size());
    for (int y = 0; y < out.height; ++y)
        for (int x = 0; x < out.width; ++x) {
            int sx = x, sy = y;  // source coordinates for display (x, y)
            switch (orientation) {
            case 2: sx = in.width - 1 - x; break;
            case 3: sx = in.width - 1 - x; sy = in.height - 1 - y; break;
            case 4: sy = in.height - 1 - y; break;
            case 5: sx = y; sy = x; break;
            case 6: sx = y; sy = in.height - 1 - x; break;
            case 7: sx = in.width - 1 - y; sy = in.height - 1 - x; break;
            case 8: sx = in.width - 1 - y; sy = x; break;
            }
            out.pixels[static_cast<size_t>(y) * out.width + x] = in.at(sx, sy);
        }
    return out;
}

}  // namespace ckey
