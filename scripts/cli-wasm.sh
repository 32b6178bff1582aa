#!/usr/bin/env bash
# `npm run cli:wasm -- ARGS`: builds the WebAssembly targets if needed (quietly), then runs the
# command line (solver/cli/main.cpp compiled for Node) with the native CLI's arguments.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/build-wasm.sh"
exec node "$root/build/wasm/piecewise.cjs" "$@"
