#!/bin/sh
# One binary for every machine of an architecture (issue 24): objdump -d of
# the default build/loom shows no instruction beyond x86-64's baseline (SSE2)
# outside the functions chosen at run time, the batched solver's kernels
# built for AVX2 and x86-64-v4 (NAME.avx2, NAME.arch_x86_64_v4: the
# target_clones of engine/vector.h) and libgcc's look at the processor that
# chooses them (get_available_features: cpuid, then xgetbv only where the
# processor says it has it). The choice is there: each kernel in three widths
# and a resolver. The check finds what a one-width build puts in
# (engine_batched_v4's kernels), so it can fail. On other architectures it
# is skipped: it knows x86-64's extensions only.
# Usage: sh tests/cli_portable.sh BUILD_DIR
build=${1:-build}
loom=$build/loom
. "$(dirname "$0")/lib.sh"
require_built "$loom"

arch=$(uname -m)
if [ "$arch" != x86_64 ]; then
    skipped "the default build has only baseline instructions" "the check knows x86-64's extensions only (this is $arch)"
    finish
    exit
fi
if ! need objdump binutils "the default build has only baseline instructions"; then
    finish
    exit
fi

# beyond BINARY: "FUNCTION MNEMONIC OPERANDS" per instruction beyond SSE2:
# AVX and AVX-512 (VEX and EVEX mnemonics, ymm, zmm, xmm16-31, mask
# registers), SSE3, SSSE3, SSE4.1, SSE4.2, POPCNT, LZCNT, BMI1/2, MOVBE, ADX,
# AES, PCLMUL, SHA, RDRAND, RDSEED, XSAVE.
beyond() {
    objdump -d --no-show-raw-insn -M intel "$1" | awk '
    /^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
    /^ *[0-9a-f]+:\t/ {
        n = split($0, parts, "\t"); insn = parts[n]
        mnem = insn; sub(/ .*/, "", mnem)
        ops = insn; sub(/^[^ ]* */, "", ops)
        b = 0
        if (ops ~ /(^|[^a-z])([xyz]mm(1[6-9]|2[0-9]|3[01])|[yz]mm[0-9]+|k[1-7])([^0-9]|$)/) b = 1
        else if (mnem ~ /^v/ && mnem !~ /^(verr|verw)$/) b = 1
        else if (mnem ~ /^(addsubp[sd]|h(add|sub)p[sd]|lddqu|mov(ddup|shdup|sldup)|fisttp|monitor|mwait)$/) b = 1
        else if (mnem ~ /^(pabs[bwd]|palignr|ph(add|sub)(w|d|sw)|pmaddubsw|pmulhrsw|pshufb|psign[bwd])$/) b = 1
        else if (mnem ~ /^(blendv?p[sd]|dpp[sd]|extractps|insertps|movntdqa|mpsadbw|packusdw|pblend(vb|w)|pcmpeqq|pextr[bdq]|phminposuw|pinsr[bdq]|pm(ax|in)(sb|sd|ud|uw)|pmov[sz]x..|pmuldq|pmulld|ptest|round[ps][sd])$/) b = 1
        else if (mnem ~ /^(pcmp[ei]str[im]|pcmpgtq|crc32|popcnt|lzcnt|tzcnt|andn|bextr|blsi|blsmsk|blsr|bzhi|mulx|pdep|pext|rorx|sarx|shlx|shrx|movbe|adcx|adox|aes.*|pclmulqdq|sha1.*|sha256.*|rdrand|rdseed|xgetbv|xsave.*|xrstor.*)$/) b = 1
        if (b) print fn, mnem, ops
    }'
}
# chosen FUNCTION: a function the processor's check chooses (or is that check).
chosen='\.(avx2|arch_x86_64_v4|arch_x86-64-v4)(\.[0-9]+)?$|^get_available_features(\.|$)'

beyond "$loom" >"$tmp/all"
awk '{ print $1 }' "$tmp/all" | grep -v -E "$chosen" | sort | uniq -c >"$tmp/err"
check "build/loom: no instruction beyond SSE2 outside the run-time choices ($(wc -l <"$tmp/all") inside them)" \
    [ ! -s "$tmp/err" ]
if [ -s "$tmp/err" ]; then
    grep -v -E "^[^ ]*($chosen) " "$tmp/all" | head -n 10 | sed 's/^/#   /'
fi
nm "$loom" >"$tmp/symbols"
for kernel in run_stride1 run_stride1_uniform run_gathered; do
    check "$kernel is built for the baseline, AVX2 and x86-64-v4, chosen by a resolver" \
        sh -c "grep -q ' $kernel\\.default' '$tmp/symbols' && grep -q ' $kernel\\.avx2' '$tmp/symbols' &&
               grep -q ' $kernel\\.arch_x86' '$tmp/symbols' && grep -q ' i $kernel' '$tmp/symbols'"
done
# Not in make check's build: gcc vectorises no loop whose loads carry
# AddressSanitizer's or UBSan's checks (alignment, null, pointer overflow:
# each load gets a test and a call on its error path), so the sanitized
# kernels are scalar in every width (relax.o is still built at -O3 there).
# The normal build's run of this suite checks the vectors.
if nm "$loom" | grep -q ' __asan_init\| __ubsan_handle_'; then
    skipped "the AVX2 and x86-64-v4 kernels do use their vectors (ymm, zmm)" \
        "a build with the sanitizers (make check) is not vectorised by gcc; make test checks it"
else
    check "the AVX2 and x86-64-v4 kernels do use their vectors (ymm, zmm)" \
        sh -c "grep -q '^run_stride1\\.avx2 .*ymm' '$tmp/all' && grep -q '^run_stride1\\.arch_x86[^ ]* .*zmm' '$tmp/all'"
fi

# The check itself: a build of the kernels for x86-64-v4 alone is caught.
if [ -x "$build/tests/engine_batched_v4" ]; then
    beyond "$build/tests/engine_batched_v4" | awk '{ print $1 }' | grep -v -E "$chosen" | sort -u >"$tmp/caught"
    check "the check catches kernels built with -march=x86-64-v4 ($(tr '\n' ' ' <"$tmp/caught"))" \
        grep -q '^lm_batches_sweep' "$tmp/caught"
fi

finish
