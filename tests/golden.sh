#!/bin/sh
# Golden images: renders a few frames of every examples/*.lua at 320x180 and
# compares their pixels with the reference frames in tests/golden/<example>/
# (small PNGs), with a small tolerance: a pixel may differ by up to TOLERANCE
# in each channel, and at most MAX_BAD pixels of a frame by more. A frame
# beyond that fails and leaves a picture of the difference in
# BUILD_DIR/golden-diff/<example>_frame_N.png (red: over the tolerance;
# orange: changed within it), next to the new frame.
#
#   sh tests/golden.sh BUILD_DIR            check (prints ok / not ok lines)
#   sh tests/golden.sh BUILD_DIR --update   rewrite the reference frames
#
# Pixels, not file hashes, are compared, so a change to the PNG encoder does
# not break them, and another build of SDL or libm that moves a few edge
# pixels stays within the tolerance. Run `make golden` after a deliberate
# change to drawing or to an example, look at the new frames, and commit
# them with the change. An example with only an older tests/golden/NAME.sha256
# is checked against those hashes until `make golden` gives it frames.
build=${1:-build}
update=false
[ "$2" = "--update" ] && update=true
loom=$build/loom
pngcheck=$build/tests/pngcheck
golden=tests/golden
frames=31        # rendered per example
keep="00000 00010 00020 00030"   # frames kept as references
TOLERANCE=24     # per channel, 0..255
MAX_BAD=60       # pixels of a 320x180 frame (0.1 %) allowed beyond it
diffs=$build/golden-diff
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$loom" ] || [ ! -x "$pngcheck" ]; then
    echo "not ok - $loom and $pngcheck are built"
    echo "0 passed, 1 failed"
    exit 1
fi
rm -rf "$diffs"

found=false
for scene in examples/*.lua; do
    [ -f "$scene" ] || continue
    found=true
    name=$(basename "$scene" .lua)
    out=$tmp/$name
    if ! "$loom" render "$scene" --frames $frames --size 320x180 --out "$out" >/dev/null 2>"$tmp/err"; then
        fail=$((fail + 1))
        echo "not ok - golden $name: loom render failed"
        sed 's/^/#   /' "$tmp/err" | head -n 20
        continue
    fi
    if $update; then
        mkdir -p "$golden/$name"
        for n in $keep; do
            cp "$out/frame_$n.png" "$golden/$name/frame_$n.png"
        done
        rm -f "$golden/$name.sha256"
        pass=$((pass + 1))
        echo "ok - golden $name: updated $golden/$name/"
        continue
    fi
    if [ ! -d "$golden/$name" ] && [ -f "$golden/$name.sha256" ]; then
        : >"$tmp/$name.sha256"
        for n in $keep; do
            (cd "$out" && sha256sum "frame_$n.png") >>"$tmp/$name.sha256"
        done
        if cmp -s "$tmp/$name.sha256" "$golden/$name.sha256"; then
            pass=$((pass + 1))
            echo "ok - golden $name (hashes; run make golden for reference frames)"
        else
            fail=$((fail + 1))
            echo "not ok - golden $name: frames differ from $golden/$name.sha256 (run make golden)"
        fi
        continue
    fi
    if [ ! -d "$golden/$name" ]; then
        fail=$((fail + 1))
        echo "not ok - golden $name: no reference frames in $golden/$name/ (run make golden)"
        continue
    fi
    problems=""
    for n in $keep; do
        mkdir -p "$diffs"
        if ! result=$("$pngcheck" compare "$golden/$name/frame_$n.png" "$out/frame_$n.png" \
            $TOLERANCE $MAX_BAD "$diffs/${name}_frame_$n.png"); then
            cp "$out/frame_$n.png" "$diffs/${name}_frame_${n}_new.png" 2>/dev/null
            problems="$problems frame $n: $result;"
        fi
    done
    if [ -z "$problems" ]; then
        pass=$((pass + 1))
        echo "ok - golden $name"
    else
        fail=$((fail + 1))
        echo "not ok - golden $name:$problems"
        echo "#   the difference is in $diffs/${name}_frame_N.png (red: over the tolerance)"
        echo "#   if the change is deliberate, look at the frames and run: make golden"
    fi
done
$found || echo "# no examples/*.lua to check"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
