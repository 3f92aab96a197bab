#!/usr/bin/env bash
# Installs what tile-opt needs on Debian 12 (only what is missing), then
# configures and builds it in ./build. Safe to run again: a second run installs
# nothing and rebuilds only what changed.
#
#   scripts/setup.sh            # install + configure + build
#   BUILD_DIR=out scripts/setup.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-$root/build}"

packages=(llvm-22-dev libmlir-22-dev mlir-22-tools cmake ninja-build
          python3 python3-pytest python3-numpy python3-matplotlib
          python3-pip python3-setuptools python3-wheel libcli11-dev
          nlohmann-json3-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages present"
fi

if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir
fi
ninja -C "$build"
