#!/usr/bin/env bash
# Sets up and builds, then runs every test that needs no GPU: the runtime's
# host-side unit tests (ctest), the Python tooling's tests (pytest) and the
# compiler's lit + FileCheck tests. The output ends with lit's summary.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"

if [ -n "$(ctest --test-dir "$root/build" -N 2>/dev/null | grep -E 'Total Tests: [1-9]')" ]; then
  echo "== ctest (host-side runtime tests; GPU tests are skipped without a GPU)"
  ctest --test-dir "$root/build" --output-on-failure
fi
if [ -d "$root/python/tests" ]; then
  echo "== pytest (python/tileopt)"
  # Debian's Python, where python3-pytest and python3-matplotlib live.
  python="$(command -v /usr/bin/python3 || command -v python3)"
  (cd "$root/python" && "$python" -m pytest -q tests)
fi
echo "== docs (docs/passes.md and docs/dialect.md match the .td descriptions)"
ninja -C "$root/build" mlir-doc >/dev/null
cmp "$root/build/docs/TileOpt/TileOptPasses.md" "$root/docs/passes.md"
cmp "$root/build/docs/TileOpt/TileDialect.md" "$root/docs/dialect.md"
echo "== lit (compiler)"
/usr/lib/llvm-22/bin/lit -sv "$root/build/test"
