#!/usr/bin/env bash
# What `nonet serve` must hold under, measured from outside on loopback
# (bench/nonet_stress.cpp): starts a release server on a free port of 127.0.0.1
# for each scenario, runs it, prints its figures and verdicts, and stops the
# server. Exit code 1 when any verdict failed.
#
#   scripts/stress.sh                        # burst heavy slow flood keepalive, then a 60 s soak
#   scripts/stress.sh burst slow             # some scenarios
#   SOAK_SECONDS=600 scripts/stress.sh soak  # the ten-minute soak
#   NONET=build/dev/apps/cli/nonet scripts/stress.sh burst
#
# Scenarios: burst (32 clients: 400 solves of 11+ puzzles, 100 malformed, 100
# validations, 100 hints on 11+ puzzles), heavy (clients looping rate/explain on
# the Golden Nugget while cheap probes run), slow (200 slow-loris and 500 idle
# connections while honest requests run), flood (chunked, header, request-line
# and range floods; the server's memory), keepalive (requests on one
# connection; keep-alive against fresh connections), soak (steady mixed load;
# the server's memory every 10 s).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${STRESS_BUILD:-build/release}
scenarios=("$@")
((${#scenarios[@]})) || scenarios=(burst heavy slow flood keepalive soak)

nonet=${NONET:-}
if [[ -z "$nonet" ]]; then
  cmake --preset release -B "$build" >/dev/null
  cmake --build "$build" -j 2 --target nonet >/dev/null
  nonet="$build/apps/cli/nonet"
fi
mkdir -p "$build/stress"
client="$build/stress/nonet-stress"
if [[ ! -x "$client" || bench/nonet_stress.cpp -nt "$client" ]]; then
  c++ -std=c++20 -O2 -Wall -Wextra -pthread bench/nonet_stress.cpp -o "$client"
fi
# The shared data folder (NONET_DATA_DIR, by default ../shared/data next to the
# checkout) may be absent: the client has hard puzzles of its own.
puzzles=${NONET_DATA_DIR:-../shared/data}/puzzles/forum_hardest_1905_11plus.txt
[[ -f $puzzles ]] || { echo "stress: $puzzles not found; using the built-in hard puzzles"; puzzles=; }

banner=$(mktemp)
server=
stop_server() {
  [[ -n $server ]] || return 0
  kill -TERM "$server" 2>/dev/null || true
  wait "$server" || { echo "stress: the server did not stop cleanly" >&2; status=1; }
  server=
}
trap 'stop_server; rm -f "$banner"' EXIT
status=0
echo "server: $nonet ($(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg))"
for scenario in "${scenarios[@]}"; do
  # A fresh server for each, so that each starts from the same memory. The
  # access log goes to /dev/null: its cost is in the figures, not on screen.
  "$nonet" serve --host 127.0.0.1 --port 0 ${SERVE_ARGS:-} >"$banner" 2>/dev/null &
  server=$!
  for _ in $(seq 100); do grep -q "serving on" "$banner" && break; sleep 0.05; done
  port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$banner")
  [[ -n "$port" ]] || { echo "stress: the server did not start" >&2; exit 1; }
  seconds=()
  [[ $scenario == soak ]] && seconds=(--seconds "${SOAK_SECONDS:-60}")
  "$client" --port "$port" --pid "$server" ${puzzles:+--puzzles "$puzzles"} "${seconds[@]}" "$scenario" || status=1
  stop_server
done
exit "$status"
