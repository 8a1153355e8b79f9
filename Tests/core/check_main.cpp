#include "check.hpp"

#include <cstdlib>

namespace check {

namespace {
int failures_in_case = 0;
}

std::vector<Case> &registry() {
    static std::vector<Case> cases;
    return cases;
}

void record_failure(const char *file, int line, const std::string &what) {
    if (failures_in_case < 10) std::printf("  FAIL %s:%d: %s\n", file, line, what.c_str());
    ++failures_in_case;
}

int checks_failed_in_current() { return failures_in_case; }

std::string source_path(const std::string &relative) { return std::string(CKEY_SOURCE_DIR) + "/" + relative; }

}  // namespace check

int main(int argc, char **argv) {
    int passed = 0, failed = 0;
    for (const auto &c : check::registry()) {
        if (argc > 1 && std::string(argv[1]) != c.name) continue;
        check::failures_in_case = 0;
        try {
            c.body();
        } catch (const std::exception &e) {
            check::record_failure("?", 0, std::string("exception: ") + e.what());
        }
        if (check::failures_in_case == 0) {
            ++passed;
        } else {
            ++failed;
            std::printf("FAILED %s\n", c.name);
        }
    }
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 && passed > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
