#!/usr/bin/env bash
# Installs, builds (release) and starts nonet's main job. Extra arguments go to
# the program.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
# Only what runs: the CLI, which holds the server and the page. The tests and
# benchmarks are scripts/test.sh's business.
cmake --build --preset release --target nonet
nonet=build/release/apps/cli/nonet
if "$nonet" serve --help >/dev/null 2>&1; then
  exec "$nonet" serve "$@"
fi
# Before the web board: solve the README's example puzzles.
"$nonet" solve --format grid examples/*.txt
