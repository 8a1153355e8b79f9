// Arithmetic in GF(2^m) by log/antilog tables: GF(256) for data blocks,
// GF(16) for the Profile 1 identifier.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ckey {

class GaloisField {
public:
    // size = 2^m, m <= 8; primitive = the field polynomial including the x^m term.
    GaloisField(int size, int primitive);

    int size() const { return size_; }
    int exp(int power) const { return exp_[power % (size_ - 1)]; }
    int log(int value) const { return log_[value]; }  // value must be non-zero
    int multiply(int a, int b) const {
        return (a == 0 || b == 0) ? 0 : exp_[log_[a] + log_[b]];
    }
    int divide(int a, int b) const;  // b must be non-zero
    int inverse(int a) const { return exp_[size_ - 1 - log_[a]]; }
    // alpha^power times every element, indexed by the element (0 <= power < size - 1):
    // a multiplication by a constant as one lookup.
    const uint8_t *times_exp(int power) const { return &times_[static_cast<std::size_t>(power) * size_]; }

private:
    int size_;
    std::vector<int> exp_;  // doubled so multiply needs no modulo
    std::vector<int> log_;
    std::vector<uint8_t> times_;  // size - 1 rows of size products
};

// x^8 + x^4 + x^3 + x^2 + 1 (0x11D), generator element alpha = 2.
const GaloisField &gf256();
// x^4 + x + 1 (0x13), alpha = 2.
const GaloisField &gf16();

}  // namespace ckey
