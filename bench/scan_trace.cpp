// Traces the scan pipeline on one image file: candidates, their ring scores,
// the format reading and the module decode of each. A debugging aid.
// Usage: scan_trace FILE [--full | --quarter] [--tile N]
// (--quarter: the quick pass's quarter-resolution detection image)
#include "image/image_file.hpp"
#include "scan/binarize.hpp"
#include "scan/candidates.hpp"
#include "scan/read_format.hpp"
#include "scan/read_modules.hpp"
#include "scan/refine_edges.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: scan_trace FILE [--full | --quarter] [--tile 3|4]\n");
        return 2;
    }
    ckey::GrayImage image = ckey::read_image_file(argv[1]);
    bool full = false, quarter = false;
    int tile = ckey::kTile;
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--full") == 0) full = true;
        else if (std::strcmp(argv[i], "--quarter") == 0) quarter = true;
        else if (std::strcmp(argv[i], "--tile") == 0 && i + 1 < argc) tile = std::atoi(argv[++i]);
    }
    ckey::GrayImage detect = image;
    double scale = 1;
    if (!full && std::min(image.width, image.height) >= 480) {
        ckey::decimate(image, detect);
        scale = 2;
        if (quarter) {
            ckey::GrayImage quartered;
            ckey::decimate(detect, quartered);
            detect = std::move(quartered);
            scale = 4;
        }
    }
    ckey::Ternary binary;
    ckey::GrayImage smoothed;
    ckey::smooth(detect, smoothed);
    ckey::binarize(std::getenv("NOSMOOTH") ? detect : smoothed, binary, tile);
    ckey::ComponentScratch scratch;
    std::vector<ckey::RingCandidate> candidates;
    ckey::find_ring_candidates(binary, scratch, candidates);
    std::printf("%zu candidates, %zu runs, %dx%d\n", candidates.size(), scratch.runs.size(), detect.width, detect.height);
    for (auto c : candidates) {
        for (auto &p : c.quad) p = p * scale;
        ckey::Quad q = c.quad;
        bool refined = ckey::refine_ring_edges(image, c.inverted, q);
        auto format = ckey::read_format(image, q);
        std::printf("quad (%.0f,%.0f) (%.0f,%.0f) (%.0f,%.0f) (%.0f,%.0f) side %.0f inv %d refined %d format %d",
                    q[0].x, q[0].y, q[1].x, q[1].y, q[2].x, q[2].y, q[3].x, q[3].y, std::sqrt(c.area) * scale,
                    c.inverted, refined, format.found);
        if (format.found) {
            std::printf(" p%d v%d l%d lay%d m%d cost %d ink %.0f bg %.0f", format.info.profile, format.info.version,
                        format.info.level, format.info.layout, format.info.mask, format.cost, format.ink,
                        format.background);
            for (int follow = 1; follow >= 0; --follow) {
                auto d = ckey::read_modules(image, format.map, format.info, format.ink, format.background, follow);
                std::printf(" | keys %d: %s", follow, d.ok ? "ok" : "fail");
                if (d.ok) std::printf(" e%d f%d m%d", d.errors, d.erasures, d.correction_margin);
            }
        } else {
            auto loc = ckey::read_locator(image, q);
            std::printf(" locator %d", loc.found);
        }
        std::printf("\n");
    }
    return 0;
}
