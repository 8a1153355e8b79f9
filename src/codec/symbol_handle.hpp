// The C handle of an encoded symbol is the codec's Symbol. The modules that
// may use the codec (render, certify) read it here instead of copying it out
// through the public C API.
#pragma once

#include <ckey/symbol.h>

#include "../core/error.hpp"
#include "symbol.hpp"

struct ckey_symbol {
    ckey::Symbol symbol;
};

namespace ckey {

// The symbol behind a handle; CKEY_INVALID_ARGUMENT when handle is NULL.
inline const Symbol &symbol_of(const ckey_symbol *handle) {
    require(handle, "symbol");
    return handle->symbol;
}

}  // namespace ckey
