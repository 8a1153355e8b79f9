// Blackbox images in zxing-cpp's layout: Tests/samples/<case>/ holds images,
// per image the expected payload (<image>.txt for text, <image>.bin for
// bytes), and expected-passes.txt with the minimum number of images that must
// decode at each rotation. Every image is read with ckey::read_image_file,
// rotated 0/90/180/270 degrees here, and scanned through the C API as files
// are (CKEY_SCAN_THOROUGH), every symbol reported (CKEY_SCAN_ALL): one wrong
// payload is a misread and fails the test. tools/make-scan-samples.py
// rebuilds the folder.
#include "check.hpp"

#include <ckey/ckey.h>

#include "image/image_file.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

std::string read_all(const fs::path &path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Clockwise by quarter turns.
ckey::GrayImage rotate(const ckey::GrayImage &in, int quarter_turns) {
    if (quarter_turns % 4 == 0) return in;
    ckey::GrayImage out;
    const bool swap = quarter_turns % 2 == 1;
    out.width = swap ? in.height : in.width;
    out.height = swap ? in.width : in.height;
    out.pixels.resize(in.pixels.size());
    for (int y = 0; y < out.height; ++y)
        for (int x = 0; x < out.width; ++x) {
            int sx, sy;
            switch (quarter_turns % 4) {
            case 1: sx = y; sy = in.height - 1 - x; break;
            case 2: sx = in.width - 1 - x; sy = in.height - 1 - y; break;
            default: sx = in.width - 1 - y; sy = x; break;
            }
            out.pixels[static_cast<size_t>(y) * out.width + x] = in.at(sx, sy);
        }
    return out;
}

enum class Outcome { read, missed, misread, error };

// A misread (a result whose payload is not the expected one) is worse than a
// miss: it is counted apart and fails the test outright, as in zxing-cpp's
// blackbox runner.
Outcome decode(ckey_decoder *decoder, const ckey::GrayImage &image, const std::string &expected) {
    ckey_results *results = nullptr;
    if (ckey_decoder_scan(decoder, image.pixels.data(), image.pixels.size(), image.width, image.height,
                          static_cast<size_t>(image.width), CKEY_PIXELS_GRAY8, CKEY_SCAN_THOROUGH | CKEY_SCAN_ALL,
                          &results) != CKEY_OK)
        return Outcome::error;
    Outcome outcome = Outcome::missed;
    size_t count = 0;
    ckey_results_get_count(results, &count);
    for (size_t i = 0; i < count; ++i) {
        const uint8_t *data = nullptr;
        size_t length = 0;
        ckey_results_get_payload(results, i, &data, &length);
        if (std::string(reinterpret_cast<const char *>(data), length) != expected) {
            outcome = Outcome::misread;
            break;
        }
        outcome = Outcome::read;
    }
    ckey_results_destroy(results);
    return outcome;
}

// "rotation minimum" lines; '#' starts a comment.
std::map<int, int> read_minimums(const fs::path &path) {
    std::map<int, int> minimums;
    std::istringstream in(read_all(path));
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        int rotation = -1, minimum = -1;
        if (fields >> rotation >> minimum) minimums[rotation] = minimum;
    }
    return minimums;
}

}  // namespace

TEST(rotation_helper) {
    ckey::GrayImage image{3, 2, {1, 2, 3, 4, 5, 6}};
    auto quarter = rotate(image, 1);  // clockwise: the left column becomes the top row
    CHECK_EQ(quarter.width, 2);
    CHECK_EQ(quarter.height, 3);
    CHECK(quarter.pixels == std::vector<uint8_t>({4, 1, 5, 2, 6, 3}));
    CHECK(rotate(rotate(image, 2), 2).pixels == image.pixels);
    CHECK(rotate(rotate(image, 1), 3).pixels == image.pixels);
}

TEST(samples) {
    const fs::path root = check::source_path("Tests/samples");
    REQUIRE(fs::is_directory(root));
    std::vector<fs::path> cases;
    for (const auto &entry : fs::directory_iterator(root))
        if (entry.is_directory()) cases.push_back(entry.path());
    std::sort(cases.begin(), cases.end());
    CHECK(cases.size() >= 8);
    ckey_decoder *decoder = nullptr;
    REQUIRE(ckey_decoder_create(&decoder) == CKEY_OK);
    int images_total = 0, misreads = 0;
    for (const fs::path &dir : cases) {
        const std::string name = dir.filename().string();
        auto minimums = read_minimums(dir / "expected-passes.txt");
        CHECK_EQ(minimums.size(), size_t{4});
        std::vector<fs::path> images;
        for (const auto &entry : fs::directory_iterator(dir)) {
            auto ext = entry.path().extension().string();
            if (ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".pgm" || ext == ".ppm")
                images.push_back(entry.path());
        }
        std::sort(images.begin(), images.end());
        CHECK(!images.empty());
        images_total += static_cast<int>(images.size());
        int passed[4] = {0, 0, 0, 0};
        std::string failures;
        for (const fs::path &path : images) {
            fs::path text = path.string() + ".txt", bin = path.string() + ".bin";
            bool has_expected = fs::exists(text) || fs::exists(bin);
            CHECK(has_expected);
            if (!has_expected) continue;
            const std::string expected = read_all(fs::exists(text) ? text : bin);
            ckey::GrayImage image = ckey::read_image_file(path.string());
            for (int turn = 0; turn < 4; ++turn) {
                Outcome outcome = decode(decoder, rotate(image, turn), expected);
                const std::string where = path.filename().string() + "@" + std::to_string(turn * 90);
                if (outcome == Outcome::read) ++passed[turn];
                else failures += " " + where;
                if (outcome == Outcome::misread) std::printf("  MISREAD %s/%s\n", name.c_str(), where.c_str());
                if (outcome == Outcome::error) std::printf("  SCAN ERROR %s/%s: %s\n", name.c_str(), where.c_str(), ckey_last_error());
                CHECK(outcome != Outcome::misread);
                CHECK(outcome != Outcome::error);
                misreads += outcome == Outcome::misread;
            }
        }
        std::printf("  %-24s %2zu images, passed 0/90/180/270: %d %d %d %d (minimums %d %d %d %d)%s%s\n",
                    name.c_str(), images.size(), passed[0], passed[1], passed[2], passed[3], minimums[0],
                    minimums[90], minimums[180], minimums[270], failures.empty() ? "" : "; failed:",
                    failures.c_str());
        for (int turn = 0; turn < 4; ++turn) {
            if (passed[turn] < minimums[turn * 90])
                std::printf("  %s at %d degrees: %d passed, minimum %d\n", name.c_str(), turn * 90, passed[turn],
                            minimums[turn * 90]);
            CHECK(passed[turn] >= minimums[turn * 90]);
        }
    }
    CHECK(images_total >= 50);
    std::printf("  %d images x 4 rotations, %d misreads\n", images_total, misreads);
    CHECK_EQ(misreads, 0);
    ckey_decoder_destroy(decoder);
}
