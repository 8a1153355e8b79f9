// Encoding: payload and parameters -> the symbol's modules and format band.
#pragma once

#include "blocks.hpp"
#include "encodation.hpp"
#include "field.hpp"
#include "format.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ckey {

struct SymbolParams {
    int profile = 0;
    int version = 0;  // Profile 0: 0 = smallest that fits
    int level = 1;
    int layout = 0;
};

struct Symbol {
    int profile = 0, version = 0, level = 0, layout = 0, mask = 0;
    int n = 0;                       // data-field modules per side
    uint32_t format_word = 0;        // 12 bits; 0 for Profile 1
    Encodation encodation = Encodation::bytes;
    EncodationPlan stream;           // how the payload was coded, and its bits
    BlockPlan plan;
    std::vector<uint8_t> modules;    // n*n: bit 0 dark, bit 1 key module
    std::vector<uint8_t> format;     // 96 band cells (empty for Profile 1)
    std::vector<uint8_t> payload;
    size_t capacity = 0;             // byte capacity of these parameters
};

// Validates the parameters and the payload, then encodes. Throws ckey::Error
// with a message naming the value and the limit.
Symbol encode_symbol(const uint8_t *data, size_t length, SymbolParams params);

// The unmasked matrix of a field (spec sections 4.5 and 10): n*n, bit 0
// dark, bit 1 a key module; the codewords' bits along the placement order,
// 0 past the last whole codeword.
std::vector<uint8_t> place_codewords(const FieldLayout &field, const std::vector<uint8_t> &codewords);
// XORs the mask pattern (spec section 11) into the data modules.
void apply_mask(std::vector<uint8_t> &modules, const FieldLayout &field, int mask);

// Largest byte payload; parameters must already be valid.
size_t capacity_bytes(int profile, int version, int level, int layout);

// Checks the parameters the way encode_symbol does (version 0 allowed when
// allow_auto is true).
void validate_params(const SymbolParams &params, bool allow_auto);

// Payload data codewords available (all blocks).
int data_codewords(int profile, int version, int level, int layout);

// The matrix text used by spec/vectors: the format line then the rows.
std::string matrix_text(const Symbol &symbol);

}  // namespace ckey
