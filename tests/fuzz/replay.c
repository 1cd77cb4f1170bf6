/*
 * replay.c - runs a libFuzzer harness on given files without libFuzzer, so
 * that the seed corpus and every crash once found (tests/fuzz/corpus/NAME/)
 * are replayed by `make test` (and under the sanitizers by `make check`).
 *
 *   build/tests/fuzz_lua_replay FILE...
 *
 * Prints "ok - FILE" per file (a crash ends the process instead) and ends
 * with "N passed, 0 failed".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
    int failed = 0, passed = 0;
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "rb");
        uint8_t *data = NULL;
        size_t size = 0;
        if (file) {
            fseek(file, 0, SEEK_END);
            long length = ftell(file);
            fseek(file, 0, SEEK_SET);
            data = malloc(length > 0 ? (size_t)length : 1);
            if (data && length > 0)
                size = fread(data, 1, (size_t)length, file);
            fclose(file);
        }
        if (!data) {
            printf("not ok - %s cannot be read\n", argv[i]);
            failed++;
            continue;
        }
        fflush(stdout);
        LLVMFuzzerTestOneInput(data, size);
        free(data);
        printf("ok - %s\n", argv[i]);
        passed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
