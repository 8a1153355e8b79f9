#include "small_blobs.hpp"

#include <algorithm>

namespace ckey {

void find_small_blobs(const ComponentScratch &scratch, int limit, std::vector<SmallBlob> &out) {
    out.clear();
    for (const ComponentStats &st : scratch.stats) {
        const int bw = st.x1 - st.x0 + 1, bh = st.y1 - st.y0 + 1;
        const int lo = std::min(bw, bh), hi = std::max(bw, bh);
        if (st.border || lo < kMinBlobPixels || hi > kMaxBlobPixels) continue;
        // A symbol seen at a slant stays within 1:1.6; a stroke of text does not.
        if (hi * 5 > lo * 8) continue;
        const double fill = static_cast<double>(st.count) / (static_cast<double>(bw) * bh);
        if (fill < 0.15) continue;
        // Squarer and larger first: more of them are symbols, and larger
        // ones read more surely.
        out.push_back({st.x0, st.y0, st.x1, st.y1, hi + 4.0 * lo / hi});
    }
    std::sort(out.begin(), out.end(), [](const SmallBlob &a, const SmallBlob &b) { return a.rank > b.rank; });
    if (static_cast<int>(out.size()) > limit) out.resize(limit);
}

}  // namespace ckey
