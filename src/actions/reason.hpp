// A rejected Safe Action: the reason code and a message naming the value.
#pragma once

#include <ckey/ckey.h>

#include "../codec/status.hpp"

#include <string>

namespace ckey::actions {

struct Rejection {
    ckey_action_reason reason;
    std::string message;
};

template <class... Parts>
[[noreturn]] void reject(ckey_action_reason reason, const Parts &...parts) {
    throw Rejection{reason, cat(parts...)};
}

const char *reason_name(int reason);

}  // namespace ckey::actions
