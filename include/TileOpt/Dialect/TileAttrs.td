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

def Tile_AStaging : I32EnumAttr<"AStaging", "how A's panel is staged", [
    I32EnumAttrCase<"Direct", 0, "direct">,
    I32EnumAttrCase<"Restaged", 1, "restaged">
  ]> {
  let cppNamespace = "::mlir::tileopt";
  let genSpecializedAttr = 0;
}

def Tile_BStaging : I32EnumAttr<"BStaging", "how B reaches the TMA unit", [
    I32EnumAttrCase<"Direct", 0, "direct">,
    I32EnumAttrCase<"RowGroups", 1, "row_groups">,
    I32EnumAttrCase<"Packed", 2, "packed">,
    I32EnumAttrCase<"Restaged", 3, "restaged">
  ]> {
  let cppNamespace = "::mlir::tileopt";
  let genSpecializedAttr = 0;
}

def Tile_ProducerKind : I32EnumAttr<"ProducerKind",
    "who issues the asynchronous copies", [
    I32EnumAttrCase<"None", 0, "none">,
    I32EnumAttrCase<"Warpgroup", 1, "warpgroup">
  ]> {
  let cppNamespace = "::mlir::tileopt";
  let genSpecializedAttr = 0;
}

def Tile_Precision : I32EnumAttr<"Precision",
    "how the wgmma tile multiplies f32 operands", [
    I32EnumAttrCase<"IEEE", 0, "ieee">,
    I32EnumAttrCase<"TF32", 1, "tf32">,
    I32EnumAttrCase<"TF32x3", 2, "tf32x3">
  ]> {
  let cppNamespace = "::mlir::tileopt";
  let genSpecializedAttr = 0;
}

def Tile_RegisterOperand : I32EnumAttr<"RegisterOperand",
    "which operand a TF32 wgmma takes from registers", [
    I32EnumAttrCase<"A", 0, "a">,
    I32EnumAttrCase<"B", 1, "b">
  ]> {
  let cppNamespace = "::mlir::tileopt";
  let genSpecializedAttr = 0;
}

def Tile_TruncatedOperand : I32EnumAttr<"TruncatedOperand",
    "which operand a tf32 wgmma reads as stored, truncated to TF32", [
    I32EnumAttrCase<"None", 0, "none">,
    I32EnumAttrCase<"B", 1, "b">
  ]> {
  let cppNamespace = "::mlir::tileopt";
  let genSpecializedAttr = 0;
}

def Tile_TileOrder : I32EnumAttr<"TileOrder",
    "the order in which consecutive blocks take output tiles", [
    I32EnumAttrCase<"AlongN", 0, "along_n">,
    I32EnumAttrCase<"AlongM", 1, "along_m">
  ]> {
  let cppNamespace = "::mlir::tileopt";
  let genSpecializedAttr = 0;
}

def Tile_TileSchedulerKind : I32EnumAttr<"TileSchedulerKind",
    "how output tiles are shared among blocks", [
    I32EnumAttrCase<"DataParallel", 0, "data_parallel">,
    I32EnumAttrCase<"StreamK", 1, "stream_k">,
    I32EnumAttrCase<"Persistent", 2, "persistent">,
    I32EnumAttrCase<"SplitTail", 3, "split_tail">
  ]> {
  let cppNamespace = "::mlir::tileopt";
  let genSpecializedAttr = 0;
}

// An attribute parameter printed and parsed in full (`#tile.fma<...>`), so
// that the kind of the nested attribute is spelled where it is used.
class Tile_NestedAttrParameter<string type, string desc>
    : AttrParameter<type, desc> {
  let printer = "$_printer.printAttribute($_self)";
  let parser = [{ [&]() -> ::mlir::FailureOr<}] # type # [{> {
      }] # type # [{ value;
      if ($_parser.parseAttribute(value))
        return ::mlir::failure();
      return value;
    }() }];
}
// A nested attribute that may be left out: absent, it is `type::get(ctx)`,
// every field at its default (`#tile.copy<>`), and it is not printed then.
class Tile_DefaultNestedAttrParameter<string type, string desc>
    : Tile_NestedAttrParameter<type, desc> {
  let defaultValue = type # "::get($_ctxt)";
}

// Sizes written as a bracketed list, `[8, 8]`.
class Tile_SizesParameter<string desc> : ArrayRefParameter<"int64_t", desc> {
  let parser = "::mlir::tileopt::parseSizes($_parser)";
  let printer = "::mlir::tileopt::printSizes($_printer, $_self)";
}
class Tile_OptionalSizesParameter<string desc> : Tile_SizesParameter<desc> {
  let defaultValue = cppStorageType # "()";
  let comparator = "::llvm::ArrayRef<int64_t>($_lhs) == "
                   "::llvm::ArrayRef<int64_t>($_rhs)";
}

def Tile_FmaTileAttr : AttrDef<Tile_Dialect, "FmaTile"> {
  let mnemonic = "fma";
  let summary = "The instruction tile of scalar FMAs on the CUDA cores";
  let description = [{
    Each thread accumulates a TM x TN fragment of C in registers, one FMA
    per output and k.

    * `thread = [TM, TN]`: the fragment.
    * `order = rows | columns` (default `rows`): the order of a thread's TM x
      TN FMAs per k, in serpentine either way (so consecutive FMAs share an
      operand the reuse cache keeps): along the rows of the fragment, every
      other row walked backwards, or down its columns. The order is what PTX
      can say about the FMA block's register allocation; `python3 -m tileopt
      banks` rates the outcome.

    The thread block has (BM / TM) * (BN / TN) threads, laid out with x
    along N (consecutive threads touch consecutive columns) and y along M.

    Example: `#tile.fma<thread = [8, 8], order = columns>`
  }];
  let parameters = (ins
    Tile_SizesParameter<"TM, TN">:$thread,
    DefaultValuedParameter<"FmaOrder", "FmaOrder::Rows">:$order
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def Tile_WgmmaTileAttr : AttrDef<Tile_Dialect, "WgmmaTile"> {
  let mnemonic = "wgmma";
  let summary = "The instruction tile of warpgroup tensor-core MMAs (sm_90a)";
  let description = [{
    A warpgroup (4 warps, 128 threads) multiplies its WM x WN tile of C
    (the config's `warp` tile) with `wgmma.mma_async` instructions of shape
    M x N x K, reading A and B straight from their 128-byte swizzled TMA
    stages through shared-memory descriptors and accumulating in f32
    registers for the whole K loop: (WM / 64) x (WN / 2) accumulators per
    thread. A and B are read as stored: A K-major (its rows), B N-major
    (K x N, N contiguous: the transposed-B form of the instruction); with
    16-bit operands a matmul whose indexing_maps transpose them reads A
    M-major (stored K x M) and B K-major (stored N x K).

    * `shape = [M, N, K]`: M = 64, K = 16 (f16 and bf16 operands) or 8
      (f32 operands as TF32), N a multiple of 64 up to 256 (one 128-byte
      swizzle atom of B is 64 16-bit columns).
    * `precision = ieee | tf32 | tf32x3` (default `ieee`): how f32
      operands are multiplied; 16-bit operands take `ieee` (their products
      are exact in the f32 accumulators).
      - `tf32` (K = 8): each operand element rounded to TF32 (10 mantissa
        bits, round to nearest, ties away from zero: `cvt.rna.tf32.f32`),
        one `wgmma` m64nNk8 tf32 per K step of 8, f32 accumulation. Each
        product is off by at most about 2 x 2^-11 of |a| |b|.
      - `tf32x3` (K = 8): each element x split into a high part h =
        tf32(x) and a low part l = tf32(x - h) (x - h - l is below 2^-22
        |x|), and a . b taken as a_l b_h + a_h b_l + a_h b_h, the small
        terms first, in three wgmma per K step of 8: products within about
        3 x 2^-21 of |a| |b| (FP32-class accuracy; a_l b_l, below 2^-22,
        is left out).
      Either way the kernel first copies B transposed (N x K, rounded or
      split; TF32 wgmma reads B K-major) into its workspace, all blocks
      together, and meets at a grid barrier (as `b = packed` does; needs
      `blocks_per_sm > 0`). The wgmma take A from registers, each element
      loaded from A's stage and rounded or split there; where K % 4 != 0
      (no TMA row stride) the kernel copies A first too, as it is. Every
      element is rounded or split once, not once per product. The copies
      have rows padded to 128-byte multiples, so M, N and K may be
      anything.
    * `registers = a | b` (default `a`; `b` with `precision = tf32` only):
      the operand the TF32 wgmma take from registers. `b`: the
      instructions compute C's tile transposed, C^T = B^T A^T, so that B
      (K x N as stored, N-major: its TMA boxes come from B itself) is the
      register operand, each element loaded from B's stage and rounded in
      registers, and A (K-major) the shared-memory one: nothing copies B.
      The shape's M (64) then runs along C's columns and N along its rows
      (the warpgroup tile is WN / 64 x WM / N instructions), and A's
      elements reach the tensor cores truncated to TF32, not rounded:
      each product is off by at most about 3 x 2^-11 of |a| |b|. Needs B
      as stored (not N x K) with rows of 16-byte multiples (N % 4 = 0) and
      a data-parallel or persistent grid.
    * `truncated = none | b` (default `none`; `b` with `precision = tf32`
      and `registers = a` only): `b` reads B as stored, N x K (a matmul
      whose indexing_maps transpose B, PyTorch's `Linear` weight), K-major
      as the TF32 wgmma want it, its TMA boxes from B itself: nothing
      copies B, and B's elements reach the tensor cores truncated to TF32
      (A is rounded in registers): each product is off by at most about 3
      x 2^-11 of |a| |b|. Needs B stored N x K with rows of 16-byte
      multiples (K % 4 = 0).

    The thread block has (BM / WM) x (BN / WN) warpgroups. The tile needs
    chip `sm_90a`, copy kind `tma`, and BK a multiple of one swizzle atom
    of A, 128 bytes: 64 16-bit or 32 f32 columns.

    Examples: `#tile.wgmma<shape = [64, 256, 16]>`,
    `#tile.wgmma<shape = [64, 128, 8], precision = tf32x3>`,
    `#tile.wgmma<shape = [64, 256, 8], precision = tf32, registers = b>`,
    `#tile.wgmma<shape = [64, 256, 8], precision = tf32, truncated = b>`
  }];
  let parameters = (ins Tile_SizesParameter<"M, N, K">:$shape,
    DefaultValuedParameter<"Precision", "Precision::IEEE">:$precision,
    DefaultValuedParameter<"RegisterOperand", "RegisterOperand::A">:$registers,
    DefaultValuedParameter<"TruncatedOperand", "TruncatedOperand::None">:$truncated);
  let builders = [
    AttrBuilder<(ins "ArrayRef<int64_t>":$shape, "Precision":$precision,
                     "RegisterOperand":$registers), [{
      return $_get($_ctxt, shape, precision, registers,
                   TruncatedOperand::None);
    }]>
  ];
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getM() const { return getShape()[0]; }
    int64_t getN() const { return getShape()[1]; }
    int64_t getK() const { return getShape()[2]; }
    /// tf32 or tf32x3: f32 operands as TF32 (B copied first, K-major, but
    /// with registers = b or truncated = b; A rounded or split in
    /// registers).
    bool isTF32() const { return getPrecision() != Precision::IEEE; }
    /// The operand parts each K step multiplies: 2 (high, low) with
    /// tf32x3, else 1.
    int64_t getParts() const {
      return getPrecision() == Precision::TF32x3 ? 2 : 1;
    }
    /// The columns of one 128-byte swizzled box row: 64 16-bit or 32 TF32.
    int64_t getBoxColumns() const { return isTF32() ? 32 : 64; }
    /// registers = b: the instructions compute C^T's tile, B from
    /// registers, A from shared memory; nothing copies B.
    bool isBInRegisters() const {
      return getRegisters() == RegisterOperand::B;
    }
    /// truncated = b: B read as stored (N x K), truncated; nothing copies B.
    bool isBTruncated() const { return getTruncated() == TruncatedOperand::B; }
    /// Whether the kernel copies B first (the TF32 precisions but
    /// registers = b and truncated = b).
    bool copiesB() const {
      return isTF32() && !isBInRegisters() && !isBTruncated();
    }
  }];
}

def Tile_CopyAttr : AttrDef<Tile_Dialect, "Copy"> {
  let mnemonic = "copy";
  let summary = "How the operands' panels reach shared memory";
  let description = [{
    * `kind = registers | async | tma` (default `registers`): panels travel
      through registers (global load, shared store), with `cp.async` straight
      into shared memory (needs stages >= 2), or as whole boxes with the
      Tensor Memory Accelerator (`cp.async.bulk.tensor` completing on an
      mbarrier; sm_90+, stages >= 2, pad 0, BK and BN multiples of 4, every
      box side at most 256; rows of A must be 16-byte multiples, and where
      B's are not, B goes through registers beside A's boxes, with stages =
      2, or takes `b = row_groups` or `b = packed`).
    * `pad = P` (default 0): elements added to each row of the shared-memory
      panels, to spread the accesses of a warp over the 32 banks (P = 4
      keeps 16-byte alignment).
    * `a = direct | restaged` (default `direct`). With registers and TM a
      multiple of 4, A is staged K-major (BK x BM) as it is stored; the other
      copies move contiguous bytes and stage A as it is (BM x BK): A stored
      K x M (the fma tile, kind = tma, TM, BM and M multiples of 4) in TMA
      boxes of BK x BM as stored, the K-major panel, with no copy.
      `restaged` (kind = tma, TM and BM multiples of 4): after A's box of a K
      step lands, the threads copy it into a two-stage K-major panel before
      the step's barrier, and the FMAs read their A values from there, 4
      rows of one k per 16-byte load. Costs 2 x BK x BM elements of shared
      memory and a few instructions per step; in return the A fragment of
      one k is TM registers instead of 4 x TM, which lets ptxas keep the FMA
      block's register-bank conflicts lower. A stored K x M is then copied
      M x K first (blocks_per_sm > 0), any M.
    * `b = direct | row_groups | packed` (default `direct`; the other two
      need kind = tma): how B of any N reaches the TMA unit, whose tensor
      maps need row strides and box starts in 16-byte multiples (rows of N x
      4 bytes are not when N is not a multiple of 4).
      - `row_groups`: B is described as K/4 rows of 4N elements (4 rows of
        B each: a stride of 16N bytes). The panel rows of one class k mod 4
        are then rows of that view at one column, and start the same (k mod
        4) x N mod 4 elements past a 16-byte boundary: each class travels as
        one or two boxes of BK/4 rows that start at the boundary (4 boxes
        per K step, issued by the leader with A's, or 8 when BN + 3 > 256,
        issued by one elected lane per warp; the block must be whole warps).
        The FMAs read each class where it landed, shifted by its constant.
        Columns beyond N hold the next row's elements, which meet only
        columns of C that are never stored; rows beyond K are zero-filled.
        Needs K a multiple of 4, as A's boxes do.
      - `packed` (blocks_per_sm > 0): the blocks first copy B, all of them
        together, into a workspace (a kernel parameter after C) whose rows
        are padded to 128-byte multiples, and wait until the copy is
        complete; B's boxes then come from that copy through a second
        tensor map, the kernel's last parameter. With a grid of more than
        one wave (SMs x blocks_per_sm), the first wave's worth of blocks to
        start (by an atomic ticket) make the copy and every block waits for
        them. Costs one read of B and one write of its copy per launch (most
        of it stays in L2), and the wait. B stored N x K is copied as the
        tile reads it: transposed (K x N) for the fma tile, as stored (N x
        K, rows of K padded) for the 16-bit wgmma tile.
      - `restaged` (B stored N x K, K a multiple of 4; the fma tile): B's
        boxes come from B as stored, BN x BK, and after they land the
        threads copy them into a two-stage BK x BN panel before the step's
        barrier (as `a = restaged` does A's), where the FMAs read them.
        Nothing is copied before the K loop, so a batch can take it.

    Example: `#tile.copy<kind = tma, a = restaged, b = packed>`
  }];
  let parameters = (ins
    DefaultValuedParameter<"CopyKind", "CopyKind::Registers">:$kind,
    DefaultValuedParameter<"int64_t", "0">:$pad,
    DefaultValuedParameter<"AStaging", "AStaging::Direct">:$a,
    DefaultValuedParameter<"BStaging", "BStaging::Direct">:$b
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins CArg<"CopyKind", "CopyKind::Registers">:$kind,
                     CArg<"int64_t", "0">:$pad,
                     CArg<"AStaging", "AStaging::Direct">:$a,
                     CArg<"BStaging", "BStaging::Direct">:$b), [{
      return $_get($_ctxt, kind, pad, a, b);
    }]>
  ];
}

def Tile_ScheduleAttr : AttrDef<Tile_Dialect, "Schedule"> {
  let mnemonic = "schedule";
  let summary = "The K loop's stages and how tiles are shared among blocks";
  let description = [{
    * `stages = S` (default 1): shared-memory buffers per operand (1 = single
      buffer).
    * `blocks_per_sm = N` (default 0 = no request): the kernel asks ptxas to
      keep N blocks resident per SM (PTX `.minnctapersm N`), which caps its
      registers at 65536 / (N x threads).
    * `scheduler = data_parallel | stream_k | split_tail | persistent`
      (default `data_parallel`: one
      output tile per block). `stream_k` (copy kind = tma or async, blocks_per_sm >
      0): the grid is one resident wave, (SMs x blocks_per_sm) blocks, and
      the K steps of all output tiles, taken tile by tile, are split evenly
      among them: a block's range may start or end inside a tile. The block
      that runs a tile's first K step (the owner) stores its C; every other
      block that runs a part of the tile leaves its partial sums in a
      workspace (a kernel parameter after C, zeroed once before the first
      launch) and raises its flag there; the owner waits for those flags,
      adds the partial sums, clears the flags and stores C. A block leaves
      at most one partial (its first tile), and runs owned parts last, so
      the owner rarely waits. When the matmul accumulates into C (C += A *
      B), the owner's accumulators start from C's tile, the others' from
      zero.
    * `scheduler = split_tail` (copy kind = tma or async, blocks_per_sm > 0):
      data-parallel tiles, except those of the last partial wave. With W =
      SMs x blocks_per_sm block slots and T tiles, the first T - T mod W
      tiles run one per block; each of the T mod W others is split along K
      into s = min(W / (T mod W), K steps / 4) parts of even K ranges, run
      by s consecutive blocks, so that the last wave is short instead of
      partly idle. The parts reduce as in `stream_k` (the first part owns
      the tile, the others leave partial sums and flags in the workspace).
      Tiles go in the tile order (`order`). With `producer = warpgroup` the
      grid is persistent: one resident wave of min(W, units) blocks loops
      over the units (the whole tiles, then the parts), block g running
      units g, g + grid, ..., so that the producer fills the next unit's
      stages while the consumers store C.
    * `scheduler = persistent` (the wgmma tile): the grid is one resident
      wave (SMs x max(blocks_per_sm, 1) blocks, at most one per tile), and
      block g runs tiles g, g + grid, ... in the tile order; the K steps'
      stages and mbarrier phases continue from tile to tile, so that a
      producer warpgroup fills the next tile's stages while the consumers
      store the last one's C.
    * `producer = none | warpgroup` (default `none`: every thread computes,
      thread 0 issues the copies, and the block synchronises once per K
      step). `warpgroup` (the wgmma tile; any scheduler but `stream_k`): warp
      specialisation. A producer warpgroup, placed first and shrunk to 40
      registers per thread (`setmaxnreg`), issues the TMA copies of each
      stage as soon as the consumers have released it (an `empty` mbarrier
      per stage); the consumer warpgroups, grown to the registers the
      producer leaves, wait for a stage to land (its `full` mbarrier),
      compute, and release the stage their previous step read. The block
      has one warpgroup more; nothing synchronises it in the K loop.
    * `order = along_n | along_m` (default `along_n`; data-parallel tiles):
      consecutive blocks (blockIdx.x) take consecutive tiles along a row of
      C's tiles, or down a column. The blocks resident at once then share
      A's row panels (along_n) or B's column panels (along_m): the order
      decides which operand the L2 keeps across a wave; `along_m` suits
      problems whose B is the larger operand (N > M).
    * `group = G` (default 0: no bands; the schedulers that take `order`):
      the tiles in bands of G tile rows (along_m) or G tile columns
      (along_n). Consecutive tiles go down (along_m) the G rows of a band,
      column by column, then to the next band (the last band has the rows
      left over); along_n is the transpose. A wave of W blocks then covers
      about G x W / G tiles instead of a few whole columns, so that it
      reads G row panels of A and W / G column panels of B, not all of A
      (Triton's grouped order). The data-parallel grid is then
      one-dimensional. With a cluster, G is a multiple of it and the band
      rows count to a whole number of clusters, so that a cluster's blocks
      take tiles of one column (or row).
    * `cluster = 1 | 2` (default 1; the wgmma tile, data-parallel tiles,
      B not packed): blocks per thread-block cluster along blockIdx.x. Two
      consecutive blocks, which take neighbouring tiles in the tile order,
      then share one operand's panels: B's with `order = along_m`, A's with
      `along_n`. Each block loads half the rows of each of that operand's
      boxes and multicasts them into both blocks' stages (TMA
      `.multicast::cluster`), so the L2 serves the shared operand once per
      cluster. A stage is refilled once both blocks have freed it (each
      block's `empty` mbarrier counts arrivals from both); the grid's x
      extent is rounded up to even, and a block whose tile lies past C's
      edge computes on zero-filled boxes and stores nothing.

    Example: `#tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = stream_k>`
  }];
  let parameters = (ins
    DefaultValuedParameter<"int64_t", "1">:$stages,
    DefaultValuedParameter<"int64_t", "0">:$blocks_per_sm,
    DefaultValuedParameter<"TileSchedulerKind",
                           "TileSchedulerKind::DataParallel">:$scheduler,
    DefaultValuedParameter<"ProducerKind", "ProducerKind::None">:$producer,
    DefaultValuedParameter<"TileOrder", "TileOrder::AlongN">:$order,
    DefaultValuedParameter<"int64_t", "1">:$cluster,
    DefaultValuedParameter<"int64_t", "0">:$group
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins CArg<"int64_t", "1">:$stages,
                     CArg<"int64_t", "0">:$blocksPerSM,
                     CArg<"TileSchedulerKind",
                          "TileSchedulerKind::DataParallel">:$scheduler,
                     CArg<"ProducerKind", "ProducerKind::None">:$producer,
                     CArg<"TileOrder", "TileOrder::AlongN">:$order,
                     CArg<"int64_t", "1">:$cluster,
                     CArg<"int64_t", "0">:$group), [{
      return $_get($_ctxt, stages, blocksPerSM, scheduler, producer, order,
                   cluster, group);
    }]>
  ];
}

def Tile_ConfigAttr : AttrDef<Tile_Dialect, "Config"> {
  let mnemonic = "config";
  let summary = "Tiling decisions for one matmul";
  let description = [{
    All tiling decisions for one `linalg.matmul` C[M,N] = A[M,K] * B[K,N],
    one nested attribute per concern:

    * `naive | tiled`: one output element per thread, no shared memory (the
      baseline), or block tiles staged through shared memory.
    * `block = [BM, BN, BK]`: the output tile of one thread block (BM x BN)
      and the K extent of one step of the K loop (BK). For `naive`, BK = 1.
    * `warp = [WM, WN]` (optional): the output tile of one warp.
    * `tile`: the instruction tile, `#tile.fma<...>` (scalar FMAs) or
      `#tile.wgmma<...>` (warpgroup tensor-core MMAs; `warp` is then the
      tile of one warpgroup).
    * `copy` (optional, default `#tile.copy<>`): how the panels reach shared
      memory, per operand.
    * `schedule` (optional, default `#tile.schedule<>`): stages, the
      occupancy request, and the tile scheduler.

    The epilogue is not a choice: the plan derives it from the problem (C =
    A * B or C += A * B) and the alignment of C's rows.

    Example:
    ```mlir
    #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>
    #tile.config<tiled, block = [128, 128, 8], warp = [64, 32],
                 tile = #tile.fma<thread = [8, 8]>,
                 copy = #tile.copy<kind = async, pad = 4>,
                 schedule = #tile.schedule<stages = 3>>
    ```
    The verifiers check the structure (positive sizes, divisibility, one
    warp is 32 threads, the combinations the copiers support);
    `tileopt::findProblemViolation` checks a config against the limits
    of a chip and the problem.
  }];
  let parameters = (ins
    EnumParameter<Tile_Strategy>:$strategy,
    Tile_SizesParameter<"BM, BN, BK">:$block,
    Tile_OptionalSizesParameter<"WM, WN or empty">:$warp,
    Tile_NestedAttrParameter<"::mlir::Attribute", "the instruction tile">:$tile,
    Tile_DefaultNestedAttrParameter<"CopyAttr", "the copies">:$copy,
    Tile_DefaultNestedAttrParameter<"ScheduleAttr", "the schedule">:$schedule
  );
  let assemblyFormat = [{
    `<` $strategy `,` struct($block, $warp, $tile, $copy, $schedule) `>`
  }];
  let genVerifyDecl = 1;
  let builders = [
    // From the fields of the nested attributes.
    AttrBuilder<(ins "Strategy":$strategy, "ArrayRef<int64_t>":$block,
                     "ArrayRef<int64_t>":$warp, "ArrayRef<int64_t>":$thread,
                     "int64_t":$stages, CArg<"int64_t", "0">:$pad,
                     CArg<"CopyKind", "CopyKind::Registers">:$copy,
                     CArg<"int64_t", "0">:$blocksPerSM,
                     CArg<"AStaging", "AStaging::Direct">:$a,
                     CArg<"FmaOrder", "FmaOrder::Rows">:$order,
                     CArg<"BStaging", "BStaging::Direct">:$b,
                     CArg<"TileSchedulerKind",
                          "TileSchedulerKind::DataParallel">:$scheduler)>
  ];
  let extraClassDeclaration = [{
    /// The fields of the nested attributes.
    /// The instruction tile: the FMA tile or the wgmma tile (null if not).
    FmaTileAttr getFmaTile() const {
      return ::llvm::dyn_cast<FmaTileAttr>(getTile());
    }
    WgmmaTileAttr getWgmmaTile() const {
      return ::llvm::dyn_cast<WgmmaTileAttr>(getTile());
    }
    bool isWgmma() const { return static_cast<bool>(getWgmmaTile()); }
    /// The wgmma tile's precision (the FMA tile's is ieee).
    Precision getPrecision() const {
      WgmmaTileAttr wgmma = getWgmmaTile();
      return wgmma ? wgmma.getPrecision() : Precision::IEEE;
    }
    /// tf32 or tf32x3: the kernel copies B as TF32 first and rounds or
    /// splits A in registers (or, registers = b, rounds B in registers;
    /// truncated = b: reads B as stored).
    bool isTF32() const { return getPrecision() != Precision::IEEE; }
    /// The wgmma tile's registers = b (see WgmmaTileAttr).
    bool isBInRegisters() const {
      WgmmaTileAttr wgmma = getWgmmaTile();
      return wgmma && wgmma.isBInRegisters();
    }
    /// The wgmma tile's truncated = b (see WgmmaTileAttr).
    bool isBTruncated() const {
      WgmmaTileAttr wgmma = getWgmmaTile();
      return wgmma && wgmma.isBTruncated();
    }
    /// Whether the kernel copies B as TF32 first (see WgmmaTileAttr).
    bool copiesTF32B() const {
      WgmmaTileAttr wgmma = getWgmmaTile();
      return wgmma && wgmma.copiesB();
    }
    /// The TF32 parts each element is taken as: 2 with tf32x3 (high and
    /// low), else 1. A K step stages B's parts and A as it is.
    int64_t getParts() const {
      WgmmaTileAttr wgmma = getWgmmaTile();
      return wgmma ? wgmma.getParts() : 1;
    }
    /// The wgmma tile's warpgroups that compute (a producer warpgroup
    /// comes on top).
    int64_t getConsumerWarpgroups() const { return getNumThreads() / 128; }
    /// The C fragment of one thread, [rows, columns]: the FMA tile's
    /// thread tile, or what a wgmma warpgroup's lane holds, 2 rows per 64
    /// and WN / 4 columns (so that the thread counts below hold for both).
    SmallVector<int64_t, 2> getThread() const;
    FmaOrder getFmaOrder() const {
      FmaTileAttr fma = getFmaTile();
      return fma ? fma.getOrder() : FmaOrder::Rows;
    }
    CopyKind getCopyKind() const { return getCopy().getKind(); }
    int64_t getPad() const { return getCopy().getPad(); }
    AStaging getAStaging() const { return getCopy().getA(); }
    BStaging getBStaging() const { return getCopy().getB(); }
    bool getRestageA() const { return getAStaging() == AStaging::Restaged; }
    bool getBRowGroups() const { return getBStaging() == BStaging::RowGroups; }
    bool getPackB() const { return getBStaging() == BStaging::Packed; }
    bool getRestageB() const { return getBStaging() == BStaging::Restaged; }
    int64_t getStages() const { return getSchedule().getStages(); }
    int64_t getBlocksPerSM() const { return getSchedule().getBlocksPerSm(); }
    TileSchedulerKind getScheduler() const {
      return getSchedule().getScheduler();
    }
    /// stream_k or split_tail: blocks share tiles' K steps and reduce
    /// their partial sums through the workspace.
    bool getStreamK() const {
      return getScheduler() == TileSchedulerKind::StreamK ||
             getScheduler() == TileSchedulerKind::SplitTail;
    }
    /// order = along_m: consecutive blocks go down a column of tiles.
    bool isOrderAlongM() const {
      return getSchedule().getOrder() == TileOrder::AlongM;
    }
    /// producer = warpgroup: a TMA producer warpgroup before the consumers.
    bool isWarpSpecialized() const {
      return getSchedule().getProducer() == ProducerKind::Warpgroup;
    }
    /// Blocks per cluster along blockIdx.x (1: no cluster).
    int64_t getCluster() const { return getSchedule().getCluster(); }
    /// The tile rows (along_m) or columns (along_n) of one band of the
    /// tile order (0: no bands).
    int64_t getTileGroup() const { return getSchedule().getGroup(); }

    int64_t getBM() const { return getBlock()[0]; }
    int64_t getBN() const { return getBlock()[1]; }
    int64_t getBK() const { return getBlock()[2]; }
    int64_t getTM() const { return getThread()[0]; }
    int64_t getTN() const { return getThread()[1]; }
    /// Threads along x (the N direction) and y (the M direction).
    int64_t getThreadsX() const { return getBN() / getTN(); }
    int64_t getThreadsY() const { return getBM() / getTM(); }
    int64_t getNumThreads() const { return getThreadsX() * getThreadsY(); }
    /// The block's threads: those of the tile, after a producer warpgroup
    /// when the schedule has one.
    int64_t getBlockThreads() const {
      return getNumThreads() + (isWarpSpecialized() ? 128 : 0);
    }
    bool hasWarpTile() const { return !getWarp().empty(); }
    /// Whether the A panel is staged K-major (BK x BM) in shared memory:
    /// when threads hold a multiple of 4 rows (a thread's A values for one k
    /// are then one 16-byte load) and the copies can transpose (not
    /// cp.async or TMA, which move contiguous bytes).
    bool isAKMajor() const {
      return getTM() % 4 == 0 && getCopyKind() == CopyKind::Registers;
    }
    /// Whether the panels are copied asynchronously (cp.async or TMA),
    /// straight into shared memory.
    bool isAsyncCopy() const { return getCopyKind() != CopyKind::Registers; }
  }];
}

#endif // TILEOPT_DIALECT_TILEATTRS_TD
