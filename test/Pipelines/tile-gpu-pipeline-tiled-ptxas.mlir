// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %examples/matmul_2053x2039x2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [16, 16, 16], tile = #tile.fma<thread = [1, 1]>>' artifact-dir=%t/art" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json
// RUN: %ptxas -arch=sm_90 %t/art/matmul_matmul_0.ptx -o %t/check.cubin

// ptxas accepts the block-tiled kernel: 2 KiB of shared memory (two 16 x 16
// f32 panels), one barrier resource, no stack, no spills.
// CHECK: "cubin": "matmul_matmul_0.cubin",
// CHECK: "barriers": 1,
// CHECK-NEXT: "const_bytes": {{[0-9]+}},
// CHECK-NEXT: "registers": {{[1-9][0-9]*}},
// CHECK-NEXT: "shared_bytes": 2048,
// CHECK-NEXT: "spill_load_bytes": 0,
// CHECK-NEXT: "spill_store_bytes": 0,
// CHECK-NEXT: "stack_bytes": 0

// The register-tiled kernel (128 x 128 x 16 block, 64 x 32 warp, 8 x 8
// thread tile, pad 4) keeps its 64 accumulators in registers: no stack, no
// spills; 16-byte shared-memory fragment loads.
// RUN: tile-opt %examples/matmul_2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [128, 128, 16], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<pad = 4>>' artifact-dir=%t/rt" -o /dev/null
// RUN: FileCheck %s --input-file=%t/rt/manifest.json --check-prefix=RT
// RUN: FileCheck %s --input-file=%t/rt/matmul_matmul_0.ptx --check-prefix=RTPTX
// RT: "barriers": 1,
// RT-NEXT: "const_bytes": {{[0-9]+}},
// RT-NEXT: "registers": {{[1-9][0-9]*}},
// RT-NEXT: "shared_bytes": 16896,
// RT-NEXT: "spill_load_bytes": 0,
// RT-NEXT: "spill_store_bytes": 0,
// RT-NEXT: "stack_bytes": 0
// RTPTX: ld.global.v4
// RTPTX: ld.shared.v4.b32
// RTPTX: st.global.v4

// The default config (no strategy= needed) on the ragged shape: cp.async
// with 3 stages, 16-byte copies of A (rows of K = 2048 are aligned)
// bypassing L1, 4-byte copies of B (rows of N = 2039 are not), one commit
// group per K step, waiting until one is in flight.
// RUN: tile-opt %examples/matmul_2053x2039x2048.mlir --tile-gpu-pipeline="artifact-dir=%t/def2053" -o /dev/null
// RUN: FileCheck %s --input-file=%t/def2053/manifest.json --check-prefix=DEF2053
// RUN: FileCheck %s --input-file=%t/def2053/matmul_matmul_0.ptx --check-prefix=DEF2053PTX
// RUN: tile-opt %examples/matmul_2053x2039x2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [64, 128, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3>>' artifact-dir=%t/async" -o /dev/null
// RUN: FileCheck %s --input-file=%t/async/matmul_matmul_0.ptx --check-prefix=ASYNC
// RUN: FileCheck %s --input-file=%t/async/manifest.json --check-prefix=ASYNCM
// ASYNC-DAG: cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16, {{.+}};
// ASYNC-DAG: cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4, {{.+}};
// ASYNC-DAG: cp.async.commit_group;
// ASYNC-DAG: cp.async.wait_group 1;
// ASYNC-DAG: cp.async.wait_group 0;
// ASYNCM: "spill_load_bytes": 0,
// ASYNCM-NEXT: "spill_store_bytes": 0,
// ASYNCM-NEXT: "stack_bytes": 0

// Four stages of 128 x 128 x 16 panels need 74752 bytes, over the 48 KiB of
// static shared memory: the panels live in dynamic shared memory, declared
// `.extern` in the PTX (no static shared memory left), and the manifest's
// launch asks for the 74752 bytes.
// RUN: tile-opt %examples/matmul_2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [128, 128, 16], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 4>>' artifact-dir=%t/dyn" -o /dev/null
// RUN: FileCheck %s --input-file=%t/dyn/matmul_matmul_0.ptx --check-prefix=DYNPTX
// RUN: FileCheck %s --input-file=%t/dyn/manifest.json --check-prefix=DYNM
// DYNPTX: .extern .shared .align 128 .b8 __dynamic_shmem__0[];
// DYNPTX-NOT: .shared .align {{[0-9]+}} .b8 {{.*}}[{{[0-9]+}}];
// DYNPTX: cp.async.wait_group 2;
// DYNM: "dynamic_shared_bytes": 74752,
// DYNM: "shared_bytes": 0,
// DYNM-NEXT: "spill_load_bytes": 0,
// DYNM-NEXT: "spill_store_bytes": 0,
// DYNM-NEXT: "stack_bytes": 0

// blocks-per-sm=2 on the 256-thread register-staged kernel: the PTX asks
// for 2 resident blocks (.minnctapersm 2) and ptxas fits it in 128
// registers, without spilling.
// RUN: tile-opt %examples/matmul_2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [128, 128, 16], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<pad = 4>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>' artifact-dir=%t/occ" -o /dev/null
// RUN: FileCheck %s --input-file=%t/occ/matmul_matmul_0.ptx --check-prefix=OCCPTX
// RUN: FileCheck %s --input-file=%t/occ/manifest.json --check-prefix=OCCM
// OCCPTX: .maxntid 16, 16, 1
// OCCPTX-NEXT: .minnctapersm 2
// OCCM: "registers": 128,
// OCCM-NEXT: "shared_bytes": 33792,
// OCCM-NEXT: "spill_load_bytes": 0,
// OCCM-NEXT: "spill_store_bytes": 0,

// The default configs of the two examples (TMA with A re-staged K-major, 64
// x 256 with 2 blocks per SM, on 2048^3: 8 KiB of A and 32 KiB of B boxes
// plus 8 KiB of K-major A in dynamic shared memory, and Stream-K, as the 256
// tiles leave 8 of the 264 block slots idle; the same tiles on 2053 x 2039
// x 2048 with B copied into the workspace first, pack_b) and 64 x 128
// tiles, 4 blocks per SM and B as rows of 4 rows (b_row_groups) on 2053 x
// 2039 x 2048 (8 KiB of A boxes, 17 KiB of B's class boxes and 8 KiB of
// K-major A) fit their register caps: no stack, no spills.
// RUN: tile-opt %examples/matmul_2048.mlir --tile-gpu-pipeline="strategy=tiled artifact-dir=%t/def2048" -o /dev/null
// RUN: FileCheck %s --input-file=%t/def2048/manifest.json --check-prefix=DEF2048
// RUN: FileCheck %s --input-file=%t/def2048/matmul_matmul_0.ptx --check-prefix=DEF2048PTX
// RUN: tile-opt %examples/matmul_2053x2039x2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = row_groups>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>' artifact-dir=%t/rg2053" -o /dev/null
// RUN: FileCheck %s --input-file=%t/rg2053/manifest.json --check-prefix=RG2053
// RUN: FileCheck %s --input-file=%t/rg2053/matmul_matmul_0.ptx --check-prefix=RG2053PTX
// Stream-K: a workspace after C of 264 partial sums of 64 x 256 floats and
// 264 flags (17302560 bytes), zeroed by the host; the grid is one wave of
// 132 SMs x 2 blocks.
// DEF2048: "bytes": 17302560,
// DEF2048-NEXT: "init": "zero",
// DEF2048-NEXT: "kind": "workspace",
// DEF2048: "attribute": "#tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>"
// DEF2048: "fma_order": "columns",
// DEF2048: "restage_a": true,
// DEF2048: "stream_k": true,
// DEF2048: "dynamic_shared_bytes": 49152,
// DEF2048-NEXT: "grid": [
// DEF2048-NEXT: 264,
// DEF2048-NEXT: 1,
// DEF2048: "barriers": 1,
// DEF2048-NEXT: "const_bytes": {{[0-9]+}},
// DEF2048-NEXT: "registers": {{[0-9]+}},
// DEF2048-NEXT: "shared_bytes": {{[0-9]+}},
// DEF2048-NEXT: "spill_load_bytes": 0,
// DEF2048-NEXT: "spill_store_bytes": 0,
// DEF2048-NEXT: "stack_bytes": 0
// restage_a in the default's PTX: after a step's wait and before its one
// barrier, each of the 256 threads moves one 16-byte piece of A's box (4 k
// of one row) to 4 words of the K-major panel, which starts after the 40960
// bytes of boxes and whose k rows are 256 bytes apart.
// DEF2048PTX: mbarrier.try_wait.parity.shared.b64
// DEF2048PTX-NOT: bar.sync
// DEF2048PTX: ld.shared.v4.b32 {%[[E0:r[0-9]+]], %[[E1:r[0-9]+]], %[[E2:r[0-9]+]], %[[E3:r[0-9]+]]}
// DEF2048PTX-NOT: bar.sync
// DEF2048PTX: st.shared.b32 [%[[AK:rd[0-9]+]]+40960], %[[E0]];
// DEF2048PTX-NEXT: st.shared.b32 [%[[AK]]+41216], %[[E1]];
// DEF2048PTX-NEXT: st.shared.b32 [%[[AK]]+41472], %[[E2]];
// DEF2048PTX-NEXT: st.shared.b32 [%[[AK]]+41728], %[[E3]];
// DEF2048PTX-NEXT: bar.sync 0;
// After the K steps, a block that does not own its tile stores its partial
// sum, synchronises, and its leader raises the flag with a release store;
// an owner's leader waits for a flag with acquire loads and clears it.
// DEF2048PTX: st.global.v4.b32
// DEF2048PTX: bar.sync 0;
// DEF2048PTX: st.release.gpu.global.b32 [%rd{{[0-9]+}}], 1;
// DEF2048PTX-DAG: ld.acquire.gpu.global.b32 %r{{[0-9]+}}, [%[[FLAG:rd[0-9]+]]];
// DEF2048PTX-DAG: st.relaxed.gpu.global.b32 [%[[FLAG]]], 0;
// DEF2048PTX-DAG: trap; exit;
// pack_b: the parameters are A's map, B, C, the workspace (B's copy: 2048
// rows of 8192 bytes, then the copy's three counters) and the map of B's
// copy; the grid is the 8 x 33 tiles, within one wave of 2 per SM, all of
// them resident at once.
// DEF2053: "name": "A",
// DEF2053: "view": "matrix"
// DEF2053: "kind": "buffer",
// DEF2053-NEXT: "layout": "row-major",
// DEF2053-NEXT: "name": "B",
// DEF2053: "name": "C",
// DEF2053: "bytes": 16777228,
// DEF2053-NEXT: "init": "zero",
// DEF2053-NEXT: "kind": "workspace",
// DEF2053-NEXT: "name": "workspace",
// DEF2053-NEXT: "resident_blocks": 264
// DEF2053: "box": [
// DEF2053-NEXT: 16,
// DEF2053-NEXT: 256
// DEF2053: "kind": "tensor_map",
// DEF2053: "name": "B",
// DEF2053: "row_stride": 8192,
// DEF2053-NEXT: "shape": [
// DEF2053-NEXT: 2048,
// DEF2053-NEXT: 2039
// DEF2053: "view": "workspace_copy",
// DEF2053-NEXT: "workspace_offset": 0
// DEF2053: "attribute": "#tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>",
// DEF2053: "dynamic_shared_bytes": 49152,
// DEF2053-NEXT: "grid": [
// DEF2053-NEXT: 8,
// DEF2053-NEXT: 33,
// DEF2053: "spill_load_bytes": 0,
// DEF2053-NEXT: "spill_store_bytes": 0,
// DEF2053-NEXT: "stack_bytes": 0
// pack_b in the default's PTX: the copy's map (the fifth parameter) is
// prefetched after A's; for each 16-byte vector of the copy, a thread
// loads the two aligned 16-byte vectors of B that hold its 4 elements (no
// element loads: K x N is a multiple of 4), shifts them down by selects
// and stores them as one vector; then it fences its stores
// against the async proxy and the block synchronises; the leader adds its
// arrival with release semantics, polls the counter with acquire loads
// until all 264 blocks have arrived (trapping after 2^26 polls), adds its
// departure, and the last block to depart (the 263 before it) zeroes both
// counters, 16777216 bytes into the workspace; a fence and a barrier later,
// B's boxes come from the copy's map.
// DEF2053PTX-DAG: ld.param.b64 %[[MAPA:rd[0-9]+]], [matmul_matmul_0_param_0];
// DEF2053PTX-DAG: ld.param.b64 %[[MAPB:rd[0-9]+]], [matmul_matmul_0_param_4];
// DEF2053PTX-DAG: ld.param.b64 %[[WS:rd[0-9]+]], [matmul_matmul_0_param_3];
// DEF2053PTX: prefetch.tensormap [%[[MAPA]]];
// DEF2053PTX: prefetch.tensormap [%[[MAPB]]];
// DEF2053PTX: ld.global.v4.b32 {%[[W0:r[0-9]+]], %[[W1:r[0-9]+]], %{{r[0-9]+}}, %{{r[0-9]+}}}, [%[[SRC:rd[0-9]+]]];
// DEF2053PTX-NEXT: ld.global.v4.b32 {%{{r[0-9]+}}, %{{r[0-9]+}}, %{{r[0-9]+}}, %{{r[0-9]+}}}, [%[[SRC]]+16];
// DEF2053PTX-NOT: ld.global.b32
// DEF2053PTX: selp.b32 %{{r[0-9]+}}, %[[W1]], %[[W0]], %{{p[0-9]+}};
// DEF2053PTX-NOT: ld.global.b32
// DEF2053PTX: st.global.v4.b32 [%{{rd[0-9]+}}], {%{{r[0-9]+}}, %{{r[0-9]+}}, %{{r[0-9]+}}, %{{r[0-9]+}}};
// DEF2053PTX-NOT: cp.async.bulk.tensor
// DEF2053PTX: fence.proxy.async.global;
// DEF2053PTX-NOT: cp.async.bulk.tensor
// DEF2053PTX: bar.sync 0;
// The release add is a release fence and a relaxed `atom` (the NVPTX
// backend drops an atomicrmw's ordering; SyncPrimitives.cpp).
// DEF2053PTX: fence.acq_rel.gpu;
// DEF2053PTX-NEXT: atom.global.add.u32 %{{r[0-9]+}}, [%[[WA:rd[0-9]+]]+16777216], 1;
// DEF2053PTX-NEXT: ld.acquire.gpu.global.b32 %[[N:r[0-9]+]], [%[[WA]]+16777216];
// DEF2053PTX-NEXT: setp.eq.b32 %p{{[0-9]+}}, %[[N]], 264;
// DEF2053PTX: cvta.to.global.u64 %[[WD:rd[0-9]+]], %[[WS]];
// DEF2053PTX-NEXT: atom.global.add.u32 %[[BEFORE:r[0-9]+]], [%[[WD]]+16777220], 1;
// DEF2053PTX-NEXT: setp.ne.b32 %[[NOTLAST:p[0-9]+]], %[[BEFORE]], 263;
// DEF2053PTX-NEXT: @%[[NOTLAST]] bra
// DEF2053PTX-NEXT: cvta.to.global.u64 %[[WZ:rd[0-9]+]], %[[WS]];
// DEF2053PTX-NEXT: st.relaxed.gpu.global.b32 [%[[WZ]]+16777216], 0;
// DEF2053PTX-NEXT: st.relaxed.gpu.global.b32 [%[[WZ]]+16777220], 0;
// DEF2053PTX: fence.proxy.async.global;
// DEF2053PTX: bar.sync 0;
// DEF2053PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [%[[MAPA]], {{.*}}]
// DEF2053PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [%[[MAPB]], {{.*}}]
// C (rows of 8156 bytes) goes out through shared memory: after the K loop,
// a barrier, 16-byte vectors of the fragments into the idle panels, a
// barrier, then rows of C element by element (a warp's 32 consecutive
// elements; consecutive elements of one thread are 8156 bytes apart), in
// two passes.
// DEF2053PTX: st.shared.v4.b32 [%[[T:rd[0-9]+]]], {
// DEF2053PTX-COUNT-7: st.shared.v4.b32 [%[[T]]+{{[0-9]+}}], {
// DEF2053PTX-NEXT: bar.sync 0;
// DEF2053PTX: ld.shared.b32
// DEF2053PTX: st.global.b32 [%{{rd[0-9]+}}+8156], %r{{[0-9]+}};
// DEF2053PTX: bar.sync 0;
// DEF2053PTX: st.shared.v4.b32 [%[[T2:rd[0-9]+]]], {
// DEF2053PTX-COUNT-7: st.shared.v4.b32 [%[[T2]]+{{[0-9]+}}], {
// DEF2053PTX-NEXT: bar.sync 0;
// DEF2053PTX: st.global.b32 [%{{rd[0-9]+}}+{{[0-9]+}}], %r{{[0-9]+}};
// DEF2053PTX-NOT: st.shared
// RG2053: "name": "A",
// RG2053-NEXT: "oob_fill": "zero",
// RG2053-NEXT: "shape": [
// RG2053: "view": "matrix"
// RG2053: "box": [
// RG2053-NEXT: 4,
// RG2053-NEXT: 136
// RG2053-NEXT: ],
// RG2053: "name": "B",
// RG2053: "view": "row_groups"
// RG2053: "attribute": "#tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = row_groups>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>",
// RG2053-NEXT: "b_row_groups": true,
// RG2053: "dynamic_shared_bytes": 33792,
// RG2053: "barriers": 1,
// RG2053-NEXT: "const_bytes": {{[0-9]+}},
// RG2053-NEXT: "registers": {{[0-9]+}},
// RG2053-NEXT: "shared_bytes": {{[0-9]+}},
// RG2053-NEXT: "spill_load_bytes": 0,
// RG2053-NEXT: "spill_store_bytes": 0,
// RG2053-NEXT: "stack_bytes": 0
// b_row_groups in the default's PTX: B's map is the second parameter; a
// step arms its mbarrier with 12800 bytes (A's 64 x 16 box and four class
// boxes of 4 x 136) and the leader issues A's box from the first map, then
// the 4 class boxes from the second at the column tile (block x 128) plus
// floor4(c x 2039) = 0, 2036, 4076, 6116; one box per class needs no warp
// election.
// RG2053PTX-DAG: ld.param.b64 %[[MAPB:rd[0-9]+]], [matmul_matmul_0_param_1];
// RG2053PTX-DAG: ld.param.b64 %[[MAPA:rd[0-9]+]], [matmul_matmul_0_param_0];
// RG2053PTX: shl.b32 %[[COL:r[0-9]+]], %{{r[0-9]+}}, 7;
// RG2053PTX: add.s32 %[[C1:r[0-9]+]], %[[COL]], 2036;
// RG2053PTX-NEXT: add.s32 %[[C2:r[0-9]+]], %[[COL]], 4076;
// RG2053PTX-NEXT: add.s32 %[[C3:r[0-9]+]], %[[COL]], 6116;
// RG2053PTX-NOT: elect.sync
// RG2053PTX-NOT: shfl.sync
// RG2053PTX: mbarrier.try_wait.parity.shared.b64
// RG2053PTX: bar.sync 0;
// RG2053PTX: mov.b32 %[[TX:r[0-9]+]], 12800;
// RG2053PTX-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, %[[TX]];
// RG2053PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [%[[MAPA]], {{.*}}]
// RG2053PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [%[[MAPB]], {%[[COL]], %[[ROW:r[0-9]+]]}]
// RG2053PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [%[[MAPB]], {%[[C1]], %[[ROW]]}]
// RG2053PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [%[[MAPB]], {%[[C2]], %[[ROW]]}]
// RG2053PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [%[[MAPB]], {%[[C3]], %[[ROW]]}]
// RG2053PTX-NOT: cp.async.bulk.tensor
// RG2053PTX-NOT: elect.sync

// copy kind tma with 2 stages on 2048^3: ptxas accepts the TMA box copies that
// complete on an mbarrier (`cp.async.bulk.tensor`), the mbarrier waits and
// the tensor-map prefetches; the kernel takes the tensor maps of A and B and
// then C; the panels live in 128-byte-aligned dynamic shared memory (2 x
// (4096 + 16384) bytes), the two mbarriers in static shared memory; no
// stack, no spills. The manifest describes the tensor maps for the host.
// RUN: tile-opt %examples/matmul_2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>' artifact-dir=%t/tma" -o /dev/null
// RUN: FileCheck %s --input-file=%t/tma/matmul_matmul_0.ptx --check-prefix=TMAPTX
// RUN: FileCheck %s --input-file=%t/tma/manifest.json --check-prefix=TMAM
// TMAPTX: .extern .shared .align 128 .b8 __dynamic_shmem__0[];
// TMAPTX: .param .u64 .ptr .align 1 matmul_matmul_0_param_0,
// TMAPTX-NEXT: .param .u64 .ptr .align 1 matmul_matmul_0_param_1,
// TMAPTX-NEXT: .param .u64 .ptr .align 1 matmul_matmul_0_param_2
// TMAPTX: .shared .align 8 .b8 __mbarrier[16];
// TMAPTX-DAG: ld.param.b64 %[[MAPA:rd[0-9]+]], [matmul_matmul_0_param_0];
// TMAPTX-DAG: ld.param.b64 %[[MAPB:rd[0-9]+]], [matmul_matmul_0_param_1];
// TMAPTX: prefetch.tensormap [%[[MAPA]]];
// TMAPTX: prefetch.tensormap [%[[MAPB]]];
// TMAPTX: mov.b32 %[[ONE:r[0-9]+]], 1;
// TMAPTX-NEXT: mbarrier.init.shared.b64 [__mbarrier], %[[ONE]];
// TMAPTX-NEXT: mbarrier.init.shared.b64 [__mbarrier+8], %[[ONE]];
// TMAPTX: fence.proxy.async.shared::cta;
// TMAPTX: bar.sync 0;
// TMAPTX: mov.b32 %[[TX:r[0-9]+]], 20480;
// TMAPTX-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [__mbarrier], %[[TX]];
// TMAPTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [%[[MAPA]], {{.*}}], [__mbarrier];
// TMAPTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [%[[MAPB]], {{.*}}], [__mbarrier];
// The FMAs (between the prologue and the wait) have no barrier; the one
// barrier of a step follows its wait; nothing synchronises after the loop.
// TMAPTX-NOT: bar.sync
// TMAPTX: fma.rn.f32
// TMAPTX-NOT: bar.sync
// TMAPTX: mbarrier.try_wait.parity.shared.b64
// TMAPTX-NOT: bar.sync
// TMAPTX: bar.sync 0;
// TMAPTX-NOT: bar.sync
// TMAPTX: mbarrier.arrive.expect_tx.shared.b64
// TMAPTX: cp.async.bulk.tensor.2d
// TMAPTX: cp.async.bulk.tensor.2d
// TMAPTX-NOT: bar.sync
// TMAPTX: st.global.v4.b32
// TMAPTX-NOT: bar.sync
// TMAPTX: ret;
// TMAM: "kind": "tensor_map",
// TMAM: "name": "A",
// TMAM: "kind": "tensor_map",
// TMAM: "name": "B",
// TMAM: "kind": "buffer",
// TMAM: "name": "C",
// TMAM: "blocks_per_sm": 0,
// TMAM-NEXT: "cluster": 1,
// TMAM-NEXT: "copy": "tma",
// TMAM-NEXT: "fma_order": "rows",
// TMAM-NEXT: "group": 0,
// TMAM-NEXT: "instruction_tile": "fma",
// TMAM-NEXT: "order": "along_n",
// TMAM-NEXT: "pad": 0,
// TMAM-NEXT: "producer": "none",
// TMAM-NEXT: "restage_a": false,
// TMAM-NEXT: "stages": 2,
// TMAM: "dynamic_shared_bytes": 40960,
// TMAM: "spill_load_bytes": 0,
// TMAM-NEXT: "spill_store_bytes": 0,
// TMAM-NEXT: "stack_bytes": 0

// restage-a=1 given as an option on the 64 x 128 tile: 8 KiB of K-major A
// after the 24 KiB of boxes; no stack, no spills under the cap of 4 blocks
// per SM.
// RUN: tile-opt %examples/matmul_2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>' artifact-dir=%t/restage" -o /dev/null
// RUN: FileCheck %s --input-file=%t/restage/manifest.json --check-prefix=RESTAGEM
// RESTAGEM: "attribute": "#tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>"
// RESTAGEM: "restage_a": true,
// RESTAGEM: "dynamic_shared_bytes": 32768,
// RESTAGEM: "spill_load_bytes": 0,
// RESTAGEM-NEXT: "spill_store_bytes": 0,
// RESTAGEM-NEXT: "stack_bytes": 0

// copy = tma on 2053 x 2039 x 2048: rows of B (8156 bytes) cannot be TMA
// boxes, so only A is a tensor map and B, the second parameter, is a buffer
// read with ordinary loads; one box copy per K step, no stack, no spills.
// RUN: tile-opt %examples/matmul_2053x2039x2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>' artifact-dir=%t/tmab" -o /dev/null
// RUN: FileCheck %s --input-file=%t/tmab/matmul_matmul_0.ptx --check-prefix=TMABPTX
// RUN: FileCheck %s --input-file=%t/tmab/manifest.json --check-prefix=TMABM
// TMABPTX-COUNT-1: prefetch.tensormap
// TMABPTX-NOT: prefetch.tensormap
// TMABPTX: cp.async.bulk.tensor.2d
// TMABPTX-NOT: cp.async.bulk.tensor
// TMABPTX: ld.global.{{.*}}b32
// TMABPTX: mbarrier.try_wait.parity.shared.b64
// TMABPTX: cp.async.bulk.tensor.2d
// TMABPTX-NOT: cp.async.bulk.tensor
// TMABPTX: ret;
// TMABM: "kind": "tensor_map",
// TMABM: "name": "A",
// TMABM: "kind": "buffer",
// TMABM: "name": "B",
// TMABM: "kind": "buffer",
// TMABM: "name": "C",
// TMABM: "spill_load_bytes": 0,
// TMABM-NEXT: "spill_store_bytes": 0,
// TMABM-NEXT: "stack_bytes": 0
