#!/bin/sh
# Golden images: renders a few frames of every examples/*.lua at 320x180 and
# compares their SHA-256 with tests/golden/<example>.sha256.
#
#   sh tests/golden.sh BUILD_DIR            check (prints ok / not ok lines)
#   sh tests/golden.sh BUILD_DIR --update   rewrite the stored hashes
#
# Run `make golden` after a deliberate change to drawing or to an example, look
# at the new frames, and commit the new hashes with the change. The hashes hold
# for one build environment (compiler, libm, SDL2, stb): another platform may
# draw a pixel differently and then needs its own --update.
build=${1:-build}
update=false
[ "$2" = "--update" ] && update=true
loom=$build/loom
golden=tests/golden
frames=31        # rendered per example
keep="00000 00010 00020 00030"   # frames whose hashes are stored
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$loom" ]; then
    echo "not ok - $loom is built"
    echo "0 passed, 1 failed"
    exit 1
fi

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
    : >"$tmp/$name.sha256"
    for n in $keep; do
        (cd "$out" && sha256sum "frame_$n.png") >>"$tmp/$name.sha256"
    done
    if $update; then
        mkdir -p "$golden"
        cp "$tmp/$name.sha256" "$golden/$name.sha256"
        pass=$((pass + 1))
        echo "ok - golden $name: updated $golden/$name.sha256"
    elif [ ! -f "$golden/$name.sha256" ]; then
        fail=$((fail + 1))
        echo "not ok - golden $name: no stored hashes in $golden/$name.sha256 (run make golden)"
    elif cmp -s "$tmp/$name.sha256" "$golden/$name.sha256"; then
        pass=$((pass + 1))
        echo "ok - golden $name"
    else
        fail=$((fail + 1))
        echo "not ok - golden $name: frames differ from $golden/$name.sha256"
        diff "$golden/$name.sha256" "$tmp/$name.sha256" | sed 's/^/#   /'
        echo "#   if the change is deliberate, look at the frames and run: make golden"
    fi
done
$found || echo "# no examples/*.lua to check"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
