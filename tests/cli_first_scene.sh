#!/bin/sh
# The README's first scene (examples/pendulum.lua, the same text): a 1 kg
# bob on a 1 m stick released at 90 degrees, its energy plotted. Rendered
# headless with the defaults for 60 s with every integrator it offers
# (--set integrator=...), the total energy it plots (its --csv column, the
# plot's own samples) stays within 1% of the swing m g L = 9.81 J, the swing
# is a full one (the kinetic energy reaches m g L within 1%), and the green
# total line of the picture at 60 s lies flat (a band a few pixels high
# across the plot). With --set push=0.5 the same checks see the energy move.
# Usage: sh tests/cli_first_scene.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$(cd "$(dirname "$build/loom")" && pwd)/tests/pngcheck
. "$(dirname "$0")/lib.sh"

require_built "$loom"
same() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got: $3"; fi; }

# The README's block after "## A first scene", between its ```lua fence and
# the next ```.
awk '/^## A first scene/ { s = 1 } s == 1 && /^```lua$/ { s = 2; next }
     s == 2 && /^```$/ { exit } s == 2' README.md >"$tmp/readme.lua"
if [ -s "$tmp/readme.lua" ] && cmp -s "$tmp/readme.lua" examples/pendulum.lua; then
    ok "the README's first scene is examples/pendulum.lua, word for word"
else
    diff "$tmp/readme.lua" examples/pendulum.lua >"$tmp/diff"
    not_ok "the README's first scene is examples/pendulum.lua, word for word" "$tmp/diff"
fi

# worst |total - total(0)| over the table, as a percentage of m g L, and the
# largest kinetic energy; the header must be the plot's three series.
energy() {
    awk -F, 'NR == 1 { if ($0 != "time (s),kinetic (J),potential (J),total (J)") { print "header", $0; exit } }
             NR == 2 { e0 = $4 }
             NR > 1 { d = $4 - e0; if (d < 0) d = -d; if (d > w) w = d; if ($2 > k) k = $2; n++ }
             END { if (n) printf "%d %.4f %.4f\n", n, 100 * w / 9.81, k }' "$1"
}
# The rows spanned by the total's green (#1e7b3a) in the plot, below its legend.
band() {
    set -- $("$pngcheck" where "$1" 770 72 1279 719 "#1e7b3a" 40)
    [ "$1" -gt 0 ] && echo "$(($5 - $3 + 1)) $(($4 - $2 + 1))" || echo "0 0"
}

for integrator in euler semi_implicit_euler verlet velocity_verlet midpoint rk4; do
    out=$tmp/$integrator
    if ! "$loom" render examples/pendulum.lua --at 60 --out "$out" --csv "$out.csv" \
        --set integrator=$integrator --quiet 2>"$tmp/err"; then
        not_ok "$integrator: the first scene renders 60 s headless" "$tmp/err"
        continue
    fi
    set -- $(energy "$out.csv")
    if [ "$1" = 3600 ] && awk -v w="$2" -v k="$3" 'BEGIN { exit !(w <= 1 && k >= 0.99 * 9.81) }'; then
        ok "$integrator: its plotted total energy stays within 1% of m g L for 60 s (worst $2%, kinetic up to $3 J)"
    else
        not_ok "$integrator: its plotted total energy stays within 1% of m g L for 60 s" \
            "rows, worst %, largest kinetic: $*"
    fi
    set -- $(band "$out/frame_03600.png")
    if [ "$1" -ge 1 ] && [ "$1" -le 8 ] && [ "$2" -ge 300 ]; then
        ok "$integrator: the picture at 60 s draws the total as a flat line ($1 px high, $2 px long)"
    else
        not_ok "$integrator: the picture at 60 s draws the total as a flat line" "height, width: $*"
    fi
done

# The checks can fail: pushed (push = 0.5 N), the energy moves.
out=$tmp/push
"$loom" render examples/pendulum.lua --at 60 --out "$out" --csv "$out.csv" --set push=0.5 --quiet
set -- $(energy "$out.csv")
if [ "$1" = 3600 ] && awk -v w="$2" 'BEGIN { exit !(w > 5) }'; then
    ok "pushed (--set push=0.5), the same measure sees the energy change ($2% of m g L)"
else
    not_ok "pushed (--set push=0.5), the same measure sees the energy change" "rows, worst %: $*"
fi
set -- $(band "$out/frame_03600.png")
if [ "$1" -gt 20 ]; then
    ok "and its total line is no longer flat ($1 px high)"
else
    not_ok "and its total line is no longer flat" "height, width: $*"
fi

# Without a display the window says so and exits 1 (no invisible window
# running for ever); a named display that does not answer is asked again,
# then named in the message.
env -u DISPLAY -u WAYLAND_DISPLAY "$loom" examples/pendulum.lua >/dev/null 2>"$tmp/err"
status=$?
check "no DISPLAY: the window exits 1 ($status)" [ "$status" -eq 1 ]
check "and says: cannot open a window ... is DISPLAY set?" \
    grep -qF "loom: cannot open a window: no display (SDL chose its 'offscreen' video driver; is DISPLAY set?)" "$tmp/err"
DISPLAY=:4095 "$loom" examples/pendulum.lua >/dev/null 2>"$tmp/err"
status=$?
check "DISPLAY=:4095 (no server): the window exits 1 ($status)" [ "$status" -eq 1 ]
check "and names the display that did not answer" \
    grep -qF "no display (the X server at DISPLAY=:4095 did not answer)" "$tmp/err"

# A display that answers late (a busy X server): the window opens on a later
# try, and SDL was asked for X11 alone: it did not go through its Wayland
# driver (which says "XDG_RUNTIME_DIR is invalid") and its offscreen one
# (EGL and Mesa loaded and unloaded each try: make check's leak report).
if need Xvfb xvfb "a display that answers late: the window opens on a later try" &&
    need xdotool xdotool "a display that answers late: the window opens on a later try"; then
    n=4000
    while [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ]; do n=$((n + 1)); done
    DISPLAY=:$n "$loom" examples/pendulum.lua >/dev/null 2>"$tmp/late_err" &
    late_pid=$!
    sleep 0.6
    Xvfb ":$n" -screen 0 800x600x24 -nolisten tcp 2>/dev/null &
    late_xvfb=$!
    late_window=
    tries=$((100 * slowdown))
    while [ -z "$late_window" ] && [ "$tries" -gt 0 ] && kill -0 "$late_pid" 2>/dev/null; do
        sleep 0.1; tries=$((tries - 1))
        late_window=$(DISPLAY=:$n xdotool search --name "loom - pendulum.lua" 2>/dev/null | head -n 1)
    done
    if [ -n "$late_window" ]; then
        DISPLAY=:$n xdotool key --window "$late_window" Escape 2>/dev/null
    else
        kill "$late_pid" 2>/dev/null # a window nobody sees: not left running
    fi
    wait "$late_pid"
    status=$?
    kill "$late_xvfb" 2>/dev/null
    wait "$late_xvfb" 2>/dev/null
    check "a display that answers late: the window opens on a later try" [ -n "$late_window" ]
    check "... and quits on Esc with status 0 ($status)" [ "$status" -eq 0 ]
    check "... and SDL was asked for X11 alone (no Wayland probe)" \
        sh -c "! grep -q XDG_RUNTIME_DIR '$tmp/late_err'"
fi

finish
