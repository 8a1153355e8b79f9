// Stage 7: keys and modules. Each 5 x 5 key is searched around where the
// homography predicts it; its measured offset corrects the sampling grid
// locally (bilinear between neighbouring keys, so curved labels and lens
// distortion are followed), and its ink and background rings give the local
// levels that turn module samples into darkness. Five samples per module;
// uncertain modules become Reed-Solomon erasures in the codec.
#pragma once

#include "../codec/decode.hpp"
#include "../codec/format.hpp"
#include "../image/gray_image.hpp"
#include "geometry.hpp"

namespace ckey {

// ink/background: fallback levels (from the ring) for keys that read badly.
// follow_keys = false samples on the homography alone.
// key_reach: how far (in modules) keys are searched from where the map puts them.
ModuleDecode read_modules(const GrayImage &image, const CanvasMap &map, const FormatInfo &info, float ink,
                          float background, bool follow_keys, double key_reach = 0.6);

}  // namespace ckey
