#!/usr/bin/env bash
# Install test: builds CKey, installs it to a temporary prefix, then builds and
# runs three consumers against that prefix only:
#   c/    C99 (-Wall -Wextra -Werror -pedantic) through find_package(CKey)
#   cpp/  C++17 through find_package(CKey)
#   c/    the same C program through pkg-config (ckey.pc)
# once for a static and once for a shared libckey.
# Env: CKEY_INSTALL_VARIANTS ("static shared"), CKEY_JOBS (2), CKEY_INSTALL_TEST_DIR (kept if set).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/Tests/install"
jobs="${CKEY_JOBS:-2}"
if [[ -n "${CKEY_INSTALL_TEST_DIR:-}" ]]; then
  work="$CKEY_INSTALL_TEST_DIR"; rm -rf "$work"; mkdir -p "$work"
else
  work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
fi
generator=(); command -v ninja >/dev/null && generator=(-G Ninja)

# Runs a step quietly; on failure prints its log and stops.
step() {
  local name="$1"; shift
  local log="$work/$(echo "$name" | tr ' /' '__').log"
  if ! "$@" >"$log" 2>&1; then
    echo "install test: FAILED at '$name'; log follows" >&2
    tail -n 60 "$log" >&2
    exit 1
  fi
}

for variant in ${CKEY_INSTALL_VARIANTS:-static shared}; do
  shared=OFF; [[ "$variant" == shared ]] && shared=ON
  prefix="$work/$variant/prefix"
  step "$variant configure" cmake -S "$root" -B "$work/$variant/build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS="$shared" -DCKEY_BUILD_TESTS=OFF -DCKEY_BUILD_TOOLS=OFF -DCMAKE_INSTALL_PREFIX="$prefix"
  step "$variant build" cmake --build "$work/$variant/build" -j "$jobs"
  step "$variant install" cmake --install "$work/$variant/build"

  for consumer in c cpp; do
    step "$variant $consumer configure" cmake -S "$here/$consumer" -B "$work/$variant/$consumer" "${generator[@]}" \
      -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    step "$variant $consumer build" cmake --build "$work/$variant/$consumer"
    step "$variant $consumer run" "$work/$variant/$consumer/${consumer}_consumer"
    echo "install test ($variant): $consumer via find_package: $(tail -n 1 "$work/$(echo "$variant $consumer run" | tr ' /' '__').log")"
  done

  pcdir="$(dirname "$(find "$prefix" -name ckey.pc | head -n 1)")"
  pcflags=(); [[ "$variant" == static ]] && pcflags=(--static)
  export PKG_CONFIG_PATH="$pcdir"
  step "$variant pkg-config build" sh -c "${CC:-cc} -std=c99 -Wall -Wextra -Werror -pedantic '$here/c/main.c' \
    \$(pkg-config --cflags ckey) -o '$work/$variant/pc_consumer' \$(pkg-config ${pcflags[*]:-} --libs ckey)"
  step "$variant pkg-config run" env LD_LIBRARY_PATH="$(dirname "$(find "$prefix" -name 'libckey.*' | head -n 1)")" \
    "$work/$variant/pc_consumer"
  echo "install test ($variant): c via pkg-config: ok"
done
echo "install test: passed"
