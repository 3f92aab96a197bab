//===- TileAttrs.td - The tile dialect and its attributes --*- tablegen -*-===//
//
// The `tile` dialect carries the tiling decisions of one matmul as an
// attribute, `#tile.config`, attached to the `linalg.matmul` by
// `--tile-configure` and read by every later pass and by the report.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_DIALECT_TILEATTRS_TD
#define TILEOPT_DIALECT_TILEATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::mlir::tileopt";
  let summary = "Tiling decisions for GPU matrix multiplication";
  let description = [{
    The `tile` dialect defines the `#tile.config` attribute that records, on
    a `linalg.matmul`, every decision the tile-opt pipeline takes for it
    (strategy, block/warp/thread tile, pipeline stages), and one operation,
    `tile.kernel_arguments`, the kernel ABI between mapping and outlining.
  }];
  let useDefaultAttributePrinterParser = 1;
}

def Tile_Strategy : I32EnumAttr<"Strategy", "code generation strategy", [
    I32EnumAttrCase<"Naive", 0, "naive">,
    I32EnumAttrCase<"Tiled", 1, "tiled">
  ]> {
  let cppNamespace = "::mlir::tileopt";
  let genSpecializedAttr = 0;
}

def Tile_CopyKind : I32EnumAttr<"CopyKind", "how panels reach shared memory", [
    I32EnumAttrCase<"Registers", 0, "registers">,
    I32EnumAttrCase<"Async", 1, "async">,
    I32EnumAttrCase<"Tma", 2, "tma">
  ]> {
  let cppNamespace = "::mlir::tileopt";
  let genSpecializedAttr = 0;
}

def Tile_FmaOrder : I32EnumAttr<"FmaOrder", "order of a thread's FMAs per k", [
    I32EnumAttrCase<"Rows", 0, "rows">,
    I32EnumAttrCase<"Columns", 1, "columns">
  ]> {
  let cppNamespace = "::mlir::tileopt";
  let genSpecializedAttr = 0;
}

def Tile_ConfigAttr : AttrDef<Tile_Dialect, "Config"> {
  let mnemonic = "config";
  let summary = "Tiling decisions for one matmul";
  let description = [{
    All tiling decisions for one `linalg.matmul` C[M,N] = A[M,K] * B[K,N]:

    * `strategy`: `naive` (one output element per thread, no shared memory:
      the baseline) or `tiled` (block tile staged through shared memory).
    * `block = [BM, BN, BK]`: the output tile of one thread block (BM x BN)
      and the K extent of one step of the K loop (BK). For `naive`, BK = 1.
    * `warp = [WM, WN]` (optional): the output tile of one warp.
    * `thread = [TM, TN]`: the outputs one thread accumulates in registers.
    * `stages = S`: shared-memory buffers per operand (1 = single buffer).
    * `pad = P` (optional, default 0, printed when non-zero): elements added
      to each row of the shared-memory panels, to spread the accesses of a
      warp over the 32 banks (P = 4 keeps 16-byte alignment).
    * `copy = registers | async | tma` (optional, default registers, printed
      when not registers): panels travel through registers (global load,
      shared store), with `cp.async` straight into shared memory (needs
      stages >= 2), or as whole boxes with the Tensor Memory Accelerator
      (`cp.async.bulk.tensor` completing on an mbarrier; sm_90+, stages >= 2,
      pad 0, BK and BN multiples of 4, every box side at most 256; rows of A
      must be 16-byte multiples, and where B's are not, B goes through
      registers beside A's boxes, with stages = 2, or takes
      `b_row_groups`).
    * `blocks_per_sm = N` (optional, default 0 = no request, printed when
      non-zero): the kernel asks ptxas to keep N blocks resident per SM
      (PTX `.minnctapersm N`), which caps its registers at 65536 / (N x
      threads).
    * `restage_a = true` (optional, default false, printed when true; copy
      = tma, TM and BM multiples of 4): after A's box of a K step lands, the
      threads copy it into a two-stage K-major panel (BK x BM) before the
      step's barrier, and the FMAs read their A values from there, 4 rows of
      one k per 16-byte load, as in the register-staged kernels. Costs 2 x
      BK x BM elements of shared memory and a few instructions per step; in
      return the A fragment of one k is TM registers instead of 4 x TM
      (A staged as is is read 4 k at a time), which lets ptxas keep the FMA
      block's register-bank conflicts lower.
    * `fma_order = rows | columns` (optional, default rows, printed when
      columns): the order of a thread's TM x TN FMAs per k, in serpentine
      either way (so consecutive FMAs share an operand the reuse cache
      keeps): along the rows of the fragment, every other row walked
      backwards, or down its columns. The order is what PTX can say about
      the FMA block's register allocation; `python3 -m tileopt banks`
      rates the outcome.
    * `b_row_groups = true` (optional, default false, printed when true;
      copy = tma): B of any N through TMA. A tensor map needs row strides
      and box starts in 16-byte multiples, which rows of N x 4 bytes do not
      give when N is not a multiple of 4 (without `b_row_groups` such B goes
      through registers). B is described instead as K/4 rows of 4N elements
      (4 rows of B each: a stride of 16N bytes). The panel rows k of one
      class k mod 4 are then rows of that view at one column, and start the
      same (k mod 4) x N mod 4 elements past a 16-byte boundary: each class
      travels as one or two boxes of BK/4 rows that start at the boundary
      (4 boxes per K step, issued by the leader with A's, or 8 when BN + 3 >
      256, issued by one elected lane per warp; the block must be whole
      warps). The
      FMAs read each class where it landed, shifted by its constant: a
      16-byte load per 4 columns where the shift is 0, else the two around
      them. Columns beyond N hold the next row's elements, which meet only
      columns of C that are never stored; rows beyond K are zero-filled.
      Needs K a multiple of 4, as A's boxes do.
    * `stream_k = true` (optional, default false, printed when true; copy =
      tma, blocks_per_sm > 0): Stream-K work balance. The grid is one
      resident wave, (SMs x blocks_per_sm) blocks, and the K steps of all
      output tiles, taken tile by tile, are split evenly among them: a
      block's range may start or end inside a tile. The block that runs a
      tile's first K step (the owner) stores its C; every other block that
      runs a part of the tile leaves its partial sums in a workspace (a
      kernel parameter after C, zeroed once before the first launch) and
      raises its flag there; the owner waits for those flags, adds the
      partial sums, clears the flags and stores C. A block leaves at most
      one partial (its first tile), and runs owned parts last, so the
      owner rarely waits. When the matmul accumulates into C (C += A * B),
      the owner's accumulators start from C's tile, the others' from zero.
    * `pack_b = true` (optional, default false, printed when true; copy =
      tma, blocks_per_sm > 0, not with b_row_groups): B of any N through
      TMA, in whole boxes. A tensor map needs row strides in 16-byte
      multiples, which rows of N x 4 bytes do not give when N is not a
      multiple of 4. With `pack_b` the blocks first copy B, all of them
      together, into a workspace (a kernel parameter after C) whose rows
      are padded to 128-byte multiples, and wait until the copy is
      complete; B's boxes then come from that copy through a second tensor
      map, the kernel's last parameter. With a grid of more than one wave
      (SMs x blocks_per_sm), the first wave's worth of blocks to start (by
      an atomic ticket) make the copy and every block waits for them. Costs
      one read of B and one write of its copy per launch (most of it stays
      in L2), and the wait.

    The thread block has (BM / TM) * (BN / TN) threads, laid out with x along
    N (so consecutive threads touch consecutive columns) and y along M.

    Example:
    ```mlir
    #tile.config<naive, block = [16, 16, 1], thread = [1, 1], stages = 1>
    #tile.config<tiled, block = [128, 128, 8], warp = [64, 32],
                 thread = [8, 8], stages = 2>
    ```
    The verifier checks the structure (positive sizes, divisibility, one warp
    is 32 threads); `tileopt::checkConfigAgainstTarget` checks a config against
    the limits of a chip.
  }];
  let parameters = (ins
    EnumParameter<Tile_Strategy>:$strategy,
    ArrayRefParameter<"int64_t", "BM, BN, BK">:$block,
    ArrayRefParameter<"int64_t", "WM, WN or empty">:$warp,
    ArrayRefParameter<"int64_t", "TM, TN">:$thread,
    "int64_t":$stages,
    DefaultValuedParameter<"int64_t", "0">:$pad,
    DefaultValuedParameter<"CopyKind", "CopyKind::Registers">:$copy,
    DefaultValuedParameter<"int64_t", "0">:$blocksPerSM,
    DefaultValuedParameter<"bool", "false">:$restageA,
    DefaultValuedParameter<"FmaOrder", "FmaOrder::Rows">:$fmaOrder,
    DefaultValuedParameter<"bool", "false">:$bRowGroups,
    DefaultValuedParameter<"bool", "false">:$streamK,
    DefaultValuedParameter<"bool", "false">:$packB
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "Strategy":$strategy, "ArrayRef<int64_t>":$block,
                     "ArrayRef<int64_t>":$warp, "ArrayRef<int64_t>":$thread,
                     "int64_t":$stages), [{
      return $_get($_ctxt, strategy, block, warp, thread, stages, 0,
                   CopyKind::Registers, 0, false, FmaOrder::Rows, false, false,
                   false);
    }]>,
    AttrBuilder<(ins "Strategy":$strategy, "ArrayRef<int64_t>":$block,
                     "ArrayRef<int64_t>":$warp, "ArrayRef<int64_t>":$thread,
                     "int64_t":$stages, "int64_t":$pad), [{
      return $_get($_ctxt, strategy, block, warp, thread, stages, pad,
                   CopyKind::Registers, 0, false, FmaOrder::Rows, false, false,
                   false);
    }]>
  ];
  let extraClassDeclaration = [{
    int64_t getBM() const { return getBlock()[0]; }
    int64_t getBN() const { return getBlock()[1]; }
    int64_t getBK() const { return getBlock()[2]; }
    int64_t getTM() const { return getThread()[0]; }
    int64_t getTN() const { return getThread()[1]; }
    /// Threads along x (the N direction) and y (the M direction).
    int64_t getThreadsX() const { return getBN() / getTN(); }
    int64_t getThreadsY() const { return getBM() / getTM(); }
    int64_t getNumThreads() const { return getThreadsX() * getThreadsY(); }
    bool hasWarpTile() const { return !getWarp().empty(); }
    /// Whether the A panel is staged K-major (BK x BM) in shared memory:
    /// when threads hold a multiple of 4 rows (a thread's A values for one k
    /// are then one 16-byte load) and the copies can transpose (not
    /// cp.async or TMA, which move contiguous bytes).
    bool isAKMajor() const {
      return getTM() % 4 == 0 && getCopy() == CopyKind::Registers;
    }
    /// Whether the panels are copied asynchronously (cp.async or TMA),
    /// straight into shared memory.
    bool isAsyncCopy() const { return getCopy() != CopyKind::Registers; }
  }];
}

#endif // TILEOPT_DIALECT_TILEATTRS_TD
