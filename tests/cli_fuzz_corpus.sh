#!/bin/sh
# Replays the fuzzers' seed corpus and every input that once crashed them
# (tests/fuzz/corpus/NAME/, kept there as regression tests) through the
# harnesses built without libFuzzer (build/tests/fuzz_NAME_replay). A crash,
# an abort or a sanitizer report (make check) fails the suite.
# Usage: sh tests/cli_fuzz_corpus.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per input and ends with "N passed, N failed".
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/lib.sh"
for name in lua cli strings; do
    replay=$build/tests/fuzz_${name}_replay
    if [ ! -x "$replay" ]; then
        echo "not ok - $replay is built"
        fail=$((fail + 1))
        continue
    fi
    for input in "$here"/fuzz/corpus/$name/*; do
        [ -f "$input" ] || continue
        # One process per input: a crash names its input and spares the rest.
        if "$replay" "$input" >/dev/null 2>"$build/fuzz_replay.err"; then
            pass=$((pass + 1)); echo "ok - fuzz_$name $(basename "$input")"
        else
            fail=$((fail + 1)); echo "not ok - fuzz_$name $(basename "$input") (status $?)"
            tail -n 20 "$build/fuzz_replay.err" | sed 's/^/#   /'
        fi
    done
done
rm -f "$build/fuzz_replay.err"
finish
