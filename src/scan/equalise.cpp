#include "equalise.hpp"

namespace ckey {

std::vector<float> equalise_modules(const std::vector<float> &samples, int n, const uint8_t *skip, float strength) {
    std::vector<float> out = samples;
    auto skipped = [&](int r, int c) { return skip && skip[static_cast<size_t>(r) * n + c]; };
    constexpr int kSteps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            if (skipped(r, c)) continue;
            float sum = 0;
            int count = 0;
            for (const auto &step : kSteps) {
                const int rr = r + step[0], cc = c + step[1];
                if (rr < 0 || cc < 0 || rr >= n || cc >= n || skipped(rr, cc)) continue;
                sum += samples[static_cast<size_t>(rr) * n + cc];
                ++count;
            }
            const size_t i = static_cast<size_t>(r) * n + c;
            if (count > 0) out[i] = samples[i] + strength * (samples[i] - sum / count);
        }
    return out;
}

}  // namespace ckey
