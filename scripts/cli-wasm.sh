#!/usr/bin/env bash
# `npm run cli:wasm -- ARGS`: builds the WebAssembly targets if needed (quietly), then runs the
# command line (solver/cli/main.cpp compiled for Node) with the native CLI's arguments: the SIMD
# build's, what current browsers run, or with PIECEWISE_WASM_VARIANT=baseline the one older
# browsers get (web/src/solver/node-loader.mjs knows where each is built).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/build-wasm.sh"
cli="$(node --input-type=module -e "import { wasmCliPath } from '$root/web/src/solver/node-loader.mjs'; console.log(wasmCliPath())")"
exec node "$cli" "$@"
