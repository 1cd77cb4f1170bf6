#!/bin/sh
# GIFs that play at the right speed in browsers: a GIF's frame delay is whole
# hundredths of a second and browsers (and ffprobe's GIF reader) play a delay
# under 2 as 10, so loom writes GIFs above 50 frames per second at 50 (every
# delay 2) and keeps every frame up to 50. ffprobe's duration must be
# frames / fps within 2%. Usage: sh tests/cli_gif.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
. "$(dirname "$0")/lib.sh"
run_loom() { "$loom" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }
has() { grep -q -- "$1" "$2"; }
lacks() { ! grep -q -- "$1" "$2"; }
require_built "$loom"

cat >"$tmp/ball.lua" <<'LUA'
local world = loom.world{ gravity = {0, -9.81, 0} }
local pivot = world:particle{ pos = {0, 0, 0}, mass = 0 }
world:stick(pivot, world:particle{ pos = {1, 0, 0}, radius = 0.1 })
return world
LUA

if need ffprobe ffmpeg "GIF durations (ffprobe)"; then
    frames=120
    for fps in 24 30 50 60 144; do
        run_loom render "$tmp/ball.lua" --frames $frames --fps $fps --size 96x54 --video "$tmp/b$fps.gif"
        check "--fps $fps: a GIF (exit 0)" [ "$status" -eq 0 ]
        duration=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$tmp/b$fps.gif")
        check "--fps $fps: ffprobe's duration $duration s is $frames/$fps s within 2%" \
            awk -v d="$duration" -v want="$frames / $fps" 'BEGIN { split(want, w, " / "); t = w[1] / w[2]; exit !(d > 0 && (d - t) / t < 0.02 && (t - d) / t < 0.02) }'
        # The packets' durations are the delays (in seconds): none under 0.02.
        ffprobe -v error -show_entries packet=duration_time -of csv=p=0 "$tmp/b$fps.gif" >"$tmp/delays"
        check "--fps $fps: every frame delay is 2 hundredths or more" \
            awk '$1 < 0.0199 { bad = 1 } END { exit bad || NR == 0 }' "$tmp/delays"
        shown=$(wc -l <"$tmp/delays")
        if [ "$fps" -le 50 ]; then
            check "--fps $fps: every frame kept ($shown of $frames)" [ "$shown" -eq $frames ]
            check "--fps $fps: nothing said about 50 a second" lacks "plays at 50" "$tmp/err"
        else
            check "--fps $fps: 50 a second kept ($shown of $frames)" [ "$shown" -eq $(((frames * 50 + fps - 1) / fps)) ]
            check "--fps $fps: all delays 2 hundredths" awk '$1 != 0.02 { bad = 1 } END { exit bad || NR == 0 }' "$tmp/delays"
            check "--fps $fps: stderr says what was done" has "b$fps.gif plays at 50 frames per second, 50 of every $fps frames" "$tmp/err"
        fi
    done
    run_loom render "$tmp/ball.lua" --frames 30 --fps 60 --size 96x54 --video "$tmp/q.gif" --quiet
    check "--quiet: exit 0" [ "$status" -eq 0 ]
    check "... the GIF's note is not printed (stderr empty)" [ ! -s "$tmp/err" ]
    run_loom render "$tmp/ball.lua" --frames 30 --fps 60 --size 96x54 --video "$tmp/v.mp4"
    frames_mp4=$(ffprobe -v error -select_streams v:0 -count_frames -show_entries stream=nb_read_frames,r_frame_rate -of csv=p=0 "$tmp/v.mp4")
    check "mp4 at 60 fps: every frame, at 60 ($frames_mp4)" [ "$frames_mp4" = "60/1,30" ]
    check "... nothing said about the frame rate" lacks "plays at" "$tmp/err"
fi
finish
