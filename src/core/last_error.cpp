// The thread-local last error, and ckey_last_error().
#include "last_error.hpp"

#include <ckey/status.h>

#include <string>

namespace ckey {

namespace {
thread_local std::string last_error;
}

void set_last_error(const char *message) {
    try {
        last_error = message;
    } catch (...) {
        last_error.clear();
    }
}

void clear_last_error() { last_error.clear(); }

}  // namespace ckey

extern "C" const char *ckey_last_error(void) { return ckey::last_error.c_str(); }
