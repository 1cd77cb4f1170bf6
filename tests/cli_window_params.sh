#!/bin/sh
# The window's parameter sliders and recording, under Xvfb, driven by
# xdotool: dragging a slider reloads the scene with the new value (loom.keep
# kept), the value survives R and hot reloads, a slow drag goes on through
# reloads, a live parameter changes the running scene, V records the window
# without its overlays and at true speed, the window's frame statistics.
# Skipped with a message without Xvfb or xdotool.
# Usage: sh tests/cli_window_params.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$(cd "$(dirname "$build/tests/pngcheck")" && pwd)/pngcheck
. "$(dirname "$0")/lib.sh"

# wait_count PATTERN FILE N: waits up to 5 s (times TEST_SLOWDOWN) for N lines
# matching.
wait_count() {
    tries=$((50 * slowdown))
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
local world = loom.world{ gravity = {0, 0, 0} } -- still: the recording's corners stay empty
world:particle{ pos = {0, 0, 0}, radius = 0.2 }
world:particle{ pos = {1, 0.5, 0}, radius = 0.1 }
return world
EOF
open_window "$tmp/run" "$tmp/params.lua" 5 --size 800x720
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

# A slow drag (3 s) across two saves of the file: the slider follows the
# mouse through every reload, its own and the saves', and the value under
# the mouse at release is the one the scene is loaded with.
before=$(grep -c "loom: reloaded" "$tmp/err")
xdotool mousemove --window "$window" 29 $y mousedown 1
i=0
while [ $i -le 60 ]; do
    xdotool mousemove --window "$window" $((29 + 4 * i)) $y
    sleep 0.05
    if [ $i -eq 20 ] || [ $i -eq 40 ]; then touch "$tmp/params.lua"; fi
    i=$((i + 1))
done
sleep 0.3
xdotool mouseup 1
# 29 + 240 = 269 px on a 266 px track from 0 to 100 in steps of 1: k = 90.
check "a 3 s drag across two saves ends at the released k=90" wait_count "^k=90 loads=" "$tmp/out" 1
sleep 0.5
check "... the last load is k=90" [ "$(tail -n 1 "$tmp/out" | sed 's/ loads=.*//')" = "k=90" ]
saves=$(grep -c "loom: reloaded" "$tmp/err")
check "... and the scene reloaded on the way ($((saves - before)) times, the saves among them)" \
    [ $((saves - before)) -ge 4 ]
climbing() { grep "^k=" "$tmp/out" | tail -n $((saves - before)) | sed 's/^k=//; s/ .*//' |
    awk 'NR > 1 && $1 < last { bad = 1 } { last = $1 } END { exit bad }'; }
check "... each load with a k no smaller than the one before" climbing
xdotool mousemove --window "$window" 400 300 key r
check "R after the drag keeps k=90" wait_count "^k=90 loads=" "$tmp/out" 2

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
tries=$((30 * slowdown))
while kill -0 "$loom_pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
loom_pid=

timeout "$(backstop 20)" "$loom" "$tmp/params.lua" --set kk=1 >"$tmp/out" 2>"$tmp/err"
check "a --set the scene lacks: exit 2" [ $? -eq 2 ]
check "... said, listing its parameters" grep -q "the scene has no parameter 'kk' (its parameters: k)" "$tmp/err"
check "... after running the script once" [ "$(grep -c '^k=' "$tmp/out")" -eq 1 ]
timeout "$(backstop 20)" "$loom" "$tmp/params.lua" --set k=40 >"$tmp/out" 2>"$tmp/err" &
loom_pid=$!
check "--set reaches the window's scene" wait_count "^k=40 loads=1" "$tmp/out" 1
xdotool search --sync --name "loom - params.lua" key Escape >/dev/null 2>&1
tries=$((30 * slowdown))
while kill -0 "$loom_pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
loom_pid=

# A live parameter: the slider gives the running scene its value at every
# move, without loading it again (the world's time goes on, loom.keep's
# count of loads stays 1), and the scene reads it with loom.param(name).
cat >"$tmp/live.lua" <<'EOF'
local g = loom.param("g", 0, { min = 0, max = 20, step = 1, live = true, label = "gravity" })
loom.keep.loads = (loom.keep.loads or 0) + 1
print("g=" .. g .. " loads=" .. loom.keep.loads)
local world = loom.world{ gravity = {0, -g, 0} }
local ball = world:particle{ pos = {0, 0, 0}, radius = 0.1 }
world:particle{ pos = {1, 0.5, 0}, radius = 0.1, mass = 0 }
local last = g
function loom.update()
  local now = loom.param("g")
  if now ~= last then
    last = now
    world:set{ gravity = {0, -now, 0} }
    print(string.format("live g=%g t=%.2f loads=%d", now, world:time(), loom.keep.loads))
  end
end
function loom.keypressed(key)
  if key == "y" then print(string.format("y=%.3f t=%.2f", select(2, ball:pos()), world:time())) end
end
return world
EOF
"$loom" "$tmp/live.lua" --size 800x720 >"$tmp/out" 2>"$tmp/err" &
loom_pid=$!
window=
tries=$((50 * slowdown))
while [ -z "$window" ] && [ $tries -gt 0 ]; do
    sleep 0.1; tries=$((tries - 1))
    window=$(xdotool search --name "loom - live.lua" 2>/dev/null | tail -n 1)
done
check "a live parameter starts at its default" wait_count "^g=0 loads=1" "$tmp/out" 1
sleep 1
xdotool key y
check "... and the ball rests without gravity" wait_count "^y=0.000 " "$tmp/out" 1
# Dragged from 0 to the end: every move reaches the running scene.
xdotool mousemove --window "$window" 29 $y mousedown 1
i=0
while [ $i -le 20 ]; do
    xdotool mousemove --window "$window" $((29 + 14 * i)) $y
    sleep 0.03
    i=$((i + 1))
done
xdotool mouseup 1
check "dragging a live slider gives the running scene g=20" wait_count "^live g=20 t=" "$tmp/out" 1
steps=$(grep -c "^live g=" "$tmp/out")
check "... step by step on the way ($steps values)" [ "$steps" -ge 5 ]
t=$(grep "^live g=20 " "$tmp/out" | sed 's/.* t=//; s/ .*//')
no_restart() {
    awk -v t="$t" 'BEGIN { exit !(t > 0.9) }' && ! grep -q 'loads=[2-9]' "$tmp/out" &&
        ! grep -q 'loom: reloaded' "$tmp/err"
}
check "... without a restart (t = $t s when it got there, loom.keep loaded once)" no_restart
sleep 0.5
xdotool key y
check "... and the ball falls in the running scene" sh -c "grep '^y=' '$tmp/out' | tail -n 1 | grep -q '^y=-'"
xdotool key r
check "R loads the scene again with the slider's g=20" wait_count "^g=20 loads=2" "$tmp/out" 1
xdotool key Escape
tries=$((30 * slowdown))
while kill -0 "$loom_pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
loom_pid=

# V records at true speed whatever the window's frame rate: a scene whose
# loom.draw takes 30 ms draws under 33 pictures a second, and 4 s of
# recording still make a video of 4 s at 60 fps (each picture repeated as
# long as it was on screen). The window's frame statistics on closing say
# how fast it drew.
if need ffmpeg ffmpeg "V's recording at true speed" && need ffprobe ffmpeg "V's recording at true speed"; then
    cat >"$tmp/slow.lua" <<'EOF'
local world = loom.world{}
world:particle{ pos = {0, 0, 0}, radius = 0.2 }
world:particle{ pos = {1, 0.5, 0}, radius = 0.1, mass = 0 }
function loom.draw()
  local start = os.clock()
  while os.clock() - start < 0.03 do end
end
return world
EOF
    "$loom" "$tmp/slow.lua" --size 320x240 >"$tmp/out" 2>"$tmp/err" &
    loom_pid=$!
    xdotool search --sync --name "loom - slow.lua" >/dev/null 2>&1
    sleep 1
    # One xdotool: the two presses are 4 s apart, with no program start between.
    xdotool key v sleep 4 key v
    wait_count "saved $tmp/slow-rec-001.mp4" "$tmp/err" 1
    xdotool key Escape
    tries=$((30 * slowdown))
    while kill -0 "$loom_pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    loom_pid=
    frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$tmp/slow-rec-001.mp4")
    duration=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$tmp/slow-rec-001.mp4")
    pictures=$(sed -n 's/.*from \([0-9]*\) pictures.*/\1/p' "$tmp/err")
    true_speed() {
        awk -v f="$frames" -v d="$duration" -v p="$pictures" 'BEGIN {
            exit !(f > 0 && p < f * 0.6 && d > 0.95 * 4 && d < 1.05 * 4) }'
    }
    # A window starved of the processor (other programs on a loaded
    # machine) handles both presses at once: nothing to measure then.
    if [ "${pictures:-0}" -ge 10 ]; then
        check "4 s of a 30 ms-a-picture window record $duration s of video ($frames frames from $pictures pictures)" true_speed
    else
        skipped "V's recording at true speed" "the machine was too loaded: the window drew ${pictures:-0} pictures in 4 s"
    fi
    stats=$(grep "^loom: window: " "$tmp/err")
    mean=$(echo "$stats" | sed -n 's/.*frame time mean \([0-9.]*\) ms.*/\1/p')
    fps=$(echo "$stats" | sed -n 's/.* \([0-9.]*\) fps;.*/\1/p')
    slow_stats() {
        awk -v m="$mean" -v f="$fps" 'BEGIN { exit !(m >= 30 && f < 34 && (1000 / m - f) < 0.2 && (f - 1000 / m) < 0.2) }' &&
            echo "$stats" | grep -q "^loom: window: [0-9]* frames at 320x240, .*; drawing mean [0-9.]* ms, worst [0-9.]* ms (of which copying to the screen [0-9.]* ms)$"
    }
    check "the window prints its frame statistics on closing ($stats)" slow_stats
fi

# Without ffmpeg on the PATH, V records numbered PNGs instead.
mkdir -p "$tmp/nobin"
PATH="$tmp/nobin" "$loom" "$tmp/params.lua" --size 320x240 >"$tmp/out" 2>"$tmp/err" &
loom_pid=$!
window=
tries=$((50 * slowdown))
while [ -z "$window" ] && [ $tries -gt 0 ]; do
    sleep 0.1; tries=$((tries - 1))
    window=$(xdotool search --name "loom - params.lua" 2>/dev/null | tail -n 1)
done
sleep 0.3
xdotool key v
check "without ffmpeg, V records PNGs into a folder" wait_count "recording to $tmp/params-rec-001/" "$tmp/err" 1
sleep 0.4
xdotool key v
check "... and says how many frames it saved" wait_count "saved $tmp/params-rec-001/ ([1-9][0-9]* frames, " "$tmp/err" 1
n=$(ls "$tmp/params-rec-001" | grep -c '^frame_[0-9]*\.png$')
check "... numbered from frame_00000.png without gaps ($n frames)" \
    [ "$n" -gt 0 -a -f "$tmp/params-rec-001/frame_$(printf %05d $((n - 1))).png" ]
check "... of the window's 320x240" [ "$("$pngcheck" info "$tmp/params-rec-001/frame_00000.png" | cut -d' ' -f1-2)" = "320 240" ]
xdotool key Escape
tries=$((30 * slowdown))
while kill -0 "$loom_pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
loom_pid=

finish
