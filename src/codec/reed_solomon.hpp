// Reed-Solomon over a GaloisField: systematic encoding with generator roots
// alpha^0 ... alpha^(E-1), and errors-and-erasures decoding
// (Berlekamp-Massey seeded with the erasure locator, Chien search, Forney).
#pragma once

#include "galois.hpp"

#include <cstdint>
#include <vector>

namespace ckey {

// Writes E parity symbols for data[0..k) into parity[0..E).
void rs_encode(const GaloisField &field, const uint8_t *data, int k, int parity_count,
               uint8_t *parity);

struct RsOutcome {
    bool ok = false;
    int errors = 0;    // symbols corrected that were not flagged as erasures
    int erasures = 0;  // erasure positions given
    int correction_margin = 0;  // E - 2*errors - erasures when ok
};

// Corrects codeword[0..n) in place (data first, then E parity symbols).
// erasures: positions known to be unreliable. Succeeds when
// 2*errors + erasures <= E; otherwise leaves the codeword unchanged and
// returns ok = false. A result is verified by recomputing the syndromes.
RsOutcome rs_decode(const GaloisField &field, uint8_t *codeword, int n, int parity_count,
                    const std::vector<int> &erasures);

// The syndromes S_0 ... S_(E-1) of codeword[0..n).
std::vector<int> rs_syndromes(const GaloisField &field, const uint8_t *codeword, int n, int parity_count);

// rs_decode given the codeword's syndromes (rs_syndromes): several erasure
// guesses for one received word share them.
RsOutcome rs_decode(const GaloisField &field, uint8_t *codeword, int n, int parity_count,
                    const std::vector<int> &erasures, const std::vector<int> &syndromes);

}  // namespace ckey
