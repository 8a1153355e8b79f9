// Outbox file names, read without exceptions: a name is outside input.
#include "outbox_names.hpp"

#include <cstdio>

namespace ckey::telemetry {

namespace {

constexpr size_t kDigits = 20;                          // %020llu
constexpr size_t kBatchLength = kDigits * 2 + 1 + 5;    // FIRST-LAST.json

// 20 digits of which the first two are 0: at most kMaxBatchNumber (18 nines),
// so the arithmetic cannot overflow.
bool read_number(std::string_view digits, uint64_t &out) {
    out = 0;
    for (size_t i = 0; i < digits.size(); ++i) {
        char c = digits[i];
        if (c < '0' || c > '9' || (i < kDigits - 18 && c != '0')) return false;
        out = out * 10 + uint64_t(c - '0');
    }
    return true;
}

bool read_range(std::string_view name, uint64_t &first, uint64_t &last) {
    if (name.size() != kBatchLength || name[kDigits] != '-' || name.substr(kDigits * 2 + 1) != ".json") return false;
    return read_number(name.substr(0, kDigits), first) && read_number(name.substr(kDigits + 1, kDigits), last) &&
           first >= 1 && first <= last;
}

}  // namespace

OutboxName classify_outbox_name(std::string_view name) {
    OutboxName result;
    constexpr std::string_view kTemporary = ".tmp";
    bool temporary = name.size() > kTemporary.size() && name.substr(name.size() - kTemporary.size()) == kTemporary;
    if (temporary) name.remove_suffix(kTemporary.size());
    if (read_range(name, result.first, result.last))
        result.kind = temporary ? OutboxName::temporary : OutboxName::batch;
    else
        result.first = result.last = 0;
    return result;
}

std::string batch_file_name(uint64_t first, uint64_t last) {
    char name[64];
    std::snprintf(name, sizeof name, "%020llu-%020llu.json", static_cast<unsigned long long>(first),
                  static_cast<unsigned long long>(last));
    return name;
}

}  // namespace ckey::telemetry
