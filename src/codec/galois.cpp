#include "galois.hpp"

namespace ckey {

GaloisField::GaloisField(int size, int primitive)
    : size_(size), exp_(2 * size), log_(size, 0) {
    int value = 1;
    for (int power = 0; power < size - 1; ++power) {
        exp_[power] = value;
        log_[value] = power;
        value <<= 1;
        if (value & size) value ^= primitive;
    }
    for (int power = size - 1; power < 2 * size; ++power) exp_[power] = exp_[power - (size - 1)];
    times_.resize(static_cast<std::size_t>(size - 1) * size);
    for (int power = 0; power < size - 1; ++power)
        for (int v = 0; v < size; ++v)
            times_[static_cast<std::size_t>(power) * size + v] = static_cast<uint8_t>(multiply(v, exp_[power]));
}

int GaloisField::divide(int a, int b) const {
    if (a == 0) return 0;
    return exp_[(log_[a] + (size_ - 1) - log_[b]) % (size_ - 1)];
}

const GaloisField &gf256() {
    static const GaloisField field(256, 0x11D);
    return field;
}

const GaloisField &gf16() {
    static const GaloisField field(16, 0x13);
    return field;
}

}  // namespace ckey
