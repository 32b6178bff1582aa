#!/usr/bin/env bash
# The web tests: typecheck, Vitest (tests/web), then the browser end-to-end tests (tests/e2e/run.mjs)
# against the built site served from dist/ with headless Chromium. Installs what is missing first.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/npm-deps.sh
bash scripts/setup-system.sh
bash scripts/build-wasm.sh
echo "== typecheck (tsc)"
npx --no-install tsc -p web/tsconfig.json
echo "== unit tests (vitest)"
npx --no-install vitest run --config web/vite.config.ts
echo "== site build"
npx --no-install vite build --config web/vite.config.ts --logLevel warn
echo "== browser end-to-end tests"
node tests/e2e/run.mjs
