#!/bin/sh
# make deb: the Debian package. Its name (loom_VERSION_ARCH.deb) and control
# fields (the version of loom --version, this machine's architecture, the
# libraries loom links and the fonts as dependencies, each a package this
# machine has); its contents (the executable, stripped, the library, every
# example, the manual page, the desktop entry, copyright and changelog, all
# root's); dpkg installs it into a throw-away root and removes it again; the
# packaged loom renders an example to the same bytes as build/loom; lintian
# reports no error.
# Usage: sh tests/cli_deb.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$build" && pwd)/loom
. "$(dirname "$0")/lib.sh"
require_built "$loom"

if ! need dpkg-deb dpkg "the Debian package" || ! need dpkg-shlibdeps dpkg-dev "the Debian package"; then
    finish
    exit
fi
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory BUILD="$build" deb >"$tmp/out" 2>"$tmp/err"
check "make deb succeeds" [ $? -eq 0 ]
version=$("$loom" --version | sed 's/^loom //')
arch=$(dpkg --print-architecture)
deb=$build/loom_${version}_$arch.deb
check "make deb names the package it made ($(tail -n 1 "$tmp/out"))" [ "$(tail -n 1 "$tmp/out")" = "$deb" ]
if [ ! -f "$deb" ]; then
    not_ok "make deb made $deb" "$tmp/err"
    finish
    exit
fi
field() { dpkg-deb --field "$deb" "$1"; }
check "Package: loom" [ "$(field Package)" = loom ]
check "Version: $version (loom --version)" [ "$(field Version)" = "$version" ]
check "Architecture: $arch" [ "$(field Architecture)" = "$arch" ]
depends=$(field Depends)
echo "# Depends: $depends"
for p in libsdl2-2.0-0 liblua5.4-0 libdeflate0 libc6 fonts-dejavu-core; do
    check "Depends names $p" sh -c "echo '$depends' | grep -q '\\b$p\\b'"
done
unknown=""
for p in $(echo "$depends" | tr ',' '\n' | sed 's/(.*//; s/ //g'); do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || unknown="$unknown $p"
done
check "every dependency is a package installed here (it was built against them)" [ -z "$unknown" ]
check "Section: science" [ "$(field Section)" = science ]
# The project's address, whoever built it and with or without git (a bogus
# host such as localhost is a lintian error a machine without git once got).
check "Maintainer is the project's ($(field Maintainer))" \
    [ "$(field Maintainer)" = "loom maintainers <maintainers@users.noreply.a-seed-50dfd517.example>" ]
check "Installed-Size is over 1 MiB ($(field Installed-Size) KiB)" [ "$(field Installed-Size)" -gt 1000 ]
check "a description of several lines" [ "$(field Description | wc -l)" -gt 3 ]

dpkg-deb --contents "$deb" >"$tmp/contents"
has() { grep -q -- "$1" "$tmp/contents"; }
check "contents: /usr/bin/loom, executable by all" has '^-rwxr-xr-x root/root .* ./usr/bin/loom$'
check "contents: the library" has ' ./usr/share/loom/scripts/loom/cloth.lua$'
check "contents: every example" \
    [ "$(grep -c ' ./usr/share/loom/examples/[^/]*\.lua$' "$tmp/contents")" -eq "$(ls examples/*.lua | wc -l)" ]
check "contents: the manual page, compressed" has ' ./usr/share/man/man1/loom.1.gz$'
check "contents: the desktop entry" has ' ./usr/share/applications/loom.desktop$'
check "contents: its icon" has ' ./usr/share/icons/hicolor/scalable/apps/loom.svg$'
check "contents: the copyright" has ' ./usr/share/doc/loom/copyright$'
check "contents: the changelog" has ' ./usr/share/doc/loom/changelog.gz$'
check "contents: every file is root's" [ -z "$(grep -v ' root/root ' "$tmp/contents")" ]

# dpkg itself installs it into a throw-away root (the dependencies are this
# machine's, not that root's: --force-depends), then removes it.
root=$tmp/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
: >"$root/var/lib/dpkg/status"
dpkg_root() { dpkg --root="$root" --force-not-root --force-depends --log=/dev/null "$@" >"$tmp/dpkg.out" 2>"$tmp/err"; }
dpkg_root -i "$deb"
check "dpkg installs it into a throw-away root" [ $? -eq 0 ]
check "dpkg says it is installed" sh -c "dpkg --root='$root' -s loom | grep -qx 'Status: install ok installed'"
check "the package's executable is stripped" sh -c "! grep -q debug_info '$root/usr/bin/loom'"
mkdir -p "$tmp/elsewhere"
"$loom" render examples/rope_chain.lua --frames 3 --size 160x90 --out "$tmp/reference" --quiet
(cd "$tmp/elsewhere" && LOOM_PATH=$root/usr/share/loom/scripts "$root/usr/bin/loom" render \
    "$root/usr/share/loom/examples/rope_chain.lua" --frames 3 --size 160x90 --out out --quiet) 2>"$tmp/err"
check "the packaged loom renders an example (LOOM_PATH) to build/loom's bytes" \
    cmp -s "$tmp/reference/frame_00002.png" "$tmp/elsewhere/out/frame_00002.png"
dpkg_root -r loom
check "dpkg removes it" [ $? -eq 0 ]
check "... and no file of it is left" [ -z "$(find "$root" -type f ! -path "$root/var/lib/dpkg/*")" ]

if need lintian lintian "lintian reports no error"; then
    lintian --fail-on error "$deb" >"$tmp/err" 2>&1
    check "lintian reports no error" [ $? -eq 0 ]
    if grep -q '^[EW]: ' "$tmp/err"; then
        grep '^[EW]: ' "$tmp/err" | sed 's/^/# lintian: /'
    fi
fi

finish
