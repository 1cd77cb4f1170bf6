#!/bin/sh
# packaging/deb.sh ROOT VERSION OUT_DIR: makes OUT_DIR/loom_VERSION_ARCH.deb
# from ROOT, a tree that `make install DESTDIR=ROOT PREFIX=/usr` filled
# (make deb runs both). Debian's rules for a binary package, by hand, so
# that no debhelper is needed: the executable stripped, the manual page and
# the changelog compressed, /usr/share/doc/loom/copyright, the control file
# with the libraries the executable links (dpkg-shlibdeps) and the fonts its
# text needs, md5sums, every file root's (dpkg-deb --root-owner-group).
# Prints the package's path.
set -eu
root=$(cd "$1" && pwd) version=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
arch=$(dpkg --print-architecture)
# The package's maintainer: the project's, not whoever made the last commit
# (and the same without git: a tarball builds the same package).
maintainer=${DEB_MAINTAINER:-"loom maintainers <maintainers@users.noreply.a-seed-50dfd517.example>"}
# The changelog's date: the last commit's (the same package from the same tree).
date=$(git -C "$here" log -1 --format=%cD 2>/dev/null || date -R)

strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/loom"
gzip -9n "$root/usr/share/man/man1/loom.1"

doc=$root/usr/share/doc/loom
mkdir -p "$doc"
year=$(git -C "$here" log -1 --format=%cd --date=format:%Y 2>/dev/null || date +%Y)
sed "s/@YEAR@/$year/" "$here/copyright" >"$doc/copyright"
printf 'loom (%s) unstable; urgency=medium\n\n  * Built from the loom source tree with make deb.\n\n -- %s  %s\n' \
    "$version" "$maintainer" "$date" | gzip -9n >"$doc/changelog.gz"
chmod 644 "$doc/copyright" "$doc/changelog.gz"

# dpkg-shlibdeps reads a debian/control; a throw-away one names the package.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debian"
printf 'Source: loom\n\nPackage: loom\nArchitecture: any\n' >"$work/debian/control"
# (Its warning that the executable is not under debian/loom/ is beside the point.)
libraries=$(cd "$work" && { dpkg-shlibdeps -O "$root/usr/bin/loom" 2>&1 1>&3 |
    grep -v "should already be installed in their package's directory" >&2; } 3>&1 |
    sed -n 's/^shlibs:Depends=//p')
[ -n "$libraries" ] || { echo "deb.sh: dpkg-shlibdeps found no libraries" >&2; exit 1; }

mkdir -p "$root/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<EOF
Package: loom
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $libraries, fonts-dejavu-core
Recommends: ffmpeg
Section: science
Priority: optional
Description: physics sandbox for teaching, with scenes written in Lua
 loom simulates particles, sticks, springs and force generators with a C
 engine, driven by scenes written in Lua 5.4: cloth, ropes, plants, rigid
 bodies, ragdolls and soft bodies, after Jakobsen, Lee and Lander. A scene
 runs in a window, where the mouse pulls particles and a saved edit reloads
 at once, or renders headless to PNG frames and videos for slides and
 handouts: the same picture either way, byte for byte.
 .
 Scenes run sandboxed, so scenes from anyone can be run. The examples, one
 lesson each, and the documentation are in /usr/share/loom.
EOF
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +

package=$out/loom_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "$package"
