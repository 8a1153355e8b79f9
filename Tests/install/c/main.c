/* A C99 consumer of the installed CKey library: encode, read the symbol back
 * at the module level, and check a refusal. Built by Tests/install/run.sh
 * with -std=c99 -Wall -Wextra -Werror -pedantic, once through
 * find_package(CKey) and once through pkg-config. Exit status 0 = pass. */
#include <ckey/ckey.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static void expect(int condition, const char *what) {
    if (!condition) {
        fprintf(stderr, "FAIL: %s (%s)\n", what, ckey_last_error());
        ++failures;
    }
}

int main(void) {
    const char *text = "https://openckey.org";
    ckey_symbol *symbol = NULL;
    ckey_symbol_info info;
    uint8_t *modules = NULL;
    ckey_decoded *decoded = NULL;
    const uint8_t *payload = NULL;
    size_t length = 0, capacity = 0, i, count;

    expect(ckey_symbol_encode((const uint8_t *)text, strlen(text), CKEY_PROFILE_SCALABLE, 0, CKEY_LEVEL_M,
                              CKEY_LAYOUT_STANDARD, &symbol) == CKEY_OK, "encode");
    if (symbol == NULL) return 1;
    expect(ckey_symbol_get_info(symbol, &info) == CKEY_OK, "get_info");
    expect(info.version == 1 && info.modules == 21, "version 1, 21 modules");

    count = (size_t)info.modules * (size_t)info.modules;
    modules = (uint8_t *)malloc(count);
    if (modules == NULL) return 1;
    expect(ckey_symbol_get_modules(symbol, modules, count) == CKEY_OK, "get_modules");
    for (i = 0; i < count; ++i) modules[i] = (modules[i] & 1) ? 255 : 0;
    expect(ckey_decode_modules(info.profile, info.version, info.level, info.layout, info.mask, modules, count,
                               &decoded) == CKEY_OK, "decode_modules");
    if (decoded != NULL) {
        expect(ckey_decoded_get_payload(decoded, &payload, &length) == CKEY_OK, "decoded payload");
        expect(length == strlen(text) && memcmp(payload, text, length) == 0, "round trip");
    }

    expect(ckey_symbol_get_capacity(CKEY_PROFILE_SCALABLE, 32, CKEY_LEVEL_L, CKEY_LAYOUT_STANDARD, &capacity) ==
               CKEY_VERSION_OUT_OF_RANGE, "version 32 refused");
    expect(strstr(ckey_last_error(), "32") != NULL, "the refusal names the value");
    expect(ckey_symbol_get_capacity(CKEY_PROFILE_SCALABLE, 31, CKEY_LEVEL_L, CKEY_LAYOUT_STANDARD, &capacity) == CKEY_OK &&
               capacity >= 2000, "capacity v31-L");

    printf("ckey %s (C consumer): version %d, %d x %d modules, mask %d, v31-L capacity %lu bytes\n",
           ckey_version_string(), info.version, info.modules, info.modules, info.mask, (unsigned long)capacity);
    ckey_decoded_destroy(decoded);
    ckey_symbol_destroy(symbol);
    ckey_symbol_destroy(NULL);
    free(modules);
    return failures == 0 ? 0 : 1;
}
