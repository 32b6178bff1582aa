#!/usr/bin/env bash
# `npm run bench:page`: builds the WASM solver, the site and the native command line (quietly when up to date), then runs
# the page benchmark (scripts/bench-page.mjs), which writes its table into docs/benchmarks.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/build-web.sh" >/dev/null
# The native command line: each solution shown by number is checked against its `solve --from`.
bash "$root/scripts/build-native.sh" >/dev/null
exec node "$root/scripts/bench-page.mjs" "$@"
