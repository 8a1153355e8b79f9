// The core's one exception type and the helpers that build its messages.
// Every module throws ckey::Error; only the guard (guard.hpp) catches it.
#pragma once

#include <ckey/status.h>

#include <exception>
#include <sstream>
#include <string>
#include <utility>

namespace ckey {

// Carries a stable code and a message that names the value received and
// what is allowed.
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

// Throws CKEY_INVALID_ARGUMENT naming the argument when pointer is NULL.
inline void require(const void *pointer, const char *name) {
    if (pointer == nullptr) fail(CKEY_INVALID_ARGUMENT, name, " is NULL; pass a valid pointer");
}

}  // namespace ckey
