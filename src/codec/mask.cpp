#include "mask.hpp"

#include <cstdlib>

namespace ckey {

bool mask_flips(int mask, int r, int c) {
    switch (mask) {
    case 0: return (r + c) % 2 == 0;
    case 1: return (r / 2 + c / 3) % 2 == 0;
    case 2: return ((r * c) % 2 + (r * c) % 3) % 2 == 0;
    default: return ((r + c) % 2 + (r * c) % 3) % 2 == 0;
    }
}

long mask_penalty(const std::vector<uint8_t> &m, int n) {
    long penalty = 0, dark = 0;
    auto dark_at = [&](int r, int c) { return m[r * n + c] & 1; };
    for (int line = 0; line < n; ++line) {
        for (int pass = 0; pass < 2; ++pass) {
            int run = 0, last = -1;
            for (int i = 0; i <= n; ++i) {
                int v = i < n ? (pass == 0 ? dark_at(line, i) : dark_at(i, line)) : -1;
                if (v == last) { ++run; continue; }
                if (run >= 5) penalty += run - 2;
                run = 1;
                last = v;
            }
        }
    }
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            dark += dark_at(r, c);
            if (r + 1 < n && c + 1 < n) {
                int v = dark_at(r, c);
                if (dark_at(r, c + 1) == v && dark_at(r + 1, c) == v && dark_at(r + 1, c + 1) == v) penalty += 3;
            }
        }
    long percent_x20 = dark * 200 / (static_cast<long>(n) * n);  // dark share in 0.5% steps
    penalty += 10 * (std::labs(percent_x20 - 100) / 10);
    return penalty;
}

}  // namespace ckey
