#!/bin/sh
# Rendering against a reference commit built in the same run (default
# 8c645a3, the renderer before the display list; REF=commit to change it):
#   1. the draw time per frame at 1920x1080 of the showcase and three other
#      examples, loom render --threads 1 (simulate, compose and draw on one
#      thread: "draw" is the whole picture, as the window pays for it);
#   2. render throughput of the showcase at 1280x720 (make demo's frames)
#      with 1, 2 and all threads, frames per second and speed-up;
#   3. that every thread count gives the same bytes.
# Usage: sh bench/render.sh BUILD_DIR [FRAMES]
build=${1:-build}
frames=${2:-120}
ref=${REF:-8c645a3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)

# The reference, built from its own tree (never the working one).
if ! git archive "$ref" >"$tmp/ref.tar" 2>/dev/null; then
    echo "render: no commit $ref to compare with (not a git checkout?): measuring this build alone"
    ref=
else
    mkdir "$tmp/ref" && tar -xf "$tmp/ref.tar" -C "$tmp/ref" &&
        make -C "$tmp/ref" -j2 build/loom >"$tmp/ref.log" 2>&1 || {
        echo "render: the reference $ref does not build:"; tail -n 20 "$tmp/ref.log"; exit 1
    }
fi

# run LOOM SCENE FRAMES SIZE THREADS OUT: loom render's summary in $tmp/err.
run() {
    rm -rf "$6"
    "$1" render "$2" --frames "$3" --size "$4" --threads "$5" --out "$6" 2>"$tmp/err" || {
        cat "$tmp/err"; exit 1
    }
}
fps() { sed -n 's/.*(\([0-9.]*\) fps)$/\1/p' "$tmp/err"; }
# The whole picture per frame: draw (the reference) or compose + draw (now).
draw_ms() {
    sed -n 's/^loom: per frame: .*draw \([0-9.]*\) ms.*/\1/p' "$tmp/err" | head -n 1 >"$tmp/d"
    c=$(sed -n 's/^loom: per frame: .*compose \([0-9.]*\) ms.*/\1/p' "$tmp/err")
    awk -v d="$(cat "$tmp/d")" -v c="${c:-0}" 'BEGIN { printf "%.2f", d + c }'
}

echo "render: draw time per frame at 1920x1080, one thread ($frames frames each; lower is better)"
printf '  %-34s %10s %10s %8s\n' scene "$ref" now "ratio"
for scene in examples/cloth_hanging.lua examples/draw_projectile_energy.lua \
    examples/collide_cloth_pole.lua examples/cloth_tearing.lua; do
    run "$build/loom" "$scene" "$frames" 1920x1080 1 "$tmp/now"
    now=$(draw_ms)
    was=-
    if [ -n "$ref" ]; then
        run "$tmp/ref/build/loom" "$scene" "$frames" 1920x1080 1 "$tmp/was"
        was=$(draw_ms)
    fi
    printf '  %-34s %7s ms %7s ms %8s\n' "$(basename "$scene")" "$was" "$now" \
        "$(awk -v a="$was" -v b="$now" 'BEGIN { if (a + 0 > 0) printf "%.2fx", a / b; else print "-" }')"
done

scene=examples/cloth_hanging.lua
echo "render: $scene, $frames frames at 1280x720, frames per second (higher is better)"
printf '  %-10s %10s %10s %8s\n' threads "$ref" now "ratio"
for threads in 1 2 "$cores"; do
    [ "$threads" = 2 ] || [ "$threads" = 1 ] || [ "$threads" -gt 2 ] || continue
    run "$build/loom" "$scene" "$frames" 1280x720 "$threads" "$tmp/t$threads"
    now=$(fps)
    was=-
    if [ -n "$ref" ]; then
        run "$tmp/ref/build/loom" "$scene" "$frames" 1280x720 "$threads" "$tmp/was"
        was=$(fps)
    fi
    printf '  %-10s %10s %10s %8s\n' "$threads" "$was" "$now" \
        "$(awk -v a="$was" -v b="$now" 'BEGIN { if (a + 0 > 0) printf "%.2fx", b / a; else print "-" }')"
    [ "$threads" = "$cores" ] && [ "$cores" -le 2 ] && break
done
same=yes
for threads in 2 "$cores"; do
    [ -d "$tmp/t$threads" ] || continue
    for f in "$tmp"/t1/frame_*.png; do
        cmp -s "$f" "$tmp/t$threads/$(basename "$f")" || same=no
    done
done
echo "render: the same bytes on every thread count: $same"
