// Status names, the library version, and ckey_free.
#include <ckey/status.h>

#include <cstdlib>

extern "C" const char *ckey_version_string(void) { return "0.1.0"; }

extern "C" const char *ckey_status_string(ckey_status status) {
    switch (status) {
    case CKEY_OK: return "ok";
    case CKEY_INVALID_ARGUMENT: return "invalid argument";
    case CKEY_PAYLOAD_TOO_LARGE: return "payload too large";
    case CKEY_VERSION_OUT_OF_RANGE: return "version out of range";
    case CKEY_INVALID_PARAMETER: return "invalid parameter";
    case CKEY_INVALID_TEXT: return "invalid text";
    case CKEY_EMPTY_PAYLOAD: return "empty payload";
    case CKEY_DECODE_FAILED: return "decode failed";
    case CKEY_SIZE_TOO_SMALL: return "size too small";
    case CKEY_STYLE_REFUSED: return "style refused";
    case CKEY_IO_ERROR: return "i/o error";
    case CKEY_IMAGE_FORMAT: return "unsupported or corrupt image";
    case CKEY_IMAGE_TOO_LARGE: return "image too large";
    case CKEY_INVALID_CONFIGURATION: return "invalid configuration";
    case CKEY_ACTION_REJECTED: return "safe action rejected";
    case CKEY_OUT_OF_MEMORY: return "out of memory";
    case CKEY_INTERNAL: return "internal error";
    }
    return "unknown status";
}

extern "C" void ckey_free(void *memory) { std::free(memory); }
