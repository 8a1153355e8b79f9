// Threading as include/ckey/scan.h states it: one ckey_decoder per thread, any
// number of threads at once. 8 threads, each with its own decoder and its own
// symbols, decode 50 times and check every result. Run it under
// CKEY_SANITIZE=thread to have ThreadSanitizer hold the scanner to that.
#include "check.hpp"
#include "scan_support.hpp"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

TEST(eight_threads_own_decoders) {
    constexpr int kThreads = 8, kRounds = 50;
    struct Work {
        std::string payload;
        scan_support::Rgba image;
        std::vector<uint8_t> gray;
    };
    // Different symbols per thread: versions, styles and pixel formats differ.
    std::vector<Work> work(kThreads);
    for (int t = 0; t < kThreads; ++t) {
        work[t].payload = "https://openckey.org/thread/" + std::to_string(t) + std::string(t * 7, 'x');
        int preset = t % 3 == 2 ? CKEY_STYLE_CONCEPT : CKEY_STYLE_PLAIN;
        work[t].image = scan_support::render(work[t].payload, 200 + 16 * t, 0, 0, t % 4, t % 2, preset);
        REQUIRE(work[t].image.size > 0);
        work[t].gray = scan_support::luma(work[t].image);
    }
    std::atomic<int> good{0}, bad{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            ckey_decoder *decoder = nullptr;
            if (ckey_decoder_create(&decoder) != CKEY_OK) {
                bad += kRounds;
                return;
            }
            const Work &w = work[t];
            for (int round = 0; round < kRounds; ++round) {
                // Alternate RGBA and gray input so the pixel-format stage runs too.
                auto found = round % 2 == 0
                                 ? scan_support::scan(decoder, w.image.pixels.data(), w.image.size, w.image.size,
                                                      w.image.size * 4, CKEY_PIXELS_RGBA8)
                                 : scan_support::scan(decoder, w.gray.data(), w.image.size, w.image.size, w.image.size,
                                                      CKEY_PIXELS_GRAY8, CKEY_SCAN_ALL);
                if (found.size() == 1 && found[0] == w.payload) ++good;
                else ++bad;
            }
            ckey_decoder_destroy(decoder);
        });
    for (auto &thread : threads) thread.join();
    CHECK_EQ(good.load(), kThreads * kRounds);
    CHECK_EQ(bad.load(), 0);
}

TEST(errors_stay_per_thread) {
    // The last-error message is thread-local: a refusal in one thread does not
    // change another thread's message.
    std::atomic<int> mismatches{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            ckey_decoder *decoder = nullptr;
            ckey_decoder_create(&decoder);
            uint8_t pixel[16] = {0};
            for (int round = 0; round < 200; ++round) {
                ckey_results *results = nullptr;
                int width = 2 + t;  // the message names this thread's width
                int status = ckey_decoder_scan(decoder, pixel, sizeof pixel, width, 1, 1, CKEY_PIXELS_GRAY8, 0, &results);
                std::string message = ckey_last_error();
                std::string expected = "bytes_per_row is 1; a row of " + std::to_string(width) + " pixels";
                if (status != CKEY_INVALID_ARGUMENT || message.find(expected) == std::string::npos) ++mismatches;
            }
            ckey_decoder_destroy(decoder);
        });
    for (auto &thread : threads) thread.join();
    CHECK_EQ(mismatches.load(), 0);
}
