// Where a logo goes: centred on the data field, and which modules it removes.
#include "scene.hpp"

namespace ckey {

LogoPlacement place_logo(const Symbol &s, const Style &style) {
    LogoPlacement logo;
    if (style.logo_rgba == nullptr) return logo;
    logo.present = true;
    const int64_t centre = static_cast<int64_t>(31) * kQ / 2;
    const int64_t field = static_cast<int64_t>(23) * kQ;
    const int32_t half = static_cast<int32_t>(field * style.logo_size / 200);
    const int32_t pad = static_cast<int32_t>(field * style.logo_padding / 100);
    logo.box = {int32_t(centre - half), int32_t(centre - half), int32_t(centre + half), int32_t(centre + half)};
    logo.padded = {logo.box.x0 - pad, logo.box.y0 - pad, logo.box.x1 + pad, logo.box.y1 + pad};
    // Aspect fit: the longer image side fills the box.
    const int64_t w = style.logo_width, h = style.logo_height, side = 2 * static_cast<int64_t>(half);
    int64_t iw = w >= h ? side : side * w / h, ih = h >= w ? side : side * h / w;
    logo.image = {int32_t(centre - iw / 2), int32_t(centre - ih / 2), int32_t(centre - iw / 2 + iw),
                  int32_t(centre - ih / 2 + ih)};
    const Box &area = style.logo_mode == CKEY_LOGO_RESERVE ? logo.padded : logo.box;
    logo.covered.assign(static_cast<size_t>(s.n) * s.n, 0);
    for (int r = 0; r < s.n; ++r) {
        int32_t y0 = module_edge(s.n, r), y1 = module_edge(s.n, r + 1);
        if (y1 <= area.y0 || y0 >= area.y1) continue;
        for (int c = 0; c < s.n; ++c) {
            int32_t x0 = module_edge(s.n, c), x1 = module_edge(s.n, c + 1);
            if (x1 > area.x0 && x0 < area.x1) logo.covered[static_cast<size_t>(r) * s.n + c] = 1;
        }
    }
    return logo;
}

}  // namespace ckey
