/*
 * fuzz_cli.c - libFuzzer harness over loom's command line parser (make fuzz).
 *
 * The input bytes are split at NUL bytes and newlines into arguments (at most
 * 64, after "loom"), then parsed by app_cli_parse exactly as main() would,
 * without running anything. A usage error is the expected answer for most
 * inputs; a crash, a leak or a sanitizer report is a finding, and so is an
 * option accepted with a value outside its documented range (checked below).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../app/cli.h"

enum { MAX_ARGS = 64 };

static void check(bool condition, const char *what) {
    if (!condition) {
        fprintf(stderr, "fuzz_cli: accepted %s\n", what);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* A private copy: the options point into argv, as they do into main's. */
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = "loom";
    char *start = text;
    for (size_t i = 0; i <= size && argc <= MAX_ARGS; i++) {
        if (i == size || text[i] == '\0' || text[i] == '\n') {
            text[i] = '\0';
            argv[argc++] = start;
            start = text + i + 1;
        }
    }
    argv[argc] = NULL;

    app_cli cli;
    app_cli_init(&cli, argc, argv);
    int status = app_cli_parse(&cli, argc, argv);
    check(status == APP_EXIT_OK || status == APP_EXIT_USAGE, "an unknown status");
    if (status == APP_EXIT_OK && cli.action == APP_CLI_RUN) {
        const app_options *o = &cli.options;
        check(o->scene != NULL, "a command without a scene");
        check(o->width >= 16 && o->width <= 8192 && o->height >= 16 && o->height <= 8192,
              "a size out of range");
        check(isfinite(o->fps) && o->fps >= 1 && o->fps <= 10000, "an fps out of range");
        check(o->threads >= 1 && o->threads <= 64, "a thread count out of range");
        check(o->limits.time_seconds > 0 && isfinite(o->limits.time_seconds),
              "a timeout out of range");
        check(o->limits.memory_bytes >= (size_t)1 << 20, "a memory limit out of range");
        if (o->command != APP_WINDOW)
            check(o->frames >= 1 && o->frames <= 1000000, "a frame count out of range");
        for (int i = 0; i < o->at_count; i++) {
            check(o->at[i] >= 0 && o->at[i] < o->frames, "an --at moment past the frames");
            check(i == 0 || o->at[i] > o->at[i - 1], "--at moments out of order or repeated");
        }
        check((o->at != NULL) == (o->at_count > 0), "--at without moments");
        check(o->page != NULL, "a sweep without a page");
        if (o->command == APP_RENDER)
            check(o->out != NULL || o->video != NULL, "a render with nowhere to write");
    }
    app_cli_free(&cli);
    free(text);
    return 0;
}
