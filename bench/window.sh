#!/bin/sh
# The window under Xvfb: its frame statistics (what it prints on closing) at
# 1920x1080 for the showcase and three other examples and at 1280x720 for
# the showcase, each run for SECONDS, this build and a reference commit built
# in the same run (default d7022bf, the window before the one-pipeline
# renderer and its tiles on every core, the first to print these statistics;
# WINDOW_REF=commit to change it, WINDOW_REF= for none); then how soon a save
# is on screen (the window's own "on screen N ms after the save", ten saves).
# Skipped with a message without Xvfb or xdotool. The target is 60 fps
# (16.7 ms a frame): the window draws at most one picture per tick of --fps 60.
# Usage: sh bench/window.sh BUILD_DIR [SECONDS]
build=${1:-build}
seconds=${2:-6}
ref=${WINDOW_REF-d7022bf}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
for program in Xvfb xdotool; do
    if ! command -v "$program" >/dev/null 2>&1; then
        echo "window: skipped ($program is not installed: apt-get install xvfb xdotool)"
        exit 0
    fi
done
tmp=$(mktemp -d)
xvfb_pid=
loom_pid=
trap '[ -n "$loom_pid" ] && kill "$loom_pid" 2>/dev/null; [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
Xvfb -displayfd 3 -screen 0 2048x1280x24 -nolisten tcp 3>"$tmp/display" 2>"$tmp/xvfb.log" &
xvfb_pid=$!
tries=50
while [ ! -s "$tmp/display" ] && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
DISPLAY=:$(cat "$tmp/display")
export DISPLAY

# The reference, built from its own tree (never the working one).
reference=
if [ -n "$ref" ]; then
    if git archive "$ref" >"$tmp/ref.tar" 2>/dev/null && mkdir "$tmp/ref" &&
        tar -xf "$tmp/ref.tar" -C "$tmp/ref" && make -C "$tmp/ref" -j2 build/loom >"$tmp/ref.log" 2>&1; then
        reference=$tmp/ref/build/loom
    else
        echo "window: no reference $ref (not a git checkout, or it does not build): this build alone"
    fi
fi

# window LOOM SCENE SIZE: that loom's window for $seconds, then Esc; prints
# its statistics line.
window() {
    "$1" "$2" --size "$3" >/dev/null 2>"$tmp/err" &
    loom_pid=$!
    xdotool search --sync --name "loom - $(basename "$2")" >/dev/null 2>&1
    sleep "$seconds"
    xdotool search --name "loom - $(basename "$2")" key Escape >/dev/null 2>&1
    wait "$loom_pid"
    loom_pid=
    line=$(sed -n 's/^loom: window: //p' "$tmp/err")
    echo "${line:-no statistics: $(tail -n 1 "$tmp/err")}"
}

# run SCENE SIZE: this build's window, then the reference's, and the ratio of
# their mean frame times (above 1: this build is faster).
run() {
    now=$(window "$loom" "$1" "$2")
    printf '  %-34s now: %s\n' "$(basename "$1") $2" "$now"
    [ -n "$reference" ] || return 0
    was=$(window "$reference" "$1" "$2")
    printf '  %-34s %s: %s\n' "" "$ref" "$was"
    mean() { echo "$1" | sed -n 's/.*frame time mean \([0-9.]*\) ms.*/\1/p'; }
    printf '  %-34s mean frame time %s ms -> %s ms (%s)\n' "" "$(mean "$was")" "$(mean "$now")" \
        "$(awk -v a="$(mean "$was")" -v b="$(mean "$now")" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2fx faster", a / b; else print "-" }')"
}

echo "window: frame statistics under Xvfb, ${seconds} s each (target 60 fps, 16.7 ms)"
run examples/cloth_hanging.lua 1920x1080
run examples/collide_tablecloth.lua 1920x1080
run examples/draw_projectile_energy.lua 1920x1080
run examples/spring_integrators.lua 1920x1080
run examples/cloth_hanging.lua 1280x720

# Saves: a small scene, saved in place and by rename; the window says how
# long after the file's modification time the new scene was on screen.
write() {
    cat >"$tmp/save.new" <<EOF
local world = loom.world{}
world:particle{ pos = {0, 0}, radius = 0.3 }
world:particle{ pos = {$1 / 10, 1}, radius = 0.2, mass = 0 }
return world
EOF
}
write 0
mv "$tmp/save.new" "$tmp/save.lua"
"$loom" "$tmp/save.lua" --size 1280x720 >/dev/null 2>"$tmp/err" &
loom_pid=$!
xdotool search --sync --name "loom - save.lua" >/dev/null 2>&1
sleep 1
for v in 1 2 3 4 5 6 7 8 9 10; do
    write $v
    if [ $((v % 2)) -eq 0 ]; then mv "$tmp/save.new" "$tmp/save.lua"; else cat "$tmp/save.new" >"$tmp/save.lua"; fi
    sleep 0.5
done
xdotool search --name "loom - save.lua" key Escape >/dev/null 2>&1
wait "$loom_pid"
loom_pid=
sed -n 's/^loom: on screen \([0-9]*\) ms after the save$/\1/p' "$tmp/err" | sort -n >"$tmp/saves"
n=$(wc -l <"$tmp/saves")
if [ "$n" -gt 0 ]; then
    printf '  a save on screen (%d saves at 1280x720): median %s ms, worst %s ms (target 150 ms)\n' \
        "$n" "$(sed -n "$(((n + 1) / 2))p" "$tmp/saves")" "$(tail -n 1 "$tmp/saves")"
else
    echo "  a save on screen: no measurement ($(tail -n 1 "$tmp/err"))"
fi
