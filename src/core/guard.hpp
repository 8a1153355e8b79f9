// The guard every extern "C" entry point runs its body in: it clears the last
// error, and maps any exception to a status plus the last-error message, so
// no exception crosses the C API.
#pragma once

#include "error.hpp"
#include "last_error.hpp"

#include <new>

namespace ckey {

template <class Body>
ckey_status guarded(Body &&body) noexcept {
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
