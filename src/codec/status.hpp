// Errors inside the core and the guard that turns them into C status codes.
#pragma once

#include <ckey/ckey.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <sstream>
#include <string>
#include <utility>

namespace ckey {

// The one exception type of the core. Carries a stable code and a message
// that names the value received and what is allowed.
class Error : public std::exception {
public:
    Error(ckey_status code, std::string message) : code_(code), message_(std::move(message)) {}
    ckey_status code() const noexcept { return code_; }
    const char *what() const noexcept override { return message_.c_str(); }

private:
    ckey_status code_;
    std::string message_;
};

// Builds a message from any streamable pieces: cat("got ", n, " bytes").
template <class... Parts>
std::string cat(const Parts &...parts) {
    std::ostringstream out;
    (out << ... << parts);
    return out.str();
}

template <class... Parts>
[[noreturn]] void fail(ckey_status code, const Parts &...parts) {
    throw Error(code, cat(parts...));
}

void set_last_error(const char *message);
void clear_last_error();

// Copies handed to C callers, who release them with free() (through the
// module's *_free function). Throw std::bad_alloc when memory runs out.
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

// Throws CKEY_INVALID_ARGUMENT naming the argument when pointer is NULL.
inline void require(const void *pointer, const char *name) {
    if (pointer == nullptr) fail(CKEY_INVALID_ARGUMENT, name, " is NULL; pass a valid pointer");
}

// Runs body and maps any exception to a status plus the last-error message.
// Every extern "C" entry point goes through this, so no exception escapes.
template <class Body>
int guarded(Body &&body) noexcept {
    try {
        clear_last_error();
        body();
        return CKEY_OK;
    } catch (const Error &error) {
        set_last_error(error.what());
        return error.code();
    } catch (const std::bad_alloc &) {
        set_last_error("out of memory");
        return CKEY_OUT_OF_MEMORY;
    } catch (const std::exception &error) {
        set_last_error(cat("internal error: ", error.what()).c_str());
        return CKEY_INTERNAL;
    } catch (...) {
        set_last_error("internal error: unknown exception");
        return CKEY_INTERNAL;
    }
}

}  // namespace ckey
