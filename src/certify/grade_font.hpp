// A 5 x 7 bitmap font for the grade card's labels (A-Z, 0-9 and . % - + : /;
// other characters draw as blanks), drawn into an RGBA raster at an integer
// scale.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ckey {

struct Raster {
    int width = 0, height = 0;
    std::vector<uint8_t> rgba;  // straight alpha, row-major, stride width * 4
    void fill_rect(int x0, int y0, int x1, int y1, uint32_t rgb, double opacity = 1.0);
};

// Draws text with its top-left corner at (x, y), each font pixel scale x
// scale; returns the x after the last character (6 font pixels each).
int draw_text(Raster &raster, int x, int y, const std::string &text, int scale, uint32_t rgb);

}  // namespace ckey
