#!/usr/bin/env bash
# Installs the npm packages when node_modules is missing or older than package-lock.json / package.json.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
stamp=node_modules/.package-lock.json
if [ ! -d node_modules ] || [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "piecewise: installing npm packages" >&2
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund >&2; else npm install --no-audit --no-fund >&2; fi
fi
