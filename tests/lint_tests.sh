#!/bin/sh
# Lint of the test scripts themselves: a check that needs a program beyond
# what `make demo` installs asks for it with need (tests/lib.sh), which skips
# it with the Debian package to install where the program is missing and
# lets .ci/run install every such package; no script looks for a program
# itself (`command -v PROGRAM >/dev/null`), which would run, fail or pass in
# silence on a machine without it. Usage: sh tests/lint_tests.sh
. "$(dirname "$0")/lib.sh"

grep -n -E 'command -v [A-Za-z0-9._+-]+ *>' tests/*.sh | grep -v -E '^tests/(lib|lint_tests).sh:' >"$tmp/found"
if [ -s "$tmp/found" ]; then
    not_ok "tests look for programs with need (tests/lib.sh), not command -v" "$tmp/found"
else
    ok "tests look for programs with need (tests/lib.sh), not command -v"
fi

# Every need names a program and a Debian package (two words at least).
grep -n -E '(^|[[:space:]!;&|(])need( |$)' tests/*.sh | grep -v -E '^[^:]+:[0-9]+: *#' |
    grep -v '^tests/lint_tests.sh:' |
    grep -v -E '[:[:space:]!;&|(]need +"?[A-Za-z0-9.+_-]+"? +"?[a-z0-9][a-z0-9.+-]+' >"$tmp/bad"
if [ -s "$tmp/bad" ]; then
    not_ok "every need names a program and its Debian package" "$tmp/bad"
else
    ok "every need names a program and its Debian package"
fi

# .ci/run installs what the tests need: it reads the same lines.
packages=" $(sh .ci/run --packages) "
missing=""
for p in xvfb xdotool lua5.4 ffmpeg lua-check clang-format; do
    case $packages in *" $p "*) ;; *) missing="$missing $p" ;; esac
done
if [ -z "$missing" ]; then
    ok ".ci/run installs the packages the tests need (xvfb, xdotool, ffmpeg, ...)"
else
    not_ok ".ci/run installs the packages the tests need" "missing:$missing"
fi

finish
