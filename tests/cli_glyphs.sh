#!/bin/sh
# End-to-end test of the characters a physics lesson writes in labels: each
# is drawn as its own glyph (its picture differs from the '?' a missing
# character becomes), through UTF-8; prose in DejaVu Sans, font = "mono" in
# DejaVu Sans Mono.
# Usage: sh tests/cli_glyphs.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$build/loom
pngcheck=$build/tests/pngcheck
. "$(dirname "$0")/lib.sh"

require_built "$loom" "$pngcheck"

cat >"$tmp/glyph.lua" <<'LUA'
local world = loom.world{ gravity = {0, 0, 0} }
loom.label{ text = loom.param("text", "?"), screen = {0.5, 0.5}, size = 60 }
return world
LUA
draw() { # text out_dir
    "$loom" render "$tmp/glyph.lua" --set "text=$1" --frames 1 --size 160x90 --out "$2" --quiet \
        >/dev/null 2>"$tmp/err"
}
if ! draw "?" "$tmp/missing"; then
    not_ok "a label renders" "$(head -n 3 "$tmp/err")"
    echo "$pass passed, $fail failed"
    exit 1
fi
i=0
for c in ω π θ Δ Ω μ λ ≈ → ∑ ∫ √ ≠ ≤ ≥ · ₀ ² ∞ ∂ ħ ′; do
    i=$((i + 1))
    if draw "$c" "$tmp/g$i" &&
        "$pngcheck" differ "$tmp/missing/frame_00000.png" "$tmp/g$i/frame_00000.png" >/dev/null &&
        [ "$("$pngcheck" info "$tmp/g$i/frame_00000.png" | cut -d' ' -f3)" = varied ]; then
        ok "'$c' is drawn as its own glyph"
    else
        not_ok "'$c' is drawn as its own glyph"
    fi
done
# Prose in the proportional DejaVu Sans (the default), numbers in the mono
# face: narrow letters take less room in sans.
cat >"$tmp/face.lua" <<'LUA'
local world = loom.world{ gravity = {0, 0, 0} }
loom.label{ text = "iiiiiiii", screen = {0.1, 0.5}, align = "left", size = 40,
  font = loom.param("font", "sans") }
return world
LUA
for face in sans mono; do
    "$loom" render "$tmp/face.lua" --set font=$face --frames 1 --size 640x360 --out "$tmp/$face" \
        --quiet >/dev/null 2>&1
done
set -- $("$pngcheck" where "$tmp/sans/frame_00000.png" 0 0 639 359 '#2b2d31' 80) 0 0 0 0
sans=$(($4 - $2))
set -- $("$pngcheck" where "$tmp/mono/frame_00000.png" 0 0 639 359 '#2b2d31' 80) 0 0 0 0
mono=$(($4 - $2))
if [ "$sans" -gt 0 ] && [ "$mono" -gt $((sans * 3 / 2)) ]; then
    ok "labels are proportional DejaVu Sans, font = 'mono' monospaced ($sans < $mono pixels)"
else
    not_ok "labels are proportional DejaVu Sans, font = 'mono' monospaced" "$sans vs $mono pixels"
fi

finish
