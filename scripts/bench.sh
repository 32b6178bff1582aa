#!/usr/bin/env bash
# `npm run bench`: builds what is needed, then prints the benchmark table.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/build-native.sh"
# The WASM build too: its module reads the notes' expected counts, and unless
# PIECEWISE_BENCH_NATIVE_ONLY=1 its command line is timed as well.
bash "$root/scripts/build-wasm.sh" >/dev/null
exec node "$root/scripts/bench.mjs" "$@"
