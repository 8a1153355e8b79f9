// Decoding: sampled module darkness -> payload, for known parameters.
#pragma once

#include "encodation.hpp"
#include "format.hpp"

#include <cstdint>
#include <vector>

namespace ckey {

// Darkness within [kErasureLow, kErasureHigh] is too uncertain to trust:
// the codeword holding it is passed to Reed-Solomon as an erasure.
constexpr int kErasureLow = 96;
constexpr int kErasureHigh = 159;
// Profile 1 accepts a reading only with at most this many nibble errors
// (the code corrects 3); the rest of the distance guards against false reads.
constexpr int kLocatorMaxErrors = 2;

struct ModuleDecode {
    bool ok = false;
    std::vector<uint8_t> payload;
    Encodation encodation = Encodation::bytes;
    int errors = 0;        // symbols corrected, all blocks
    int erasures = 0;      // erasures filled, all blocks
    int correction_margin = 0;  // min over blocks of E - 2e - f
    int parity_per_block = 0;
    // The corrected codewords, data and parity, in placement order (Profiles
    // 0, 2 and 3): what the symbol's data modules were printed from.
    std::vector<uint8_t> codewords;
};

// darkness: one value per module (n*n, row-major; 64 cells for Profile 1).
// The parameters must be valid (format_word_valid, or Profile 1).
ModuleDecode decode_modules(const FormatInfo &params, const uint8_t *darkness, size_t count);

}  // namespace ckey
