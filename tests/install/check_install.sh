#!/usr/bin/env bash
# The installed package, used as its users use it.
#
#   tests/install/check_install.sh BUILD_DIR SOURCE_DIR CXX [PYTHON PYTHON_DIR]
#
# Installs BUILD_DIR into a temporary prefix, checks that every promised file is
# there, moves the prefix elsewhere (an installed tree must not depend on where it
# was installed), then builds the README's library example twice against it, with
# a fresh CMake project (find_package(nonet) + nonet::engine) and with pkg-config,
# runs both and the installed CLI, and, when PYTHON is given, imports the
# installed Python module with PYTHONPATH=<prefix>/PYTHON_DIR (the site
# directory the build installs it to, relative to the prefix).
# Run by ctest (Package.InstallsAndBuildsConsumers).
set -euo pipefail

build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
cxx=$3
python=${4:-}
pydir=${5:-}
[[ -z $python || -n $pydir ]] || { echo "check_install.sh: PYTHON needs PYTHON_DIR" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/nonet-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
step() { echo "-- $*"; }

cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
libdir=$(cache_value CMAKE_INSTALL_LIBDIR)
version=$(sed -n 's/^#define NONET_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' \
  "$source/include/nonet/version.h" | paste -sd.)
tutorial=$'090000006\n000960485\n000581000\n004000000\n517200900\n602000370\n100804020\n706000810\n300090000'

step "cmake --install into a temporary prefix"
cmake --install "$build" --prefix "$work/installed" > "$work/install.log"
step "DESTDIR staging"
DESTDIR="$work/stage" cmake --install "$build" --prefix /usr/local > /dev/null
[[ -x $work/stage/usr/local/bin/nonet ]] || fail "DESTDIR install has no usr/local/bin/nonet"

# The tree must work from wherever it ends up.
mv "$work/installed" "$work/prefix"
prefix=$work/prefix

step "installed files"
expect=(
  bin/nonet
  "$libdir/cmake/nonet/nonet-config.cmake"
  "$libdir/cmake/nonet/nonet-config-version.cmake"
  "$libdir/cmake/nonet/nonet-targets.cmake"
  "$libdir/pkgconfig/nonet.pc"
  share/man/man1/nonet.1
  share/bash-completion/completions/nonet
  share/zsh/site-functions/_nonet
)
for header in "$source"/include/nonet/*.h; do expect+=("include/nonet/${header##*/}"); done
if [[ -n $python ]]; then
  expect+=("$pydir"/nonet/{__init__.py,_errors.py,_nonet.pyi,py.typed})
fi
for file in "${expect[@]}"; do
  [[ -e $prefix/$file ]] || fail "missing $file"
done
shopt -s nullglob
static=("$prefix/$libdir"/libnonet.a)
shared=("$prefix/$libdir"/libnonet.so.*)
((${#static[@]} + ${#shared[@]})) || fail "no libnonet in $libdir"
if ((${#shared[@]})); then
  soname=$(readelf -d "$prefix/$libdir/libnonet.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
  [[ $soname == libnonet.so.${version%.*} || $soname == libnonet.so.${version%%.*} ]] ||
    fail "SONAME is '$soname'"
  # Only the public API is exported; the internals (nonet::detail, ...) stay hidden.
  leaked=$(nm -DC --defined-only "$prefix/$libdir/libnonet.so" | grep -c 'nonet::[a-z_]*detail::' || true)
  ((leaked == 0)) || fail "libnonet.so exports $leaked internal symbols"
fi
if [[ -n $python ]]; then
  modules=("$prefix/$pydir"/nonet/_nonet*.so)
  ((${#modules[@]} == 1)) || fail "no compiled module in $pydir/nonet"
fi

step "the installed CLI"
[[ $("$prefix/bin/nonet" --version) == "nonet $version" ]] || fail "nonet --version"
solution=$(printf '%s\n' "$tutorial" | "$prefix/bin/nonet" solve)
rating=$(printf '%s\n' "$tutorial" | "$prefix/bin/nonet" rate)
[[ $solution == 895742136271963485463581792934617258517238964682459371159874623746325819328196547 ]] ||
  fail "nonet solve gave '$solution'"
bash --norc --noprofile -c "source '$prefix/share/bash-completion/completions/nonet' &&
  complete -p nonet" > /dev/null || fail "the bash completion does not load"

# The README's library example, as a user copies it.
mkdir -p "$work/consumer"
awk '/^## The library/ { inside = 1 } inside && /^```cpp/ { code = 1; next }
     code && /^```/ { exit } code { print }' "$source/README.md" > "$work/consumer/main.cpp"
[[ -s $work/consumer/main.cpp ]] || fail "no C++ example under '## The library' in README.md"
cp "$source/tests/install/consumer/CMakeLists.txt" "$work/consumer/"
expected=$(printf '%s\n%s\n' "$solution" "${rating%%/*} ${rating##* }")

step "a CMake project: find_package(nonet REQUIRED), nonet::engine"
if cmake -S "$work/consumer" -B "$work/consumer/build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_PREFIX_PATH="$prefix" -DNONET_EXPECTED_VERSION="$version" > "$work/cmake.log" 2>&1 &&
  cmake --build "$work/consumer/build" > "$work/build.log" 2>&1; then
  got=$("$work/consumer/build/app") || fail "the CMake-built example exited with $?"
  [[ $got == "$expected" ]] || fail "the CMake-built example printed '$got', not '$expected'"
else
  cat "$work/cmake.log" "$work/build.log" 2>/dev/null
  fail "the CMake project did not build"
fi

step "pkg-config"
if command -v pkg-config > /dev/null; then
  export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
  [[ $(pkg-config --modversion nonet) == "$version" ]] || fail "pkg-config --modversion nonet"
  # shellcheck disable=SC2046
  if "$cxx" -std=c++20 "$work/consumer/main.cpp" -o "$work/app-pc" $(pkg-config --cflags --libs nonet); then
    got=$(LD_LIBRARY_PATH=$prefix/$libdir "$work/app-pc") || fail "the pkg-config example exited with $?"
    [[ $got == "$expected" ]] || fail "the pkg-config-built example printed '$got'"
  else
    fail "the example does not build with pkg-config's flags"
  fi
else
  echo "   skipped: pkg-config is not installed"
fi

if [[ -n $python ]]; then
  step "the Python module from $prefix/$pydir"
  (cd "$work" && PYTHONPATH=$prefix/$pydir "$python" - "$prefix" "$solution" "$rating" "$version" <<'EOF'
import sys
import nonet

prefix, solution, rating, version = sys.argv[1:]
assert nonet.__file__.startswith(prefix), nonet.__file__
assert nonet.__version__ == version, (nonet.__version__, version)
tutorial = "090000006\n000960485\n000581000\n004000000\n517200900\n602000370\n100804020\n706000810\n300090000\n"
assert nonet.solve(tutorial).solution == solution, nonet.solve(tutorial)
r = nonet.rate(tutorial)
assert str(r) == rating and r.er == float(rating.split("/")[0]), (r, rating)
EOF
  ) || fail "the installed Python module"
fi

if ((failures)); then
  echo "$failures check(s) of the installed package failed" >&2
  exit 1
fi
echo "the installed package works (prefix moved after install; CMake, pkg-config${python:+, Python})"
