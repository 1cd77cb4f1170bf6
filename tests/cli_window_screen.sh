#!/bin/sh
# The window on a desktop: full screen (F, F11) and the text size (Ctrl+=,
# Ctrl+-, Ctrl+0) under Xvfb with a window manager (openbox: full screen is the window manager's to give), driven by
# xdotool. Skipped with a message without Xvfb, xdotool or openbox.
# Usage: sh tests/cli_window_screen.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$(cd "$(dirname "$build/tests/pngcheck")" && pwd)/pngcheck
. "$(dirname "$0")/lib.sh"
wm_pid=

require_built "$loom" "$pngcheck"

geometry() { xdotool getwindowgeometry "$window" 2>/dev/null | sed -n 's/.*Geometry: //p'; }
# wait_geometry WxH: true once the window has that size (the window manager answers in its time).
wait_geometry() {
    tries=100
    while [ "$(geometry)" != "$1" ] && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    [ "$(geometry)" = "$1" ]
}
stop_wm() { [ -n "$wm_pid" ] && kill "$wm_pid" 2>/dev/null; wm_pid=; }
trap 'stop_wm; cleanup' EXIT

if ! need_window "the full-screen checks" || ! need openbox openbox "the full-screen checks" ||
    ! need import imagemagick "the full-screen checks" || ! xvfb_start; then
    finish
    exit
fi
openbox --sm-disable >"$tmp/wm.log" 2>&1 &
wm_pid=$!
sleep 1

cat >"$tmp/scene.lua" <<'EOF'
local world = loom.world{ gravity = {0, 0, 0} }
world:particle{ pos = {0, 0}, radius = 0.5, color = "#e6194b" }
world:particle{ pos = {2, 1}, radius = 0.2, mass = 0 }
return world
EOF
open_window "$tmp/shots" "$tmp/scene.lua" 5 --size 640x360
check "the window opens at 640x360" wait_geometry 640x360
shot() { window_shot "$1"; } # shot NAME: P's screenshot, moved to $tmp/NAME.png

xdotool key f
check "F makes the window full screen (1024x768)" wait_geometry 1024x768
check "... and says so" wait_for "^loom: full screen (1024x768)" "$tmp/err" 10
sleep 0.3
shot full
check "... and the picture is drawn at the screen's size" \
    [ "$("$pngcheck" info "$tmp/full.png" | cut -d' ' -f1-2)" = "1024 768" ]
import -window root "$tmp/root.png" 2>/dev/null
# The screen's corners are the scene's background, not the desktop's black.
check "... covering the whole screen" \
    [ "$("$pngcheck" pixel "$tmp/root.png" 1020 764)" = "$("$pngcheck" pixel "$tmp/full.png" 1020 764)" ]
xdotool key F11
check "F11 goes back to the window's 640x360" wait_geometry 640x360
check "... and says so" wait_for "^loom: full screen off (640x360)" "$tmp/err" 10
sleep 0.3
shot back
check "... and the picture is 640x360 again" \
    [ "$("$pngcheck" info "$tmp/back.png" | cut -d' ' -f1-2)" = "640 360" ]
xdotool key F11
check "F11 goes full screen too" wait_geometry 1024x768
xdotool key F11
wait_geometry 640x360

# Ctrl+= enlarges the window's text and panels, Ctrl+- shrinks them, Ctrl+0
# goes back: the heads-up display's panel in the top-left corner covers
# more of the picture, then the same as before.
hud_pixels() { # pixels of the top-left 400 x 200 that are not the scene's background
    import -window "$window" "$tmp/hud.png" 2>/dev/null
    background=$("$pngcheck" pixel "$tmp/hud.png" 630 330) # above the timeline bar
    echo $((80000 - $("$pngcheck" count "$tmp/hud.png" 0 0 400 200 "$background" 0)))
}
sleep 0.3
before=$(hud_pixels)
xdotool key ctrl+equal ctrl+equal
sleep 0.4
larger=$(hud_pixels)
xdotool key ctrl+minus ctrl+minus ctrl+minus
sleep 0.4
smaller=$(hud_pixels)
xdotool key ctrl+0
sleep 0.4
again=$(hud_pixels)
grows() {
    awk -v b="$before" -v l="$larger" -v s="$smaller" 'BEGIN { exit !(b > 0 && l > 1.3 * b && s < b) }'
}
check "Ctrl+= twice enlarges the HUD ($before -> $larger pixels), Ctrl+- shrinks it ($smaller)" grows
# (Within 10%: the HUD's width follows its numbers, the time and the fps.)
same() { awk -v b="$before" -v a="$again" 'BEGIN { exit !(a > 0.9 * b && a < 1.1 * b) }'; }
check "... and Ctrl+0 brings it back ($again pixels)" same
xdotool key Escape
tries=30
while kill -0 "$loom_pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
check "Esc quits" sh -c "! kill -0 $loom_pid 2>/dev/null"
loom_pid=

stop_wm
finish
