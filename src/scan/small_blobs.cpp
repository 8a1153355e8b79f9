#include "small_blobs.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

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

// How much a blob stands out from an even surround: the difference between
// the mean of its box and the median of a rectangle just outside it, over
// the spread (10th to 90th percentile) of that rectangle, times the square
// root of the box's shorter side. A symbol's quiet margin is even and
// contrasts with its ring; grass, gravel and text are neither.
double surround_contrast(const GrayImage &detect, int x0, int y0, int x1, int y1, std::vector<int> &ring) {
    const int shorter = std::min(x1 - x0, y1 - y0) + 1;
    const int gap = 1 + shorter / 10;
    const int rx0 = std::max(0, x0 - gap), ry0 = std::max(0, y0 - gap);
    const int rx1 = std::min(detect.width - 1, x1 + gap), ry1 = std::min(detect.height - 1, y1 + gap);
    auto at = [&](int x, int y) { return static_cast<int>(detect.pixels[static_cast<size_t>(y) * detect.width + x]); };
    ring.clear();
    for (int x = rx0; x <= rx1; ++x) ring.insert(ring.end(), {at(x, ry0), at(x, ry1)});
    for (int y = ry0 + 1; y < ry1; ++y) ring.insert(ring.end(), {at(rx0, y), at(rx1, y)});
    auto quantile = [&](size_t k) {
        std::nth_element(ring.begin(), ring.begin() + static_cast<long>(k), ring.end());
        return ring[k];
    };
    const size_t n = ring.size();
    const int low = quantile(n / 10), median = quantile(n / 2), high = quantile(n * 9 / 10);
    // The box's mean from a sparse grid: about 64 samples.
    const int step = std::max(1, shorter / 8);
    long sum = 0, count = 0;
    for (int y = y0; y <= y1; y += step)
        for (int x = x0; x <= x1; x += step, ++count) sum += at(x, y);
    const double contrast = std::abs(median - static_cast<double>(sum) / static_cast<double>(count));
    return contrast / (high - low + 8) * std::sqrt(static_cast<double>(shorter));
}

// Up to limit of found, taken in turn by size rank and by contrast rank,
// the largest first, each once; of equal ranks the one found first. limit
// is a handful, so each turn is one pass over found rather than a sort.
void take_in_turn(const std::vector<SmallBlob> &found, int limit, std::vector<SmallBlob> &out) {
    out.clear();
    std::vector<bool> taken(found.size(), false);
    for (bool by_size = true; static_cast<int>(out.size()) < limit && out.size() < found.size(); by_size = !by_size) {
        auto rank = [&](size_t i) { return by_size ? found[i].size_rank : found[i].contrast_rank; };
        size_t best = found.size();
        for (size_t i = 0; i < found.size(); ++i)
            if (!taken[i] && (best == found.size() || rank(i) > rank(best))) best = i;
        taken[best] = true;
        out.push_back(found[best]);
        out.back().largest = by_size;
    }
}

}  // namespace

void find_small_blobs(const ComponentScratch &scratch, const GrayImage &detect, int limit,
                      std::vector<SmallBlob> &out, const ComponentScratch *apart) {
    std::vector<SmallBlob> found;
    std::vector<int> ring;
    for (const ComponentStats *component : merged(scratch.stats, apart ? &apart->stats : nullptr)) {
        const ComponentStats &st = *component;
        const int bw = st.x1 - st.x0 + 1, bh = st.y1 - st.y0 + 1;
        const int lo = std::min(bw, bh), hi = std::max(bw, bh);
        if (st.border || lo < kMinBlobPixels || hi > kMaxBlobPixels) continue;
        // A symbol seen at a slant stays within 1:1.6; a stroke of text does not.
        if (hi * 5 > lo * 8) continue;
        const double fill = static_cast<double>(st.count) / (static_cast<double>(bw) * bh);
        if (fill < 0.15) continue;
        // Squarer and larger ranks higher by size: larger blobs read more surely.
        found.push_back({st.x0, st.y0, st.x1, st.y1, hi + 4.0 * lo / hi,
                         surround_contrast(detect, st.x0, st.y0, st.x1, st.y1, ring), false});
    }
    take_in_turn(found, limit, out);
}

}  // namespace ckey
