/* A C99 client of <ckey/telemetry.h> alone, for the tests in this folder:
 *   batch_tool make          prints real batches, one JSON document per line
 *   batch_tool validate      reads one batch on stdin; exit 0 when the core accepts it
 *   batch_tool record DIR N  counts N sessions in DIR (mode 2) and makes them durable,
 *                            prints "ready", then keeps DIR until stdin ends; when
 *                            create refuses DIR, prints its message to stderr and
 *                            exits with its status
 */
#include <ckey/telemetry.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t utc_now = 20786LL * 86400 + 3600;
static int64_t mono_now = 1;
static int64_t read_utc(void *context) { (void)context; return utc_now; }
static int64_t read_mono(void *context) { (void)context; return mono_now; }

static int emit(ckey_telemetry *t) {
    int due = 0;
    char *json = NULL;
    size_t length = 0;
    uint64_t id = 0;
    if (ckey_telemetry_poll(t, &due) != 0 || !due) return 1;
    if (ckey_telemetry_take_batch(t, &json, &length, &id) != 0 || !json) return 1;
    fwrite(json, 1, length, stdout);
    fputc('\n', stdout);
    ckey_free(json);
    ckey_telemetry_report(t, id, 200, 0);
    utc_now += 3600;
    mono_now += 3600LL * 1000000000LL;
    return 0;
}

static int record(const char *directory, long sessions) {
    ckey_telemetry_config config;
    memset(&config, 0, sizeof config);
    config.directory = directory;
    config.sdk = "swift";
    config.sdk_version = "0.1.0";
    config.platform = "linux";
    config.mode = CKEY_TELEMETRY_LOCAL;
    ckey_telemetry *t = NULL;
    int status = ckey_telemetry_create(&config, &t);
    if (status != 0) {
        fprintf(stderr, "%s\n", ckey_last_error());
        return status;
    }
    int due = 0;
    for (long i = 0; i < sessions; ++i) {
        ckey_telemetry_session_started(t);
        ckey_telemetry_session_failed(t);
        if (i % 100 == 99) ckey_telemetry_poll(t, &due); /* as the SDK does after sessions */
    }
    ckey_telemetry_poll(t, &due);
    printf("ready\n");
    fflush(stdout);
    while (fgetc(stdin) != EOF) {
    }
    ckey_telemetry_destroy(t);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "record") == 0) return record(argv[2], atol(argv[3]));
    if (argc == 2 && strcmp(argv[1], "validate") == 0) {
        static char buffer[1 << 17];
        size_t length = fread(buffer, 1, sizeof buffer, stdin);
        int status = ckey_telemetry_validate_batch(buffer, length);
        if (status != 0) fprintf(stderr, "%s\n", ckey_last_error());
        return status;
    }
    if (argc != 2 || strcmp(argv[1], "make") != 0) return 2;
    ckey_telemetry_config config;
    memset(&config, 0, sizeof config);
    config.sdk = "swift";
    config.sdk_version = "0.1.0";
    config.platform = "ios";
    config.mode = CKEY_TELEMETRY_ON;
    config.utc_clock = read_utc;
    config.monotonic_clock = read_mono;
    ckey_telemetry *t = NULL;
    if (ckey_telemetry_create(&config, &t) != 0) return 1;
    int failures = 0;
    /* 1: one session, one frame. */
    ckey_telemetry_session_started(t);
    ckey_telemetry_frame_processed(t, 3500);
    ckey_telemetry_session_succeeded(t, 0, 1200000);
    failures += emit(t);
    /* 2: histogram edges, every profile, failures, two UTC days. */
    int64_t edges[] = {0, 15, 16, 17, 18, 31, 32, 1000, 134217727, 134217728, 9000000000LL};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; ++i) ckey_telemetry_frame_processed(t, edges[i]);
    for (int p = 0; p < 4; ++p) {
        ckey_telemetry_session_started(t);
        ckey_telemetry_session_succeeded(t, p, edges[p * 3 % 11]);
    }
    ckey_telemetry_session_started(t);
    ckey_telemetry_session_failed(t);
    utc_now += 86400;
    ckey_telemetry_session_started(t);
    ckey_telemetry_session_failed(t);
    failures += emit(t);
    /* 3: many samples over the whole range. */
    for (int64_t v = 1; v < 300000000; v = v * 5 / 4 + 1) ckey_telemetry_frame_processed(t, v);
    failures += emit(t);
    ckey_telemetry_destroy(t);
    return failures;
}
