#!/bin/sh
# loom render --at: pictures of chosen moments only, without the frames
# before them, byte for byte the frames a full render writes (trails,
# arrows, plots, loom.draw's own state and the camera fitted at frame 0
# included); the lists and ranges, --csv beside it, and the usage errors.
# Usage: sh tests/cli_at.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
. "$(dirname "$0")/lib.sh"
run_loom() { "$loom" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }
has() { grep -q -- "$1" "$2"; }
differ() { ! cmp -s "$1" "$2"; }
require_built "$loom"

# A ball thrown across the picture with everything that keeps state between
# pictures: a trail (its history), velocity and force arrows, a plot panel
# fed in loom.update, a label following the ball, and loom.draw counting
# the pictures it was asked for (drawn as text, so a skipped loom.draw would
# show). The camera is fitted to frame 0 and the ball leaves it.
cat >"$tmp/throw.lua" <<'LUA'
local world = loom.world{ gravity = {0, -9.81, 0} }
world:particle{ pos = {-1, 0, 0}, mass = 0, radius = 0.05 }
local ball = world:particle{ pos = {0, 0, 0}, vel = {2, 6, 0}, radius = 0.1 }
ball:trail{ seconds = 1.5 }
ball:arrow("velocity")
ball:arrow("force")
loom.label{ text = "ball", at = ball }
local drawn = 0
function loom.update()
  loom.plot("height", ball:position().y, { unit = "m" })
end
function loom.draw()
  drawn = drawn + 1
  loom.text({ 0.05, 0.9 }, "draw calls: " .. drawn, { screen = true })
  loom.circle({ 0, drawn / 100 }, 0.05)
end
return world
LUA

run_loom render "$tmp/throw.lua" --frames 121 --size 192x108 --out "$tmp/full" --csv "$tmp/full.csv" --quiet
check "the full render: exit 0" [ "$status" -eq 0 ]
run_loom render "$tmp/throw.lua" --at 0.5,1,2 --size 192x108 --out "$tmp/at" --csv "$tmp/at.csv"
check "--at 0.5,1,2: exit 0" [ "$status" -eq 0 ]
check "--at 0.5,1,2: only frames 30, 60 and 120 are written" [ "$(ls "$tmp/at" | tr '\n' ' ')" = "frame_00030.png frame_00060.png frame_00120.png " ]
same=0
for f in 30 60 120; do
    name=frame_$(printf %05d $f).png
    cmp -s "$tmp/at/$name" "$tmp/full/$name" && same=$((same + 1))
done
check "--at pictures are byte for byte the full render's frames (trail, arrows, plot, loom.draw's count, camera)" [ "$same" -eq 3 ]
check "--at: the summary says how many pictures of how many frames" has "wrote 3 pictures of 121 frames (192x108)" "$tmp/err"
check "--at with --csv: the table of every frame up to the last moment, as the full render's" cmp -s "$tmp/at.csv" "$tmp/full.csv"
# The check can fail: a picture of another moment differs.
check "another moment's frame differs (the comparison can fail)" differ "$tmp/at/frame_00060.png" "$tmp/full/frame_00061.png"

run_loom render "$tmp/throw.lua" --at 0:2:0.5 --size 192x108 --out "$tmp/range" --quiet
check "--at 0:2:0.5: frames 0, 30, 60, 90 and 120" [ "$(ls "$tmp/range" | tr '\n' ' ')" = "frame_00000.png frame_00030.png frame_00060.png frame_00090.png frame_00120.png " ]
check "--at a range: the frames are the full render's" cmp -s "$tmp/range/frame_00090.png" "$tmp/full/frame_00090.png"
run_loom render "$tmp/throw.lua" --at 2,1,1.001,0.5:0.5:1 --size 192x108 --out "$tmp/mixed" --quiet
check "--at unsorted, repeated and mixed: each frame once" [ "$(ls "$tmp/mixed" | tr '\n' ' ')" = "frame_00030.png frame_00060.png frame_00120.png " ]
run_loom render "$tmp/throw.lua" --at 1 --fps 30 --size 192x108 --out "$tmp/fps" --quiet
check "--at 1 --fps 30 is frame 30" [ "$(ls "$tmp/fps")" = "frame_00030.png" ]
run_loom render "$tmp/throw.lua" --at 1 --frames 200 --size 192x108 --out "$tmp/frames" --csv "$tmp/frames.csv" --quiet
check "--at with --frames: the picture of the moment" [ "$(ls "$tmp/frames")" = "frame_00060.png" ]
check "... and the table of all the frames (200 rows)" [ "$(wc -l <"$tmp/frames.csv")" -eq 200 ]

for bad in "x" "-1" "1,,2" "1:0:0.5" "0:1:0" "0:1" "nan" "1e9"; do
    run_loom render "$tmp/throw.lua" --at "$bad" --out "$tmp/bad"
    check "--at '$bad' is refused with exit 2" [ "$status" -eq 2 ]
    check "... and said (loom: --at ...)" has "^loom: --at" "$tmp/err"
done
run_loom render "$tmp/throw.lua" --at 0:1:0 --out "$tmp/bad"
check "a step of 0 says what a range is" has "needs a range as FROM:TO:STEP in seconds, with FROM <= TO and STEP > 0, not '0:1:0'" "$tmp/err"
run_loom render "$tmp/throw.lua" --at 3 --frames 100 --out "$tmp/bad"
check "--at past --frames: exit 2" [ "$status" -eq 2 ]
check "... said" has "reaches frame 180 (3 s at 60 fps), past the 100 frames of --frames 100" "$tmp/err"
if need ffprobe ffmpeg "--at with --video"; then
    run_loom render "$tmp/throw.lua" --at 1 --frames 90 --video "$tmp/v.mp4" --size 192x108 --out "$tmp/both" --quiet
    check "--at with --video: exit 0" [ "$status" -eq 0 ]
    check "... the picture of the moment alone in the folder" [ "$(ls "$tmp/both")" = "frame_00060.png" ]
    check "... and a video of every frame (90)" \
        [ "$(ffprobe -v error -select_streams v:0 -count_frames -show_entries stream=nb_read_frames -of csv=p=0 "$tmp/v.mp4")" = 90 ]
    check "--at with --video: the picture is the full render's frame" cmp -s "$tmp/both/frame_00060.png" "$tmp/full/frame_00060.png"
fi
run_loom render "$tmp/throw.lua" --at 1
check "--at without --out: exit 2" [ "$status" -eq 2 ]
check "... said" has "'loom render --at' needs --out DIR" "$tmp/err"
run_loom sim "$tmp/throw.lua" --at 1
check "--at with sim: exit 2" [ "$status" -eq 2 ]
check "... said" has "--at is for 'loom render'" "$tmp/err"
check "no folder is made for a refused command line" [ ! -d "$tmp/bad" ]

# A script error between the moments: the pictures before it stay.
cat >"$tmp/fail.lua" <<'LUA'
local world = loom.world{}
world:particle{ pos = {0, 0, 0} }
function loom.update() if world:time() > 1.5 then error("stop here") end end
return world
LUA
run_loom render "$tmp/fail.lua" --at 1,2 --size 64x36 --out "$tmp/fail"
check "a failure after the first moment: exit 1" [ "$status" -eq 1 ]
check "... the first picture kept" [ "$(ls "$tmp/fail")" = "frame_00060.png" ]
check "... and said (1 of the 2 pictures)" has "1 of the 2 pictures are complete" "$tmp/err"
finish
