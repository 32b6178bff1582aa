#!/usr/bin/env bash
# Installs the Debian packages Piecewise needs, only those missing, so that the README's
# two commands work on a fresh machine. Needs root (or sudo) the first time only.
set -euo pipefail

want=(cmake g++ make ninja-build nlohmann-json3-dev zlib1g-dev libgtest-dev googletest emscripten chromium parallel time clang libclang-rt-dev)
missing=()
for pkg in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "piecewise: installing system packages: ${missing[*]}" >&2
sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q >&2
"${sudo_cmd[@]}" apt-get install -y -q "${missing[@]}" >&2
