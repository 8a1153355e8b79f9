// Fuzz target for ckey::read_jpeg (src/image/jpeg_reader.cpp), then a scan of
// the decoded image. See image_fuzz.hpp for what counts as a failure.
#include "image_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    return fuzz::decode_and_scan([](const uint8_t *d, size_t n) { return ckey::read_jpeg(d, n); }, data, size);
}
