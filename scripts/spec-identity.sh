#!/usr/bin/env bash
# Compiles every artifact of scripts/specs/*.spec with two tile-opt binaries
# and compares them: the PTX byte for byte, the manifests as JSON with the
# given keys left out (at any depth). A refactoring that changes no kernel
# prints "0 differ".
#
#   scripts/spec-identity.sh OLD-TILE-OPT NEW-TILE-OPT OUTDIR [IGNORED-KEY...]
#
# OLD_SPECS (default scripts/specs) is where the old binary's specs are,
# for a change of the option syntax: each is compared with the spec of its
# name in scripts/specs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
old="${1:?usage: spec-identity.sh OLD-TILE-OPT NEW-TILE-OPT OUTDIR [KEY...]}"
new="${2:?}"
out="${3:?}"
shift 3
old_specs="${OLD_SPECS:-$root/scripts/specs}"
for side in old new; do
  mkdir -p "$out/$side"
  for spec in "$old_specs"/*.spec; do
    name="$(basename "$spec" .spec)" bin="$old"
    [ "$side" = new ] && bin="$new" spec="$root/scripts/specs/$name.spec"
    # Jobs the compiler refuses must be refused by both (compared below).
    TILE_OPT="$bin" "$root/scripts/gpu-artifacts.sh" "$out/$side/$name" \
      "$spec" >/dev/null 2>"$out/$side/$name.log" || true
  done
done
python3 - "$out/old" "$out/new" "$@" <<'PY'
import filecmp, glob, json, os, sys
old, new, ignored = sys.argv[1], sys.argv[2], set(sys.argv[3:])
def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items() if k not in ignored}
    if isinstance(o, list):
        return [strip(x) for x in o]
    return o
manifests = sorted(glob.glob(old + "/*/*/manifest.json"))
compiled = lambda side: sorted(os.path.relpath(m, side) for m in
                               glob.glob(side + "/*/*/manifest.json"))
if compiled(old) != compiled(new):
    print("the two compilers compiled different jobs:",
          sorted(set(compiled(old)) ^ set(compiled(new))))
    sys.exit(1)
ptx = sorted(glob.glob(old + "/*/*/*.ptx"))
bad = [p for p in ptx if not filecmp.cmp(p, new + p[len(old):], shallow=False)]
bad += [m for m in manifests
        if strip(json.load(open(m))) != strip(json.load(open(new + m[len(old):])))]
for b in bad:
    print("differs:", os.path.relpath(b, old))
print(f"{len(manifests)} artifacts ({len(ptx)} PTX files): {len(bad)} differ"
      + (f" (manifests compared without {sorted(ignored)})" if ignored else ""))
sys.exit(1 if bad else 0)
PY
