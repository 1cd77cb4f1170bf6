#!/bin/sh
# End-to-end tests of loom's frame pipeline: identical frames for any thread
# count, frames in order without gaps (full disk), signals, video through
# ffmpeg, parameters (--set, loom.param), --csv, loom.finish, progress, sweeps
# (also through GNU parallel), the display check and the bounds of --fps and
# --frames. Usage: sh tests/cli_pipeline.sh BUILD_DIR
# Prints "ok - ..." or "not ok - ..." per check and ends with "N passed, N failed".
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
. "$(dirname "$0")/lib.sh"
cleanup() {
    [ -n "$mounted" ] && umount "$tmp/full" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

run_loom() { "$loom" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }
has() { grep -q -- "$1" "$2"; }
# count DIR: number of frame files; contiguous DIR N: exactly frames 0..N-1.
count() { ls "$1" 2>/dev/null | grep -c '^frame_[0-9]*\.png$'; }
contiguous() {
    n=$(count "$1")
    [ "$n" -eq "$2" ] || return 1
    [ "$n" -eq 0 ] && return 0
    [ -f "$1/frame_$(printf %05d $(($2 - 1))).png" ]
}
no_temp() { [ -z "$(find "$1" -name '*.tmp' -o -name '*.part' 2>/dev/null)" ]; }

require_built "$loom"

cat >"$tmp/swing.lua" <<'EOF'
-- a pendulum and a spring, with parameters
local k = loom.param("k", 10, { min = 1, max = 100, label = "spring stiffness" })
local damping = loom.param("damping", 0, { min = 0, max = 1, step = 0.05 })
local wind = loom.param("wind", false)
local title = loom.param("title", "swing")
local world = loom.world{ gravity = {0, -9.81, 0} }
local a = world:particle{ pos = {0, 0, 0}, mass = 0 }
local b = world:particle{ pos = {1, 0, 0}, radius = 0.1 }
local c = world:particle{ pos = {2, 0, 0}, radius = 0.1, vel = {0, wind and 3 or 0, 0} }
world:stick(a, b)
world:spring(b, c, { k = k, damping = damping })
loom.camera{ target = {0, -0.5, 0}, height = 5 }
print(string.format("params k=%s (%s) damping=%s wind=%s title=%s", k, math.type(k), damping,
  tostring(wind), title))
function loom.update()
  local _, y = c:pos()
  loom.plot("height", y)
  loom.plot("speed, m/s", (select(2, c:vel())))
end
local finished = 0
function loom.finish()
  finished = finished + 1
  print("finish " .. finished .. " at " .. world:time())
end
return world
EOF

# A scene slow enough to interrupt: each frame takes ~20 ms of wall clock.
cat >"$tmp/slow.lua" <<'EOF'
local world = loom.world{ gravity = {0, -9.81, 0} }
world:particle{ pos = {0, 1, 0}, radius = 0.2 }
function loom.update()
  local start = os.clock()
  while os.clock() - start < 0.02 do end
end
return world
EOF

# ---- 1. the same bytes for any number of threads ----------------------------
for t in 1 2 3; do
    run_loom render "$tmp/swing.lua" --frames 12 --size 160x90 --out "$tmp/t$t" --threads $t --quiet
    check "--threads $t: exit 0" [ "$status" -eq 0 ]
    check "--threads $t: 12 frames, 0 to 11" contiguous "$tmp/t$t" 12
done
check "--threads 1 and 2 give byte-identical frames" diff -r "$tmp/t1" "$tmp/t2"
check "--threads 1 and 3 give byte-identical frames" diff -r "$tmp/t1" "$tmp/t3"
# Frames drawn in parallel: a shaded, folding cloth (depth triangles), a plot
# panel and text over many tiles, each frame drawn whole by one thread.
cat >"$tmp/busy.lua" <<'EOF'
loom.style{ theme = "dark" }
local cloth = require "loom.cloth"
local world = loom.world{ gravity = {0, -9.81, 0}, substeps = 2 }
local sheet = cloth.grid(world, { origin = {-1, 0, 0}, u = {2, 0, 0}, v = {0, 0, 2}, nu = 12,
  nv = 12, mass = 1, structural = true, shear = true, kind = "stick", pin = { "top_left", "top_right" } })
loom.title("frames in parallel")
local corner = world:particles()[#world:particles()]
function loom.update()
  local _, y = corner:pos()
  loom.plot("height", y, { line = "dashed", marker = "circle" })
end
return world
EOF
for t in 1 2 4 default; do
    if [ $t = default ]; then threads=; else threads="--threads $t"; fi
    run_loom render "$tmp/busy.lua" --frames 8 --size 640x360 --out "$tmp/b$t" $threads --quiet
    check "a shaded cloth with a plot, --threads $t: exit 0" [ "$status" -eq 0 ]
    check "a shaded cloth with a plot, --threads $t: 8 frames, 0 to 7" contiguous "$tmp/b$t" 8
done
for t in 2 4 default; do
    check "a shaded cloth with a plot: --threads 1 and $t give byte-identical frames" diff -r "$tmp/b1" "$tmp/b$t"
done
run_loom render "$tmp/swing.lua" --frames 12 --size 160x90 --out "$tmp/t1b" --threads 1 --quiet
check "a second run gives byte-identical frames" diff -r "$tmp/t1" "$tmp/t1b"
check "no temporary files are left" no_temp "$tmp/t1"
run_loom render "$tmp/swing.lua" --frames 3 --size 160x90 --out "$tmp/sum"
check "render: summary and split on stderr" has "wrote 3 frames (160x90) to $tmp/sum/" "$tmp/err"
check "render: the split names simulate, draw and encode" has "simulate .* ms, draw .* ms, encode" "$tmp/err"
check "render: stdout has only the scene's prints" [ "$(grep -vc '^params\|^finish' "$tmp/out")" -eq 0 ]
check "render: loom.finish runs once at the end" [ "$(grep -c '^finish 1 at 0.0333' "$tmp/out")" -eq 1 ]

# ---- 8. frames in order without gaps; signals; display; bounds --------------
mkdir -p "$tmp/full"
if mount -t tmpfs -o size=96k tmpfs "$tmp/full" 2>/dev/null; then
    mounted=1
    run_loom render "$tmp/swing.lua" --frames 400 --size 320x180 --out "$tmp/full" --quiet
    n=$(count "$tmp/full")
    check "full disk: exit 1" [ "$status" -eq 1 ]
    check "full disk: says which frame failed and why" has "frame $n: cannot write '.*frame_$(printf %05d "$n").png.tmp': No space left on device" "$tmp/err"
    check "full disk: frames 0..$((n - 1)) are there, none after" contiguous "$tmp/full" "$n"
    check "full disk: no temporary file is left" no_temp "$tmp/full"
    check "full disk: says which frames are complete" has "frames 0 to $((n - 1)) are complete" "$tmp/err"
    umount "$tmp/full" && mounted=
else
    skipped "full disk (a small tmpfs)" "cannot mount a tmpfs here (run the tests as root)"
fi

# With ffmpeg, the signalled runs also make a video, which must not be left
# half-written, and ffmpeg must not be left running. Every signal that ends
# a run from a terminal or a process manager: TERM, INT, HUP, QUIT.
video=""
need ffmpeg ffmpeg "SIGTERM, SIGINT, SIGHUP and SIGQUIT mid-run leave no partial video" && video="and no partial video"
for sig in TERM INT HUP QUIT; do
    "$loom" render "$tmp/slow.lua" --frames 2000 --size 64x64 --out "$tmp/sig$sig" \
        ${video:+--video "$tmp/sig$sig.mp4"} --quiet >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    i=0
    while [ "$(count "$tmp/sig$sig")" -lt 5 ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
    kill -$sig $pid
    wait $pid
    status=$?
    case $sig in TERM) number=15 ;; INT) number=2 ;; HUP) number=1 ;; QUIT) number=3 ;; esac
    code=$((128 + number)) # dash's kill -l turns a number into a name only
    check "SIG$sig mid-run: exit $code" [ "$status" -eq "$code" ]
    check "SIG$sig mid-run: no temporary file is left $video" no_temp "$tmp"
    check "SIG$sig mid-run: the frames written have no gap" contiguous "$tmp/sig$sig" "$(count "$tmp/sig$sig")"
    check "SIG$sig mid-run: says so" has "temporary files removed" "$tmp/err"
    if [ -n "$video" ]; then
        check "SIG$sig mid-run: no ffmpeg log is left" [ ! -e "$tmp/sig$sig.mp4.log" ]
        check "SIG$sig mid-run: ffmpeg is stopped" [ -z "$(pgrep -f "$tmp/sig$sig.mp4.part")" ]
    fi
done

start=$(date +%s)
env -u DISPLAY -u WAYLAND_DISPLAY timeout 20 "$loom" "$tmp/swing.lua" >"$tmp/out" 2>"$tmp/err"
status=$?
check "no display: exit 1 at once" [ "$status" -eq 1 -a $(($(date +%s) - start)) -lt 10 ]
check "no display: says so and suggests loom render" has "no display (SDL chose its 'offscreen' video driver" "$tmp/err"
SDL_VIDEODRIVER=dummy timeout 20 "$loom" "$tmp/swing.lua" >"$tmp/out" 2>"$tmp/err"
check "SDL's dummy driver counts as no display (exit 1)" [ $? -eq 1 ]
check "... said" has "'dummy' video driver" "$tmp/err"

for bad in "--fps 1e-300" "--fps 0.5" "--fps 20000" "--frames 0" "--frames 2000000" "--threads 0" "--threads 100"; do
    # shellcheck disable=SC2086
    run_loom sim "$tmp/swing.lua" --frames 2 $bad
    check "'$bad' is refused with exit 2" [ "$status" -eq 2 ]
done
run_loom sim "$tmp/swing.lua" --frames 2 --fps 1e-300
check "--fps names its range" has "from 1 to 10000, not '1e-300'" "$tmp/err"

# ---- 2. video ---------------------------------------------------------------
if need ffmpeg ffmpeg "--video (mp4, webm, gif)" && need ffprobe ffmpeg "--video (mp4, webm, gif)"; then
    probe() { ffprobe -v error -select_streams v:0 -count_frames -show_entries stream="$2" -of csv=p=0 "$1"; }
    run_loom render "$tmp/swing.lua" --frames 10 --size 161x91 --video "$tmp/v.mp4" --quiet
    check "--video .mp4 without --out: exit 0" [ "$status" -eq 0 ]
    check "mp4: H.264, yuv420p, padded to even 162x92, 10 frames" [ "$(probe "$tmp/v.mp4" codec_name,pix_fmt,width,height,nb_read_frames)" = "h264,162,92,yuv420p,10" ]
    moov=$(grep -boa moov "$tmp/v.mp4" | head -n 1 | cut -d: -f1)
    mdat=$(grep -boa mdat "$tmp/v.mp4" | head -n 1 | cut -d: -f1)
    # before A B: both offsets found, A first.
    before() { [ -n "$1" ] && [ -n "$2" ] && [ "$1" -lt "$2" ]; }
    check "mp4: faststart (moov before mdat: ${moov:-none}, ${mdat:-none})" before "$moov" "$mdat"
    run_loom render "$tmp/swing.lua" --frames 10 --size 160x90 --video "$tmp/v.webm" --out "$tmp/vw" --quiet
    check "--video .webm with --out: exit 0" [ "$status" -eq 0 ]
    check "... and 10 frames, 0 to 9" contiguous "$tmp/vw" 10
    check "webm: VP9, yuv420p, 10 frames" [ "$(probe "$tmp/v.webm" codec_name,pix_fmt,nb_read_frames)" = "vp9,yuv420p,10" ]
    run_loom render "$tmp/swing.lua" --frames 10 --size 160x90 --video "$tmp/v.gif" --quiet
    check "gif: 160x90, 8 of the 10 frames (50 a second: tests/cli_gif.sh)" [ "$(probe "$tmp/v.gif" codec_name,width,height,nb_read_frames)" = "gif,160,90,8" ]
    check "no .part or .log left next to the videos" [ -z "$(ls "$tmp" | grep -e '\.part$' -e '\.log$')" ]
fi
run_loom render "$tmp/swing.lua" --frames 2 --video "$tmp/v.avi"
check "--video .avi: exit 1" [ "$status" -eq 1 ]
check "... naming the formats" has "needs a file ending in .mp4, .webm or .gif" "$tmp/err"
mkdir -p "$tmp/bin"
ln -sf "$(command -v sh)" "$tmp/bin/sh"
PATH="$tmp/bin" "$loom" render "$tmp/swing.lua" --frames 2 --video "$tmp/none.mp4" >"$tmp/out" 2>"$tmp/err"
check "--video without ffmpeg: exit 1" [ $? -eq 1 ]
check "... and says to install it" has "needs ffmpeg, which is not on the PATH" "$tmp/err"
check "--video without ffmpeg: checked before the scene runs" [ ! -s "$tmp/out" ]

# ---- 3. parameters ----------------------------------------------------------
run_loom sim "$tmp/swing.lua" --frames 2 --quiet
check "loom.param: defaults" has "params k=10 (integer) damping=0 wind=false title=swing" "$tmp/out"
run_loom sim "$tmp/swing.lua" --frames 2 --quiet --set k=20 --set damping=0.5 --set wind=yes --set "title=a, b"
check "--set: a number, a boolean and a string" has "params k=20 (integer) damping=0.5 wind=true title=a, b" "$tmp/out"
run_loom sim "$tmp/swing.lua" --frames 2 --set k=2.5 --quiet
check "--set: a fraction for an integer default stays a float" has "k=2.5 (float)" "$tmp/out"
run_loom sim "$tmp/swing.lua" --frames 2 --set stiffness=5
check "--set unknown name: exit 2" [ "$status" -eq 2 ]
check "--set unknown name: lists the scene's parameters" has "the scene has no parameter 'stiffness' (its parameters: k, damping, wind, title)" "$tmp/err"
run_loom sim "$tmp/swing.lua" --frames 2 --set k=500
check "--set out of range: exit 2" [ "$status" -eq 2 ]
check "... with the range" has "k=500: k must be between 1 and 100" "$tmp/err"
run_loom sim "$tmp/swing.lua" --frames 2 --set k=soft
check "--set a word for a number: exit 2" [ "$status" -eq 2 ]
check "... said, with the default" has "k=soft: k is a number (default 10)" "$tmp/err"
run_loom sim "$tmp/swing.lua" --frames 2 --set wind=maybe
check "--set a word for a boolean: exit 2" [ "$status" -eq 2 ]
check "... said" has "wind is true or false" "$tmp/err"
run_loom sim "$tmp/swing.lua" --frames 2 --set k
check "--set without =: exit 2" [ "$status" -eq 2 ]
check "... said" has "--set needs name=value, not 'k'" "$tmp/err"
run_loom render "$tmp/swing.lua" --frames 2 --out "$tmp/p" --set k=0
check "render --set out of range: exit 2" [ "$status" -eq 2 ]
check "... and no frames" [ "$(count "$tmp/p")" -eq 0 ]
param_error() {
    printf '%s\nreturn loom.world{}\n' "$1" >"$tmp/perr.lua"
    run_loom sim "$tmp/perr.lua" --frames 1
    if [ "$status" -eq 1 ] && has "$2" "$tmp/err"; then ok "loom.param error: $2"; else not_ok "loom.param error: $2" "$tmp/err"; fi
}
param_error 'loom.param()' "bad argument #1 to 'param' (string expected, got no value)"
param_error 'loom.param("k")' "bad argument #2 to 'param' (number, boolean or string expected, got no value)"
param_error 'loom.param("k", {})' "bad argument #2 to 'param' (number, boolean or string expected, got table)"
param_error 'loom.param("k", 0/0)' "bad argument #2 to 'param' (default must be a finite number"
param_error 'loom.param("a b", 1)' "bad argument #1 to 'param' (a name of letters, digits"
param_error 'loom.param("k", 1, { min = 2, max = 1 })' "(min must be less than max)"
param_error 'loom.param("k", 1, { min = 0 })' "(give both min and max, or neither)"
param_error 'loom.param("k", 5, { min = 0, max = 1 })' "(the default must be between min and max)"
param_error 'loom.param("k", true, { min = 0, max = 1 })' "(min, max and step are for a number parameter)"
param_error 'loom.param("k", 1, { mni = 0 })' "unknown field 'mni'"

# ---- 4. data ------------------------------------------------------------------
run_loom sim "$tmp/swing.lua" --frames 4 --csv "$tmp/sim.csv"
check "sim: summary on stderr" has "simulated 4 frames: 3 steps" "$tmp/err"
check "sim: stdout has only the scene's prints" [ "$(grep -vc '^params\|^finish' "$tmp/out")" -eq 0 ]
check "sim: loom.finish runs once at the end" [ "$(grep -c '^finish 1 at 0.05' "$tmp/out")" -eq 1 ]
check "--csv: a header with the time and each series" [ "$(head -n 1 "$tmp/sim.csv")" = 'time (s),height,"speed, m/s"' ]
check "--csv: one row per frame but the last (tests/cli_csv.sh checks more)" [ "$(wc -l <"$tmp/sim.csv")" -eq 4 ]
check "--csv: frame 0 is at t = 0, height 0" [ "$(sed -n 2p "$tmp/sim.csv")" = "0,0,0" ]
check "--csv: frame 1 is at t = 1/60" [ "$(sed -n 3p "$tmp/sim.csv" | cut -d, -f1)" = "0.016666666666666666" ]
check "--csv: the last frame, with nothing after the last loom.update, is left out" [ "$(tail -n 1 "$tmp/sim.csv" | cut -d, -f1)" = "0.03333333333333333" ]
run_loom render "$tmp/swing.lua" --frames 4 --size 64x64 --out "$tmp/c" --csv "$tmp/render.csv" --quiet
check "--csv: render writes the same table as sim" cmp -s "$tmp/sim.csv" "$tmp/render.csv"

# A series against x (options.vs) gets a column of its x before its values.
cat >"$tmp/phase.lua" <<'LUA'
local world = loom.world{}
function loom.update() loom.plot("v", 2 * world:time(), { vs = 3 * world:time() }) end
return world
LUA
run_loom sim "$tmp/phase.lua" --frames 3 --csv "$tmp/phase.csv"
check "--csv: a series against x has a column of its x ('v.x') before its own" \
    [ "$(head -n 1 "$tmp/phase.csv")" = 'time (s),v.x,v' ]
check "--csv: ... each row with the x and the value of the frame's sample" \
    [ "$(sed -n 3p "$tmp/phase.csv")" = "0.016666666666666666,0.05,0.03333333333333333" ]

printf 'function loom.finsh() end\nreturn loom.world{}\n' >"$tmp/finsh.lua"
run_loom sim "$tmp/finsh.lua" --frames 1
check "a misspelt loom.finish is an error with a hint" has "loom.finsh is not a callback loom calls (did you mean loom.finish?)" "$tmp/err"

# ---- 5. progress ----------------------------------------------------------------
run_loom sim "$tmp/slow.lua" --frames 60
check "progress (not a terminal): plain lines every 10%" has "^loom: frame 54/60 (90%), .* fps, .* left$" "$tmp/err"
check "progress (not a terminal): no carriage returns" [ "$(tr -cd '\r' <"$tmp/err" | wc -c)" -eq 0 ]
run_loom sim "$tmp/slow.lua" --frames 60 --quiet
check "--quiet: nothing on stderr" [ ! -s "$tmp/err" ]
if ! need script bsdutils "progress on a terminal"; then
    :
elif script -qfec "true" /dev/null >/dev/null 2>&1; then
    script -qfec "'$loom' sim '$tmp/slow.lua' --frames 30" /dev/null >"$tmp/tty" 2>&1
    check "progress (terminal): one updating line with a bar, frames, fps and time left" \
        grep -q "$(printf '\r')loom: \[#*\.*\] [0-9]*/30 frames  [0-9.]* fps  [0-9:-]* left" "$tmp/tty"
else
    skipped "progress on a terminal" "script(1) cannot open a pseudo-terminal here (mount /dev/pts)"
fi

# ---- 6. sweeps ----------------------------------------------------------------
run_loom sweep "$tmp/swing.lua" --set k=10,40 --set damping=0,0.5 --frames 12 --fps 15 --size 96x54 --out "$tmp/sweep" --quiet
check "sweep: exit 0" [ "$status" -eq 0 ]
for v in "k=10,damping=0" "k=10,damping=0.5" "k=40,damping=0" "k=40,damping=0.5"; do
    check "sweep: $v has 12 frames" contiguous "$tmp/sweep/$v" 12
done
run_loom render "$tmp/swing.lua" --frames 12 --fps 15 --size 96x54 --out "$tmp/one" --set k=40 --set damping=0.5 --quiet
check "sweep: a variant's frames are that render's" diff -r "$tmp/one" "$tmp/sweep/k=40,damping=0.5"
differ() { ! cmp -s "$1" "$2"; }
check "sweep: k=10 and k=40 differ" differ "$tmp/sweep/k=10,damping=0/frame_00011.png" "$tmp/sweep/k=40,damping=0/frame_00011.png"
pngcheck=$build/tests/pngcheck
check "sweep: a contact sheet on an A4 page at 300 dpi (tests/cli_handout.sh checks it)" \
    [ "$("$pngcheck" info "$tmp/sweep/sheet.png")" = "3508 2480 varied" ]
check "sweep: the sheet's pictures are removed once it is made" [ ! -e "$tmp/sweep/.sheet" ]
run_loom sweep "$tmp/swing.lua" --set k=10,40 --set damping=0,0.5 --frames 12 --fps 15 --size 96x54 --out "$tmp/p sweep" --print
check "sweep --print: two command lines per variant (the sheet's picture, the frames)" [ "$(grep -c " render " "$tmp/out")" -eq 8 ]
check "sweep --print: quoted for the shell" has "--out '$tmp/p sweep/k=10,damping=0.5' --size 96x54 --set k=10 --set damping=0.5" "$tmp/out"
if need parallel parallel "a sweep through GNU parallel"; then
    parallel --will-cite -j 2 <"$tmp/out" >"$tmp/par.out" 2>"$tmp/par.err"
    check "GNU parallel runs the printed sweep" [ $? -eq 0 ]
    check "GNU parallel: the frames are the in-process sweep's" diff -r "$tmp/sweep/k=10,damping=0.5" "$tmp/p sweep/k=10,damping=0.5"
    run_loom sweep "$tmp/swing.lua" --set k=10,40 --set damping=0,0.5 --frames 12 --fps 15 --size 96x54 --out "$tmp/p sweep" --sheet --quiet
    check "sweep --sheet: the sheet of what parallel rendered is the same" cmp -s "$tmp/sweep/sheet.png" "$tmp/p sweep/sheet.png"
fi
run_loom sweep "$tmp/swing.lua" --set k=10,1000 --frames 2 --size 64x64 --out "$tmp/bad" --quiet
check "sweep: a failing variant fails the sweep (exit 1)" [ "$status" -eq 1 ]
check "... and is named" has "variant k=1000 failed (exit 2)" "$tmp/err"
run_loom sweep "$tmp/swing.lua" --frames 2 --out "$tmp/none"
check "sweep without --set: exit 2" [ "$status" -eq 2 ]

finish
