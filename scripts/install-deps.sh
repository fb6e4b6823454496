#!/usr/bin/env bash
# Installs what ck-mlir needs on Debian 12, as root: LLVM/MLIR 22 from
# Debian's packages (never a source build), a compiler, CMake/Ninja,
# GoogleTest and Python. Safe to run again.
set -euo pipefail

packages=(
  cmake ninja-build git ca-certificates pkg-config
  clang-22 lld-22 llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libclang-rt-22-dev
  libgtest-dev python3 python3-pytest python3-numpy python3-tqdm
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages (${missing[*]}); run as root to install them" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
