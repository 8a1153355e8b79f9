// Unit tests of the ring's geometry on a curved label (stages 4 and 4b): a
// symbol wrapped on a cylinder, seen from above its axis, so two sides of the
// ring are arcs. The picture is drawn from the cylinder's equations here,
// not by the product renderer or the camera simulator.
#include "check.hpp"
#include "synth.hpp"

#include "codec/symbol.hpp"
#include "scan/refine_edges.hpp"
#include "scan/ring_sides.hpp"
#include "scan/scanner.hpp"

#include <cmath>
#include <string>

namespace {

// A label of `unit` pixels per canvas unit wrapped on a vertical cylinder
// over `arc` radians (the canvas's width), seen orthographically from
// `elevation` radians above the axis. Canvas (u, v) lies at angle
// theta = (u - 15.5) / 31 * arc; its image point is x = cx + R sin theta,
// y = cy + (v - 15.5) unit cos(elevation) - R cos theta sin(elevation).
struct Cylinder {
    double unit = 12, arc = M_PI / 2, elevation = 0.3, cx = 320, cy = 300;
    double radius() const { return 31 * unit / arc; }
    ckey::Point image(double u, double v) const {
        const double theta = (u - 15.5) / 31 * arc;
        return {cx + radius() * std::sin(theta),
                cy + (v - 15.5) * unit * std::cos(elevation) - radius() * std::cos(theta) * std::sin(elevation)};
    }
    // The canvas point seen at image (x, y); false off the label.
    bool canvas(double x, double y, double &u, double &v) const {
        const double s = (x - cx) / radius();
        if (std::fabs(s) >= 1) return false;
        const double theta = std::asin(s);
        u = 15.5 + theta / arc * 31;
        v = 15.5 + (y - cy + radius() * std::cos(theta) * std::sin(elevation)) / (unit * std::cos(elevation));
        return u >= 0 && u < 31 && v >= 0 && v < 31;
    }
    // How far the top and bottom sides bow from their chords, in canvas units
    // (negative: the middle lies toward smaller canvas y).
    double sag_units() const {
        const double corner = 13.5 / 31 * arc;
        return -radius() * std::sin(elevation) * (1 - std::cos(corner)) / (unit * std::cos(elevation));
    }
};

ckey::GrayImage draw(const ckey::Symbol &s, const Cylinder &c, int width, int height) {
    ckey::GrayImage img;
    img.width = width;
    img.height = height;
    img.pixels.assign(static_cast<size_t>(width) * height, 90);
    for (int py = 0; py < height; ++py)
        for (int px = 0; px < width; ++px) {
            int acc = 0, inside = 0;
            for (int sy = 0; sy < 3; ++sy)
                for (int sx = 0; sx < 3; ++sx) {
                    double u, v;
                    if (!c.canvas(px + (sx + 0.5) / 3, py + (sy + 0.5) / 3, u, v)) continue;
                    ++inside;
                    acc += synth::ink_at(s, u, v) ? 25 : 225;
                }
            if (inside > 0) img.pixels[static_cast<size_t>(py) * width + px] = static_cast<uint8_t>((acc + (9 - inside) * 90) / 9);
        }
    return img;
}

ckey::Symbol dense_symbol() {
    const std::string text = "https://openckey.org/curved/label/on/a/bottle/0123456789/ABCDEFGHIJ/klmnopqrst/uvwxyz"
                             "/0123456789/ABCDEFGHIJ/klmnopqrst/uvwxyz/0123456789/ABCDEFGHIJ/klmnopqr";
    return ckey::encode_symbol(reinterpret_cast<const uint8_t *>(text.data()), text.size(), {0, 7, 1, 0});
}

}  // namespace

TEST(arc_sides_refine_to_their_chords_and_trace_their_bow) {
    const ckey::Symbol s = dense_symbol();
    Cylinder c;
    REQUIRE(std::fabs(c.sag_units()) > 1.0);  // beyond the straight-side search (0.8 unit)
    const ckey::GrayImage img = draw(s, c, 640, 600);
    // The corners as a convex hull of the ring finds them (the arcs' ends),
    // moved a pixel or two as the detection image would.
    ckey::Quad quad = {c.image(2, 2), c.image(29, 2), c.image(29, 29), c.image(2, 29)};
    const ckey::Quad truth = quad;
    quad[0] = quad[0] + ckey::Point{1.5, -1};
    quad[2] = quad[2] + ckey::Point{-1, 1.5};
    REQUIRE(ckey::refine_ring_edges(img, false, quad));
    for (int i = 0; i < 4; ++i) CHECK(ckey::length(quad[i] - truth[i]) < 0.35 * c.unit);
    ckey::SideBows bows;
    REQUIRE(ckey::trace_ring_sides(img, false, quad, bows));
    std::printf("  sags %.2f %.2f %.2f %.2f (drawn %.2f on top and bottom)\n", ckey::side_sag(bows, 0),
                ckey::side_sag(bows, 1), ckey::side_sag(bows, 2), ckey::side_sag(bows, 3), c.sag_units());
    CHECK(std::fabs(ckey::side_sag(bows, 0) - c.sag_units()) < 0.25);
    CHECK(std::fabs(ckey::side_sag(bows, 2) - c.sag_units()) < 0.25);
    CHECK(std::fabs(ckey::side_sag(bows, 1)) < 0.15);
    CHECK(std::fabs(ckey::side_sag(bows, 3)) < 0.15);
}

TEST(a_dense_symbol_on_a_ninety_degree_arc_reads) {
    const ckey::Symbol s = dense_symbol();
    const Cylinder c;
    ckey::Scanner scanner;
    const auto results = scanner.scan(draw(s, c, 640, 600), false);
    REQUIRE(results.size() == 1);
    CHECK(results[0].payload == s.payload);
}
