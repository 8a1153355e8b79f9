// What the SVG and PDF writers share: marks grouped by colour into one
// path each (so abutting outlines are filled together: no seams), path
// text in canvas units, and base64 for embedded images.
#pragma once

#include "scene.hpp"
#include "style.hpp"

#include <string>
#include <vector>

namespace ckey {

struct PaintGroup {
    uint32_t color = 0;
    std::vector<const Contour *> contours;
};

// Ink, ring and key marks merged by colour, in drawing order.
std::vector<PaintGroup> paint_groups(const Scene &scene, const Style &style);

// Path operators for all contours: SVG ("M x y L ... C ... Z") or PDF
// ("x y m ... l ... c h"), offset by (dx, dy) scene units.
std::string path_text(const std::vector<const Contour *> &contours, bool pdf, int32_t dx = 0, int32_t dy = 0);

std::string base64(const std::vector<uint8_t> &bytes);

}  // namespace ckey
