#!/usr/bin/env bash
# Browser tests of the web page: installs the npm packages of tests/web (npm ci),
# starts `nonet serve` from the given binary on a free port, runs the tests in
# Debian's Chromium, and stops the server. Given the static site too (the
# folder scripts/build-site.sh writes), it serves that with a plain static file
# server on loopback and runs the same tests against it, where the engine in
# the page answers, and then the static site's own tests (offline play, both
# back ends agreeing).
#
#   scripts/test-web.sh build/dev/apps/cli/nonet                # the served board
#   scripts/test-web.sh build/dev/apps/cli/nonet build/site     # and the static site
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(realpath "${1:-$root/build/dev/apps/cli/nonet}")
site=${2:+$(realpath "$2")}
[[ -x $bin ]] || { echo "test-web: no nonet binary at $bin (build first)" >&2; exit 2; }
[[ -x ${CHROMIUM_PATH:-/usr/bin/chromium} ]] || { echo "test-web: Chromium is missing: apt-get install chromium" >&2; exit 2; }
if [[ -n $site && ! -f $site/engine/nonet-engine.wasm ]]; then
  echo "test-web: no static site at $site (scripts/build-site.sh makes it)" >&2
  exit 2
fi

cd "$root/tests/web"
npm ci --no-audit --no-fund --loglevel=error

pids=()
logs=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null || true; done; rm -f "${logs[@]}"' EXIT
# start LOG PATTERN COMMAND...: runs COMMAND in the background and sets
# `started` to the address its first lines announce (PATTERN extracts it). Not
# called in a subshell, so that the EXIT trap knows the process and stops it.
start() {
  local log=$1 pattern=$2
  shift 2
  "$@" >"$log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    grep -q "$pattern" "$log" && break
    kill -0 "${pids[-1]}" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  started=$(sed -n "s/.*$pattern.*/\1/p" "$log" | head -1)
}

log=$(mktemp); logs+=("$log")
start "$log" 'serving on \(http:[^ ]*\)' "$bin" serve --port 0
url=$started
[[ -n $url ]] || { echo "test-web: the server did not start" >&2; cat "$log" >&2; exit 1; }
echo "test-web: server at $url"
NONET_URL=$url node --test --test-concurrency=1 ./*.test.mjs

[[ -n $site ]] || exit 0
log=$(mktemp); logs+=("$log")
start "$log" 'Serving HTTP on 127.0.0.1 port \([0-9]*\)' python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$site"
port=$started
[[ -n $port ]] || { echo "test-web: the static file server did not start" >&2; cat "$log" >&2; exit 1; }
echo "test-web: static site at http://127.0.0.1:$port/"
NONET_URL=http://127.0.0.1:$port/ NONET_BACKEND=engine NONET_SITE_DIR=$site NONET_SERVER_URL=$url \
  node --test --test-concurrency=1 ./*.test.mjs
