// tile-opt replaces an existing artifact directory only when it is empty or
// holds a tile-opt artifact and nothing else; every other directory, a file,
// a symbolic link, the working directory and its ancestors are refused, and
// what was there survives untouched.
// RUN: rm -rf %t && mkdir -p %t/work
// A user's folder: refused, its files kept.
// RUN: mkdir -p %t/mine && echo keep > %t/mine/notes.txt
// RUN: not tile-opt %s --tile-export-artifact="artifact-dir=%t/mine ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=USER --implicit-check-not="see current operation" --implicit-check-not=".visible .entry"
// RUN: FileCheck %s --input-file=%t/mine/notes.txt --check-prefix=KEEP
// USER: error: cannot write the artifact: '{{.*}}mine' is not a tile-opt artifact (it has no manifest.json); tile-opt replaces only empty directories and its own artifacts
// KEEP: keep
// A folder with a manifest that is not tile-opt's.
// RUN: mkdir -p %t/other && echo '{"schema": "else"}' > %t/other/manifest.json
// RUN: not tile-opt %s --tile-export-artifact="artifact-dir=%t/other ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: FileCheck %s --input-file=%t/other/manifest.json --check-prefix=OTHERKEPT
// OTHER: '{{.*}}other' is not a tile-opt artifact (its manifest.json is not a tile-opt manifest)
// OTHERKEPT: "else"
// A tile-opt artifact with a file of the user's in it: refused, both kept.
// RUN: tile-opt %s --tile-export-artifact="artifact-dir=%t/art ptxas=none" -o /dev/null
// RUN: echo keep > %t/art/notes.txt
// RUN: not tile-opt %s --tile-export-artifact="artifact-dir=%t/art ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXTRA
// RUN: FileCheck %s --input-file=%t/art/notes.txt --check-prefix=KEEP
// RUN: ls %t/art/manifest.json %t/art/k.ptx
// EXTRA: '{{.*}}art' holds 'notes.txt', which its manifest does not name
// ... or with a subdirectory.
// RUN: rm %t/art/notes.txt && mkdir %t/art/sub && echo keep > %t/art/sub/f
// RUN: not tile-opt %s --tile-export-artifact="artifact-dir=%t/art ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUB
// RUN: FileCheck %s --input-file=%t/art/sub/f --check-prefix=KEEP
// SUB: '{{.*}}art' holds 'sub', which its manifest does not name
// An empty directory is filled.
// RUN: mkdir %t/empty
// RUN: tile-opt %s --tile-export-artifact="artifact-dir=%t/empty ptxas=none" -o /dev/null
// RUN: ls %t/empty/manifest.json %t/empty/k.ptx
// A symbolic link (to a folder or to an artifact) is not written through.
// RUN: ln -s %t/mine %t/link && ln -s %t/empty %t/artlink
// RUN: not tile-opt %s --tile-export-artifact="artifact-dir=%t/link ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINK
// RUN: not tile-opt %s --tile-export-artifact="artifact-dir=%t/artlink ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINK
// RUN: FileCheck %s --input-file=%t/mine/notes.txt --check-prefix=KEEP
// RUN: ls %t/empty/manifest.json
// LINK: is a symbolic link; tile-opt does not write through links
// A file.
// RUN: not tile-opt %s --tile-export-artifact="artifact-dir=%t/mine/notes.txt ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: FileCheck %s --input-file=%t/mine/notes.txt --check-prefix=KEEP
// FILE: '{{.*}}notes.txt' exists and is not a directory
// The working directory and its ancestors, however they are spelt.
// RUN: cp %t/mine/notes.txt %t/work/notes.txt
// RUN: cd %t/work && not tile-opt %s --tile-export-artifact="artifact-dir=. ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CWD
// RUN: cd %t/work && not tile-opt %s --tile-export-artifact="artifact-dir=.. ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CWD
// RUN: cd %t/work && not tile-opt %s --tile-export-artifact="artifact-dir=%t/work/../work/ ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CWD
// RUN: cd %t/work && not tile-opt %s --tile-export-artifact="artifact-dir=/ ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CWD
// RUN: cd %t/link && not tile-opt %s --tile-export-artifact="artifact-dir=%t/mine ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CWD
// RUN: FileCheck %s --input-file=%t/work/notes.txt --check-prefix=KEEP
// CWD: is the working directory or one of its ancestors
// No staging directory is left behind by any of the refusals.
// RUN: ls %t | FileCheck %s --check-prefix=CLEAN
// CLEAN-NOT: .tmp
// CLEAN-NOT: .old

module attributes {gpu.container_module} {
  func.func @f(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @k_module::@k blocks in (%c3, %c3, %c1) threads in (%c16, %c16, %c1)
        args(%A : memref<33x17xf32>, %B : memref<17x45xf32>, %C : memref<33x45xf32>)
        {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>,
         tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 17 : i64, m = 33 : i64, n = 45 : i64}}
    return
  }
  gpu.binary @k_module [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, assembly = ".version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry k(.param .u64 a, .param .u64 b, .param .u64 c)\0A{\0A\09ret;\0A}\0A">]
}
