#!/usr/bin/env bash
# Builds the WebAssembly targets twice: build/wasm (JS exceptions, no SIMD: runs in every
# browser) and build/wasm-simd (SIMD and wasm exceptions: faster, for browsers that have both;
# web/src/solver/variants.mjs picks one at run time). Each gives the page's solver (Emscripten +
# Embind ES module, copied with its .wasm to web/generated/, gitignored, where the workers import
# them) and the command line for Node (piecewise.cjs, the same solver/cli/main.cpp).
# Quiet on success (a first build says it has begun); ninja decides what to rebuild; the copy
# happens only when changed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/web/generated"
bash "$root/scripts/setup-system.sh"
# Debian's emcc runs its JS optimizer with /usr/bin/node, which needs this to find acorn.
export NODE_PATH=/usr/share/nodejs
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# build DIR NAME -DOPTION=VALUE...: configures DIR when new or when its cache holds other values
# (a folder reconfigured by hand must not ship under the wrong name), then builds it.
build() {
  local dir="$root/build/$1" name="$2" define
  shift 2
  local defines=(-DCMAKE_BUILD_TYPE=Release -DPIECEWISE_WASM_OUTPUT_NAME="$name" "$@")
  local stale=0
  for define in "${defines[@]}"; do
    define="${define#-D}"
    grep -qxE "${define%%=*}(:[A-Z]+)?=${define#*=}" "$dir/CMakeCache.txt" 2>/dev/null || stale=1
  done
  if [ "$stale" = 1 ]; then
    emcmake cmake -S "$root" -B "$dir" -G Ninja "${defines[@]}" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
  fi
  # A first build takes minutes: say so, or a new user watches a silent terminal. Ninja knows the
  # .wasm only as a by-product of linking the .mjs: without it, the .mjs goes too, so it is linked again.
  if [ ! -f "$dir/$name.wasm" ]; then
    echo "piecewise: compiling the solver to WebAssembly in ${dir#"$root"/} (minutes the first time)" >&2
    rm -f "$dir/$name.mjs"
  fi
  cmake --build "$dir" --target piecewise_wasm piecewise -j "$(nproc)" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
  mkdir -p "$out"
  local f
  for f in "$name.mjs" "$name.wasm"; do
    cmp -s "$dir/$f" "$out/$f" 2>/dev/null || cp "$dir/$f" "$out/$f"
  done
}

build wasm piecewise-solver -DPIECEWISE_WASM_SIMD=OFF -DPIECEWISE_WASM_EXCEPTIONS=js
build wasm-simd piecewise-solver-simd -DPIECEWISE_WASM_SIMD=ON -DPIECEWISE_WASM_EXCEPTIONS=wasm
