#!/usr/bin/env bash
# Configures and builds the native library, CLI and C++ tests into build/native.
# Quiet on success so that `npm run --silent cli` prints only the CLI's own output.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build/native"
bash "$root/scripts/setup-system.sh"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
fi
cmake --build "$build" -j "$(nproc)" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
