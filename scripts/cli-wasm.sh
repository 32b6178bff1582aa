#!/usr/bin/env bash
# `npm run cli:wasm -- ARGS`: builds the WASM solver if needed (quietly), then runs it under
# Node with the native CLI's arguments and output (see scripts/cli-wasm.mjs).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/build-wasm.sh"
exec node --no-experimental-fetch "$root/scripts/cli-wasm.mjs" "$@"
