// Copies handed to C callers, who release them with free() (through the
// module's *_free function). They throw std::bad_alloc when memory runs out.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

namespace ckey {

inline uint8_t *malloc_copy(const void *data, size_t length) {
    auto *copy = static_cast<uint8_t *>(std::malloc(length ? length : 1));
    if (copy == nullptr) throw std::bad_alloc();
    if (length) std::memcpy(copy, data, length);
    return copy;
}

// NUL-terminated.
inline char *malloc_copy(const std::string &text) {
    return reinterpret_cast<char *>(malloc_copy(text.c_str(), text.size() + 1));
}

}  // namespace ckey
