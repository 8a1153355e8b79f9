// A minimal test harness: TEST(name) { CHECK(...); } and one main per file.
// Prints "N passed, M failed" at the end; exits non-zero on any failure.
#pragma once

#include <cstdio>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace check {

struct Case {
    const char *name;
    std::function<void()> body;
};

std::vector<Case> &registry();
void record_failure(const char *file, int line, const std::string &what);
int checks_failed_in_current();

struct Register {
    Register(const char *name, std::function<void()> body) { registry().push_back({name, std::move(body)}); }
};

template <class A, class B>
void equal(const A &a, const B &b, const char *as, const char *bs, const char *file, int line) {
    if (!(a == b)) {
        std::ostringstream out;
        out << as << " == " << bs << " (" << a << " vs " << b << ")";
        record_failure(file, line, out.str());
    }
}

std::string source_path(const std::string &relative);

}  // namespace check

#define CKEY_CAT2(a, b) a##b
#define CKEY_CAT(a, b) CKEY_CAT2(a, b)
#define TEST(name)                                                                      \
    static void name();                                                                 \
    static check::Register CKEY_CAT(register_, name)(#name, name);                      \
    static void name()
#define CHECK(cond) \
    do { if (!(cond)) check::record_failure(__FILE__, __LINE__, #cond); } while (0)
#define CHECK_EQ(a, b) check::equal((a), (b), #a, #b, __FILE__, __LINE__)
#define REQUIRE(cond)                                                                   \
    do { if (!(cond)) { check::record_failure(__FILE__, __LINE__, #cond); return; } } while (0)
