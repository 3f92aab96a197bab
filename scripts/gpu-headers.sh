#!/usr/bin/env bash
# Copies the headers of the header-only libraries tile-run builds with
# (CLI11, from Debian's libcli11-dev) into DIR (default ./third-party), for
# a GPU machine whose image lacks the package: carry DIR there and
# scripts/gpu-run.sh passes it to CMake as TILEOPT_THIRD_PARTY_HEADERS.
#
#   scripts/gpu-headers.sh [DIR]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/third-party}"
[ -f /usr/include/CLI/CLI.hpp ] || "$root/scripts/setup.sh"
mkdir -p "$out"
rm -rf "$out/CLI"
cp -r /usr/include/CLI "$out/CLI"
echo "gpu-headers: CLI11 headers in $out/CLI"
