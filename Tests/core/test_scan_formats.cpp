// Pixel formats through the C API: every layout of a rendered symbol decodes,
// NV12 video range (16...235 luma) and premultiplied alpha included.
#include "check.hpp"
#include "scan_support.hpp"

#include "image/gray_image.hpp"

#include <string>
#include <vector>

namespace {

const std::string kPayload = "https://openckey.org/formats";

std::vector<std::string> scan(const std::vector<uint8_t> &pixels, int width, int height, size_t stride, int format,
                              int *status = nullptr) {
    ckey_decoder *decoder = nullptr;
    ckey_decoder_create(&decoder);
    auto found = scan_support::scan(decoder, pixels.data(), width, height, stride, format, 0, status);
    ckey_decoder_destroy(decoder);
    return found;
}

bool decodes(const std::vector<uint8_t> &pixels, int size, size_t stride, int format) {
    auto found = scan(pixels, size, size, stride, format);
    return found.size() == 1 && found[0] == kPayload;
}

}  // namespace

TEST(nv12_video_range_luma) {
    auto image = scan_support::render(kPayload, 240);
    REQUIRE(image.size == 240);
    auto gray = scan_support::luma(image);
    // Video range: black at 16, white at 235; a 4-byte padded stride as
    // CoreVideo gives, the chroma plane is not passed.
    const size_t stride = 244;
    std::vector<uint8_t> plane(stride * 240, 0);
    for (int y = 0; y < 240; ++y)
        for (int x = 0; x < 240; ++x) plane[y * stride + x] = static_cast<uint8_t>(16 + gray[y * 240 + x] * 219 / 255);
    CHECK(decodes(plane, 240, stride, CKEY_PIXELS_NV12_VIDEO));
    CHECK(decodes(plane, 240, stride, CKEY_PIXELS_NV12_FULL));  // 16...235 as full range still reads
    // The video-range expansion itself: 16 -> 0, 235 -> 255, clamped outside.
    const uint8_t levels[6] = {0, 16, 125, 235, 240, 255};
    auto expanded = ckey::to_gray(levels, 6, 6, 1, 6, CKEY_PIXELS_NV12_VIDEO);
    CHECK_EQ(int(expanded.pixels[0]), 0);
    CHECK_EQ(int(expanded.pixels[1]), 0);
    CHECK_EQ(int(expanded.pixels[2]), 126);
    CHECK_EQ(int(expanded.pixels[3]), 255);
    CHECK_EQ(int(expanded.pixels[4]), 255);
    CHECK_EQ(int(expanded.pixels[5]), 255);
    auto same = ckey::to_gray(levels, 6, 6, 1, 6, CKEY_PIXELS_NV12_FULL);
    CHECK(same.pixels == std::vector<uint8_t>(levels, levels + 6));
}

TEST(nv12_video_range_concept_style) {
    auto image = scan_support::render(kPayload, 260, 0, 0, 1, 0, CKEY_STYLE_CONCEPT);
    REQUIRE(image.size == 260);
    auto gray = scan_support::luma(image);
    for (auto &v : gray) v = static_cast<uint8_t>(16 + v * 219 / 255);
    CHECK(decodes(gray, 260, 260, CKEY_PIXELS_NV12_VIDEO));
}

TEST(premultiplied_bgra_with_alpha) {
    // A transparent rendering: the background has alpha 0, the marks 255 and
    // antialiased edges in between. Premultiplied, drawn over white, it reads.
    auto image = scan_support::render(kPayload, 240, 0, 0, 1, 0, CKEY_STYLE_PLAIN, CKEY_RASTER_COVERAGE, 1);
    REQUIRE(image.size == 240);
    CHECK_EQ(image.pixels[3], 0);  // the corner is transparent
    const size_t n = 240 * 240;
    std::vector<uint8_t> bgra(n * 4), argb(n * 4), rgba_pm(n * 4), bgra_straight(n * 4);
    for (size_t i = 0; i < n; ++i) {
        const uint8_t *p = &image.pixels[i * 4];
        int a = p[3];
        uint8_t r = static_cast<uint8_t>((p[0] * a + 127) / 255), g = static_cast<uint8_t>((p[1] * a + 127) / 255),
                b = static_cast<uint8_t>((p[2] * a + 127) / 255);
        uint8_t *q = &bgra[i * 4];
        q[0] = b, q[1] = g, q[2] = r, q[3] = static_cast<uint8_t>(a);
        q = &argb[i * 4];
        q[0] = static_cast<uint8_t>(a), q[1] = r, q[2] = g, q[3] = b;
        q = &rgba_pm[i * 4];
        q[0] = r, q[1] = g, q[2] = b, q[3] = static_cast<uint8_t>(a);
        q = &bgra_straight[i * 4];
        q[0] = p[2], q[1] = p[1], q[2] = p[0], q[3] = p[3];
    }
    CHECK(decodes(bgra, 240, 960, CKEY_PIXELS_BGRA8_PREMULTIPLIED));
    CHECK(decodes(argb, 240, 960, CKEY_PIXELS_ARGB8_PREMULTIPLIED));
    CHECK(decodes(rgba_pm, 240, 960, CKEY_PIXELS_RGBA8_PREMULTIPLIED));
    CHECK(decodes(bgra_straight, 240, 960, CKEY_PIXELS_BGRA8));
    CHECK(decodes(image.pixels, 240, 960, CKEY_PIXELS_RGBA8));
}

TEST(transparent_light_ink_premultiplied) {
    // Concept ink (light) on a transparent ground, drawn over white: light on
    // white has little contrast. The ring and format band read, and levels
    // taken from each module's neighbours (not the keys') read the data, to
    // the right payload. The same pixels composited over black decode
    // (inverted).
    auto image = scan_support::render(kPayload, 260, 0, 0, 1, 0, CKEY_STYLE_CONCEPT, CKEY_RASTER_COVERAGE, 1);
    REQUIRE(image.size == 260);
    const size_t n = 260 * 260;
    std::vector<uint8_t> over_black(n * 4);
    for (size_t i = 0; i < n; ++i) {
        const uint8_t *p = &image.pixels[i * 4];
        for (int c = 0; c < 3; ++c) over_black[i * 4 + c] = static_cast<uint8_t>((p[c] * p[3] + 127) / 255);
        over_black[i * 4 + 3] = 255;
    }
    CHECK(decodes(over_black, 260, 1040, CKEY_PIXELS_RGBA8));
    int status = -1;
    auto found = scan(image.pixels, 260, 260, 1040, CKEY_PIXELS_RGBA8, &status);
    CHECK_EQ(status, int(CKEY_OK));
    CHECK_EQ(found.size(), size_t(1));
    CHECK(!found.empty() && found[0] == kPayload);
}

TEST(bad_buffers_are_refused) {
    std::vector<uint8_t> pixels(64 * 64 * 4, 255);
    int status = -1;
    CHECK(scan(pixels, 64, 64, 255, CKEY_PIXELS_BGRA8, &status).empty());
    CHECK_EQ(status, CKEY_INVALID_ARGUMENT);
    CHECK(std::string(ckey_last_error()).find("bytes_per_row is 255") != std::string::npos);
    scan(pixels, 64, 64, 63, CKEY_PIXELS_NV12_VIDEO, &status);
    CHECK_EQ(status, CKEY_INVALID_ARGUMENT);
    scan(pixels, 0, 64, 64, CKEY_PIXELS_GRAY8, &status);
    CHECK_EQ(status, CKEY_INVALID_ARGUMENT);
    scan(pixels, 64, -1, 64, CKEY_PIXELS_GRAY8, &status);
    CHECK_EQ(status, CKEY_INVALID_ARGUMENT);
    scan(pixels, 64, 64, 64, 9, &status);
    CHECK_EQ(status, CKEY_INVALID_PARAMETER);
    scan(pixels, 20000, 20000, 20000, CKEY_PIXELS_GRAY8, &status);  // 400 MP: refused before reading
    CHECK_EQ(status, CKEY_IMAGE_TOO_LARGE);
    ckey_decoder *decoder = nullptr;
    ckey_decoder_create(&decoder);
    ckey_results *results = reinterpret_cast<ckey_results *>(1);
    CHECK_EQ(ckey_decoder_scan(decoder, nullptr, 64, 8, 8, 8, CKEY_PIXELS_GRAY8, 0, &results), CKEY_INVALID_ARGUMENT);
    CHECK(results == nullptr);
    CHECK_EQ(ckey_decoder_scan(decoder, pixels.data(), pixels.size(), 8, 8, 8, CKEY_PIXELS_GRAY8, 4, &results), CKEY_INVALID_PARAMETER);
    ckey_decoder_destroy(decoder);
}

TEST(buffer_length_is_checked_before_reading) {
    ckey_decoder *decoder = nullptr;
    REQUIRE(ckey_decoder_create(&decoder) == CKEY_OK);
    std::vector<uint8_t> pixels(64 * 64 * 4, 255);
    ckey_results *results = nullptr;
    // A stride of 2^40 for a 2-row image once read far past the buffer.
    CHECK_EQ(ckey_decoder_scan(decoder, pixels.data(), pixels.size(), 1, 2, size_t{1} << 40, CKEY_PIXELS_GRAY8, 0,
                               &results),
             int(CKEY_INVALID_ARGUMENT));
    CHECK(results == nullptr);
    CHECK(std::string(ckey_last_error()).find("the pixel buffer is 16384 bytes") != std::string::npos);
    // rows x stride that overflows size_t is refused, not wrapped.
    CHECK_EQ(ckey_decoder_scan(decoder, pixels.data(), pixels.size(), 1, 3, SIZE_MAX / 2 + 1, CKEY_PIXELS_GRAY8, 0,
                               &results),
             int(CKEY_INVALID_ARGUMENT));
    CHECK(std::string(ckey_last_error()).find("overflows") != std::string::npos);
    // One byte short of the last row: refused; exactly enough: read.
    const size_t needed = 63 * 256 + 64 * 4;
    CHECK_EQ(ckey_decoder_scan(decoder, pixels.data(), needed - 1, 64, 64, 256, CKEY_PIXELS_RGBA8, 0, &results),
             int(CKEY_INVALID_ARGUMENT));
    CHECK_EQ(ckey_decoder_scan(decoder, pixels.data(), needed, 64, 64, 256, CKEY_PIXELS_RGBA8, 0, &results),
             int(CKEY_OK));
    size_t count = 1;
    CHECK_EQ(ckey_results_get_count(results, &count), CKEY_OK);
    CHECK_EQ(count, size_t{0});
    ckey_results_destroy(results);
    ckey_decoder_destroy(decoder);
}

// The results calls set or clear the last error like every other; whether a
// payload is displayable text comes with its info.
TEST(results_count_and_text_flag_set_or_clear_the_last_error) {
    ckey_decoder *decoder = nullptr;
    REQUIRE(ckey_decoder_create(&decoder) == CKEY_OK);
    scan_support::Rgba image = scan_support::render("hello", 256);
    ckey_results *results = nullptr;
    REQUIRE(ckey_decoder_scan(decoder, image.pixels.data(), image.pixels.size(), image.size, image.size,
                              image.size * 4, CKEY_PIXELS_RGBA8, 0, &results) == CKEY_OK);
    size_t count = 9;
    CHECK_EQ(ckey_results_get_count(nullptr, &count), CKEY_INVALID_ARGUMENT);
    CHECK(std::string(ckey_last_error()).find("results is NULL") != std::string::npos);
    CHECK_EQ(ckey_results_get_count(results, nullptr), CKEY_INVALID_ARGUMENT);
    CHECK_EQ(ckey_results_get_count(results, &count), CKEY_OK);
    CHECK_EQ(count, size_t{1});
    CHECK_EQ(std::string(ckey_last_error()), std::string());
    ckey_result_info info{};
    CHECK_EQ(ckey_results_get_info(results, 1, &info), CKEY_INVALID_ARGUMENT);
    CHECK(std::string(ckey_last_error()).find("index is 1; results holds 1") != std::string::npos);
    CHECK_EQ(ckey_results_get_info(results, 0, &info), CKEY_OK);
    CHECK_EQ(info.is_text, 1);
    CHECK_EQ(std::string(ckey_last_error()), std::string());
    ckey_results_destroy(results);
    // A payload with a control character is not displayable text.
    scan_support::Rgba control = scan_support::render(std::string("a\x01b"), 256);
    REQUIRE(ckey_decoder_scan(decoder, control.pixels.data(), control.pixels.size(), control.size, control.size,
                              control.size * 4, CKEY_PIXELS_RGBA8, 0, &results) == CKEY_OK);
    CHECK_EQ(ckey_results_get_count(results, &count), CKEY_OK);
    REQUIRE(count == 1);
    CHECK_EQ(ckey_results_get_info(results, 0, &info), CKEY_OK);
    CHECK_EQ(info.is_text, 0);
    ckey_results_destroy(results);
    ckey_decoder_destroy(decoder);
}

// The one pixel-format table, as C callers and the Swift layer read it.
TEST(bytes_per_pixel_comes_from_the_core_table) {
    const int expected[] = {1, 4, 4, 4, 4, 4, 4, 1, 1};
    for (int format = CKEY_PIXELS_GRAY8; format <= CKEY_PIXELS_NV12_FULL; ++format) {
        int bytes = 0;
        CHECK_EQ(ckey_image_bytes_per_pixel(format, &bytes), CKEY_OK);
        CHECK_EQ(bytes, expected[format]);
    }
    int bytes = -1;
    CHECK_EQ(ckey_image_bytes_per_pixel(9, &bytes), CKEY_INVALID_PARAMETER);
    CHECK(std::string(ckey_last_error()).find("pixel format 9 is unknown") != std::string::npos);
    CHECK_EQ(ckey_image_bytes_per_pixel(0, nullptr), CKEY_INVALID_ARGUMENT);
}
