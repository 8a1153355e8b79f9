// Prints the time ckey_payload_classify takes on typical payloads and on
// hostile ones at the 8192-byte cap (linear time means the per-byte cost stays flat).
#include <ckey/ckey.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace {

double microseconds(const std::string &text, int repeats) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < repeats; ++i) {
        ckey_payload *payload = nullptr;
        ckey_payload_classify(text.data(), text.size(), &payload);
        ckey_payload_destroy(payload);
    }
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / repeats;
}

std::string fill(std::string prefix, const std::string &unit, const std::string &suffix = "") {
    while (prefix.size() + unit.size() + suffix.size() <= CKEY_PAYLOAD_INPUT_CAP) prefix += unit;
    return prefix + suffix;
}

}  // namespace

int main() {
    const std::pair<const char *, std::string> cases[] = {
        {"web", "https://openckey.org/docs/payloads?lang=en#web"},
        {"web idn", "https://b\xC3\xBC" "cher.example/"},
        {"mailto", "mailto:alice@example.com?subject=Hello%20there&body=See%20you"},
        {"tel", "tel:+1-415-555-0123"},
        {"geo", "geo:37.786971,-122.399677;u=35"},
        {"vcard", "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nTEL:+14155550123\r\n"
                  "EMAIL:jane@example.com\r\nURL:https://example.com\r\nEND:VCARD\r\n"},
        {"mecard", "MECARD:N:Doe,John;TEL:+14155550123;EMAIL:john@example.com;;"},
        {"8 KB web path", fill("https://a.com/", "%41")},
        {"8 KB host labels", fill("https://", "a.", "com")},
        {"8 KB mecard escapes", fill("MECARD:N:X;NOTE:", "\\;", ";;")},
        {"8 KB vcard folds", fill("BEGIN:VCARD\nVERSION:3.0\nFN:X\n", " x\n", "END:VCARD\n")},
        {"8 KB plain text", fill("", "lorem ipsum ")},
        {"1 MB oversize", std::string(1 << 20, 'a')},
    };
    std::printf("%-22s %8s %12s %10s\n", "payload", "bytes", "us/classify", "ns/byte");
    for (const auto &[name, text] : cases) {
        int repeats = text.size() > 1000 ? 2000 : 100000;
        double us = microseconds(text, repeats);
        std::printf("%-22s %8zu %12.2f %10.2f\n", name, text.size(), us, us * 1000 / static_cast<double>(text.size()));
    }
    return 0;
}
