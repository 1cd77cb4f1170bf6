#!/bin/sh
# The gallery: docs/gallery/NAME.png for every examples/NAME.lua, the picture
# the README links and the example picker (loom DIR) shows: 1280x720, the
# scene's own theme, at the moment where its lesson shows (3 s unless listed
# below). Run `make gallery` after a change to drawing or to an example, and
# look at the pictures before committing them.
#
#   sh tests/gallery.sh BUILD_DIR [NAME...]   (default: every example)
build=${1:-build}
shift
loom=$build/loom
[ -x "$loom" ] || { echo "gallery: $loom is not built" >&2; exit 1; }

# Seconds into the scene, where 3 s is not the moment to show.
moment() {
    case $1 in
    chain_interactive | rope_chain) echo 1 ;;          # swinging, not yet at rest
    collide_slide_friction) echo 1 ;;                  # every block still on its ramp
    collide_bounce_restitution) echo 1.3 ;;            # the first bounces at their bars
    draw_projectile_strobe) echo 1 ;;                  # every flash down to the floor
    cloth_springs_midpoint_rk4) echo 6 ;;              # both cloths hanging
    collide_stacked_tetrahedra | constraints_double_pendulum_shake) echo 5 ;;
    *) echo 3 ;;
    esac
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- $(for f in examples/*.lua; do basename "$f" .lua; done)
status=0
for name in "$@"; do
    at=$(moment "$name")
    if "$loom" render "examples/$name.lua" --at "$at" --size 1280x720 --quiet \
        --out "$tmp/$name" >/dev/null 2>"$tmp/$name.err"; then
        cp "$tmp/$name"/frame_*.png "docs/gallery/$name.png"
        echo "gallery: docs/gallery/$name.png ($at s)"
    else
        echo "gallery: $name failed:" >&2
        cat "$tmp/$name.err" >&2
        status=1
    fi
done
exit $status
