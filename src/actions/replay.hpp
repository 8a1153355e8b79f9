// The seen-set that makes a Safe Action single use: each verified code's
// nonce (and request ID) is kept until the code's expiry plus the skew, so a
// replay within its lifetime is refused. In memory, per verifier.
//
// The clock is the caller's and may go back, so an entry dropped as expired
// at one `now` could be valid again at an earlier one. The set therefore
// remembers the latest keep-until it ever dropped (its horizon) and refuses
// every code kept no longer than that, whatever the clock says (spec 5.4).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

namespace ckey::actions {

class ReplaySet {
public:
    explicit ReplaySet(size_t capacity) : capacity_(capacity) {}

    // Throws Rejection(replayed) if any key is still held;
    // Rejection(replay_forgotten) if keep_until is at or before the horizon,
    // since such a code's entries may have been dropped; or
    // Rejection(replay_set_full) if there is no room after dropping the
    // entries kept until before now (fail closed rather than forget more).
    // Otherwise records every key until keep_until.
    void admit(const std::vector<std::string> &keys, int64_t keep_until, int64_t now);
    size_t size() const { return until_.size(); }

private:
    void drop_expired(int64_t now);

    size_t capacity_;
    std::unordered_map<std::string, int64_t> until_;
    int64_t horizon_ = std::numeric_limits<int64_t>::min();  // the latest keep-until dropped
};

}  // namespace ckey::actions
