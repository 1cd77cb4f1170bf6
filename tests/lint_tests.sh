#!/bin/sh
# Lint of the test scripts themselves: a check that needs a program beyond
# what `make demo` installs asks for it with need (tests/lib.sh), which skips
# it with the Debian package to install where the program is missing and
# lets .ci/run install every such package; no script looks for a program
# itself (`command -v PROGRAM >/dev/null`), which would run, fail or pass in
# silence on a machine without it; and no check (tests/lib.sh) goes on with
# &&, || or | outside quotes, whose second half the shell would run after
# check and ignore. Usage: sh tests/lint_tests.sh
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

# check DESCRIPTION COMMAND... runs one command: in 'check DESC [ A ] && [ B ]'
# (or '|| B', '| B') the shell runs B after check, and its result is lost,
# so half of the check cannot fail. Each condition goes inside the check (a
# function, or sh -c '...'), or is a check of its own. A small reader of the
# shell's words: quotes, $(...), `...`, subshells, comments, here-documents
# and continued lines; it names each check (file:line of its first word)
# whose command goes on with &&, || or | at the check's own level.
awk '
function word_end(next_char) {
    if (word != "") {
        # check( is lib.sh defining it, not a call.
        if (at_start && word == "check" && next_char != "(") {
            in_check = depth; check_line = FNR; check_text = $0
        }
        at_start = (word in reserved)
        word = ""
    }
}
function separator(op) {
    if (in_check == depth) {
        if (op == "&&" || op == "||" || op == "|")
            printf "%s:%d: %s (goes on with %s after check)\n", FILENAME, check_line, check_text, op
        in_check = -1
    }
    at_start = 1
}
BEGIN {
    split("if then else elif fi do done while until ! { } case in esac", r, " ")
    for (k in r) reserved[r[k]] = 1
}
FNR == 1 { depth = 0; mode[0] = "code"; in_check = -1; at_start = 1; word = ""; docs = 0; doc = "" }
doc != "" {   # a here-document: its lines up to the delimiter are text
    line = $0
    if (doc_tabs) sub(/^\t+/, "", line)
    if (line == doc) {
        doc = ""
        if (++doc_at <= docs) { doc = doc_end[doc_at]; doc_tabs = doc_strip[doc_at] } else docs = 0
    }
    next
}
{
    s = $0 "\n"; n = length(s)
    for (i = 1; i <= n; i++) {
        c = substr(s, i, 1); m = mode[depth]; c2 = substr(s, i + 1, 1)
        if (m == "single") { if (c == "\047") depth--; continue }
        if (m == "double" || m == "back") {
            if (c == "\\") i++
            else if (m == "double" && c == "\"") depth--
            else if (m == "back" && c == "`") depth--
            else if (c == "$" && c2 == "(") { mode[++depth] = "subst"; at_start = 1; i++ }
            else if (m == "double" && c == "`") mode[++depth] = "back"
            continue
        }
        # code: the script, a subshell or a $(...) ("subst")
        if (c == "\\") { word = word c; i++; continue }
        if (c == "\047") { word = word c; mode[++depth] = "single"; continue }
        if (c == "\"") { word = word c; mode[++depth] = "double"; continue }
        if (c == "`") { word = word c; mode[++depth] = "back"; continue }
        if (c == "$" && c2 == "(") { mode[++depth] = "subst"; word = ""; at_start = 1; i++; continue }
        if (c == "#" && word == "") { i = n - 1; continue }
        if (c == "(") { word_end(c); mode[++depth] = "code"; at_start = 1; continue }
        if (c == ")") {
            word_end(c)
            if (depth == 0) { at_start = 1; continue }   # a case pattern
            if (in_check == depth) in_check = -1
            # the rest of the word the $(...) was in
            if (mode[depth--] == "subst") { word = "$()"; at_start = 0 }
            continue
        }
        if (c == "<" && c2 == "<" && substr(s, i + 2, 1) != "<") {
            word_end(c)
            rest = substr(s, i + 2)
            strip = (substr(rest, 1, 1) == "-")
            rest = substr(rest, 1 + strip)
            match(rest, /^[ \t]*/); rest = substr(rest, RLENGTH + 1)
            match(rest, /^[^ \t\n;&|<>()]+/)
            end = substr(rest, 1, RLENGTH); gsub(/["\047\\]/, "", end)
            i = n - length(rest) + RLENGTH
            doc_end[++docs] = end; doc_strip[docs] = strip
            continue
        }
        if (c == "&" || c == "|" || c == ";" || c == "\n") {
            word_end(c)
            op = c
            if (c != "\n" && c2 == c) { op = c c; i++ }
            separator(op)
            if (c == "\n" && docs > 0) { doc_at = 1; doc = doc_end[1]; doc_tabs = doc_strip[1] }
            continue
        }
        if (c == " " || c == "\t") { word_end(c); continue }
        word = word c
    }
}' tests/*.sh >"$tmp/chained"
if [ -s "$tmp/chained" ]; then
    not_ok "every condition of a check is inside it ($(wc -l <"$tmp/chained") checks go on with && / || / |)" "$tmp/chained"
else
    ok "every condition of a check is inside it (no check ... && / || / | ...)"
fi

finish
