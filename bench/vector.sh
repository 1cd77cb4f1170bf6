#!/bin/sh
# The batched solver in the default build (one binary for every machine of
# the architecture, the vector width chosen at run time: engine/vector.h)
# against the same kernels built with -march=native, the reference built in
# the same run, and with the baseline and AVX2 alone (x86-64), for what each
# width is worth: nanoseconds per projection on
# one thread (CPU time, the best of 5, the runs of the builds taken in
# turns, 3 rounds). Target (issue 24): the default build within 5% of
# -march=native. Every build must give the same bits (the same hash).
# Usage: sh bench/vector.sh BUILD_DIR
build=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
builds="default native"
for width in baseline avx2; do
    [ -x "$build/bench/bench_vector_$width" ] && builds="$builds $width"
done
for round in 1 2 3; do
    for b in $builds; do
        program=$build/bench/bench_vector
        [ "$b" = default ] || program=${program}_$b
        "$program" >>"$tmp/$b" || exit 1
    done
done
# best N BUILD: the least ns per projection of BUILD at N; hash N BUILD.
best() { sed -n "s/^case=vector N=$1 .*ns_per_projection=\([0-9.]*\) .*/\1/p" "$tmp/$2" | sort -g | head -n 1; }
hash() { sed -n "s/^case=vector N=$1 .*hash=\([0-9a-f]*\)$/\1/p" "$tmp/$2" | sort -u; }
echo "vector widths: the batched solver on one thread, ns per projection (best of 15 runs each)"
status=0
for n in 128 256; do
    default=$(best "$n" default) native=$(best "$n" native)
    line=$(awk -v d="$default" -v n="$native" 'BEGIN { printf "default %.3f  -march=native %.3f  default/native %.3f", d, n, d / n }')
    [ -s "$tmp/baseline" ] && line="$line  (alone: baseline $(best "$n" baseline), AVX2 $(best "$n" avx2))"
    met=$(awk -v d="$default" -v n="$native" 'BEGIN { print (d <= 1.05 * n) ? "met" : "NOT MET" }')
    printf '  N=%d: %s: within 5%%: %s\n' "$n" "$line" "$met"
    echo "case=vector_widths N=$n default_ns=$default native_ns=$native default_over_native=$(awk -v d="$default" -v n="$native" 'BEGIN { printf "%.3f", d / n }')"
    hashes=$(for b in $builds; do hash "$n" "$b"; done | sort -u | wc -l)
    if [ "$hashes" -ne 1 ]; then
        echo "error: the builds give different bits at N=$n"
        status=1
    fi
done
exit $status
