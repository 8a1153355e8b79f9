// Single use: a seen-set with expiry, and a horizon below which it refuses
// what it may have forgotten.
#include "replay.hpp"

#include "reason.hpp"

#include <algorithm>

namespace ckey::actions {

void ReplaySet::drop_expired(int64_t now) {
    for (auto it = until_.begin(); it != until_.end();) {
        if (it->second < now) {
            horizon_ = std::max(horizon_, it->second);
            it = until_.erase(it);
        } else {
            ++it;
        }
    }
}

void ReplaySet::admit(const std::vector<std::string> &keys, int64_t keep_until, int64_t now) {
    for (const std::string &key : keys) {
        auto it = until_.find(key);
        if (it != until_.end() && it->second >= now)
            reject(CKEY_ACTION_REPLAYED, "this code's ", key.substr(0, key.find(' ')), " was already used; a Safe Action runs once");
    }
    if (keep_until <= horizon_)
        reject(CKEY_ACTION_REPLAY_FORGOTTEN, "this code is kept until ", keep_until, " (exp + skew), but the seen-set "
               "already dropped codes kept until ", horizon_, ", when its clock was later than now (", now,
               "); it cannot tell whether this code was used");
    if (until_.size() + keys.size() > capacity_) {
        drop_expired(now);
        if (until_.size() + keys.size() > capacity_)
            reject(CKEY_ACTION_REPLAY_SET_FULL, "the seen-set holds ", until_.size(), " unexpired codes (capacity ",
                   capacity_, "); try again after some expire");
    }
    for (const std::string &key : keys) until_[key] = keep_until;
}

}  // namespace ckey::actions
