#!/bin/sh
# loom sweep for a handout: a contact sheet of chosen moments (--at) on an
# A4 or Letter page at 300 dpi, in the print theme on white, labelled with
# the parameters that vary only; nothing else written unless asked (no
# frame folders), per-variant --csv and --video, and the errors.
# Usage: sh tests/cli_handout.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$build/tests/pngcheck
. "$(dirname "$0")/lib.sh"
run_loom() { "$loom" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }
has() { grep -q -- "$1" "$2"; }
# field N of pngcheck's "N X0 Y0 X1 Y1", 0 when there is none.
field() { v=$(echo "$1" | cut -d' ' -f"$2"); echo "${v:-0}"; }
require_built "$loom" "$pngcheck"

cat >"$tmp/spring.lua" <<'LUA'
local k = loom.param("k", 20, { min = 1, max = 200 })
local damping = loom.param("damping", 0, { min = 0, max = 2 })
local world = loom.world{ gravity = {0, -9.81, 0}, integrator = "rk4" }
local top = world:particle{ pos = {0, 0, 0}, mass = 0 }
local bob = world:particle{ pos = {0, -1, 0}, radius = 0.1, color = "#e6194b" }
world:spring(top, bob, { k = k, damping = damping, rest = 1 })
world:box{ min = {-1, -3, -1}, max = {1, 0.5, 1} }
return world
LUA

# ---- 1. ten variants at two moments: one sheet, nothing else --------------
start=$(date +%s)
run_loom sweep "$tmp/spring.lua" --set k=10,20,40,80,160 --set damping=0,0.5 --at 1,2 --out "$tmp/ten"
seconds=$(($(date +%s) - start))
check "10 variants --at 1,2: exit 0" [ "$status" -eq 0 ]
check "10 variants --at 1,2: the folder holds the sheet and nothing else" [ "$(ls -A "$tmp/ten")" = "sheet.png" ]
bytes=$(du -sb "$tmp/ten" | cut -f1)
echo "# 10 variants x 2 moments: $bytes bytes written in about $seconds s"
check "10 variants --at 1,2: under 2 MB written in all ($bytes bytes)" [ "$bytes" -lt 2000000 ]
size=$("$pngcheck" info "$tmp/ten/sheet.png")
check "the sheet is an A4 page at 300 dpi ($size)" [ "$size" = "2480 3508 varied" -o "$size" = "3508 2480 varied" ]
if need python3 python3 "the sheet's print resolution (pHYs)"; then
    dpi=$(python3 -c '
import struct, sys
data = open(sys.argv[1], "rb").read()
at = data.find(b"pHYs")
x, y, unit = struct.unpack(">IIB", data[at + 4:at + 13])
print(round(x * 0.0254), round(y * 0.0254), unit)' "$tmp/ten/sheet.png")
    check "the sheet says it is 300 dpi ($dpi)" [ "$dpi" = "300 300 1" ]
fi
check "the summary says the page and the pictures" has "contact sheet $tmp/ten/sheet.png (a4 portrait, 20 pictures of" "$tmp/err"
check "the page is white at its top left corner" [ "$("$pngcheck" pixel "$tmp/ten/sheet.png" 5 5)" = "#ffffff" ]
check "... and at its bottom right" [ "$("$pngcheck" pixel "$tmp/ten/sheet.png" 2470 3500)" = "#ffffff" ]

# The first picture: inside the first grey frame, the print theme's render
# of k=10, damping=0 at 1 s at the cell's size.
cell=$(sed -n 's/.* pictures of \([0-9]*x[0-9]*\),.*/\1/p' "$tmp/err")
w=${cell%x*}
h=${cell#*x}
[ -n "$cell" ] || { w=16; h=16; cell=16x16; }
box=$("$pngcheck" where "$tmp/ten/sheet.png" 0 0 2479 1200 "#8c96a0" 0)
x0=$(field "$box" 2)
y0=$(field "$box" 3)
run_loom render "$tmp/spring.lua" --at 1 --theme print --size "$cell" --set k=10 --set damping=0 --out "$tmp/one" --quiet
picture=$tmp/one/frame_00060.png
matches=0
for at in "0 0" "$((w / 2)) $((h / 2))" "$((w / 2)) $((h / 4))" "$((w - 1)) $((h - 1))" "$((w / 3)) $((2 * h / 3))"; do
    px=${at% *}
    py=${at#* }
    on_sheet=$("$pngcheck" pixel "$tmp/ten/sheet.png" $((x0 + 2 + px)) $((y0 + 2 + py)))
    [ -n "$on_sheet" ] && [ "$on_sheet" = "$("$pngcheck" pixel "$picture" "$px" "$py")" ] &&
        matches=$((matches + 1))
done
check "the first picture is k=10, damping=0 at 1 s in the print theme, unscaled ($cell at $x0,$y0)" [ "$matches" -eq 5 ]
check "the print theme: the picture's background is white" [ "$("$pngcheck" pixel "$picture" 3 3)" = "#ffffff" ]

# ---- 2. labels name only what varies ------------------------------------------
# The same two variants with and without a constant --set: the labels are
# the same width; with damping varying too they are wider.
# The first strip's label line is the 13 pt line (13 x 1.3 pt: 70 px at 300
# dpi, app/sweep_sheet.c) right above its first picture, which starts 2 px
# inside its grey frame; the title line is all above it. (Rows 200 and down
# are not the label alone: the title's descenders reach row 207, and the
# title "spring.lua   damping = 0.5" is wider than "spring.lua".)
first_frame() { field "$("$pngcheck" where "$1/sheet.png" 0 0 2479 1700 "#8c96a0" 0)" 3; }
label_top() { echo $(($(first_frame "$1") + 2 - 70)); }
label_box() { "$pngcheck" where "$1/sheet.png" 0 "$(label_top "$1")" 1239 "$(($(first_frame "$1") - 1))" "#000000" 100; }
label_width() {
    b=$(label_box "$1")
    echo $(($(field "$b" 4) - $(field "$b" 2)))
}
run_loom sweep "$tmp/spring.lua" --set k=10,20 --at 1 --out "$tmp/k" --page a4-portrait --quiet
run_loom sweep "$tmp/spring.lua" --set k=10,20 --set damping=0.5 --at 1 --out "$tmp/kc" --page a4-portrait --quiet
run_loom sweep "$tmp/spring.lua" --set k=10,20 --set damping=0,0.5 --at 1 --out "$tmp/kd" --page a4-portrait --quiet
wk=$(label_width "$tmp/k")
wkc=$(label_width "$tmp/kc")
wkd=$(label_width "$tmp/kd")
check "the label 'k = 10' has ink ($wk px wide)" [ "$wk" -gt 50 ]
check "a constant --set is not in the labels ('k = 10' both: $wk and $wkc px)" [ "$wk" -eq "$wkc" ]
check "a varying one is ('k = 10, damping = 0': $wkd px)" [ "$wkd" -gt $((wk + 200)) ]
title() { field "$("$pngcheck" where "$1/sheet.png" 0 0 2479 "$(($(label_top "$1") - 1))" "#000000" 100)" 4; }
check "the constant goes into the title line" [ "$(title "$tmp/kc")" -gt "$(title "$tmp/k")" ]
# Legible when printed: the label's capitals are about 11 pt high at 300 dpi.
cap=$(label_box "$tmp/k")
cap_height=$(($(field "$cap" 5) - $(field "$cap" 3)))
check "labels print at a legible size (ink $cap_height px high: 2.5 mm or more)" [ "$cap_height" -ge 30 ]

# ---- 3. pages -------------------------------------------------------------------
run_loom sweep "$tmp/spring.lua" --set k=10,20 --at 1 --out "$tmp/letter" --page letter-portrait --quiet
check "--page letter-portrait: 2550x3300" [ "$("$pngcheck" info "$tmp/letter/sheet.png")" = "2550 3300 varied" ]
run_loom sweep "$tmp/spring.lua" --set k=10,20 --at 1 --out "$tmp/land" --page a4-landscape --quiet
check "--page a4-landscape: 3508x2480" [ "$("$pngcheck" info "$tmp/land/sheet.png")" = "3508 2480 varied" ]
run_loom sweep "$tmp/spring.lua" --set k=10,20 --at 1 --out "$tmp/bad" --page a5
check "--page a5: exit 2" [ "$status" -eq 2 ]
check "... the pages named" has "--page needs a4 or letter" "$tmp/err"
run_loom sweep "$tmp/spring.lua" --set k=1,2,3,4,5,6,7,8,9,10 --set damping=0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9 --at 1,2 --out "$tmp/many"
check "200 pictures do not fit a page: exit 2" [ "$status" -eq 2 ]
check "... said" has "100 variants x 2 moments do not fit on one a4 page with pictures at least 1 cm high" "$tmp/err"
check "... and no folder made" [ ! -e "$tmp/many" ]

# ---- 4. per-variant data and video beside the sheet ---------------------------
run_loom sweep "$tmp/spring.lua" --set k=10,40 --at 0.5,1 --csv data.csv --out "$tmp/data" --quiet
check "--csv in a sweep: a folder per variant beside the sheet" [ "$(cd "$tmp/data" && ls -A | tr '\n' ' ')" = "k=10 k=40 sheet.png " ]
check "... each holding its table and no frames" [ "$(ls "$tmp/data/k=10")" = "data.csv" ]
run_loom sim "$tmp/spring.lua" --set k=40 --frames 61 --csv "$tmp/k40.csv" --quiet
check "a variant's table is that variant's loom sim (to the last moment)" cmp -s "$tmp/data/k=40/data.csv" "$tmp/k40.csv"
if need ffprobe ffmpeg "a sweep's per-variant videos"; then
    run_loom sweep "$tmp/spring.lua" --set k=10,40 --at 1 --frames 90 --video motion.mp4 --csv data.csv --size 320x180 --out "$tmp/media" --quiet
    check "--video and --csv in a sweep: exit 0" [ "$status" -eq 0 ]
    frames=$(ffprobe -v error -select_streams v:0 -count_frames -show_entries stream=nb_read_frames,width -of csv=p=0 "$tmp/media/k=40/motion.mp4")
    check "each variant's video has --frames frames at --size ($frames)" [ "$frames" = "320,90" ]
    check "and its table has a row per frame" [ "$(wc -l <"$tmp/media/k=10/data.csv")" -eq 91 ]
    check "and no frame folder" [ -z "$(ls "$tmp/media/k=10" | grep frame_)" ]
fi
run_loom sweep "$tmp/spring.lua" --set k=10,40 --at 1 --csv sub/data.csv --out "$tmp/bad"
check "--csv with a folder in a sweep: exit 2" [ "$status" -eq 2 ]
check "... said" has "is a file name for each variant's folder" "$tmp/err"

# ---- 5. the old way: frames asked for ---------------------------------------------
run_loom sweep "$tmp/spring.lua" --set k=10,40 --frames 5 --size 96x54 --out "$tmp/frames" --quiet
check "without --at: every variant's frames" [ -f "$tmp/frames/k=10/frame_00004.png" ]
check "... and the sheet of the last" [ -f "$tmp/frames/sheet.png" ]
check "... and no .sheet folder left" [ ! -e "$tmp/frames/.sheet" ]
finish
