// Geometry of a symbol in canvas units and of its data field in modules.
//
// The canvas is 31 x 31 units and includes the quiet margin:
//   [0,2)   quiet margin (light)
//   [2,3)   border ring, dark (Profile 1: [2,4), twice as thick)
//   [3,4)   format band: 96 cells of 1 x 1 unit (Profiles 0, 2, 3)
//   [4,27)  data field: N x N modules, pitch 23/N units
//   [27,28) format band, [28,29) ring, [29,31) quiet margin (mirrored)
#pragma once

#include <ckey/symbol.h>

#include <cstdint>
#include <vector>

namespace ckey {

constexpr int kCanvasUnits = 31;
constexpr int kQuietUnits = 2;
constexpr int kFieldOrigin = 4;  // units
constexpr int kFieldUnits = 23;
constexpr int kLocatorCells = 8;  // Profile 1 data field: 8 x 8 cells
constexpr int kKeySize = 5;       // a key is 5 x 5 modules

inline int ring_units(int profile) { return profile == CKEY_PROFILE_LOCATOR ? 2 : 1; }

// Level of the fixed profiles: 1 -> Q (RS(15,8) over GF(16)), 2 -> Q, 3 -> L.
int fixed_level(int profile);

// Data-field modules per side: Profile 0: 4 * version + 17 (21...141);
// Profile 1: 8 cells; Profile 2: 41; Profile 3: 209.
int modules_per_side(int profile, int version);

// Key spacing in modules: 16 for the print layout and Profile 3, else 24.
int key_spacing(int profile, int layout);

// Dark modules of a 5 x 5 key, by offset from its centre: the outer ring and
// the centre are dark, the ring between them light.
inline bool key_module_dark(int dr, int dc) {
    int d = (dr < 0 ? -dr : dr) > (dc < 0 ? -dc : dc) ? (dr < 0 ? -dr : dr) : (dc < 0 ? -dc : dc);
    return d != 1;
}

struct FieldLayout {
    int profile = 0, version = 0, layout = 0;
    int n = 0;                          // modules per side
    std::vector<int> key_centres;       // per axis; keys sit at every (row, col) pair
    std::vector<uint8_t> is_key;        // n*n, 1 where a key module sits
    std::vector<int> data_order;        // module indices (r*n + c) in placement order:
                                        // 2-wide vertical strips, alternately down and up
};

// Cached and immutable; safe to call from any thread. Parameters must be
// valid (checked by the caller).
const FieldLayout &field_layout(int profile, int version, int layout);

}  // namespace ckey
