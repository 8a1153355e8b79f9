// A rejected Safe Action: the reason code and a message naming the value.
#pragma once

#include <ckey/actions.h>

#include "../core/error.hpp"

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

// The highest ckey_action_reason; reasons are only ever added after it.
constexpr int kLastReason = CKEY_ACTION_REPLAY_FORGOTTEN;

const char *reason_name(int reason);

}  // namespace ckey::actions
