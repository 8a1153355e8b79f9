// Single use: a seen-set with expiry.
#include "replay.hpp"

#include "reason.hpp"

namespace ckey::actions {

void ReplaySet::admit(const std::vector<std::string> &keys, int64_t keep_until, int64_t now) {
    for (const std::string &key : keys) {
        auto it = until_.find(key);
        if (it != until_.end() && it->second >= now)
            reject(CKEY_ACTION_REPLAYED, "this code's ", key.substr(0, key.find(' ')), " was already used; a Safe Action runs once");
    }
    if (until_.size() + keys.size() > capacity_) {
        for (auto it = until_.begin(); it != until_.end();) it = it->second < now ? until_.erase(it) : std::next(it);
        if (until_.size() + keys.size() > capacity_)
            reject(CKEY_ACTION_REPLAY_SET_FULL, "the seen-set holds ", until_.size(), " unexpired codes (capacity ",
                   capacity_, "); try again after some expire");
    }
    for (const std::string &key : keys) until_[key] = keep_until;
}

}  // namespace ckey::actions
