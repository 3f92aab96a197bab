// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every verifier and parser error of #tile.config and its nested attributes.
// An error inside a nested attribute is followed by the parser's note of
// which parameter of the enclosing attribute failed.

// expected-error @+1 {{block tile must be three positive sizes [BM, BN, BK]}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16], tile = #tile.fma<thread = [1, 1]>>} { return }

// -----

// expected-error @+1 {{block must be at least 1, got 0}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 0, 8], tile = #tile.fma<thread = [1, 1]>>} { return }

// -----

// expected-error @+2 {{thread must be at least 1, got -1}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'tile'}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [-1, 1]>>} { return }

// -----

// expected-error @+1 {{warp tile must be empty or two positive sizes [WM, WN]}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 8], warp = [32], tile = #tile.fma<thread = [4, 4]>>} { return }

// -----

// expected-error @+2 {{stages must be at least 1, got 0}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'schedule'}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>, schedule = #tile.schedule<stages = 0>>} { return }

// -----

// expected-error @+1 {{thread tile [3, 1] does not divide block tile [16, 16]}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [3, 1]>>} { return }

// -----

// expected-error @+1 {{warp tile [48, 32] does not divide block tile [64, 64]}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 8], warp = [48, 32], tile = #tile.fma<thread = [4, 4]>>} { return }

// -----

// expected-error @+1 {{thread tile [8, 8] does not divide warp tile [32, 4]}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 8], warp = [32, 4], tile = #tile.fma<thread = [8, 8]>>} { return }

// -----

// expected-error @+1 {{warp tile [32, 32] with thread tile [4, 4] needs 64 lanes, but a warp has 32}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 8], warp = [32, 32], tile = #tile.fma<thread = [4, 4]>>} { return }

// -----

// expected-error @+1 {{the naive strategy walks K one element at a time: BK must be 1, got 8}}
func.func @f() attributes {c = #tile.config<naive, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>>} { return }

// -----

// expected-error @+1 {{the naive strategy computes one output per thread: thread tile must be [1, 1]}}
func.func @f() attributes {c = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [2, 2]>>} { return }

// -----

// expected-error @+1 {{the naive strategy has no shared memory: stages must be 1 and pad 0}}
func.func @f() attributes {c = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{the naive strategy has no warp tile}}
func.func @f() attributes {c = #tile.config<naive, block = [16, 16, 1], warp = [4, 8], tile = #tile.fma<thread = [1, 1]>>} { return }

// -----

// expected-error @+2 {{expected ::mlir::tileopt::Strategy to be one of: naive, tiled}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'strategy'}}
func.func @f() attributes {c = #tile.config<fast, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>} { return }

// -----

// expected-error @+1 {{copy kind async needs the tiled strategy and at least 2 stages}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>, copy = #tile.copy<kind = async>>} { return }

// -----

// expected-error @+3 {{expected one of [registers, async, tma] for how panels reach shared memory, got: dma}}
// expected-error @+2 {{failed to parse Tile_CopyAttr parameter 'kind'}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'copy'}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>, copy = #tile.copy<kind = dma>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{copy kind tma needs the tiled strategy and at least 2 stages}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>, copy = #tile.copy<kind = tma>>} { return }

// -----

// expected-error @+2 {{copy kind tma writes dense boxes: pad must be 0, got 4}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'copy'}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>, copy = #tile.copy<kind = tma, pad = 4>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{copy kind tma needs BN and BK to be multiples of 4 (16-byte box rows), got BN = 16, BK = 6}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 6], tile = #tile.fma<thread = [1, 1]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{copy kind tma boxes have at most 256 elements per side, got block [512, 16, 8]}}
func.func @f() attributes {c = #tile.config<tiled, block = [512, 16, 8], tile = #tile.fma<thread = [16, 1]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+2 {{blocks_per_sm must be at least 0, got -1}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'schedule'}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>, schedule = #tile.schedule<blocks_per_sm = -1>>} { return }

// -----

// expected-error @+2 {{a = restaged stages TMA boxes: it needs kind = tma, got kind = async}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'copy'}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = async, a = restaged>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+2 {{a = restaged stages TMA boxes: it needs kind = tma, got kind = registers}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'copy'}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<a = restaged>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{a = restaged needs TM and BM to be multiples of 4 (A's fragments load 4 rows at a time), got TM = 2, BM = 64}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [2, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+3 {{expected one of [rows, columns] for order of a thread's FMAs per k, got: diagonal}}
// expected-error @+2 {{failed to parse Tile_FmaTileAttr parameter 'order'}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'tile'}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [8, 8], order = diagonal>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// b = row_groups describes B to the TMA unit.
// expected-error @+2 {{b = row_groups stages TMA boxes: it needs kind = tma, got kind = async}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'copy'}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = async, b = row_groups>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// One elected lane per warp issues B's boxes: 8 x 6 = 48 threads is one and
// a half warps.
// expected-error @+1 {{b = row_groups issues B's boxes from whole warps: the block's thread count (BM/TM) x (BN/TN) = 48 must be a multiple of 32}}
func.func @f() attributes {c = #tile.config<tiled, block = [32, 24, 8], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = tma, b = row_groups>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// The grid is one resident wave of SMs x blocks_per_sm blocks.
// expected-error @+1 {{scheduler = stream_k shares K steps over a wave of SMs x blocks_per_sm blocks: it needs blocks_per_sm > 0}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, scheduler = stream_k>>} { return }

// -----

// split_tail sizes its tail by the wave of SMs x blocks_per_sm blocks.
// expected-error @+1 {{scheduler = split_tail shares K steps over a wave of SMs x blocks_per_sm blocks: it needs blocks_per_sm > 0}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, scheduler = split_tail>>} { return }

// -----

// Register-staged loops keep no stages across a block's K ranges.
// expected-error @+1 {{scheduler = split_tail splits the issue-ahead pipeline's K steps: it needs copy kind tma or async, got registers}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 1, scheduler = split_tail>>} { return }

// -----

// expected-error @+2 {{b = packed stages TMA boxes: it needs kind = tma, got kind = async}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'copy'}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = async, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>} { return }

// -----

// The blocks meet at a grid barrier: they must all be resident.
// expected-error @+1 {{b = packed: the blocks wait for each other, so they must be resident at once: it needs blocks_per_sm > 0}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// Upper bounds: every size derived from a config fits int64.
// expected-error @+1 {{block = 4097 is over the limit of 4096}}
func.func @f() attributes {c = #tile.config<tiled, block = [4097, 16, 8], tile = #tile.fma<thread = [1, 1]>>} { return }

// -----

// expected-error @+1 {{block = 4611686018427387904 is over the limit of 4096}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 4611686018427387904, 8], tile = #tile.fma<thread = [1, 1]>>} { return }

// -----

// expected-error @+1 {{warp = 8192 is over the limit of 4096}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 8], warp = [8192, 32], tile = #tile.fma<thread = [4, 4]>>} { return }

// -----

// expected-error @+2 {{thread = 512 is over the limit of 256}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'tile'}}
func.func @f() attributes {c = #tile.config<tiled, block = [512, 16, 8], tile = #tile.fma<thread = [512, 1]>>} { return }

// -----

// expected-error @+2 {{stages = 1099511627776 is over the limit of 32}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'schedule'}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>, schedule = #tile.schedule<stages = 1099511627776>>} { return }

// -----

// expected-error @+2 {{pad = 257 is over the limit of 256}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'copy'}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>, copy = #tile.copy<pad = 257>>} { return }

// -----

// expected-error @+2 {{blocks_per_sm = 8589934592 is over the limit of 64}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'schedule'}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>, schedule = #tile.schedule<blocks_per_sm = 8589934592>>} { return }

// -----

// One choice for B: row groups or a packed copy, not both.
// expected-error @+2 {{duplicate or unknown struct parameter name: b}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'copy'}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, b = row_groups, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>} { return }

// -----

// expected-error @+2 {{duplicate or unknown struct parameter name: swizzle}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'copy'}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>, copy = #tile.copy<swizzle = 1>>} { return }

// -----

// expected-error @+1 {{struct is missing required parameter: tile}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8]>} { return }

// -----

// expected-error @+1 {{tile must be an instruction tile (#tile.fma<...> or #tile.wgmma<...>)}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = 5>} { return }

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse Tile_ConfigAttr parameter 'copy'}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>, copy = #tile.schedule<>>} { return }

// -----

// The wgmma tile: its shape, and the configs it cannot run.
// expected-error @+1 {{wgmma shape must be [64, N, 16] with N a multiple of 64 up to 256 (precision = ieee), got [64, 96, 16]}}
func.func @f() attributes {c = #tile.wgmma<shape = [64, 96, 16]>} { return }

// -----

// expected-error @+1 {{wgmma shape must be three sizes [M, N, K]}}
func.func @f() attributes {c = #tile.wgmma<shape = [64, 128]>} { return }

// -----

// expected-error @+1 {{the wgmma tile needs the tiled strategy}}
func.func @f() attributes {c = #tile.config<naive, block = [128, 128, 1], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>>} { return }

// -----

// expected-error @+1 {{the wgmma tile needs warp = [WM, WN], the tile of one warpgroup}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 64], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{warpgroup tile [32, 128] is not whole wgmma instructions of 64 x 128}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 64], warp = [32, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{warpgroup tile [128, 128] does not divide block tile [64, 128]}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 128, 64], warp = [128, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{the wgmma tile reads 128-byte swizzled TMA boxes: it needs copy = #tile.copy<kind = tma> (a direct, b direct or packed)}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = async>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{the wgmma tile reads 128-byte swizzled TMA boxes: it needs copy = #tile.copy<kind = tma> (a direct, b direct or packed)}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{the wgmma tile reads 128-byte swizzled TMA boxes: it needs copy = #tile.copy<kind = tma> (a direct, b direct or packed)}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma, b = row_groups>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{b = packed: the blocks wait for each other, so they must be resident at once: it needs blocks_per_sm > 0}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{the wgmma tile's A boxes are 64 columns wide (one 128-byte swizzle atom of 16-bit elements): BK must be a multiple of 64, got 32}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} { return }

// -----

// expected-error @+1 {{producer = warpgroup feeds wgmma warpgroups: it needs tile = #tile.wgmma<...>}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, producer = warpgroup>>} { return }

// -----

// expected-error @+1 {{producer = warpgroup runs whole tiles or split_tail's parts: it needs scheduler = data_parallel, persistent or split_tail}}
func.func @f() attributes {c = #tile.schedule<stages = 2, blocks_per_sm = 1, scheduler = stream_k, producer = warpgroup>} { return }

// -----

// expected-error @+1 {{order = along_m orders whole tiles: it needs scheduler = data_parallel, persistent or split_tail}}
func.func @f() attributes {c = #tile.schedule<stages = 2, blocks_per_sm = 1, scheduler = stream_k, order = along_m>} { return }

// -----

// expected-error @+1 {{scheduler = persistent runs the wgmma tile: it needs tile = #tile.wgmma<...>}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, scheduler = persistent>>} { return }

// -----

// expected-error @+1 {{cluster = 4 is over the limit of 2}}
func.func @f() attributes {c = #tile.schedule<stages = 4, cluster = 4>} { return }

// -----

// expected-error @+1 {{cluster must be at least 1, got 0}}
func.func @f() attributes {c = #tile.schedule<stages = 4, cluster = 0>} { return }

// -----

// expected-error @+1 {{cluster = 2 pairs the blocks of neighbouring tiles: it needs scheduler = data_parallel, got split_tail}}
func.func @f() attributes {c = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail, cluster = 2>} { return }

// -----

// expected-error @+1 {{cluster = 2 multicasts the wgmma tile's TMA boxes: it needs tile = #tile.wgmma<...>}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, cluster = 2>>} { return }

// -----

// expected-error @+1 {{cluster = 2 cannot wait on b = packed's grid barrier (a cluster's blocks need two free SMs at once): it needs b = direct}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, cluster = 2>>} { return }

// -----

// expected-error @+1 {{group = 8 orders whole tiles: it needs scheduler = data_parallel, persistent or split_tail}}
func.func @f() attributes {c = #tile.schedule<stages = 2, blocks_per_sm = 1, scheduler = stream_k, group = 8>} { return }

// -----

// expected-error @+1 {{group must be at least 0, got -1}}
func.func @f() attributes {c = #tile.schedule<stages = 2, group = -1>} { return }

// -----

// expected-error @+1 {{group = 2048 is over the limit of 1024}}
func.func @f() attributes {c = #tile.schedule<stages = 2, group = 2048>} { return }

// -----

// expected-error @+1 {{group = 5 splits clusters across bands: it must be a multiple of cluster = 2}}
func.func @f() attributes {c = #tile.schedule<stages = 4, cluster = 2, group = 5>} { return }

// -----

// The TF32 precisions: K = 8, BK of 32-column atoms, their own copy of B,
// and the resident grid their copies wait on.
// expected-error @+1 {{wgmma shape must be [64, N, 8] with N a multiple of 64 up to 256 (precision = tf32), got [64, 128, 16]}}
func.func @f() attributes {c = #tile.wgmma<shape = [64, 128, 16], precision = tf32>} { return }

// -----

// expected-error @+1 {{the wgmma tile's A boxes are 32 columns wide (one 128-byte swizzle atom of f32 elements): BK must be a multiple of 32, got 16}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 16], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>} { return }

// -----

// expected-error @+1 {{precision = tf32 copies B transposed itself: it needs b = direct}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>} { return }

// -----

// expected-error @+1 {{precision = tf32x3 copies A and B first, all blocks together, which then wait for each other: it needs blocks_per_sm > 0}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32x3>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3>>} { return }

// -----

// expected-error @+1 {{cluster = 2 cannot wait on precision = tf32's grid barrier (a cluster's blocks need two free SMs at once): it needs cluster = 1}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, cluster = 2>>} { return }

// -----

// registers = b: only tf32 takes an operand from registers.
// expected-error @+1 {{registers = b needs precision = tf32 (the 16-bit wgmma read both operands from shared memory; tf32x3 splits B in its copy), got precision = tf32x3}}
func.func @f() attributes {c = #tile.wgmma<shape = [64, 128, 8], precision = tf32x3, registers = b>} { return }

// -----

// expected-error @+1 {{registers = b needs precision = tf32}}
func.func @f() attributes {c = #tile.wgmma<shape = [64, 128, 16], registers = b>} { return }

// -----

// truncated = b: only tf32 reads B as stored, and only with A in registers.
// expected-error @+1 {{truncated = b needs precision = tf32 and registers = a (tf32x3 splits B in its copy; registers = b rounds B), got precision = tf32x3, registers = a}}
func.func @f() attributes {c = #tile.wgmma<shape = [64, 128, 8], precision = tf32x3, truncated = b>} { return }

// -----

// expected-error @+1 {{truncated = b needs precision = tf32 and registers = a (tf32x3 splits B in its copy; registers = b rounds B), got precision = tf32, registers = b}}
func.func @f() attributes {c = #tile.wgmma<shape = [64, 128, 8], precision = tf32, registers = b, truncated = b>} { return }

// -----

// registers = b: the instructions' 64 rows run along C's columns, their N
// along its rows, so warp = [64, 256] is not whole m64n256 instructions.
// expected-error @+1 {{warpgroup tile [64, 256] is not whole wgmma instructions of 256 x 64 (registers = b: C's rows by columns)}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 32], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, registers = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>} { return }

// -----

// expected-error @+1 {{registers = b needs scheduler = data_parallel or persistent, got split_tail}}
func.func @f() attributes {c = #tile.config<tiled, block = [256, 128, 32], warp = [256, 64], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, registers = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>} { return }

// -----

// b = restaged re-stages TMA boxes for the fma tile.
// expected-error @+1 {{b = restaged stages TMA boxes: it needs kind = tma, got kind = async}}
func.func @f() attributes {c = #tile.copy<kind = async, b = restaged>} { return }

// -----

// expected-error @+1 {{the wgmma tile reads 128-byte swizzled TMA boxes: it needs copy = #tile.copy<kind = tma> (a direct, b direct or packed)}}
func.func @f() attributes {c = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma, b = restaged>, schedule = #tile.schedule<stages = 4>>} { return }
