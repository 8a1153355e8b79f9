#include "field.hpp"

#include "../core/error.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>

namespace ckey {

int fixed_level(int profile) {
    switch (profile) {
    case 1: return 2;
    case 2: return 2;
    case 3: return 0;
    default: return -1;
    }
}

int modules_per_side(int profile, int version) {
    switch (profile) {
    case 0: return 4 * version + 17;
    case 1: return kLocatorCells;
    case 2: return 41;
    default: return 209;
    }
}

int key_spacing(int profile, int layout) {
    return (layout == CKEY_LAYOUT_PRINT || profile == CKEY_PROFILE_EXTENDED) ? 16 : 24;
}

namespace {

FieldLayout build(int profile, int version, int layout) {
    FieldLayout f;
    f.profile = profile;
    f.version = version;
    f.layout = layout;
    f.n = modules_per_side(profile, version);
    const int n = f.n;
    f.is_key.assign(static_cast<size_t>(n) * n, 0);
    if (profile == CKEY_PROFILE_LOCATOR) {
        // Four corner cells carry the orientation mark; the other 60 carry data.
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                bool corner = (r == 0 || r == n - 1) && (c == 0 || c == n - 1);
                if (!corner) f.data_order.push_back(r * n + c);
            }
        return f;
    }
    // k keys per axis, centres spread evenly from module 2 to module n-3.
    const int span = n - 5, spacing = key_spacing(profile, layout);
    const int k = 1 + (span + spacing - 1) / spacing;
    for (int j = 0; j < k; ++j) f.key_centres.push_back(2 + (j * span + (k - 1) / 2) / (k - 1));
    for (int kr : f.key_centres)
        for (int kc : f.key_centres)
            for (int dr = -2; dr <= 2; ++dr)
                for (int dc = -2; dc <= 2; ++dc) f.is_key[(kr + dr) * n + (kc + dc)] = 1;
    // Placement: two-module-wide vertical strips from left to right, each
    // walked row by row, downward in even strips and upward in odd ones; so a
    // codeword's eight bits sit in a compact 2 x 4 block and a blot of damage
    // touches few codewords.
    for (int c0 = 0; c0 < n; c0 += 2) {
        const bool down = (c0 / 2) % 2 == 0;
        for (int k = 0; k < n; ++k) {
            const int r = down ? k : n - 1 - k;
            for (int c = c0; c < std::min(n, c0 + 2); ++c)
                if (!f.is_key[r * n + c]) f.data_order.push_back(r * n + c);
        }
    }
    return f;
}

}  // namespace

const FieldLayout &field_layout(int profile, int version, int layout) {
    // 31 versions x 2 layouts for Profile 0, plus one each for Profiles 1-3.
    static std::array<std::unique_ptr<FieldLayout>, 65> cache;
    static std::array<std::once_flag, 65> once;
    int slot = profile == CKEY_PROFILE_SCALABLE ? (version - 1) * 2 + layout : 61 + profile;
    if (profile < 0 || profile > 3 || layout < 0 || layout > 1 || slot < 0 || slot >= 65 ||
        (profile == CKEY_PROFILE_SCALABLE && (version < 1 || version > 31)))
        fail(CKEY_INTERNAL, "field_layout called with profile ", profile, " version ", version, " layout ", layout);
    std::call_once(once[slot], [&] { cache[slot] = std::make_unique<FieldLayout>(build(profile, version, layout)); });
    return *cache[slot];
}

}  // namespace ckey
