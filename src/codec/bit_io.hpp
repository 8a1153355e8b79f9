// Most-significant-bit-first writing and reading of the data bit stream.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ckey {

class BitWriter {
public:
    void put(uint32_t value, int bits) {
        for (int i = bits - 1; i >= 0; --i) {
            if (used_ % 8 == 0) bytes_.push_back(0);
            if ((value >> i) & 1) bytes_.back() |= static_cast<uint8_t>(0x80 >> (used_ % 8));
            ++used_;
        }
    }
    size_t bits() const { return used_; }
    std::vector<uint8_t> &bytes() { return bytes_; }

private:
    std::vector<uint8_t> bytes_;
    size_t used_ = 0;
};

class BitReader {
public:
    BitReader(const uint8_t *data, size_t length) : data_(data), bits_(length * 8) {}
    // False, leaving the position alone, when fewer than `bits` remain.
    bool take(int bits, uint32_t &value) {
        if (position_ + static_cast<size_t>(bits) > bits_) return false;
        value = 0;
        for (int i = 0; i < bits; ++i, ++position_)
            value = (value << 1) | ((data_[position_ / 8] >> (7 - position_ % 8)) & 1);
        return true;
    }
    size_t remaining() const { return bits_ - position_; }

private:
    const uint8_t *data_;
    size_t bits_, position_ = 0;
};

}  // namespace ckey
