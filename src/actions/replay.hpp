// The seen-set that makes a Safe Action single use: each verified code's
// nonce (and request ID) is kept until the code's expiry plus the skew, so a
// replay within its lifetime is refused. In memory, per verifier.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace ckey::actions {

class ReplaySet {
public:
    explicit ReplaySet(size_t capacity) : capacity_(capacity) {}

    // Throws Rejection(replayed) if any key is still held, or
    // Rejection(replay_set_full) if there is no room after dropping expired
    // entries (fail closed rather than forget). Otherwise records them all.
    void admit(const std::vector<std::string> &keys, int64_t keep_until, int64_t now);
    size_t size() const { return until_.size(); }

private:
    size_t capacity_;
    std::unordered_map<std::string, int64_t> until_;
};

}  // namespace ckey::actions
