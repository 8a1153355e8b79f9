#include "blocks.hpp"

#include <algorithm>

namespace ckey {

int level_parity_percent(int level) {
    static const int percent[4] = {14, 38, 54, 66};
    return percent[level & 3];
}

int BlockPlan::data_total() const {
    int sum = 0;
    for (int n : block_lengths) sum += n - parity_per_block;
    return sum;
}

BlockPlan plan_blocks(int total, int level) {
    BlockPlan plan;
    plan.total = total;
    int blocks = (total + 254) / 255;
    int short_len = total / blocks, long_count = total % blocks;
    for (int b = 0; b < blocks; ++b) plan.block_lengths.push_back(short_len + (b >= blocks - long_count ? 1 : 0));
    plan.parity_per_block = std::max(2, 2 * ((short_len * level_parity_percent(level) + 100) / 200));
    return plan;
}

std::vector<std::pair<int, int>> interleave_order(const BlockPlan &plan) {
    std::vector<std::pair<int, int>> order;
    order.reserve(plan.total);
    const int blocks = static_cast<int>(plan.block_lengths.size());
    const int e = plan.parity_per_block;
    int longest_data = 0;
    for (int n : plan.block_lengths) longest_data = std::max(longest_data, n - e);
    for (int i = 0; i < longest_data; ++i)
        for (int b = 0; b < blocks; ++b)
            if (i < plan.block_lengths[b] - e) order.emplace_back(b, i);
    for (int i = 0; i < e; ++i)
        for (int b = 0; b < blocks; ++b) order.emplace_back(b, plan.block_lengths[b] - e + i);
    return order;
}

}  // namespace ckey
