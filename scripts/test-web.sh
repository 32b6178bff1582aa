#!/usr/bin/env bash
# The web tests: typecheck, Vitest (tests/web), then the browser end-to-end tests (tests/e2e/run.mjs)
# against the built site served from dist/ with headless Chromium. Installs what is missing first.
# Each phase is timed (scripts/phases.sh); the WASM solver is built once here, for all of them.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
# Under scripts/test.sh the phase log is its own, which prints the summary.
outer="${PIECEWISE_PHASE_LOG:-}"
source scripts/phases.sh
bash scripts/npm-deps.sh
bash scripts/setup-system.sh
phase "WASM build (two page builds, two command lines)" bash scripts/build-wasm.sh
phase "typecheck (tsc)" npx --no-install tsc -p web/tsconfig.json
# Vitest's global set-up would check the WASM build again: it was built just above.
phase "unit tests (vitest)" env PIECEWISE_SKIP_WASM_BUILD=1 npx --no-install vitest run --config web/vite.config.ts
phase "site build (vite)" npx --no-install vite build --config web/vite.config.ts --logLevel warn
phase "browser end-to-end tests" node tests/e2e/run.mjs
[ -n "$outer" ] || phase_summary
