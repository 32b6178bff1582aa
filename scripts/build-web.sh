#!/usr/bin/env bash
# `npm run build`: the WASM solver, then the static site into dist/ (relative URLs: any static host).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/npm-deps.sh
bash scripts/build-wasm.sh
npx --no-install vite build --config web/vite.config.ts --logLevel warn
echo "piecewise: site built in dist/" >&2
