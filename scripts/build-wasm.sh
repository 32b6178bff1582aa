#!/usr/bin/env bash
# Builds the WebAssembly targets into build/wasm: the page's solver (Emscripten + Embind ES
# module, copied with its .wasm to web/generated/, gitignored, where the worker imports it)
# and the command line for Node (build/wasm/piecewise.cjs, the same solver/cli/main.cpp).
# Quiet on success; ninja decides what to rebuild; the copy happens only when changed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build/wasm"
out="$root/web/generated"
bash "$root/scripts/setup-system.sh"
# Debian's emcc runs its JS optimizer with /usr/bin/node, which needs this to find acorn.
export NODE_PATH=/usr/share/nodejs
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if [ ! -f "$build/CMakeCache.txt" ]; then
  emcmake cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
fi
cmake --build "$build" --target piecewise_wasm piecewise -j "$(nproc)" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
mkdir -p "$out"
for f in piecewise-solver.mjs piecewise-solver.wasm; do
  cmp -s "$build/$f" "$out/$f" 2>/dev/null || cp "$build/$f" "$out/$f"
done
