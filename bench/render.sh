#!/bin/sh
# The showcase (make demo) rendered at 1280x720 with 1 and 2 threads: frames
# per second and where a frame's time goes (simulate, draw, encode), from
# loom render's own summary. Usage: sh bench/render.sh BUILD_DIR [FRAMES]
build=${1:-build}
frames=${2:-180}
scene=examples/cloth_hanging.lua
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "render: $scene, $frames frames at 1280x720 (PNG: libdeflate level 1, sub filter)"
for threads in 1 2; do
    rm -rf "$tmp/out"
    if ! "$build/loom" render "$scene" --frames "$frames" --out "$tmp/out" --threads "$threads" 2>"$tmp/err"; then
        cat "$tmp/err"
        exit 1
    fi
    fps=$(sed -n 's/.*(\([0-9.]*\) fps)$/\1/p' "$tmp/err")
    split=$(sed -n 's/^loom: per frame: \(simulate [^,]*, draw [^,]*, encode [^,]*\),.*/\1/p' "$tmp/err")
    size=$(du -sk "$tmp/out" | cut -f1)
    printf '  %d thread%s: %6s fps   per frame: %s   (%d KiB of PNG)\n' "$threads" \
        "$([ "$threads" = 1 ] && echo " " || echo s)" "$fps" "$split" "$size"
done
