#include "small_blobs.hpp"

#include <algorithm>

namespace ckey {

namespace {

// The components of a and b in the order one labelling of both would find
// them (each list is in that order already).
std::vector<const ComponentStats *> merged(const std::vector<ComponentStats> &a, const std::vector<ComponentStats> *b) {
    std::vector<const ComponentStats *> all;
    all.reserve(a.size() + (b ? b->size() : 0));
    for (const ComponentStats &st : a) all.push_back(&st);
    if (!b) return all;
    const size_t middle = all.size();
    for (const ComponentStats &st : *b) all.push_back(&st);
    std::inplace_merge(all.begin(), all.begin() + middle, all.end(),
                       [](const ComponentStats *x, const ComponentStats *y) { return x->order < y->order; });
    return all;
}

}  // namespace

void find_small_blobs(const ComponentScratch &scratch, int limit, std::vector<SmallBlob> &out,
                      const ComponentScratch *apart) {
    out.clear();
    for (const ComponentStats *found : merged(scratch.stats, apart ? &apart->stats : nullptr)) {
        const ComponentStats &st = *found;
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
