#!/bin/sh
# loom render --svg and --pdf: a moment as vector graphics for a handout.
# The SVG is well-formed (xmllint), its text is <text> and its dashes are
# kept, and rsvg-convert draws it within a small difference of loom's own
# PNG of the same moment (and far from the PNG of another moment, so the
# comparison can fail); the PDF is one page of the picture's size (pdfinfo),
# its text extracts (pdftotext) and pdftoppm draws it close to the PNG. Then
# what a scene can put in them: markup characters and bad UTF-8 in its text,
# points a long way off, nothing to draw; and the mistakes.
# Usage: sh tests/cli_vector.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$build/tests/pngcheck
examples=$(cd "$(dirname "$0")/../examples" && pwd)
. "$(dirname "$0")/lib.sh"
run_loom() { "$loom" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }
has() { grep -q -- "$1" "$2"; }
require_built "$loom" "$pngcheck"

# A handout figure: the print theme, a spring, a dashed line and circle,
# a label and a title with markup characters, three series in one panel
# (told apart by dashes and markers), and a shaded 3D ball beside it.
cat >"$tmp/figure.lua" <<'LUA'
loom.style{ theme = "print" }
loom.title("Mass on a spring: x, v & a <rk4>")
local world = loom.world{ gravity = {0, -9.81, 0}, integrator = "rk4" }
local top = world:particle{ pos = {0, 0, 0}, mass = 0 }
local bob = world:particle{ pos = {0, -1.4, 0}, radius = 0.12 }
world:spring(top, bob, { k = 30, rest = 1 })
world:box{ min = {-1, -3, -1}, max = {1, 0.5, 1} }
loom.label{ text = "bob", at = bob, offset = {0, 20} }
function loom.update()
  local p, v = bob:position(), bob:velocity()
  loom.plot("x", p.y, { panel = "motion", unit = "m" })
  loom.plot("v", v.y, { panel = "motion", unit = "m/s" })
  loom.plot("a", 30 * (-p.y - 1) - 9.81, { panel = "motion" })
end
function loom.draw()
  loom.line({0, 0, 0}, bob:position(), { dash = 6, color = "gray" })
  loom.circle({0.6, -1, 0}, 0.2, { dash = 4 })
end
return world
LUA

# ---- 1. SVG and PDF of each frame, and nothing else -----------------------------
run_loom render "$tmp/figure.lua" --frames 61 --svg --pdf --out "$tmp/fig" --size 960x540
check "--svg --pdf: exit 0" [ "$status" -eq 0 ]
check "the folder holds each frame's SVG (61)" [ "$(ls "$tmp/fig" | grep -c '^frame_[0-9]*\.svg$')" -eq 61 ]
check "... and its PDF (61)" [ "$(ls "$tmp/fig" | grep -c '^frame_[0-9]*\.pdf$')" -eq 61 ]
check "... and nothing else, no PNG (122 files)" [ "$(ls "$tmp/fig" | wc -l)" -eq 122 ]
run_loom render "$tmp/figure.lua" --frames 61 --out "$tmp/png" --size 960x540 --quiet
svg=$tmp/fig/frame_00060.svg
pdf=$tmp/fig/frame_00060.pdf
run_loom render "$tmp/figure.lua" --frames 61 --svg --out "$tmp/again" --size 960x540 --quiet
check "an SVG is the same bytes on every run" cmp -s "$svg" "$tmp/again/frame_00060.svg"
# A handout's moment alone: --at 1 writes frame 60's SVG and PDF, nothing
# else, the SVG the very bytes of the full run's (the frames before it are
# simulated and prepared, not drawn).
run_loom render "$tmp/figure.lua" --at 1 --svg --pdf --out "$tmp/at" --size 960x540 --quiet
check "--at 1 --svg --pdf: exit 0" [ "$status" -eq 0 ]
check "--at 1: only frame_00060.svg and .pdf ($(ls "$tmp/at" | tr '\n' ' '))" \
    [ "$(ls "$tmp/at" | tr '\n' ' ')" = "frame_00060.pdf frame_00060.svg " ]
check "--at 1: the SVG is the full run's frame 60, byte for byte" cmp -s "$svg" "$tmp/at/frame_00060.svg"
check "the SVG is the picture's size" has '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="960" height="540" viewBox="0 0 960 540"' "$svg"
check "its text is text, escaped: the title" has '>Mass on a spring: x, v &amp; a &lt;rk4&gt;</text>' "$svg"
check "... the label" has '>bob</text>' "$svg"
check "... and the legend" has '>x = ' "$svg"
check "... in DejaVu Sans, as the PNG" has 'font-family="DejaVu Sans, sans-serif"' "$svg"
check "... and DejaVu Sans Mono" has 'font-family="DejaVu Sans Mono, monospace"' "$svg"
dashes=$(grep -o 'stroke-dasharray="[^"]*"' "$svg" | sort -u | wc -l)
check "dashes kept: the line, the circle and the series' own ($dashes patterns)" [ "$dashes" -ge 3 ]
check "circles are circles" has '<circle ' "$svg"
if need xmllint libxml2-utils "the SVG checked by xmllint"; then
    check "xmllint: the SVG is well-formed" xmllint --noout "$svg"
fi
if need rsvg-convert librsvg2-bin "the SVG drawn by librsvg"; then
    rsvg-convert "$svg" -o "$tmp/svg.png"
    same=$("$pngcheck" rmse "$tmp/png/frame_00060.png" "$tmp/svg.png")
    other=$("$pngcheck" rmse "$tmp/png/frame_00010.png" "$tmp/svg.png")
    echo "# SVG drawn by rsvg-convert vs loom's PNG, RMS difference of 255: $same (another frame: $other)"
    check "drawn by rsvg-convert, the SVG is the PNG of its moment within an RMS of 8 ($same)" \
        awk -v d="$same" 'BEGIN { exit !(d != "" && d < 8) }'
    check "... and not the PNG of another frame ($other)" awk -v d="$other" -v s="$same" 'BEGIN { exit !(d > 2 * s) }'
fi
if need pdfinfo poppler-utils "the PDF checked by poppler"; then
    check "pdfinfo: one page" [ "$(pdfinfo "$pdf" | sed -n 's/^Pages: *//p')" = 1 ]
    check "... the picture's size in points" [ "$(pdfinfo "$pdf" | sed -n 's/^Page size: *//p')" = "960 x 540 pts" ]
    pdftotext "$pdf" "$tmp/pdf.txt"
    check "pdftotext: the title" has "Mass on a spring: x, v & a <rk4>" "$tmp/pdf.txt"
    check "... the label" has "^bob$" "$tmp/pdf.txt"
    check "... and the legend" has "x = " "$tmp/pdf.txt"
    pdftoppm -r 72 -png -singlefile "$pdf" "$tmp/pdf"
    same=$("$pngcheck" rmse "$tmp/png/frame_00060.png" "$tmp/pdf.png")
    other=$("$pngcheck" rmse "$tmp/png/frame_00010.png" "$tmp/pdf.png")
    echo "# PDF drawn by pdftoppm vs loom's PNG, RMS difference: $same (another frame: $other)"
    # poppler draws thin lines thinner than loom (stroke adjustment): a
    # larger bound than librsvg's, and still well apart from another frame.
    check "drawn by pdftoppm, the PDF is the PNG within an RMS of 16 ($same)" \
        awk -v d="$same" 'BEGIN { exit !(d != "" && d < 16) }'
    check "... and not the PNG of another frame ($other)" awk -v d="$other" -v s="$same" 'BEGIN { exit !(d > 1.5 * s) }'
fi

# ---- 2. shaded faces -------------------------------------------------------------
run_loom render "$examples/cloth_hanging.lua" --frames 61 --svg --pdf --out "$tmp/cloth" --size 640x360 --quiet
run_loom render "$examples/cloth_hanging.lua" --frames 61 --out "$tmp/cloth" --size 640x360 --quiet
check "a shaded cloth: the SVG's triangles have gradients" has '<linearGradient id="g1" gradientUnits="userSpaceOnUse"' "$tmp/cloth/frame_00060.svg"
if need rsvg-convert librsvg2-bin "the shaded SVG drawn by librsvg"; then
    rsvg-convert "$tmp/cloth/frame_00060.svg" -o "$tmp/cloth.png"
    same=$("$pngcheck" rmse "$tmp/cloth/frame_00060.png" "$tmp/cloth.png")
    echo "# the cloth's SVG vs PNG: $same"
    check "the cloth's SVG is its PNG within an RMS of 6 ($same)" awk -v d="$same" 'BEGIN { exit !(d != "" && d < 6) }'
fi
if need pdftoppm poppler-utils "the shaded PDF drawn by poppler"; then
    pdftoppm -r 72 -png -singlefile "$tmp/cloth/frame_00060.pdf" "$tmp/cloth-pdf"
    same=$("$pngcheck" rmse "$tmp/cloth/frame_00060.png" "$tmp/cloth-pdf.png")
    echo "# the cloth's PDF vs PNG: $same"
    check "the cloth's PDF (Gouraud shading) is its PNG within an RMS of 8 ($same)" awk -v d="$same" 'BEGIN { exit !(d != "" && d < 8) }'
fi

# ---- 3. what a scene can put into the file -----------------------------------------
cat >"$tmp/hostile.lua" <<'LUA'
local world = loom.world{}
local p = world:particle{ pos = {0, 0, 0}, radius = 0.1 }
loom.title("</text><script>alert(1)</script> ]]> &amp; \"'")
loom.label{ text = "bad \255\254 utf8 \1 control \t tab", at = p }
function loom.draw()
  loom.line({0, 0, 0}, {1e30, -1e30, 0}, { dash = 5 })
  loom.polygon({{0, 0, 0}, {1e200, 0, 0}, {0, 1e200, 0}}, { fill = "#ff000080" })
  loom.circle({1e9, 0, 0}, 1e9)
end
return world
LUA
run_loom render "$tmp/hostile.lua" --frames 1 --svg --pdf --out "$tmp/h" --size 320x180
check "a hostile scene: exit 0" [ "$status" -eq 0 ]
if need xmllint libxml2-utils "the hostile SVG checked by xmllint"; then
    check "its SVG is well-formed" xmllint --noout "$tmp/h/frame_00000.svg"
fi
check "no script element gets in" [ "$(grep -c '<script' "$tmp/h/frame_00000.svg")" -eq 0 ]
check "malformed UTF-8 and control characters are drawn as '?' (as in the PNG)" has '>bad ?? utf8 ? control      tab</text>' "$tmp/h/frame_00000.svg"
big=$(grep -o -E '[-]?[0-9]+(\.[0-9]+)?' "$tmp/h/frame_00000.svg" | awk '{ v = $1 < 0 ? -$1 : $1; if (v > m) m = v } END { print m + 0 }')
check "points far off are clipped: no coordinate beyond a few pictures ($big)" [ "${big%.*}" -lt 10000 ]
if need pdfinfo poppler-utils "the hostile PDF checked by poppler"; then
    check "its PDF opens" sh -c 'pdfinfo "$1" >/dev/null' - "$tmp/h/frame_00000.pdf"
fi

# ---- 4. mistakes ---------------------------------------------------------------------
run_loom sim "$tmp/figure.lua" --frames 2 --svg
check "--svg with loom sim: exit 2" [ "$status" -eq 2 ]
check "... said" has "--svg and --pdf are for 'loom render'" "$tmp/err"
run_loom render "$tmp/figure.lua" --frames 2 --video "$tmp/v.mp4" --pdf
check "--pdf without --out: exit 2" [ "$status" -eq 2 ]
check "... said" has "--svg and --pdf write into a folder: give --out DIR" "$tmp/err"
# A picture that cannot be written (its name taken by a folder): exit 1, said.
mkdir -p "$tmp/taken/frame_00000.svg"
run_loom render "$tmp/figure.lua" --frames 1 --svg --out "$tmp/taken"
check "an SVG that cannot be written: exit 1" [ "$status" -eq 1 ]
check "... named, with the reason" has "cannot write '$tmp/taken/frame_00000.svg': Is a directory" "$tmp/err"
mkdir -p "$tmp/taken/frame_00000.pdf"
run_loom render "$tmp/figure.lua" --frames 1 --pdf --out "$tmp/taken"
check "a PDF that cannot be written: exit 1" [ "$status" -eq 1 ]
check "... named" has "cannot write '$tmp/taken/frame_00000.pdf'" "$tmp/err"

# ---- The README's vector figure is what its command writes today ------------------
readme_svg=$(cd "$(dirname "$0")/.." && pwd)/docs/gallery/figure_print.svg
run_loom render "$examples/draw_projectile_energy.lua" --at 1 --svg --theme print --size 960x540 \
    --out "$tmp/readme" --quiet
check "docs/gallery/figure_print.svg is what the README's command writes" \
    cmp -s "$readme_svg" "$tmp/readme/frame_00060.svg"
finish
