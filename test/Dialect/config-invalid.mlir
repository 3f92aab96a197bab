// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every verifier error of #tile.config.

// expected-error @+1 {{block tile must be three positive sizes [BM, BN, BK]}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16], thread = [1, 1], stages = 1>} { return }

// -----

// expected-error @+1 {{block tile must be three positive sizes [BM, BN, BK]}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 0, 8], thread = [1, 1], stages = 1>} { return }

// -----

// expected-error @+1 {{thread tile must be two positive sizes [TM, TN]}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [-1, 1], stages = 1>} { return }

// -----

// expected-error @+1 {{warp tile must be empty or two positive sizes [WM, WN]}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 8], warp = [32], thread = [4, 4], stages = 1>} { return }

// -----

// expected-error @+1 {{stages must be at least 1, got 0}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [1, 1], stages = 0>} { return }

// -----

// expected-error @+1 {{thread tile [3, 1] does not divide block tile [16, 16]}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [3, 1], stages = 1>} { return }

// -----

// expected-error @+1 {{warp tile [48, 32] does not divide block tile [64, 64]}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 8], warp = [48, 32], thread = [4, 4], stages = 1>} { return }

// -----

// expected-error @+1 {{thread tile [8, 8] does not divide warp tile [32, 4]}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 8], warp = [32, 4], thread = [8, 8], stages = 1>} { return }

// -----

// expected-error @+1 {{warp tile [32, 32] with thread tile [4, 4] needs 64 lanes, but a warp has 32}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 8], warp = [32, 32], thread = [4, 4], stages = 1>} { return }

// -----

// expected-error @+1 {{the naive strategy walks K one element at a time: BK must be 1, got 8}}
func.func @f() attributes {c = #tile.config<naive, block = [16, 16, 8], thread = [1, 1], stages = 1>} { return }

// -----

// expected-error @+1 {{the naive strategy computes one output per thread: thread tile must be [1, 1]}}
func.func @f() attributes {c = #tile.config<naive, block = [16, 16, 1], thread = [2, 2], stages = 1>} { return }

// -----

// expected-error @+1 {{the naive strategy has no shared memory: stages must be 1 and pad 0}}
func.func @f() attributes {c = #tile.config<naive, block = [16, 16, 1], thread = [1, 1], stages = 2>} { return }

// -----

// expected-error @+1 {{the naive strategy has no warp tile}}
func.func @f() attributes {c = #tile.config<naive, block = [16, 16, 1], warp = [4, 8], thread = [1, 1], stages = 1>} { return }

// -----

// expected-error @+1 {{unknown strategy 'fast' (expected 'naive' or 'tiled')}}
func.func @f() attributes {c = #tile.config<fast, block = [16, 16, 1], thread = [1, 1], stages = 1>} { return }

// -----

// expected-error @+1 {{copy = async needs the tiled strategy and at least 2 stages}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [1, 1], stages = 1, copy = async>} { return }

// -----

// expected-error @+1 {{unknown copy kind 'dma' (expected 'registers', 'async' or 'tma')}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [1, 1], stages = 2, copy = dma>} { return }

// -----

// expected-error @+1 {{copy = tma needs the tiled strategy and at least 2 stages}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [1, 1], stages = 1, copy = tma>} { return }

// -----

// expected-error @+1 {{copy = tma writes dense boxes: pad must be 0, got 4}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [1, 1], stages = 2, pad = 4, copy = tma>} { return }

// -----

// expected-error @+1 {{copy = tma needs BN and BK to be multiples of 4 (16-byte box rows), got BN = 16, BK = 6}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 6], thread = [1, 1], stages = 2, copy = tma>} { return }

// -----

// expected-error @+1 {{copy = tma boxes have at most 256 elements per side, got block [512, 16, 8]}}
func.func @f() attributes {c = #tile.config<tiled, block = [512, 16, 8], thread = [16, 1], stages = 2, copy = tma>} { return }

// -----

// expected-error @+1 {{unknown config key 'swizzle' (expected pad, copy, blocks_per_sm, restage_a, fma_order, b_row_groups, stream_k or pack_b)}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [1, 1], stages = 2, swizzle = 1>} { return }

// -----

// expected-error @+1 {{blocks_per_sm must be non-negative, got -1}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [1, 1], stages = 1, blocks_per_sm = -1>} { return }

// -----

// expected-error @+1 {{restage_a must be true or false, got 'yes'}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 16], thread = [8, 8], stages = 2, copy = tma, restage_a = yes>} { return }

// -----

// expected-error @+1 {{restage_a re-stages A's TMA boxes: it needs copy = tma, got copy = async}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 16], thread = [8, 8], stages = 2, copy = async, restage_a = true>} { return }

// -----

// expected-error @+1 {{restage_a re-stages A's TMA boxes: it needs copy = tma, got copy = registers}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 16], thread = [8, 8], stages = 2, restage_a = true>} { return }

// -----

// expected-error @+1 {{restage_a needs TM and BM to be multiples of 4 (A's fragments load 4 rows at a time), got TM = 2, BM = 64}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 16], thread = [2, 8], stages = 2, copy = tma, restage_a = true>} { return }

// -----

// expected-error @+1 {{unknown FMA order 'diagonal' (expected 'rows' or 'columns')}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 16], thread = [8, 8], stages = 2, fma_order = diagonal>} { return }

// -----

// expected-error @+1 {{b_row_groups must be true or false, got 'yes'}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], thread = [8, 8], stages = 2, copy = tma, b_row_groups = yes>} { return }

// -----

// b_row_groups describes B to the TMA unit.
// expected-error @+1 {{b_row_groups describes B to the TMA unit: it needs copy = tma, got copy = async}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], thread = [8, 8], stages = 2, copy = async, b_row_groups = true>} { return }

// -----

// One elected lane per warp issues B's boxes: 8 x 6 = 48 threads is one and
// a half warps.
// expected-error @+1 {{b_row_groups issues B's boxes from whole warps: the block's thread count (BM/TM) x (BN/TN) = 48 must be a multiple of 32}}
func.func @f() attributes {c = #tile.config<tiled, block = [32, 24, 8], thread = [4, 4], stages = 2, copy = tma, b_row_groups = true>} { return }

// -----

// expected-error @+1 {{stream_k must be true or false, got 'on'}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], thread = [8, 8], stages = 2, copy = tma, blocks_per_sm = 2, stream_k = on>} { return }

// -----

// expected-error @+1 {{stream_k splits the TMA pipeline's K steps: it needs copy = tma, got copy = async}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], thread = [8, 8], stages = 2, copy = async, blocks_per_sm = 2, stream_k = true>} { return }

// -----

// The grid is one resident wave of SMs x blocks_per_sm blocks.
// expected-error @+1 {{stream_k launches one resident wave of SMs x blocks_per_sm blocks: it needs blocks_per_sm > 0}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], thread = [8, 8], stages = 2, copy = tma, stream_k = true>} { return }

// -----

// expected-error @+1 {{pack_b must be true or false, got 'yes'}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], thread = [8, 8], stages = 2, copy = tma, blocks_per_sm = 2, pack_b = yes>} { return }

// -----

// expected-error @+1 {{pack_b describes a copy of B to the TMA unit: it needs copy = tma, got copy = async}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], thread = [8, 8], stages = 2, copy = async, blocks_per_sm = 2, pack_b = true>} { return }

// -----

// The blocks meet at a grid barrier: they must all be resident.
// expected-error @+1 {{pack_b's blocks wait for each other, so they must be resident at once: it needs blocks_per_sm > 0}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], thread = [8, 8], stages = 2, copy = tma, pack_b = true>} { return }

// -----

// expected-error @+1 {{pack_b and b_row_groups are two ways of bringing B through TMA: choose one}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], thread = [8, 8], stages = 2, copy = tma, blocks_per_sm = 4, b_row_groups = true, pack_b = true>} { return }

// -----

// Upper bounds: every size derived from a config fits int64.
// expected-error @+1 {{block = 4097 is over the limit of 4096}}
func.func @f() attributes {c = #tile.config<tiled, block = [4097, 16, 8], thread = [1, 1], stages = 1>} { return }

// -----

// expected-error @+1 {{block = 4611686018427387904 is over the limit of 4096}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 4611686018427387904, 8], thread = [1, 1], stages = 1>} { return }

// -----

// expected-error @+1 {{warp = 8192 is over the limit of 4096}}
func.func @f() attributes {c = #tile.config<tiled, block = [64, 64, 8], warp = [8192, 32], thread = [4, 4], stages = 1>} { return }

// -----

// expected-error @+1 {{thread = 512 is over the limit of 256}}
func.func @f() attributes {c = #tile.config<tiled, block = [512, 16, 8], thread = [512, 1], stages = 1>} { return }

// -----

// expected-error @+1 {{stages = 1099511627776 is over the limit of 32}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [1, 1], stages = 1099511627776>} { return }

// -----

// expected-error @+1 {{pad = 257 is over the limit of 256}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [1, 1], stages = 1, pad = 257>} { return }

// -----

// expected-error @+1 {{blocks_per_sm = 8589934592 is over the limit of 64}}
func.func @f() attributes {c = #tile.config<tiled, block = [16, 16, 8], thread = [1, 1], stages = 1, blocks_per_sm = 8589934592>} { return }
