#!/usr/bin/env bash
# Variant solving speed beside the Interactive Sudoku Solver (ISS), in one run
# on this machine: ISS's example puzzles that have an f-puzzles form, each
# proven unique (counted to 2) --repeat times by ISS in Node and by
# nonet-bench --variants, the medians side by side as a Markdown table.
#
#   scripts/bench-variants.sh                          # ../shared/anchors/iss, 5 repeats
#   scripts/bench-variants.sh path/to/iss 9
#   NONET_BENCH=build/release/bench/nonet-bench scripts/bench-variants.sh
#
# ISS's medians come from its own benchmark (tools/perf/benchmark_puzzles.js,
# which times the solve including its set-up, as nonet-bench does); its clock
# shows 0.1 ms steps, so a median it reports as 0 is read as 0.05 ms.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
iss=$(realpath "${1:-$root/../shared/anchors/iss}")
repeat=${2:-5}
bench=${NONET_BENCH:-$root/build/release/bench/nonet-bench}
[[ -f $iss/tools/perf/benchmark_puzzles.js ]] || { echo "bench-variants: no ISS source tree at $iss" >&2; exit 2; }
[[ -x $bench ]] || { echo "bench-variants: no nonet-bench at $bench (cmake --build --preset release)" >&2; exit 2; }
command -v node >/dev/null || { echo "bench-variants: node is missing" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
node "$root/scripts/iss-examples.mjs" "$iss" > "$tmp/examples.jsonl"
names=$(python3 -c '
import json, sys
print(",".join(json.loads(l)["name"] for l in open(sys.argv[1]) if "fpuzzles" in json.loads(l)))' "$tmp/examples.jsonl")
(cd "$iss" && node tools/perf/benchmark_puzzles.js --max-backtracks none --puzzles "$names" \
  --repeat "$repeat" --json > "$tmp/iss.json")
"$bench" --variants "$tmp/examples.jsonl" --repeat "$repeat" --json > "$tmp/nonet.json"

echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores; medians of $repeat, ms"
python3 - "$tmp/iss.json" "$tmp/nonet.json" <<'PY'
import json, sys
iss = {r["puzzle"]: r for r in json.load(open(sys.argv[1]))}
rows, total_n, total_i, slower = [], 0.0, 0.0, 0
print("| puzzle | nonet | ISS | ISS / nonet | guesses (nonet / ISS) |")
print("|---|---:|---:|---:|---:|")
for line in open(sys.argv[2]):
    r = json.loads(line)
    i = iss[r["puzzle"]]
    if r["answer"] != "unique" or i["status"] not in ("unique", "wrong"):
        print(f"| {r['puzzle']} | {r['answer']} | {i['status']} | | |")
        continue
    ms_i = max(i["msMedian"], 0.05)
    total_n += r["ms"]; total_i += ms_i; slower += r["ms"] > ms_i
    print(f"| {r['puzzle']} | {r['ms']:.3f} | {ms_i:.2f} | {ms_i / r['ms']:.2f} | {r['guesses']} / {i['guesses']} |")
print(f"| **all {sum(1 for _ in open(sys.argv[2]))}** | **{total_n:.1f}** | **{total_i:.1f}** | **{total_i / total_n:.2f}** | nonet slower on {slower} |")
PY
