#!/usr/bin/env bash
# Runs every libFuzzer harness in fuzz/ for N seconds each (default 60).
#
#   scripts/fuzz.sh            # 60 s per harness
#   scripts/fuzz.sh 20         # 20 s per harness (what scripts/test.sh runs)
#   FUZZ_BUILD=build/fuzz scripts/fuzz.sh 600 fuzz_api   # one harness, longer
#   FUZZ_SEED=1 scripts/fuzz.sh 20   # a fixed random seed: the same inputs each run
#
# Builds the `fuzz` preset (clang, -fsanitize=fuzzer,address,undefined). Each
# run starts from the checked-in seeds in fuzz/corpus/<harness>/ and keeps what
# it finds in build/fuzz/corpus/<harness>/ (not checked in). A crash stops the
# script with the reproducer's path; replay it with
#   build/fuzz/fuzz/<harness> <file>
# and make it a regression test before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
build=${FUZZ_BUILD:-build/fuzz}
harnesses=(fuzz_puzzle_parser fuzz_candidates fuzz_transform_ops fuzz_api fuzz_cli_options fuzz_documents)
(($#)) && harnesses=("$@")

command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ is needed (apt-get install clang)" >&2; exit 2; }
cmake --preset fuzz -B "$build" >/dev/null
cmake --build "$build" -j "${FUZZ_JOBS:-2}" --target "${harnesses[@]}"

mkdir -p "$build/artifacts"
for h in "${harnesses[@]}"; do
  work="$build/corpus/$h"
  mkdir -p "$work"
  log="$build/$h.log"
  echo "== $h: ${seconds}s"
  # -timeout: one input taking longer than 10 s is reported as a hang;
  # -rss_limit_mb bounds memory; -max_len lets bodies grow past the seeds.
  if ! "$build/fuzz/$h" "$work" "fuzz/corpus/$h" -max_total_time="$seconds" -timeout=10 \
      ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
      -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
      -artifact_prefix="$build/artifacts/$h-" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "fuzz.sh: $h failed; reproducer in $build/artifacts/" >&2
    exit 1
  fi
  # The last status line: runs, execs/s, corpus size.
  grep -E '^#[0-9]+' "$log" | tail -n 1 | sed "s/^/  /"
  grep -E 'stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" | sed "s/^/  /"
  echo "  corpus: $(ls "$work" | wc -l) files"
done
