// Image files as outside tools write them, and as they arrive broken: the
// streaming readers (src/image/) read every valid form into the same grey
// pixels, and refuse truncated or corrupt files, FIFOs and devices with an
// error that says so, never a grey image.
#include "check.hpp"

#include "core/error.hpp"
#include "image/image_file.hpp"

#include <csetjmp>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <jpeglib.h>
#include <png.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

// The status and message of reading bytes (0 and "" when it succeeds).
struct Outcome {
    int code = 0;
    std::string message;
    ckey::GrayImage image;
};

template <class Read>
Outcome attempt(Read &&read) {
    Outcome out;
    try {
        out.image = read();
    } catch (const ckey::Error &e) {
        out.code = e.code();
        out.message = e.what();
    }
    return out;
}

Outcome read_bytes(const std::vector<uint8_t> &bytes) {
    return attempt([&] { return ckey::read_image_bytes(bytes.data(), bytes.size()); });
}

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

// A test pattern with edges everywhere, so a grey fill cannot pass for it.
std::vector<uint8_t> pattern(int width, int height) {
    std::vector<uint8_t> grey(static_cast<size_t>(width) * height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) grey[y * width + x] = static_cast<uint8_t>(((x / 3 + y / 5) % 2) ? 230 : 20);
    return grey;
}

// libjpeg as the writer; components 1 (grey) or 4 (CMYK, stored as given).
std::vector<uint8_t> write_jpeg(const std::vector<uint8_t> &samples, int width, int height, int components,
                                J_COLOR_SPACE stored, int quality = 90) {
    jpeg_compress_struct info;
    jpeg_error_mgr err;
    info.err = jpeg_std_error(&err);
    jpeg_create_compress(&info);
    unsigned char *out = nullptr;
    unsigned long size = 0;
    jpeg_mem_dest(&info, &out, &size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = components;
    info.in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_CMYK;
    jpeg_set_defaults(&info);
    jpeg_set_colorspace(&info, stored);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = const_cast<uint8_t *>(samples.data()) + static_cast<size_t>(info.next_scanline) * width * components;
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    std::vector<uint8_t> bytes(out, out + size);
    jpeg_destroy_compress(&info);
    std::free(out);
    return bytes;
}

struct PngBuffer {
    std::vector<uint8_t> bytes;
};

void png_append(png_structp png, png_bytep data, size_t length) {
    auto *buffer = static_cast<PngBuffer *>(png_get_io_ptr(png));
    buffer->bytes.insert(buffer->bytes.end(), data, data + length);
}

// libpng as the writer: 8-bit grey, Adam7-interlaced or not.
std::vector<uint8_t> write_png(const std::vector<uint8_t> &grey, int width, int height, bool interlaced) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png_create_info_struct(png);
    PngBuffer buffer;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return {};
    }
    png_set_write_fn(png, &buffer, png_append, nullptr);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_GRAY,
                 interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    std::vector<png_bytep> rows(height);
    for (int y = 0; y < height; ++y) rows[y] = const_cast<uint8_t *>(grey.data()) + static_cast<size_t>(y) * width;
    png_set_rows(png, info, rows.data());
    png_write_png(png, info, PNG_TRANSFORM_IDENTITY, nullptr);
    png_destroy_write_struct(&png, &info);
    return buffer.bytes;
}

std::string temp_path(const char *name) {
    return (std::filesystem::temp_directory_path() / (std::string("ckey-test-") + std::to_string(getpid()) + "-" + name))
        .string();
}

int max_difference(const std::vector<uint8_t> &a, const std::vector<uint8_t> &b) {
    if (a.size() != b.size()) return 256;
    int worst = 0;
    for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(int(a[i]) - int(b[i])));
    return worst;
}

}  // namespace

TEST(fifo_directory_and_device_are_refused_without_blocking) {
    const std::string fifo = temp_path("fifo");
    ::unlink(fifo.c_str());
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    Outcome a = attempt([&] { return ckey::read_image_file(fifo); });  // would block forever if opened plainly
    ::unlink(fifo.c_str());
    CHECK_EQ(a.code, int(CKEY_IO_ERROR));
    CHECK(contains(a.message, "FIFO"));
    CHECK(contains(a.message, "use - to read standard input"));
    Outcome b = attempt([] { return ckey::read_image_file("/tmp"); });
    CHECK_EQ(b.code, int(CKEY_IO_ERROR));
    CHECK(contains(b.message, "a directory"));
    Outcome c = attempt([] { return ckey::read_image_file("/dev/zero"); });
    CHECK_EQ(c.code, int(CKEY_IO_ERROR));
    CHECK(contains(c.message, "character device"));
}

TEST(empty_input_says_empty) {
    Outcome out = read_bytes({});
    CHECK_EQ(out.code, int(CKEY_IMAGE_FORMAT));
    CHECK(contains(out.message, "empty (0 bytes)"));
}

TEST(truncated_jpeg_is_an_error_not_grey) {
    const int w = 400, h = 300;
    std::vector<uint8_t> jpeg = write_jpeg(pattern(w, h), w, h, 1, JCS_GRAYSCALE);
    REQUIRE(jpeg.size() > 4000);
    Outcome whole = read_bytes(jpeg);
    REQUIRE(whole.code == 0);
    CHECK(max_difference(whole.image.pixels, pattern(w, h)) < 60);
    // Cut in the headers, in the entropy data, and just before the EOI marker.
    for (size_t cut : {size_t{200}, size_t{700}, jpeg.size() / 2, jpeg.size() - 2}) {
        std::vector<uint8_t> part(jpeg.begin(), jpeg.begin() + static_cast<long>(cut));
        Outcome out = read_bytes(part);
        CHECK_EQ(out.code, int(CKEY_IMAGE_FORMAT));
        CHECK(contains(out.message, "truncated JPEG"));
    }
    // Garbage in the middle of the entropy data is corrupt, not a partial image.
    std::vector<uint8_t> broken = jpeg;
    for (size_t i = broken.size() / 2; i < broken.size() / 2 + 40; ++i) broken[i] = 0xFF;
    Outcome out = read_bytes(broken);
    CHECK_EQ(out.code, int(CKEY_IMAGE_FORMAT));
    CHECK(contains(out.message, "JPEG"));
}

TEST(huge_truncated_jpeg_fails_fast) {
    // A 10000 x 10000 header with 16 rows of data, as a cut download looks.
    const int w = 10000, h = 16;
    std::vector<uint8_t> jpeg = write_jpeg(pattern(w, h), w, h, 1, JCS_GRAYSCALE);
    // Patch the SOF0 height from 16 to 10000.
    for (size_t i = 0; i + 9 < jpeg.size(); ++i)
        if (jpeg[i] == 0xFF && jpeg[i + 1] == 0xC0) {
            jpeg[i + 5] = 10000 >> 8;
            jpeg[i + 6] = 10000 & 255;
            break;
        }
    // With its EOI marker the data segment ends early: corrupt. Without it
    // (a cut file) the input ends early: truncated. Neither is a grey image.
    Outcome out = read_bytes(jpeg);
    CHECK_EQ(out.code, int(CKEY_IMAGE_FORMAT));
    CHECK(contains(out.message, "premature end of data segment"));
    jpeg.resize(jpeg.size() - 2);
    Outcome cut = read_bytes(jpeg);
    CHECK_EQ(cut.code, int(CKEY_IMAGE_FORMAT));
    CHECK(contains(cut.message, "truncated JPEG"));
}

TEST(cmyk_and_ycck_jpegs_read_as_ink_on_paper) {
    const int w = 120, h = 90;
    std::vector<uint8_t> grey = pattern(w, h);
    // Ink: black only (K = 255 - grey), as a CMYK print file holds text.
    std::vector<uint8_t> cmyk(static_cast<size_t>(w) * h * 4, 0), inverted(cmyk.size());
    for (size_t i = 0; i < grey.size(); ++i) cmyk[4 * i + 3] = static_cast<uint8_t>(255 - grey[i]);
    for (size_t i = 0; i < cmyk.size(); ++i) inverted[i] = static_cast<uint8_t>(255 - cmyk[i]);
    // libjpeg writes an Adobe marker for CMYK and YCCK, so the stored values
    // follow Adobe's convention (255 = no ink), as Photoshop and Pillow write them.
    for (J_COLOR_SPACE stored : {JCS_CMYK, JCS_YCCK}) {
        Outcome out = read_bytes(write_jpeg(inverted, w, h, 4, stored));
        REQUIRE(out.code == 0);
        CHECK_EQ(out.image.width, w);
        CHECK(max_difference(out.image.pixels, grey) < 40);
    }
    // Coloured ink: full cyan reads darker than paper, and as luma predicts.
    std::vector<uint8_t> cyan(static_cast<size_t>(w) * h * 4, 255);
    for (size_t i = 0; i < grey.size(); ++i) cyan[4 * i] = 0;  // Adobe: 0 = full cyan
    Outcome out = read_bytes(write_jpeg(cyan, w, h, 4, JCS_CMYK));
    REQUIRE(out.code == 0);
    CHECK(std::abs(int(out.image.pixels[w * h / 2]) - (150 + 29)) < 8);  // no red: luma of (0, 255, 255)
}

TEST(pgm_sample_above_maxval_is_an_error) {
    std::string p5 = "P5 4 1 100\n";
    std::vector<uint8_t> bytes(p5.begin(), p5.end());
    for (uint8_t v : {10, 50, 101, 20}) bytes.push_back(v);
    Outcome out = read_bytes(bytes);
    CHECK_EQ(out.code, int(CKEY_IMAGE_FORMAT));
    CHECK(contains(out.message, "sample 101 at pixel (2, 0) is above the maximum value 100"));
    std::string p2 = "P2\n2 2\n15\n0 15\n16 3\n";
    Outcome ascii = read_bytes(std::vector<uint8_t>(p2.begin(), p2.end()));
    CHECK_EQ(ascii.code, int(CKEY_IMAGE_FORMAT));
    CHECK(contains(ascii.message, "sample 16 at pixel (0, 1)"));
    std::string ok = "P2\n2 2\n15\n0 15\n15 3\n";
    Outcome good = read_bytes(std::vector<uint8_t>(ok.begin(), ok.end()));
    REQUIRE(good.code == 0);
    CHECK(good.image.pixels == (std::vector<uint8_t>{0, 255, 255, 51}));
}

TEST(pnm_streams_p3_p6_and_sixteen_bit) {
    std::string p6 = "P6\n# a comment\n2 1\n255\n";
    std::vector<uint8_t> bytes(p6.begin(), p6.end());
    for (uint8_t v : {255, 0, 0, 10, 20, 30}) bytes.push_back(v);
    Outcome colour = read_bytes(bytes);
    REQUIRE(colour.code == 0);
    CHECK_EQ(int(colour.image.pixels[0]), 76);  // (77 * 255) / 256
    std::string p3 = "P3 1 1 65535 65535 65535 0\n";
    Outcome wide = read_bytes(std::vector<uint8_t>(p3.begin(), p3.end()));
    REQUIRE(wide.code == 0);
    CHECK_EQ(int(wide.image.pixels[0]), 226);  // (227 * 65535 / 256) * 255 / 65535
    std::string p5 = "P5 2 1 65535\n";
    std::vector<uint8_t> deep(p5.begin(), p5.end());
    for (uint8_t v : {0xFF, 0xFF, 0x80, 0x00}) deep.push_back(v);
    Outcome sixteen = read_bytes(deep);
    REQUIRE(sixteen.code == 0);
    CHECK(sixteen.image.pixels == (std::vector<uint8_t>{255, 127}));
    deep.pop_back();
    Outcome cut = read_bytes(deep);
    CHECK_EQ(cut.code, int(CKEY_IMAGE_FORMAT));
    CHECK(contains(cut.message, "truncated PNM: 4 bytes of samples expected, 3 present"));
}

TEST(interlaced_png_reads_like_plain) {
    for (auto [w, h] : {std::pair{1, 1}, {3, 5}, {17, 9}, {100, 37}, {8, 8}}) {
        std::vector<uint8_t> grey = pattern(w, h);
        for (size_t i = 0; i < grey.size(); ++i) grey[i] = static_cast<uint8_t>(grey[i] + i % 7);  // every pixel distinct-ish
        Outcome plain = read_bytes(write_png(grey, w, h, false));
        Outcome adam7 = read_bytes(write_png(grey, w, h, true));
        REQUIRE(plain.code == 0);
        REQUIRE(adam7.code == 0);
        CHECK(plain.image.pixels == grey);
        CHECK(adam7.image.pixels == grey);
    }
}

TEST(truncated_png_is_an_error) {
    std::vector<uint8_t> png = write_png(pattern(200, 100), 200, 100, false);
    REQUIRE(png.size() > 100);
    for (size_t cut : {size_t{20}, size_t{60}, png.size() / 2, png.size() - 13}) {
        std::vector<uint8_t> part(png.begin(), png.begin() + static_cast<long>(cut));
        Outcome out = read_bytes(part);
        CHECK_EQ(out.code, int(CKEY_IMAGE_FORMAT));
        CHECK(contains(out.message, "PNG"));
    }
}

TEST(exif_orientation_in_place_matches_the_definition) {
    const int w = 7, h = 4;
    ckey::GrayImage in;
    in.width = w;
    in.height = h;
    for (int i = 0; i < w * h; ++i) in.pixels.push_back(static_cast<uint8_t>(i));
    for (int orientation = 1; orientation <= 8; ++orientation) {
        ckey::GrayImage out = in;
        ckey::apply_exif_orientation(out, orientation);
        const bool swap = orientation >= 5;
        CHECK_EQ(out.width, swap ? h : w);
        CHECK_EQ(out.height, swap ? w : h);
        // Display pixel (x, y) comes from stored (sx, sy), per the EXIF table.
        for (int y = 0; y < out.height; ++y)
            for (int x = 0; x < out.width; ++x) {
                int sx = x, sy = y;
                switch (orientation) {
                case 2: sx = w - 1 - x; break;
                case 3: sx = w - 1 - x; sy = h - 1 - y; break;
                case 4: sy = h - 1 - y; break;
                case 5: sx = y; sy = x; break;
                case 6: sx = y; sy = h - 1 - x; break;
                case 7: sx = w - 1 - y; sy = h - 1 - x; break;
                case 8: sx = w - 1 - y; sy = x; break;
                }
                CHECK_EQ(int(out.at(x, y)), int(in.at(sx, sy)));
            }
    }
}
