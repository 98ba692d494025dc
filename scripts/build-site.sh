#!/usr/bin/env bash
# Builds the board as a static site that needs no server: the engine built to
# WebAssembly (the `wasm` CMake preset, Debian's emscripten) answers the page
# in a Web Worker, and a service worker keeps the whole site for offline play.
# Writes build/site/ (or the directory given); serve it with any static file
# server, e.g.
#
#   scripts/build-site.sh
#   python3 -m http.server -d build/site -b 127.0.0.1 8000     # http://127.0.0.1:8000/
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/build/site}")
cd "$root"

scripts/install-deps.sh --site
# Debian's emscripten finds its JavaScript parser (acorn) only here.
export NODE_PATH=/usr/share/nodejs

cmake --preset wasm >/dev/null
cmake --build --preset wasm -j "${NONET_JOBS:-$(nproc)}" --target nonet_wasm
engine=build/wasm/apps/wasm

# A fresh directory each time, so no file of an older build lingers.
rm -rf "$out.tmp"
mkdir -p "$out.tmp/engine"
cp -R web/. "$out.tmp/"
rm -f "$out.tmp/README.md"
# The QR code generator (Debian's node-qrcode-generator), as the server serves it.
qrcode=/usr/share/nodejs/qrcode-generator/qrcode.js
if [[ -f $qrcode ]]; then
  mkdir -p "$out.tmp/vendor"
  cp "$qrcode" "$out.tmp/vendor/qrcode.js"
else
  echo "build-site: node-qrcode-generator is missing: the board will offer no QR codes" >&2
fi
printf '%s\n' \
  "// Which back end answers the page's API calls: this is the static site, so" \
  "// the engine in this browser (written by scripts/build-site.sh)." \
  "export const BACKEND = 'engine';" >"$out.tmp/js/backend.js"
cp "$engine/nonet-engine.js" "$engine/nonet-engine.wasm" "$out.tmp/engine/"

# The service worker keeps every file of this build; its version is their hash,
# so a new build replaces the old one at the next visit.
files=$(cd "$out.tmp" && find . -type f | LC_ALL=C sort | sed 's|^\./||')
version=$(cd "$out.tmp" && printf '%s\n' "$files" | xargs sha256sum | sha256sum | cut -c1-16)
list=$(printf '%s\n' "./" $files | sed 's|.*|  "&",|')
awk -v version="$version" -v list="$list" \
  '{ gsub(/@VERSION@/, version); if ($0 ~ /@FILES@/) print list; else print }' \
  apps/wasm/sw.js >"$out.tmp/sw.js"

rm -rf "$out"
mv "$out.tmp" "$out"
size=$(stat -c %s "$out/engine/nonet-engine.wasm")
gz=$(gzip -9 -c "$out/engine/nonet-engine.wasm" | wc -c)
echo "build-site: $out (version $version; engine $((size / 1024)) KiB, $((gz / 1024)) KiB gzipped)"
