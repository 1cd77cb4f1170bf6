#!/bin/sh
# make install and make uninstall into a throw-away root (DESTDIR, PREFIX=/usr):
# the layout; the installed loom, run from another folder, renders an
# installed example to the same bytes as build/loom, finding its library
# through LOOM_PATH and beside itself, and says where it looked when the
# library is nowhere; `loom examples` lists the installed examples; the
# manual page agrees with `loom --help` and docs/cli.md (every option, the
# version) and man reads it without a warning; the desktop entry is valid and
# opens the installed examples; the icon renders; make uninstall leaves no file.
# Usage: sh tests/cli_install.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$build" && pwd)/loom
pngcheck=$(cd "$build" && pwd)/tests/pngcheck
source_dir=$(pwd)
. "$(dirname "$0")/lib.sh"
require_built "$loom" "$pngcheck"

root=$tmp/root
# make, as a user runs it (not as part of the make that runs the tests).
run_make() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory BUILD="$build" "$@"; }

run_make install DESTDIR="$root" PREFIX=/usr >"$tmp/install.log" 2>&1
check "make install DESTDIR=... PREFIX=/usr succeeds" [ $? -eq 0 ]
mv "$tmp/install.log" "$tmp/err"
data=$root/usr/share/loom
check "bin/loom is installed, executable" [ -x "$root/usr/bin/loom" ]
check "the Lua library is in share/loom/scripts/loom/" [ -f "$data/scripts/loom/cloth.lua" ]
n_examples=$(ls examples/*.lua | wc -l)
check "every example is in share/loom/examples/ ($n_examples)" \
    [ "$(ls "$data"/examples/*.lua | wc -l)" -eq "$n_examples" ]
check "the docs and the gallery are in share/loom/docs/" \
    [ -f "$data/docs/cli.md" -a -f "$data/docs/lua-api.md" -a -f "$data/docs/gallery/cloth_hanging.png" ]
check "the manual page is share/man/man1/loom.1" [ -f "$root/usr/share/man/man1/loom.1" ]
check "the desktop entry and its icon are installed" \
    [ -f "$root/usr/share/applications/loom.desktop" -a -f "$root/usr/share/icons/hicolor/scalable/apps/loom.svg" ]
find "$root" -type f ! -perm -0444 >"$tmp/err"
check "every installed file is readable by all" [ ! -s "$tmp/err" ]

# ---- the installed loom, run from another folder --------------------------------
mkdir -p "$tmp/elsewhere"
"$loom" render examples/cloth_hanging.lua --frames 3 --size 160x90 --out "$tmp/reference" --quiet
(cd "$tmp/elsewhere" && LOOM_PATH=$data/scripts "$root/usr/bin/loom" render \
    "$data/examples/cloth_hanging.lua" --frames 3 --size 160x90 --out out --quiet) 2>"$tmp/err"
check "the installed loom renders an installed example from another folder (LOOM_PATH)" \
    cmp -s "$tmp/reference/frame_00002.png" "$tmp/elsewhere/out/frame_00002.png"
rm -rf "$tmp/elsewhere/out"
(cd "$tmp/elsewhere" && env -u LOOM_PATH "$root/usr/bin/loom" render \
    "$data/examples/cloth_hanging.lua" --frames 3 --size 160x90 --out out --quiet) 2>"$tmp/err"
check "... and finds its library beside itself without LOOM_PATH" \
    cmp -s "$tmp/reference/frame_00002.png" "$tmp/elsewhere/out/frame_00002.png"
(cd "$tmp/elsewhere" && env -u LOOM_PATH "$root/usr/bin/loom" examples) >"$tmp/listed" 2>"$tmp/err"
"$loom" examples examples >"$tmp/expected"
check "the installed loom examples lists the installed examples" cmp -s "$tmp/expected" "$tmp/listed"

printf 'local rope = require "loom.rope"\nreturn loom.world{}\n' >"$tmp/elsewhere/needs.lua"
(cd "$tmp/elsewhere" && LOOM_PATH=$tmp/nowhere "$root/usr/bin/loom" sim needs.lua --frames 1) 2>"$tmp/err"
check "LOOM_PATH without the library: require says so and names it" \
    grep -qF "loom's library (loom/cloth.lua and the rest) is in none of the places loom looked: LOOM_PATH=$tmp/nowhere" "$tmp/err"
check "... and what to set" grep -qF "(set LOOM_PATH to the folder that holds loom/cloth.lua)" "$tmp/err"
# A lone copy of the installed loom: its fixed folder (/usr/share/loom) and
# its surroundings hold no library (unless loom's package is installed here).
if [ -e /usr/share/loom/scripts/loom/cloth.lua ]; then
    skipped "a lone loom names every place it looked" "loom's package is installed on this machine (/usr/share/loom)"
else
    mkdir -p "$tmp/lone/bin"
    cp "$root/usr/bin/loom" "$tmp/lone/bin/"
    (cd "$tmp/elsewhere" && env -u LOOM_PATH "$tmp/lone/bin/loom" sim needs.lua --frames 1) 2>"$tmp/err"
    check "a lone loom names every place it looked, in order" grep -qF "in none of the places loom looked: LOOM_PATH is not set; /usr/share/loom/scripts; $tmp/lone/bin/../share/loom/scripts; $tmp/lone/bin/../scripts" "$tmp/err"
fi

# ---- the manual page, --help and docs/cli.md agree ------------------------------
"$loom" --help | grep -E '^  -' | grep -o -E -- '--?[a-z][a-z-]*' | sort -u >"$tmp/options"
missing_man="" missing_cli=""
while read -r option; do
    man_form=$(echo "$option" | sed 's/-/\\\\-/g')
    grep -q -- "$man_form" docs/loom.1 || missing_man="$missing_man $option"
    grep -q -- "\`$option" docs/cli.md || missing_cli="$missing_cli $option"
done <"$tmp/options"
check "the manual page names every option of loom --help ($(wc -l <"$tmp/options") options)" [ -z "$missing_man" ]
[ -z "$missing_man" ] || echo "#   missing from docs/loom.1:$missing_man"
check "docs/cli.md names every option of loom --help" [ -z "$missing_cli" ]
[ -z "$missing_cli" ] || echo "#   missing from docs/cli.md:$missing_cli"
explained() { grep -q "^\.B $1\$" docs/loom.1 && grep -q "\`$1" docs/cli.md; }
for variable in $("$loom" --help | sed -n 's/^  \([A-Z][A-Z_]*\)  .*/\1/p'); do
    check "the manual page and docs/cli.md explain $variable (loom --help names it)" explained "$variable"
done
version=$("$loom" --version | sed 's/^loom //')
check "the manual page is of this version ($version)" grep -q "^\.TH LOOM 1 .*\"loom $version\"" docs/loom.1
check "... and so is the installed one" cmp -s docs/loom.1 "$root/usr/share/man/man1/loom.1"
if need man man-db "man reads the manual page without a warning"; then
    MANWIDTH=80 man --warnings -l docs/loom.1 >"$tmp/man.txt" 2>"$tmp/err"
    check "man reads the manual page without a warning" [ ! -s "$tmp/err" ]
    check "... and shows its ENVIRONMENT section" grep -q "^ENVIRONMENT" "$tmp/man.txt"
fi

# ---- the desktop entry and the icon ----------------------------------------------
desktop=$root/usr/share/applications/loom.desktop
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
check "the desktop entry opens the installed examples' window ($exec_line)" \
    [ "$exec_line" = "loom /usr/share/loom/examples" -a -d "$root/usr/share/loom/examples" ]
check "the desktop entry names the icon" grep -qx "Icon=loom" "$desktop"
if need desktop-file-validate desktop-file-utils "the desktop entry is valid"; then
    check "the desktop entry is valid (desktop-file-validate)" desktop-file-validate "$desktop"
fi
if need rsvg-convert librsvg2-bin "the icon draws"; then
    rsvg-convert -w 64 -h 64 "$root/usr/share/icons/hicolor/scalable/apps/loom.svg" -o "$tmp/icon.png" 2>"$tmp/err"
    check "the icon draws at 64x64, not blank" [ "$("$pngcheck" info "$tmp/icon.png")" = "64 64 varied" ]
fi

# ---- make uninstall -------------------------------------------------------------
run_make uninstall DESTDIR="$root" PREFIX=/usr >"$tmp/err" 2>&1
check "make uninstall succeeds" [ $? -eq 0 ]
find "$root" -type f >"$tmp/err"
check "make uninstall leaves no file" [ ! -s "$tmp/err" ]

cd "$source_dir" || exit 1
finish
