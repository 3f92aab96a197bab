#!/usr/bin/env bash
# Copies the headers of the header-only libraries tile-run builds with
# (CLI11 and nlohmann/json, from Debian's libcli11-dev and
# nlohmann-json3-dev) into DIR (default ./third-party), for
# a GPU machine whose image lacks the package: carry DIR there and
# scripts/gpu-run.sh passes it to CMake as TILEOPT_THIRD_PARTY_HEADERS.
#
#   scripts/gpu-headers.sh [DIR]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/third-party}"
[ -f /usr/include/CLI/CLI.hpp ] && [ -f /usr/include/nlohmann/json.hpp ] ||
  "$root/scripts/setup.sh"
mkdir -p "$out"
for d in CLI nlohmann; do
  rm -rf "${out:?}/$d"
  cp -r "/usr/include/$d" "$out/$d"
done
echo "gpu-headers: CLI11 and nlohmann/json headers in $out"
