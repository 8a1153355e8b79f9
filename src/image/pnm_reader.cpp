// PGM/PPM (P2, P3, P5, P6) -> luminance. Maxval up to 65535.
#include "image_file.hpp"

#include "../codec/status.hpp"

#include <cctype>

namespace ckey {

namespace {

class Cursor {
public:
    Cursor(const uint8_t *data, size_t length) : data_(data), length_(length) {}

    // Next decimal number, skipping whitespace and '#' comments.
    long number(const char *what) {
        for (;;) {
            while (pos_ < length_ && std::isspace(data_[pos_])) ++pos_;
            if (pos_ < length_ && data_[pos_] == '#') {
                while (pos_ < length_ && data_[pos_] != '\n') ++pos_;
                continue;
            }
            break;
        }
        if (pos_ >= length_ || !std::isdigit(data_[pos_]))
            fail(CKEY_IMAGE_FORMAT, "corrupt PNM: expected the ", what, " at byte ", pos_);
        long value = 0;
        while (pos_ < length_ && std::isdigit(data_[pos_])) {
            value = value * 10 + (data_[pos_++] - '0');
            if (value > 100000000) fail(CKEY_IMAGE_FORMAT, "corrupt PNM: ", what, " is too large");
        }
        return value;
    }
    size_t position() const { return pos_; }
    void skip_one_space() {
        if (pos_ < length_ && std::isspace(data_[pos_])) ++pos_;
    }

private:
    const uint8_t *data_;
    size_t length_, pos_ = 2;
};

}  // namespace

GrayImage read_pnm(const uint8_t *data, size_t length) {
    if (length < 3 || data[0] != 'P' || (data[1] != '2' && data[1] != '3' && data[1] != '5' && data[1] != '6'))
        fail(CKEY_IMAGE_FORMAT, "not a PGM/PPM file: it must start with P2, P3, P5 or P6 (", length, " bytes)");
    const char kind = static_cast<char>(data[1]);
    const bool color = kind == '3' || kind == '6', ascii = kind == '2' || kind == '3';
    Cursor cursor(data, length);
    long width = cursor.number("width"), height = cursor.number("height"), maxval = cursor.number("maximum value");
    if (width <= 0 || height <= 0) fail(CKEY_IMAGE_FORMAT, "corrupt PNM: size ", width, " x ", height);
    if (maxval < 1 || maxval > 65535) fail(CKEY_IMAGE_FORMAT, "corrupt PNM: maximum value ", maxval, " (allowed 1...65535)");
    if (width * height > CKEY_MAX_PIXELS)
        fail(CKEY_IMAGE_TOO_LARGE, "PNM is ", width, " x ", height, " pixels; the limit is 100 megapixels");
    const int channels = color ? 3 : 1, sample_bytes = maxval > 255 ? 2 : 1;
    GrayImage image;
    image.width = static_cast<int>(width);
    image.height = static_cast<int>(height);
    image.pixels.resize(static_cast<size_t>(width) * height);
    const size_t samples = static_cast<size_t>(width) * height * channels;
    std::vector<long> values;
    if (ascii) {
        values.reserve(samples);
        for (size_t i = 0; i < samples; ++i) values.push_back(cursor.number("sample"));
    } else {
        cursor.skip_one_space();
        size_t start = cursor.position();
        if (length < start || length - start < samples * sample_bytes)
            fail(CKEY_IMAGE_FORMAT, "truncated PNM: ", samples * sample_bytes, " bytes of samples expected, ",
                 length < start ? 0 : length - start, " present");
        values.resize(samples);
        for (size_t i = 0; i < samples; ++i)
            values[i] = sample_bytes == 2 ? (data[start + 2 * i] << 8 | data[start + 2 * i + 1]) : data[start + i];
    }
    for (size_t p = 0; p < image.pixels.size(); ++p) {
        long v;
        if (color) {
            long r = values[3 * p], g = values[3 * p + 1], b = values[3 * p + 2];
            v = (77 * r + 150 * g + 29 * b) / 256;
        } else {
            v = values[p];
        }
        if (v > maxval) v = maxval;
        image.pixels[p] = static_cast<uint8_t>(v * 255 / maxval);
    }
    return image;
}

}  // namespace ckey
