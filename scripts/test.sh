#!/usr/bin/env bash
# Sets up and builds, then runs every test that needs no GPU: the runtime's
# host-side unit tests and the embedding builds (ctest), the Python tooling's
# tests (pytest), a bounded fuzzer run and the compiler's lit + FileCheck
# tests, under the stock mlir-opt with the plugin and under tile-opt. The
# output ends with lit's summary.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"

if [ -n "$(ctest --test-dir "$root/build" -N 2>/dev/null | grep -E 'Total Tests: [1-9]')" ]; then
  echo "== ctest (host-side runtime tests; GPU tests are skipped without a GPU)"
  ctest --test-dir "$root/build" --output-on-failure
fi
# Debian's Python, where python3-pytest and python3-matplotlib live.
python="$(command -v /usr/bin/python3 || command -v python3)"
if [ -d "$root/python/tests" ]; then
  echo "== pytest (python/tileopt)"
  (cd "$root/python" && "$python" -m pytest -q tests)
fi
echo "== docs (docs/passes.md, dialect.md, ops.md and transform-ops.md match the .td descriptions)"
ninja -C "$root/build" mlir-doc >/dev/null
cmp "$root/build/docs/TileOpt/TileOptPasses.md" "$root/docs/passes.md"
cmp "$root/build/docs/TileOpt/TileDialect.md" "$root/docs/dialect.md"
cmp "$root/build/docs/TileOpt/TileOps.md" "$root/docs/ops.md"
cmp "$root/build/docs/TileOpt/TileTransformOps.md" "$root/docs/transform-ops.md"
echo "== fuzz (60 s of random inputs, options and manifests; FUZZ_SEED, FUZZ_SECONDS)"
(cd "$root/python" && "$python" -m tileopt fuzz --seconds "${FUZZ_SECONDS:-60}" \
   --seed "${FUZZ_SEED:-1}" --out "$root/build/fuzz-findings")
echo "== lit (compiler, under the stock mlir-opt with TileOptPlugin.so)"
/usr/lib/llvm-22/bin/lit -sv -Ddriver=mlir-opt "$root/build/test"
echo "== lit (compiler, under tile-opt)"
/usr/lib/llvm-22/bin/lit -sv "$root/build/test"
