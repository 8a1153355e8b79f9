// Stage 7: keys and modules. Each 5 x 5 key is searched around where the
// homography predicts it; its measured offset corrects the sampling grid
// locally (bilinear between neighbouring keys, so curved labels and lens
// distortion are followed), and its ink and background rings give the local
// levels that turn module samples into darkness; where a shadow edge falls
// between keys, the levels come from each module's neighbours instead. Five samples per module;
// uncertain modules become Reed-Solomon erasures in the codec.
#pragma once

#include "../codec/decode.hpp"
#include "../codec/format.hpp"
#include "../image/gray_image.hpp"
#include "geometry.hpp"

#include <vector>

namespace ckey {

// One key as found: its offset from where the map puts it, and its levels.
struct KeyReading {
    double dx = 0, dy = 0;  // canvas-unit correction
    float ink = 0, background = 0;
    bool valid = false;

    bool operator==(const KeyReading &) const = default;
};

// The grey values one key's coarse search sampled: a square lattice of 0.2
// pitch about where the map puts the key. Kept, a wider search of the same
// key on the same map samples only the points it adds.
struct KeyLattice {
    int half = -1;  // points -half...half steps on each axis; -1: none yet
    std::vector<float> values;
};

// Contrast of the 5 x 5 key template centred at canvas (x, y), each module
// sampled at its centre: the mean of its 8 light modules minus the mean of
// its 17 dark ones (the reverse when inverted), so a good match is positive.
// The two means are written out when asked.
float key_match(const GrayImage &image, const CanvasMap &map, double x, double y, double pitch, bool inverted,
                float *ink_out = nullptr, float *background_out = nullptr);

// Every key of the field, searched within key_reach modules of where the map
// puts it, row by row (key_reach 0: not searched, only its levels read
// there). ink/background: the levels (from the ring) that keys reading badly
// take instead, with no correction. lattices (one per key, optional) carry
// the samples from one search of these keys on this map to a wider one.
std::vector<KeyReading> find_keys(const GrayImage &image, const CanvasMap &map, const FormatInfo &info, float ink,
                                  float background, double key_reach, std::vector<KeyLattice> *lattices = nullptr);

// Where each module's ink and background levels come from: the keys around
// it, or the modules around it (a shadow edge between keys).
enum class Levels { keys, neighbours };

// One key search's module samples and the levels its keys give each module:
// what every attempt on those keys shares (the sampling and the mixing of
// the keys are most of an attempt's cost).
struct ModuleSamples {
    std::vector<float> values, lo, hi;  // per module, row-major; keys' modules unused
    std::vector<float> equalised;       // values equalised, made when first asked for
};

// The modules sampled between those keys. follow_keys = false samples on the
// map alone and takes only the keys' levels. The keys of one search serve
// several attempts: they are the costly part. kept (optional): when it holds
// samples, those are used instead of sampling and mixing again (the caller
// vouches they are of the same map, keys and follow_keys); when empty, it
// receives this reading's. equalise: the samples are equalised
// (equalise.hpp) before they are judged.
ModuleDecode read_modules(const GrayImage &image, const CanvasMap &map, const FormatInfo &info,
                          const std::vector<KeyReading> &keys, bool follow_keys,
                          ModuleSamples *kept = nullptr, Levels levels = Levels::keys, bool equalise = false);

// find_keys then read_modules.
ModuleDecode read_modules(const GrayImage &image, const CanvasMap &map, const FormatInfo &info, float ink,
                          float background, bool follow_keys, double key_reach = 0.6);

}  // namespace ckey
