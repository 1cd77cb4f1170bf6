#!/bin/sh
# loom page: a lesson page students open with only a browser. The folder's
# files, the page's text (the lesson, escaped), no reference to the
# network, the SVG charts well-formed, the table that of loom sim, a sweep's
# gallery; names a scene chooses (header, parameter label, plot, panel,
# unit and column names holding markup, a control character and bytes that
# are not UTF-8) escaped, and a variant's folder percent-encoded in its link;
# then headless Chromium loads the page from a file, with the
# network shut: the video reports its duration, every image loads, nothing
# is wider than a phone's screen, and a phone-sized screenshot shows the
# poster. Usage: sh tests/cli_page.sh BUILD_DIR
build=${1:-build}
loom=$(cd "$(dirname "$build/loom")" && pwd)/loom
pngcheck=$build/tests/pngcheck
. "$(dirname "$0")/lib.sh"
run_loom() { "$loom" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }
has() { grep -q -- "$1" "$2"; }
contains() { case $1 in *"$2"*) true ;; *) false ;; esac; }
require_built "$loom" "$pngcheck"

cat >"$tmp/bounce.lua" <<'LUA'
-- bounce.lua — a red ball on a spring, <b>not bold</b> & <script>alert(1)</script>.
--
-- Follows Lee, chapter 1: F = -k x.
--
-- What to look at:
--   - the ball swings about its rest length;
--     the plot shows it.
--   - the table has its energy.
--
--   loom page bounce.lua --out lesson/
local k = loom.param("k", 40, { min = 5, max = 200, label = "stiffness (N/m)" })
local world = loom.world{ gravity = {0, 0, 0}, integrator = "rk4" }
local top = world:particle{ pos = {0, 0}, mass = 0 }
local ball = world:particle{ pos = {1.6, 0}, radius = 0.25, color = "#e6194b" }
world:spring(top, ball, { k = k, rest = 1 })
loom.record("kinetic", function() return 0.5 * ball:velocity():len()^2 end, { unit = "J" })
function loom.update()
  loom.plot("x", ball:position().x, { unit = "m" })
end
return world
LUA

if ! need ffmpeg ffmpeg "loom page (its video)"; then
    finish
    exit $?
fi

# ---- 1. the folder -------------------------------------------------------------
run_loom page "$tmp/bounce.lua" --out "$tmp/lesson" --frames 60 --size 320x180
check "loom page: exit 0" [ "$status" -eq 0 ]
check "the folder: the page, the video and its poster, a chart, the table, the scene" \
    [ "$(cd "$tmp/lesson" && ls -A | tr '\n' ' ')" = "bounce.lua data.csv index.html plot-1.svg poster.png video.mp4 " ]
check "stderr says where the page is" has "the lesson page is $tmp/lesson/index.html" "$tmp/err"
html=$tmp/lesson/index.html
check "the heading is the header's first paragraph, escaped" \
    has "<h1>A red ball on a spring, &lt;b&gt;not bold&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;.</h1>" "$html"
check "no script from the scene's text gets into the page" [ "$(grep -c '<script>alert' "$html")" -eq 0 ]
check "the lesson's paragraphs" has "<p>Follows Lee, chapter 1: F = -k x.</p>" "$html"
check "... its list" has "<li>the ball swings about its rest length; the plot shows it.</li>" "$html"
check "... and its command line" has "<pre>loom page bounce.lua --out lesson/</pre>" "$html"
check "the video with its poster" has '<video id="video" controls playsinline preload="metadata" poster="poster.png"' "$html"
check "... and its source" has '<source src="video.mp4" type="video/mp4">' "$html"
check "the parameter, its value and meaning" has "<td><code>k</code></td><td>40</td><td>5 to 200</td><td>stiffness (N/m)</td>" "$html"
check "the data's columns, with units" has "<code>time (s)</code>, <code>x (m)</code>, <code>kinetic (J)</code>" "$html"
check "nothing on the page comes from the network (no http: or https: address)" \
    [ "$(grep -c -E '(src|href)="(https?:)?//' "$html")" -eq 0 ]
check "... nor from a style sheet's url() or @import" [ "$(grep -c -E 'url\(|@import' "$html")" -eq 0 ]
check "a phone's viewport" has '<meta name="viewport" content="width=device-width, initial-scale=1">' "$html"
run_loom sim "$tmp/bounce.lua" --frames 60 --csv "$tmp/sim.csv" --size 320x180
check "data.csv is loom sim's table" cmp -s "$tmp/lesson/data.csv" "$tmp/sim.csv"
check "the scene to download is the scene" cmp -s "$tmp/lesson/bounce.lua" "$tmp/bounce.lua"
check "the poster is the middle frame" [ "$("$pngcheck" info "$tmp/lesson/poster.png")" = "320 180 varied" ]
run_loom render "$tmp/bounce.lua" --at 0.5 --size 320x180 --out "$tmp/middle" --quiet
check "... byte for byte loom render --at's" cmp -s "$tmp/lesson/poster.png" "$tmp/middle/frame_00030.png"
if need ffprobe ffmpeg "the page's video"; then
    probe=$(ffprobe -v error -select_streams v:0 -count_frames -show_entries stream=codec_name,pix_fmt,nb_read_frames -of csv=p=0 "$tmp/lesson/video.mp4")
    check "the video: H.264, yuv420p, every frame ($probe)" [ "$probe" = "h264,yuv420p,60" ]
fi
if need xmllint libxml2-utils "the charts' SVG"; then
    check "the chart is well-formed SVG" xmllint --noout "$tmp/lesson/plot-1.svg"
    check "the chart names its series and unit as text" has ">x (m)</text>" "$tmp/lesson/plot-1.svg"
    check "... and its axis" has ">t (s)</text>" "$tmp/lesson/plot-1.svg"
fi

# ---- 2. a sweep: a page per variant, and a gallery --------------------------------
run_loom page "$tmp/bounce.lua" --set k=20,80 --out "$tmp/sweep" --frames 30 --size 160x90 --at 0.25
check "loom page with --set lists: exit 0" [ "$status" -eq 0 ]
check "each variant has its page" [ -f "$tmp/sweep/k=20/index.html" ]
check "... its video" [ -f "$tmp/sweep/k=80/video.mp4" ]
check "... and its poster" [ -f "$tmp/sweep/k=80/poster.png" ]
check "the gallery links each variant's page and poster" has '<a href="k=20/index.html"><figure><img src="k=20/poster.png"' "$tmp/sweep/index.html"
check "... with its caption" has '<figcaption>k = 80</figcaption>' "$tmp/sweep/index.html"
run_loom page "$tmp/bounce.lua" --out "$tmp/bad" --at 1,2
check "--at with two moments: exit 2 (one poster)" [ "$status" -eq 2 ]
check "... said" has "is the poster's moment: one time" "$tmp/err"
run_loom page "$tmp/bounce.lua" --out "$tmp/bad" --csv x.csv
check "--csv: exit 2 (the page has its table)" [ "$status" -eq 2 ]
PATH=/nonexistent "$loom" page "$tmp/bounce.lua" --out "$tmp/noff" >"$tmp/out" 2>"$tmp/err"
check "without ffmpeg: exit 1" [ $? -eq 1 ]
check "... said" has "'loom page' needs ffmpeg" "$tmp/err"

# ---- 2b. names a scene chooses: escaped, invalid UTF-8 as U+FFFD, control
# characters dropped, folder names percent-encoded (docs/untrusted.md) -------------
# The header, a parameter's label, a recorded column, a plot, its unit and
# panel hold markup, '&', a control character and a byte that is not UTF-8
# (\001 and \377 raw in the file, and \1 \255 escapes in Lua strings).
printf -- '-- names.lua \342\200\224 <i>x</i> & y\001\377z.\n' >"$tmp/names.lua"
cat >>"$tmp/names.lua" <<'LUA'
local k = loom.param("k", 1, { min = -1e30, max = 1e30, label = "</script><b>L&\1\255x" })
local world = loom.world{}
world:particle{ pos = {0, 0} }
loom.record("</script>R&\1\255", function() return 1 end, { unit = "<u>" })
function loom.update()
  loom.plot("</script>P&\2\254", k, { unit = "</script>U", panel = "<i>Q&\3\253" })
end
return world
LUA
run_loom page "$tmp/names.lua" --out "$tmp/names" --frames 4 --size 64x48
check "a page of hostile names: exit 0" [ "$status" -eq 0 ]
html=$tmp/names/index.html
fffd=$(printf '\357\277\275')
# bytes NAME TEXT FILE: FILE holds TEXT byte for byte.
bytes() { check "$1" grep -qaF -- "$2" "$3"; }
bytes "the header: markup escaped, the control character dropped, the bad byte U+FFFD" \
    "<h1>&lt;i&gt;x&lt;/i&gt; &amp; y${fffd}z.</h1>" "$html"
bytes "a parameter's label" "<td>&lt;/script&gt;&lt;b&gt;L&amp;${fffd}x</td>" "$html"
bytes "the columns: a plot's name and unit, a record's name and unit" \
    "<code>&lt;/script&gt;P&amp;${fffd} (&lt;/script&gt;U)</code>, <code>&lt;/script&gt;R&amp;${fffd} (&lt;u&gt;)</code>" "$html"
bytes "a panel's name in the chart's caption and alt text" \
    "alt=\"&lt;i&gt;Q&amp;${fffd} against time\"></a><figcaption>&lt;i&gt;Q&amp;${fffd} (" "$html"
# one_script FILE: one <script> and one </script> (loom's), no <b>, <i>, <u>.
one_script() {
    [ "$(grep -c '<script' "$1")" -eq 1 ] && [ "$(grep -c '</script>' "$1")" -eq 1 ] &&
        [ "$(grep -c -e '<b>L' -e '<i>' -e '<u>' "$1")" -eq 0 ]
}
check "the page has one script, loom's own, and no tag from the scene" one_script "$html"
check "no control character on the page or in its chart (but tab and newline)" \
    [ "$(cat "$html" "$tmp/names/plot-1.svg" | tr -d '\t\n' | LC_ALL=C grep -c '[[:cntrl:]]')" -eq 0 ]
check "the page is valid UTF-8" iconv -f UTF-8 -t UTF-8 "$html" -o /dev/null
bytes "the chart's panel title" ">&lt;i&gt;Q&amp;${fffd}</text>" "$tmp/names/plot-1.svg"
bytes "the chart's legend" ">&lt;/script&gt;P&amp;${fffd} (&lt;/script&gt;U)</text>" "$tmp/names/plot-1.svg"
if need xmllint libxml2-utils "the hostile names' SVG"; then
    check "... and the chart is well-formed SVG" xmllint --noout "$tmp/names/plot-1.svg"
fi
run_loom page "$tmp/names.lua" --set "k=1e+25,-0.5" --out "$tmp/names_sweep" --frames 2 --size 64x48
check "a sweep's folder with a '+' in its name: exit 0" [ "$status" -eq 0 ]
check "... its page in the folder 'k=1e+25'" [ -f "$tmp/names_sweep/k=1e+25/index.html" ]
check "... linked percent-encoded from the gallery" \
    has '<a href="k=1e%2B25/index.html"><figure><img src="k=1e%2B25/poster.png"' "$tmp/names_sweep/index.html"

# ---- 3. in a browser ------------------------------------------------------------------
if need chromium chromium "the lesson page in headless Chromium"; then
    # One Chromium at a time, each with a fresh profile; --host-resolver-rules
    # sends every name nowhere, so a page that fetched anything would fail.
    browse() {
        profile=$(mktemp -d "$tmp/profile.XXXXXX")
        timeout 90 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
            --disable-background-networking --disable-component-update --disable-sync \
            --host-resolver-rules="MAP * ~NOTFOUND" --user-data-dir="$profile" "$@" 2>"$tmp/chromium.err"
    }
    # The page in a 390-pixel frame (a phone), read by a script of the test's own.
    cat >"$tmp/probe.html" <<'HTML'
<!doctype html><html><body>
<iframe id="f" src="lesson/index.html" style="width:390px;height:800px;border:0"></iframe>
<pre id="out">waiting</pre>
<script>
var f = document.getElementById('f');
f.addEventListener('load', function () {
  var d = f.contentDocument, v = d.getElementById('video');
  function report() {
    var images = Array.prototype.slice.call(d.images);
    var broken = images.filter(function (i) { return !(i.complete && i.naturalWidth > 0); }).length;
    document.getElementById('out').textContent = 'duration=' + v.duration +
      ' shown=' + d.getElementById('duration').getAttribute('data-seconds') +
      ' width=' + d.documentElement.scrollWidth + '/' + f.contentWindow.innerWidth +
      ' images=' + images.length + ' broken=' + broken + ' error=' + (v.error ? v.error.code : 0);
  }
  if (v.readyState >= 1) report();
  else { v.addEventListener('loadedmetadata', report); v.addEventListener('error', report); }
});
</script></body></html>
HTML
    browse --allow-file-access-from-files --virtual-time-budget=20000 --dump-dom "file://$tmp/probe.html" >"$tmp/dom.html"
    result=$(sed -n 's/.*<pre id="out">\([^<]*\)<\/pre>.*/\1/p' "$tmp/dom.html")
    echo "# Chromium: $result"
    check "Chromium plays the video: its duration is 1 s (60 frames at 60 fps)" contains "$result" "duration=1 "
    check "the page's own script shows the duration" contains "$result" " shown=1 "
    check "every image of the page loads (the chart; the poster is the video's)" contains "$result" " images=1 broken=0 error=0"
    width=$(echo "$result" | sed -n 's/.* width=\([0-9]*\)\/\([0-9]*\) .*/\1 \2/p')
    check "nothing is wider than a 390-pixel phone screen ($width)" [ "${width% *}" -le "${width#* }" ]
    browse --window-size=390,900 --hide-scrollbars --virtual-time-budget=20000 --screenshot="$tmp/phone.png" "file://$tmp/lesson/index.html" >/dev/null
    check "a phone-sized screenshot" [ "$("$pngcheck" info "$tmp/phone.png")" = "390 900 varied" ]
    check "... on the page's background" [ "$("$pngcheck" pixel "$tmp/phone.png" 2 2)" = "#fbfbf8" ]
    title=$("$pngcheck" where "$tmp/phone.png" 0 0 389 150 "#1d1f23" 40)
    check "... its heading in dark ink at the top ($title)" [ "$(echo "$title" | cut -d' ' -f1)" -gt 200 ]
    red=$("$pngcheck" where "$tmp/phone.png" 0 0 389 899 "#e6194b" 40)
    check "... the poster: the red ball ($red)" [ "$(echo "$red" | cut -d' ' -f1)" -gt 50 ]
    check "... in the video under the heading" [ "$(echo "$red" | cut -d' ' -f3)" -gt "$(echo "$title" | cut -d' ' -f5)" ]
fi
finish
