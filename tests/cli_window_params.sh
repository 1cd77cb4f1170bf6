#!/bin/sh
# The window's parameter sliders and recording, under Xvfb, driven by
# xdotool: dragging a slider reloads the scene with the new value (loom.keep
# kept), the value survives R and hot reloads, V records the window without
# its overlays. Skipped with a message without Xvfb or xdotool.
# Usage: sh tests/cli_window_params.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$(cd "$(dirname "$build/tests/pngcheck")" && pwd)/pngcheck
. "$(dirname "$0")/lib.sh"

# wait_count PATTERN FILE N: waits up to 5 s for N lines matching.
wait_count() {
    tries=50
    while [ "$(grep -c -- "$1" "$2")" -lt "$3" ] && [ $tries -gt 0 ]; do
        sleep 0.1; tries=$((tries - 1))
    done
    [ "$(grep -c -- "$1" "$2")" -ge "$3" ]
}

if ! need_window "the slider tests" || ! xvfb_start; then
    finish
    exit
fi

cat >"$tmp/params.lua" <<'EOF'
local k = loom.param("k", 10, { min = 0, max = 100, step = 1, label = "stiffness" })
loom.keep.loads = (loom.keep.loads or 0) + 1
print("k=" .. k .. " loads=" .. loom.keep.loads)
local world = loom.world{}
world:particle{ pos = {0, 0, 0}, radius = 0.2 }
world:particle{ pos = {1, 0.5, 0}, radius = 0.1 }
return world
EOF
mkdir -p "$tmp/run"
(cd "$tmp/run" && exec "$loom" "$tmp/params.lua" --size 800x720 >"$tmp/out" 2>"$tmp/err") &
loom_pid=$!
window=
tries=50
while [ -z "$window" ] && [ $tries -gt 0 ]; do
    sleep 0.1; tries=$((tries - 1))
    window=$(xdotool search --name "loom - params.lua" 2>/dev/null | tail -n 1)
done
sleep 0.5
check "the window opens with the default k=10" wait_count "^k=10 loads=1" "$tmp/out" 1

# At 720 lines a point is a pixel: the panel is 12 px from the bottom-left
# corner, 300 wide, its one row ending 10 px above its bottom; the track runs
# from x = 29 to x = 295.
y=683
xdotool mousemove --window "$window" 160 $y mousedown 1 mousemove --window "$window" 200 $y \
    mousemove --window "$window" 500 $y mouseup 1
# (A slow drag may also reload on the way: count the loads from the last line.)
loads() { tail -n 1 "$tmp/out" | sed -n 's/.* loads=//p'; }
check "dragging the slider to its end reloads with k=100, loom.keep kept" \
    wait_count "^k=100 loads=[2-9]" "$tmp/out" 1
n=$(loads)
xdotool mousemove --window "$window" 400 300 key r
check "R reloads with the slider's value" wait_count "^k=100 loads=$((n + 1))$" "$tmp/out" 1
touch "$tmp/params.lua"
check "a hot reload keeps the slider's value" wait_count "^k=100 loads=$((n + 2))$" "$tmp/out" 1
xdotool mousemove --window "$window" 29 $y mousedown 1 mouseup 1
check "a click at the track's start sets k=0" wait_count "^k=0 loads=$((n + 3))$" "$tmp/out" 1

# V records a video with ffmpeg (without it, PNGs: below).
if need ffmpeg ffmpeg "V records the window as H.264" && need ffprobe ffmpeg "V records the window as H.264"; then
    xdotool key v
    check "V starts recording next to the scene" wait_count "recording to $tmp/params-rec-001.mp4" "$tmp/err" 1
    sleep 0.6
    xdotool key v
    check "V again stops and saves the recording" wait_count "saved $tmp/params-rec-001.mp4" "$tmp/err" 1
    probe=$(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,pix_fmt,width,height -of csv=p=0 "$tmp/params-rec-001.mp4")
    check "the recording is H.264 yuv420p at the window's 800x720" [ "$probe" = "h264,800,720,yuv420p" ]
    ffmpeg -v error -i "$tmp/params-rec-001.mp4" -frames:v 1 "$tmp/rec0.png"
    # The HUD's panel would darken the top-left corner and the sliders' the
    # bottom-left; the recording has the scene's plain background there.
    hud=$("$pngcheck" count "$tmp/rec0.png" 10 10 60 40 "$("$pngcheck" pixel "$tmp/rec0.png" 400 10)" 6)
    sliders=$("$pngcheck" count "$tmp/rec0.png" 20 660 60 700 "$("$pngcheck" pixel "$tmp/rec0.png" 400 10)" 6)
    check "the recording has no HUD and no sliders" [ "$hud" = 1581 -a "$sliders" = 1681 ]
fi
xdotool key Escape
tries=30
while kill -0 "$loom_pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
loom_pid=

timeout 20 "$loom" "$tmp/params.lua" --set kk=1 >"$tmp/out" 2>"$tmp/err"
check "a --set the scene lacks: exit 2, listing its parameters" [ $? -eq 2 ] && grep -q "the scene has no parameter 'kk' (its parameters: k)" "$tmp/err"
check "... after running the script once" [ "$(grep -c '^k=' "$tmp/out")" -eq 1 ]
timeout 20 "$loom" "$tmp/params.lua" --set k=40 >"$tmp/out" 2>"$tmp/err" &
loom_pid=$!
check "--set reaches the window's scene" wait_count "^k=40 loads=1" "$tmp/out" 1
xdotool search --sync --name "loom - params.lua" key Escape >/dev/null 2>&1
tries=30
while kill -0 "$loom_pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
loom_pid=

# Without ffmpeg on the PATH, V records numbered PNGs instead.
mkdir -p "$tmp/nobin"
PATH="$tmp/nobin" "$loom" "$tmp/params.lua" --size 320x240 >"$tmp/out" 2>"$tmp/err" &
loom_pid=$!
window=
tries=50
while [ -z "$window" ] && [ $tries -gt 0 ]; do
    sleep 0.1; tries=$((tries - 1))
    window=$(xdotool search --name "loom - params.lua" 2>/dev/null | tail -n 1)
done
sleep 0.3
xdotool key v
check "without ffmpeg, V records PNGs into a folder" wait_count "recording to $tmp/params-rec-001/" "$tmp/err" 1
sleep 0.4
xdotool key v
check "... and says how many frames it saved" wait_count "saved $tmp/params-rec-001/ ([1-9][0-9]* frames)" "$tmp/err" 1
n=$(ls "$tmp/params-rec-001" | grep -c '^frame_[0-9]*\.png$')
check "... numbered from frame_00000.png without gaps ($n frames)" \
    [ "$n" -gt 0 -a -f "$tmp/params-rec-001/frame_$(printf %05d $((n - 1))).png" ]
check "... of the window's 320x240" [ "$("$pngcheck" info "$tmp/params-rec-001/frame_00000.png" | cut -d' ' -f1-2)" = "320 240" ]
xdotool key Escape
tries=30
while kill -0 "$loom_pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
loom_pid=

finish
