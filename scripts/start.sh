#!/usr/bin/env bash
# `npm start`: installs what is missing (npm and Debian packages), builds the WASM solver and the
# site, then serves dist/ on a free local port and prints its address. Ctrl-C stops the server.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/npm-deps.sh
bash scripts/setup-system.sh
bash scripts/build-web.sh
port="${PORT:-$(node scripts/free-port.mjs)}"
host="${HOST:-127.0.0.1}"
echo ""
echo "  Piecewise is running at  http://$host:$port/"
echo ""
exec npx --no-install vite preview --config web/vite.config.ts --host "$host" --port "$port" --strictPort
