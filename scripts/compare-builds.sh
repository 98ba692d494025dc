#!/usr/bin/env bash
# Runs two builds of nonet over the same reference inputs, every command and
# output format of the CLI and every API route, and shows where their answers
# differ: the check that a refactor changed nothing.
#
#   scripts/compare-builds.sh OLD/nonet NEW/nonet [OUT_DIR]
#
# The inputs are the repository's own (the golden corpus, examples/, a file of
# broken puzzles made here) and, when the shared puzzle sets lie next to the
# checkout (or NONET_DATA_DIR names them), samples of those. Timings
# ("elapsed_ms") and the seeds the server draws are not compared. Exit 0 when
# every answer is the same, 1 otherwise (the differing files are listed, and
# `diff -r OUT/old OUT/new` shows them).
set -euo pipefail

old=$(realpath "$1")
new=$(realpath "$2")
out=${3:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
data=${NONET_DATA_DIR:-$root/../shared/data}
mkdir -p "$out/in"

# --- Inputs ------------------------------------------------------------------
in=$out/in
# The golden corpus without its counts, one file per box shape.
awk -v dir="$in" '
  /^# box / { box = $3; next }
  /^#/ || NF == 0 { next }
  { split($0, f, ":"); print f[1] > (dir "/box-" (box == "" ? "3x3" : box) ".txt") }
' "$root/tests/data/golden.txt"
cat "$in"/box-*.txt >"$in/golden-all.txt"
cp "$root/examples/mixed.txt" "$in/mixed.txt"
# Broken and awkward input: parse errors, conflicts, no solution, several, a
# solved grid, an over-long line.
cat >"$in/odd.txt" <<'EOF'
55...............................................................................
123456789........................................................................
.................................................................................
417369825632158947958724316825437169791586432346912758289643571573291684164875293
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
12.4
9.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
EOF
have_data=0
if [[ -d $data/puzzles && -d $data/rated ]]; then
  have_data=1
  head -150 "$data/puzzles/magictour_top1465.txt" >"$in/top150.txt"
  head -12 "$data/puzzles/forum_hardest_1905_11plus.txt" >"$in/hardest12.txt"
  head -600 "$data/rated/sudoku_exchange_low1500_local_serate.txt" | cut -c1-81 >"$in/rated600.txt"
else
  echo "compare-builds: no shared puzzle sets at $data; the repository's inputs only" >&2
fi

# --- The CLI -------------------------------------------------------------------
# run NAME ARGS...: both builds, stdout and exit code (stderr too: its messages
# are answers' notes).
run() {
  local name=$1
  shift
  for side in old new; do
    local bin=$old
    [[ $side == new ]] && bin=$new
    mkdir -p "$out/$side/cli"
    {
      "$bin" "$@" 2>"$out/$side/cli/$name.err" || echo "exit $?"
    } >"$out/$side/cli/$name.out" || true
  done
}

sets=(golden-all mixed odd)
((have_data)) && sets+=(top150 rated600)
for set in "${sets[@]}"; do
  for f in line grid json; do
    run "solve-$set-$f" solve -f "$f" "$in/$set.txt"
    run "validate-$set-$f" validate -f "$f" "$in/$set.txt"
    run "canon-$set-$f" canon -f "$f" "$in/$set.txt"
    run "transform-$set-$f" transform -f "$f" --random --seed 11 "$in/$set.txt"
  done
  run "count-$set" count --limit 50 -f json "$in/$set.txt"
  run "count-$set-line" count --limit 3 "$in/$set.txt"
  run "solve-general-$set" solve --solver general -f json "$in/$set.txt"
  run "transform-ops-$set" transform --ops transpose,relabel:912345678 -f json "$in/$set.txt"
done
logic_sets=(golden-all mixed odd)
((have_data)) && logic_sets+=(top150 rated600 hardest12)
for set in "${logic_sets[@]}"; do
  for f in line json; do
    run "rate-$set-$f" rate -j2 -f "$f" "$in/$set.txt"
    run "explain-$set-$f" explain -j2 -f "$f" "$in/$set.txt"
    for level in vague concrete placement; do
      run "hint-$set-$f-$level" hint -j2 -f "$f" --level "$level" "$in/$set.txt"
    done
  done
  run "rate-modern-$set" rate -j2 -t modern -f json "$in/$set.txt"
  run "explain-modern-$set" explain -j2 -t modern -f json "$in/$set.txt"
done
# Hints with the player's marks and givens.
easy=..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
pos=4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
echo "$pos" >"$in/position.txt"
echo "$easy" >"$in/easy.txt"
for f in line json; do
  run "hint-givens-$f" hint -f "$f" --givens "$easy" "$in/position.txt"
  run "hint-cands-$f" hint -f "$f" --box 3x3 --candidates "$(printf '123456789 %.0s' $(seq 81))" "$in/easy.txt"
done
for box in 2x2 2x3 3x3 3x4 4x4; do
  for f in line grid json; do
    run "generate-$box-$f" generate --box "$box" -n 6 --seed 5 -f "$f"
    run "generate-rate-$box-$f" generate --box "$box" -n 4 --seed 9 --rate -f "$f"
  done
done
for level in easy medium hard expert extreme; do
  run "generate-9-$level" generate -n 4 --seed 21 --difficulty "$level" -f json
  run "generate-9-$level-line" generate -n 4 --seed 21 --difficulty "$level"
done
run generate-rating generate -n 3 --seed 3 --rating 3.0-4.5 -f json
run generate-clues generate -n 3 --seed 3 --clues 24-26 --symmetry rot90 -f json
run generate-16-hard generate --box 4x4 -n 1 --seed 2 --difficulty hard -f json
run generate-12-nomin generate --box 3x4 -n 2 --seed 2 --difficulty medium --no-minimal -f json
run generate-from generate --from "$in/box-3x3.txt" -n 5 --seed 4 -f json
run techniques techniques -f json
run techniques-md techniques -t se -f markdown
run solvers solvers

# --- The API -------------------------------------------------------------------
# Both servers on free ports; each request posted to both.
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null || true; done' EXIT
declare -A url
for side in old new; do
  bin=$old
  [[ $side == new ]] && bin=$new
  log=$out/$side-serve.log
  "$bin" serve --port 0 --workers 2 --budget 20 >"$log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do grep -q 'serving on' "$log" && break; sleep 0.1; done
  url[$side]=$(sed -n 's/.*serving on \(http:[^ ]*\).*/\1/p' "$log" | head -1)
  [[ -n ${url[$side]} ]] || { echo "compare-builds: the $side server did not start" >&2; cat "$log" >&2; exit 2; }
done

n=0
post() {
  local route=$1 body=$2
  n=$((n + 1))
  for side in old new; do
    mkdir -p "$out/$side/api"
    curl -s -o "$out/$side/api/$n-$route.json" -w '%{http_code}\n' -X POST \
      -H 'Content-Type: application/json' --data-binary "$body" "${url[$side]}api/$route" \
      >"$out/$side/api/$n-$route.code"
  done
}
api_sets=(golden-all odd mixed)
((have_data)) && api_sets+=(top150)
for set in "${api_sets[@]}"; do
  i=0
  while IFS= read -r p; do
    [[ -z $p || $p == \#* ]] && continue
    i=$((i + 1))
    ((i > 60)) && break
    q=$(python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$p")
    for route in solve validate count candidates rate explain; do
      post "$route" "{\"puzzle\": $q}"
    done
    post transform "{\"puzzle\": $q, \"seed\": 1}"
    for level in vague concrete placement; do
      post hint "{\"puzzle\": $q, \"level\": \"$level\"}"
    done
  done <"$in/$set.txt"
done
post solve '{"puzzle": [[1,2],[3]]}'
post solve '{"puzzle": 5}'
post solve '{"puzle": "x"}'
post count "{\"puzzle\": \"$easy\", \"limit\": 0}"
post hint "{\"puzzle\": \"$pos\", \"givens\": \"$easy\", \"cell\": \"r1c1\"}"
post hint "{\"puzzle\": \"$easy\", \"cell\": 5, \"profile\": \"modern\"}"
post hint "{\"puzzle\": \"$easy\", \"candidates\": \"12 3\"}"
post explain "{\"puzzle\": \"$easy\", \"profile\": \"modern\"}"
post transform "{\"puzzle\": \"$easy\", \"ops\": \"rot90,flip\"}"
post transform "{\"puzzle\": \"$easy\", \"canonical\": true}"
for size in 4 6 8 9 12 16; do
  for level in easy medium hard; do
    post generate "{\"size\": $size, \"level\": \"$level\", \"seed\": 7}"
  done
done
post generate '{"seed": 3}'
post generate '{"box": "2x3", "seed": 3, "symmetry": "mirror"}'
post generate '{"size": 9, "level": "expert", "seed": 4, "minimal": true}'
post generate '{"size": 4, "level": "hard"}'
post generate '{"size": 7}'

# Timings differ from run to run.
python3 - "$out"/old/api "$out"/new/api <<'PY'
import json, os, sys
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k != "elapsed_ms"}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
for folder in sys.argv[1:]:
    for name in os.listdir(folder):
        if not name.endswith(".json"):
            continue
        path = os.path.join(folder, name)
        try:
            body = json.load(open(path))
        except ValueError:
            continue
        json.dump(strip(body), open(path, "w"), sort_keys=True, indent=1)
PY

# --- Verdict -------------------------------------------------------------------
if diff -rq "$out/old" "$out/new" >"$out/differences.txt"; then
  echo "compare-builds: the same answers ($(find "$out/old" -type f | wc -l) files) in $out"
  exit 0
fi
echo "compare-builds: answers differ in $(wc -l <"$out/differences.txt") files (diff -r $out/old $out/new):" >&2
sed 's/^/  /' "$out/differences.txt" | head -40 >&2
exit 1
