// A number as the vector exports (SVG, PDF) write it: up to four decimals,
// no trailing zeros, no trailing point.
#pragma once

#include <cstdio>
#include <string>

namespace ckey {

inline std::string short_decimal(double v) {
    char text[40];
    std::snprintf(text, sizeof text, "%.4f", v);
    std::string s = text;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

}  // namespace ckey
