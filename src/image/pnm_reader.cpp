// PGM/PPM (P2, P3, P5, P6) -> luminance, streamed a row at a time. Maxval up
// to 65535; a sample above the maxval is an error, not clamped.
#include "image_file.hpp"

#include <ckey/image.h>

#include "../core/error.hpp"

#include <cctype>

namespace ckey {

namespace {

// Decimal numbers of the header and of ASCII samples, skipping whitespace
// and '#' comments.
class Numbers {
public:
    explicit Numbers(ByteSource &source) : source_(source) {}

    long next(const char *what) {
        int c = skip_space();
        if (c < 0 || !std::isdigit(c))
            fail(CKEY_IMAGE_FORMAT, c < 0 ? "truncated PNM: the file ends before the " : "corrupt PNM: expected the ",
                 what, " at byte ", source_.position());
        long value = 0;
        while (c >= 0 && std::isdigit(c)) {
            value = value * 10 + (c - '0');
            if (value > 100000000) fail(CKEY_IMAGE_FORMAT, "corrupt PNM: ", what, " is too large");
            c = source_.get();
        }
        // The byte after a number is one whitespace character (or the end);
        // in a binary file it separates the header from the samples.
        if (c >= 0 && !std::isspace(c))
            fail(CKEY_IMAGE_FORMAT, "corrupt PNM: the ", what, " is followed by byte ", c, ", not whitespace");
        return value;
    }

private:
    int skip_space() {
        for (;;) {
            int c = source_.get();
            if (c == '#') {
                while (c >= 0 && c != '\n') c = source_.get();
                continue;
            }
            if (c < 0 || !std::isspace(c)) return c;
        }
    }

    ByteSource &source_;
};

struct Header {
    bool color, ascii;
    long width, height, maxval;
};

Header read_header(ByteSource &source, Numbers &numbers) {
    uint8_t magic[2] = {0, 0};
    size_t got = source.read(magic, 2);
    if (got < 2 || magic[0] != 'P' || (magic[1] != '2' && magic[1] != '3' && magic[1] != '5' && magic[1] != '6'))
        fail(CKEY_IMAGE_FORMAT, "not a PGM/PPM file: it must start with P2, P3, P5 or P6");
    Header h{magic[1] == '3' || magic[1] == '6', magic[1] == '2' || magic[1] == '3', 0, 0, 0};
    h.width = numbers.next("width");
    h.height = numbers.next("height");
    h.maxval = numbers.next("maximum value");
    if (h.width <= 0 || h.height <= 0) fail(CKEY_IMAGE_FORMAT, "corrupt PNM: size ", h.width, " x ", h.height);
    if (h.maxval < 1 || h.maxval > 65535)
        fail(CKEY_IMAGE_FORMAT, "corrupt PNM: maximum value ", h.maxval, " (allowed 1...65535)");
    if (h.width * h.height > CKEY_MAX_PIXELS)
        fail(CKEY_IMAGE_TOO_LARGE, "PNM is ", h.width, " x ", h.height, " pixels; the limit is 100 megapixels");
    return h;
}

class RowReader {
public:
    RowReader(ByteSource &source, Numbers &numbers, const Header &h)
        : source_(source), numbers_(numbers), h_(h), channels_(h.color ? 3 : 1), wide_(h.maxval > 255),
          raw_(h.ascii ? 0 : static_cast<size_t>(h.width) * channels_ * (wide_ ? 2 : 1)),
          samples_(static_cast<size_t>(h.width) * channels_), start_(source.position()) {}

    // Row y's samples, checked against the maxval.
    const std::vector<long> &row(long y) {
        if (h_.ascii) {
            for (long &v : samples_) v = numbers_.next("sample");
        } else {
            size_t got = source_.read(raw_.data(), raw_.size());
            if (got < raw_.size())
                fail(CKEY_IMAGE_FORMAT, "truncated PNM: ", raw_.size() * h_.height, " bytes of samples expected, ",
                     source_.position() - start_, " present");
            for (size_t i = 0; i < samples_.size(); ++i)
                samples_[i] = wide_ ? (raw_[2 * i] << 8 | raw_[2 * i + 1]) : raw_[i];
        }
        for (size_t i = 0; i < samples_.size(); ++i)
            if (samples_[i] > h_.maxval)
                fail(CKEY_IMAGE_FORMAT, "corrupt PNM: sample ", samples_[i], " at pixel (", i / channels_, ", ", y,
                     ") is above the maximum value ", h_.maxval);
        return samples_;
    }

private:
    ByteSource &source_;
    Numbers &numbers_;
    const Header &h_;
    const int channels_;
    const bool wide_;
    std::vector<uint8_t> raw_;
    std::vector<long> samples_;
    const size_t start_;
};

}  // namespace

GrayImage read_pnm(ByteSource &source) {
    Numbers numbers(source);
    const Header h = read_header(source, numbers);
    GrayImage image;
    image.width = static_cast<int>(h.width);
    image.height = static_cast<int>(h.height);
    image.pixels.resize(static_cast<size_t>(h.width) * h.height);
    RowReader reader(source, numbers, h);
    for (long y = 0; y < h.height; ++y) {
        const std::vector<long> &s = reader.row(y);
        uint8_t *out = image.pixels.data() + static_cast<size_t>(y) * h.width;
        for (long x = 0; x < h.width; ++x) {
            long v = h.color ? (77 * s[3 * x] + 150 * s[3 * x + 1] + 29 * s[3 * x + 2]) / 256 : s[x];
            out[x] = static_cast<uint8_t>(v * 255 / h.maxval);
        }
    }
    return image;
}

}  // namespace ckey
