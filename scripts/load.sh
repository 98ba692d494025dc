#!/usr/bin/env bash
# A bounded load test of `nonet serve` on loopback: starts a release server on a
# free port of 127.0.0.1, sends a mix of good and bad requests from 32
# connections (bench/nonet_load.cpp), prints requests/s, p50/p99 latency per
# kind, errors and lost answers, and stops the server. Ends by itself after
# --requests answers or --seconds, whichever comes first.
#
#   scripts/load.sh                         # 20000 requests, 32 connections, 30 s at most
#   scripts/load.sh 50000 64 60             # requests, connections, seconds
#   NONET=build/dev/apps/cli/nonet scripts/load.sh
set -euo pipefail
cd "$(dirname "$0")/.."
requests=${1:-20000}
connections=${2:-32}
seconds=${3:-30}
build=${LOAD_BUILD:-build/release}

nonet=${NONET:-}
if [[ -z "$nonet" ]]; then
  cmake --preset release -B "$build" >/dev/null
  cmake --build "$build" -j 2 --target nonet >/dev/null
  nonet="$build/apps/cli/nonet"
fi
mkdir -p "$build/load"
client="$build/load/nonet-load"
if [[ ! -x "$client" || bench/nonet_load.cpp -nt "$client" ]]; then
  c++ -std=c++20 -O2 -Wall -Wextra -pthread bench/nonet_load.cpp -o "$client"
fi

banner=$(mktemp)
# The access log goes to /dev/null: written, so its cost is in the figures, but
# not on screen.
"$nonet" serve --host 127.0.0.1 --port 0 >"$banner" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$banner"' EXIT
for _ in $(seq 100); do grep -q "serving on" "$banner" && break; sleep 0.05; done
port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$banner")
[[ -n "$port" ]] || { echo "load.sh: the server did not start" >&2; exit 1; }
echo "server: $nonet on 127.0.0.1:$port ($(nproc) cores)"
status=0
"$client" --port "$port" --connections "$connections" --requests "$requests" --seconds "$seconds" || status=$?
kill -TERM "$server"
wait "$server" || { echo "load.sh: the server did not stop cleanly" >&2; status=1; }
trap 'rm -f "$banner"' EXIT
exit "$status"
