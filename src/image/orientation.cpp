// EXIF orientation undone in place: flips swap pixels, and the orientations
// that turn the image (5...8) transpose it by following the permutation's
// cycles, with one bit per pixel to mark those already moved.
#include "image_file.hpp"

#include <algorithm>
#include <vector>

namespace ckey {

namespace {

void flip_horizontal(GrayImage &image) {
    for (int y = 0; y < image.height; ++y) {
        uint8_t *row = image.pixels.data() + static_cast<size_t>(y) * image.width;
        std::reverse(row, row + image.width);
    }
}

void flip_vertical(GrayImage &image) {
    const size_t w = static_cast<size_t>(image.width);
    for (int top = 0, bottom = image.height - 1; top < bottom; ++top, --bottom)
        std::swap_ranges(image.pixels.begin() + top * w, image.pixels.begin() + (top + 1) * w,
                         image.pixels.begin() + bottom * w);
}

// The pixel at index i = y * W + x moves to x * H + y, that is to
// i * H mod (N - 1); the last pixel stays.
void transpose(GrayImage &image) {
    const size_t w = static_cast<size_t>(image.width), h = static_cast<size_t>(image.height), n = w * h;
    if (w > 1 && h > 1) {
        std::vector<bool> moved(n, false);
        for (size_t start = 1; start + 1 < n; ++start) {
            if (moved[start]) continue;
            size_t i = start;
            uint8_t carried = image.pixels[i];
            do {
                size_t next = static_cast<size_t>(uint64_t{i} * h % (n - 1));  // < 2^54: 100 MP at most
                std::swap(carried, image.pixels[next]);
                moved[next] = true;
                i = next;
            } while (i != start);
        }
    }
    std::swap(image.width, image.height);
}

}  // namespace

void apply_exif_orientation(GrayImage &image, int orientation) {
    switch (orientation) {
    case 2: flip_horizontal(image); break;
    case 3: flip_horizontal(image); flip_vertical(image); break;
    case 4: flip_vertical(image); break;
    case 5: transpose(image); break;
    case 6: transpose(image); flip_horizontal(image); break;
    case 7: transpose(image); flip_horizontal(image); flip_vertical(image); break;
    case 8: transpose(image); flip_vertical(image); break;
    default: break;
    }
}

}  // namespace ckey
