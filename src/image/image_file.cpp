// Format detection by signature, then the streaming reader for the format.
#include "image_file.hpp"

#include "../core/error.hpp"

#include <cstring>

namespace ckey {

GrayImage read_image(ByteSource &source) {
    const uint8_t *head = nullptr;
    size_t length = source.peek(head, 8);
    if (length >= 8 && std::memcmp(head, "\x89PNG\r\n\x1a\n", 8) == 0) return read_png(source);
    if (length >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF) return read_jpeg(source);
    if (length >= 2 && head[0] == 'P' && (head[1] == '2' || head[1] == '3' || head[1] == '5' || head[1] == '6'))
        return read_pnm(source);
    if (length == 0) fail(CKEY_IMAGE_FORMAT, "the input is empty (0 bytes); expected a PNG, JPEG, PGM or PPM image");
    fail(CKEY_IMAGE_FORMAT, "not a supported image (unknown signature in the first ", length,
         " bytes); supported: PNG, JPEG, PGM/PPM (P2, P3, P5, P6)");
}

GrayImage read_image_bytes(const uint8_t *data, size_t length) {
    MemorySource source(data, length);
    return read_image(source);
}

GrayImage read_image_file(const std::string &path) {
    FileSource source(path);
    try {
        return read_image(source);
    } catch (const Error &e) {
        throw Error(e.code(), cat("'", source.name(), "': ", e.what()));
    }
}

GrayImage read_png(const uint8_t *data, size_t length) {
    MemorySource source(data, length);
    return read_png(source);
}

GrayImage read_jpeg(const uint8_t *data, size_t length) {
    MemorySource source(data, length);
    return read_jpeg(source);
}

GrayImage read_pnm(const uint8_t *data, size_t length) {
    MemorySource source(data, length);
    return read_pnm(source);
}

}  // namespace ckey
