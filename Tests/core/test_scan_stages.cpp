// Unit tests of single scan stages: smoothing, decimation, binarization,
// pixel formats, the image readers' refusals.
#include "check.hpp"
#include "synth.hpp"

#include "image/gray_image.hpp"
#include "image/image_file.hpp"
#include "scan/binarize.hpp"
#include "codec/status.hpp"

#include <algorithm>
#include <random>

using synth::random_image;

TEST(smooth_matches_direct_kernel) {
    for (auto [w, h] : {std::pair{37, 23}, std::pair{2, 2}, std::pair{5, 64}}) {
        auto a = random_image(w, h, 1);
        ckey::GrayImage b;
        ckey::smooth(a, b);
        const int k[3] = {1, 2, 1};
        int bad = 0;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                int acc = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx)
                        acc += k[dy + 1] * k[dx + 1] * a.at(std::clamp(x + dx, 0, w - 1), std::clamp(y + dy, 0, h - 1));
                bad += ((acc + 8) >> 4) != b.at(x, y);
            }
        CHECK_EQ(bad, 0);
    }
}

TEST(decimate_averages_blocks) {
    auto a = random_image(9, 7, 2);
    ckey::GrayImage b;
    ckey::decimate(a, b);
    CHECK_EQ(b.width, 4);
    CHECK_EQ(b.height, 3);
    CHECK_EQ(static_cast<int>(b.at(1, 2)), (a.at(2, 4) + a.at(3, 4) + a.at(2, 5) + a.at(3, 5) + 2) / 4);
}

TEST(binarize_flat_is_unknown_edges_are_classified) {
    ckey::GrayImage a;
    a.width = 64;
    a.height = 32;
    a.pixels.assign(64 * 32, 200);
    for (int y = 0; y < 32; ++y)
        for (int x = 32; x < 64; ++x) a.pixels[y * 64 + x] = 30;
    ckey::Ternary t;
    ckey::binarize(a, t);
    CHECK_EQ(static_cast<int>(t.cells[5 * 64 + 2]), static_cast<int>(ckey::kUnknown));   // far from the edge
    CHECK_EQ(static_cast<int>(t.cells[5 * 64 + 30]), static_cast<int>(ckey::kLight));
    CHECK_EQ(static_cast<int>(t.cells[5 * 64 + 33]), static_cast<int>(ckey::kDark));
}

TEST(pixel_formats_draw_over_white) {
    // One transparent red pixel and one opaque black: straight alpha.
    const uint8_t rgba[8] = {255, 0, 0, 0, 0, 0, 0, 255};
    auto g = ckey::to_gray(rgba, sizeof rgba, 2, 1, 8, CKEY_PIXELS_RGBA8);
    CHECK_EQ(static_cast<int>(g.pixels[0]), 255);
    CHECK_EQ(static_cast<int>(g.pixels[1]), 0);
    // Premultiplied half-transparent black reads mid grey; BGRA channel order.
    const uint8_t bgra[4] = {0, 0, 0, 128};
    auto p = ckey::to_gray(bgra, sizeof bgra, 1, 1, 4, CKEY_PIXELS_BGRA8_PREMULTIPLIED);
    CHECK(std::abs(static_cast<int>(p.pixels[0]) - 127) <= 1);
    // Video-range luma: 16 -> 0, 235 -> 255.
    const uint8_t luma[2] = {16, 235};
    auto v = ckey::to_gray(luma, sizeof luma, 2, 1, 2, CKEY_PIXELS_NV12_VIDEO);
    CHECK_EQ(static_cast<int>(v.pixels[0]), 0);
    CHECK_EQ(static_cast<int>(v.pixels[1]), 255);
}

TEST(bad_buffers_are_refused_with_reasons) {
    const uint8_t px[16] = {};
    auto code_of = [&](auto call) {
        try {
            call();
        } catch (const ckey::Error &e) {
            return static_cast<int>(e.code());
        }
        return 0;
    };
    CHECK_EQ(code_of([&] { ckey::to_gray(px, sizeof px, 0, 4, 4, 0); }), static_cast<int>(CKEY_INVALID_ARGUMENT));
    CHECK_EQ(code_of([&] { ckey::to_gray(px, sizeof px, 4, 4, 3, 0); }), static_cast<int>(CKEY_INVALID_ARGUMENT));
    CHECK_EQ(code_of([&] { ckey::to_gray(px, sizeof px, 2, 2, 8, 99); }), static_cast<int>(CKEY_INVALID_PARAMETER));
    CHECK_EQ(code_of([&] { ckey::to_gray(px, sizeof px, 20000, 20000, 20000, 0); }), static_cast<int>(CKEY_IMAGE_TOO_LARGE));
    CHECK_EQ(code_of([&] { ckey::to_gray(nullptr, 4, 2, 2, 2, 0); }), static_cast<int>(CKEY_INVALID_ARGUMENT));
}

TEST(image_readers_refuse_garbage) {
    auto code_of = [&](const std::vector<uint8_t> &bytes) {
        try {
            ckey::read_image_bytes(bytes.data(), bytes.size());
        } catch (const ckey::Error &e) {
            return static_cast<int>(e.code());
        }
        return 0;
    };
    CHECK_EQ(code_of({'h', 'e', 'l', 'l', 'o'}), static_cast<int>(CKEY_IMAGE_FORMAT));
    CHECK_EQ(code_of({0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0}), static_cast<int>(CKEY_IMAGE_FORMAT));
    CHECK_EQ(code_of({0xFF, 0xD8, 0xFF, 0xE0, 0, 16}), static_cast<int>(CKEY_IMAGE_FORMAT));
    std::string pgm = "P5 4 4 255\n";  // 16 samples promised, 2 given
    std::vector<uint8_t> truncated(pgm.begin(), pgm.end());
    truncated.push_back(1);
    truncated.push_back(2);
    CHECK_EQ(code_of(truncated), static_cast<int>(CKEY_IMAGE_FORMAT));
    // The PNM reader called directly checks its own signature (an empty input
    // was an over-read found by fuzz/pnm_fuzz.cpp).
    try {
        ckey::read_pnm(nullptr, 0);
        CHECK(false);
    } catch (const ckey::Error &e) {
        CHECK_EQ(static_cast<int>(e.code()), static_cast<int>(CKEY_IMAGE_FORMAT));
    }
    std::string huge = "P5 20000 20000 255\n";
    CHECK_EQ(code_of(std::vector<uint8_t>(huge.begin(), huge.end())), static_cast<int>(CKEY_IMAGE_TOO_LARGE));
    try {
        ckey::read_image_file("/nonexistent/file.png");
        CHECK(false);
    } catch (const ckey::Error &e) {
        CHECK_EQ(static_cast<int>(e.code()), static_cast<int>(CKEY_IO_ERROR));
        CHECK(std::string(e.what()).find("/nonexistent/file.png") != std::string::npos);
    }
}
