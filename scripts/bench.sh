#!/usr/bin/env bash
# `npm run bench`: builds what is needed, then prints the benchmark table.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/build-native.sh"
if [ -f "$root/scripts/build-wasm.sh" ] && [ "${PIECEWISE_BENCH_NATIVE_ONLY:-0}" != 1 ]; then
  bash "$root/scripts/build-wasm.sh" >/dev/null
fi
exec node "$root/scripts/bench.mjs" "$@"
