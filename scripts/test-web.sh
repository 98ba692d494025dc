#!/usr/bin/env bash
# Browser tests of the web page: installs the npm packages of tests/web (npm ci),
# starts `nonet serve` from the given binary on a free port, runs the tests in
# Debian's Chromium, and stops the server.
#
#   scripts/test-web.sh build/dev/apps/cli/nonet
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(realpath "${1:-$root/build/dev/apps/cli/nonet}")
[[ -x $bin ]] || { echo "test-web: no nonet binary at $bin (build first)" >&2; exit 2; }
[[ -x ${CHROMIUM_PATH:-/usr/bin/chromium} ]] || { echo "test-web: Chromium is missing: apt-get install chromium" >&2; exit 2; }

cd "$root/tests/web"
npm ci --no-audit --no-fund --loglevel=error

log=$(mktemp)
"$bin" serve --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 100); do
  grep -q 'serving on' "$log" && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
url=$(sed -n 's/.*serving on \(http:[^ ]*\).*/\1/p' "$log")
[[ -n $url ]] || { echo "test-web: the server did not start" >&2; cat "$log" >&2; exit 1; }
echo "test-web: server at $url"
NONET_URL=$url node --test --test-concurrency=1 ./*.test.mjs
