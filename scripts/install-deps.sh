#!/usr/bin/env bash
# Installs what nonet needs from Debian's packages (and, for the browser tests,
# npm packages under tests/web). Skips apt entirely when everything is there.
#
#   scripts/install-deps.sh          # build and run
#   scripts/install-deps.sh --site   # also emscripten, for the static site (scripts/build-site.sh)
#   scripts/install-deps.sh --test   # also what the tests need (the static site's among them)
set -euo pipefail

# pybind11-dev and python3-dev build the Python module (for Debian's python3);
# libcairo2-dev draws `nonet book`'s pages, in DejaVu Sans (fonts-dejavu-core).
# node-qrcode-generator draws the board's share links as QR codes (its one
# file is served with the page).
packages=(cmake ninja-build g++ pkgconf libcli11-dev nlohmann-json3-dev libboost-dev
          pybind11-dev python3-dev libcairo2-dev fonts-dejavu-core node-qrcode-generator)
# emscripten builds the engine to WebAssembly; Debian's runs on its nodejs and
# finds its acorn module only with NODE_PATH=/usr/share/nodejs (build-site.sh sets it).
if [[ "${1:-}" == "--site" || "${1:-}" == "--test" ]]; then
  packages+=(emscripten)
fi
if [[ "${1:-}" == "--test" ]]; then
  packages+=(clang libgtest-dev chromium)
  # The Python module's tests (mypy checks its types), examples/dask_rate.py, the
  # GNU parallel recipe of docs/scaling.md, and the checks of the man page
  # (groff) and zsh completion; poppler-utils reads the books back (pdfinfo,
  # pdffonts, pdftotext).
  packages+=(python3-pytest mypy python3-distributed parallel groff-base zsh poppler-utils)
  # Node.js may come from another package that bundles npm; Debian's own
  # nodejs and npm are only needed where there is none.
  command -v node >/dev/null || packages+=(nodejs)
  command -v npm >/dev/null || packages+=(npm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
