// Bad input gets a diagnostic, never a crash: 100 seeded random tile configs
// (half drawn from the whole option space, half structurally valid) on
// small, ragged and degenerate shapes either compile to a complete artifact
// or are rejected with an error and no artifact directory
// (Inputs/config_sweep.py). The seed's mix both compiles and rejects.
// RUN: rm -rf %t
// RUN: %python %S/Inputs/config_sweep.py tile-opt %t 100 7 | FileCheck %s
// CHECK-NOT: CRASH
// CHECK: configs 100 compiled {{[1-9][0-9]*}} rejected {{[1-9][0-9]*}} crashes 0
