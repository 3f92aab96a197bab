//===- TileDialect.cpp - The tile dialect and #tile.config ---------------===//
//
// Registers the `tile` dialect and verifies `#tile.config` and its nested
// attributes (their syntax is declarative, in TileAttrs.td). The verifiers
// check only the structure of a config (sizes, divisibility, combinations);
// limits of a chip are checked by `tileopt::findProblemViolation` in
// Analysis/Target.cpp.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Dialect/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tileopt;

FailureOr<SmallVector<int64_t>> mlir::tileopt::parseSizes(AsmParser &parser) {
  SmallVector<int64_t> sizes;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
        return parser.parseInteger(sizes.emplace_back());
      }))
    return failure();
  return sizes;
}

void mlir::tileopt::printSizes(AsmPrinter &printer, ArrayRef<int64_t> sizes) {
  printer << '[';
  llvm::interleaveComma(sizes, printer);
  printer << ']';
}

#include "TileOpt/Dialect/TileDialect.cpp.inc"
#include "TileOpt/Dialect/TileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "TileOpt/Dialect/TileAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "TileOpt/Dialect/TileOps.cpp.inc"

/// The op describes a kernel: it lives in a gpu.launch body or a gpu.func.
LogicalResult KernelArgumentsOp::verify() {
  Operation *parent = (*this)->getParentOp();
  if (!parent || (parent->getName().getStringRef() != "gpu.launch" &&
                  parent->getName().getStringRef() != "gpu.func"))
    return emitOpError() << "must be in a gpu.launch or gpu.func body";
  return success();
}

void TileDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TileOpt/Dialect/TileAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TileOpt/Dialect/TileOps.cpp.inc"
      >();
}

std::string mlir::tileopt::describeStrategies() {
  std::string text;
  uint32_t max = getMaxEnumValForStrategy();
  for (uint32_t i = 0; i <= max; ++i)
    text += (i == 0     ? "'"
             : i == max ? " or '"
                        : ", '") +
            stringifyStrategy(static_cast<Strategy>(i)).str() + "'";
  return text;
}

//===----------------------------------------------------------------------===//
// The nested attributes of #tile.config
//===----------------------------------------------------------------------===//

// Upper bounds far beyond any chip's limits, so that every size derived from
// a config (threads, shared bytes, registers) fits int64 before the chip's
// limits are checked.
static LogicalResult checkBound(function_ref<InFlightDiagnostic()> emitError,
                                StringRef field, ArrayRef<int64_t> values,
                                int64_t min, int64_t max) {
  for (int64_t value : values) {
    if (value < min)
      return emitError() << field << " must be at least " << min << ", got "
                         << value;
    if (value > max)
      return emitError() << field << " = " << value << " is over the limit of "
                         << max;
  }
  return success();
}

LogicalResult FmaTileAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> thread, FmaOrder) {
  if (thread.size() != 2)
    return emitError() << "thread tile must be two positive sizes [TM, TN]";
  return checkBound(emitError, "thread", thread, 1, kMaxConfigThreadSide);
}

LogicalResult
WgmmaTileAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      ArrayRef<int64_t> shape, Precision precision,
                      RegisterOperand registers, TruncatedOperand truncated) {
  if (truncated == TruncatedOperand::B &&
      (precision != Precision::TF32 || registers == RegisterOperand::B))
    return emitError() << "truncated = b needs precision = tf32 and "
                          "registers = a (tf32x3 splits B in its copy; "
                          "registers = b rounds B), got precision = "
                       << stringifyPrecision(precision) << ", registers = "
                       << stringifyRegisterOperand(registers);
  if (registers == RegisterOperand::B && precision != Precision::TF32)
    return emitError() << "registers = b needs precision = tf32 (the 16-bit "
                          "wgmma read both operands from shared memory; "
                          "tf32x3 splits B in its copy), got precision = "
                       << stringifyPrecision(precision);
  if (shape.size() != 3)
    return emitError() << "wgmma shape must be three sizes [M, N, K]";
  // K: 32 bytes of operand per instruction, 16 f16/bf16 or 8 TF32 values.
  int64_t k = precision == Precision::IEEE ? 16 : 8;
  if (shape[0] != 64 || shape[2] != k || shape[1] % 64 != 0 || shape[1] < 64 ||
      shape[1] > 256)
    return emitError() << "wgmma shape must be [64, N, " << k
                       << "] with N a multiple of 64 up to 256 (precision = "
                       << stringifyPrecision(precision) << "), got ["
                       << shape[0] << ", " << shape[1] << ", " << shape[2]
                       << "]";
  return success();
}

SmallVector<int64_t, 2> ConfigAttr::getThread() const {
  // (registers = b: the instructions' M runs along C's columns.)
  if (WgmmaTileAttr wgmma = getWgmmaTile())
    return wgmma.isBInRegisters()
               ? SmallVector<int64_t, 2>{getWarp()[0] / 4,
                                         2 * getWarp()[1] / wgmma.getM()}
               : SmallVector<int64_t, 2>{2 * getWarp()[0] / wgmma.getM(),
                                         getWarp()[1] / 4};
  return SmallVector<int64_t, 2>(getFmaTile().getThread());
}

/// The combinations the wgmma tile supports: a warpgroup tile that is whole
/// instructions and divides the block, TMA boxes of whole swizzle atoms.
static LogicalResult
verifyWgmmaConfig(function_ref<InFlightDiagnostic()> emitError,
                  Strategy strategy, ArrayRef<int64_t> block,
                  ArrayRef<int64_t> warp, WgmmaTileAttr wgmma, CopyAttr copy,
                  ScheduleAttr schedule) {
  if (strategy != Strategy::Tiled)
    return emitError() << "the wgmma tile needs the tiled strategy";
  if (warp.empty())
    return emitError() << "the wgmma tile needs warp = [WM, WN], the tile of "
                          "one warpgroup";
  // registers = b: the instructions' M (64) along C's columns.
  int64_t alongM = wgmma.isBInRegisters() ? wgmma.getN() : wgmma.getM();
  int64_t alongN = wgmma.isBInRegisters() ? wgmma.getM() : wgmma.getN();
  if (warp[0] % alongM != 0 || warp[1] % alongN != 0)
    return emitError() << "warpgroup tile [" << warp[0] << ", " << warp[1]
                       << "] is not whole wgmma instructions of " << alongM
                       << " x " << alongN
                       << (wgmma.isBInRegisters()
                               ? " (registers = b: C's rows by columns)"
                               : "");
  if (block[0] % warp[0] != 0 || block[1] % warp[1] != 0)
    return emitError() << "warpgroup tile [" << warp[0] << ", " << warp[1]
                       << "] does not divide block tile [" << block[0] << ", "
                       << block[1] << "]";
  if (copy.getKind() != CopyKind::Tma || copy.getA() != AStaging::Direct ||
      copy.getB() == BStaging::RowGroups || copy.getB() == BStaging::Restaged)
    return emitError() << "the wgmma tile reads 128-byte swizzled TMA boxes: "
                          "it needs copy = #tile.copy<kind = tma> (a direct, "
                          "b direct or packed)";
  // One 128-byte swizzle atom of A: 64 16-bit or 32 TF32 columns.
  int64_t atom = wgmma.isTF32() ? 32 : 64;
  if (block[2] % atom != 0)
    return emitError() << "the wgmma tile's A boxes are " << atom
                       << " columns wide (one 128-byte swizzle atom of "
                       << (wgmma.isTF32() ? "f32" : "16-bit")
                       << " elements): BK must be a multiple of " << atom
                       << ", got " << block[2];
  if (!wgmma.isTF32())
    return success();
  StringRef precision = stringifyPrecision(wgmma.getPrecision());
  if (copy.getB() != BStaging::Direct)
    return emitError() << "precision = " << precision
                       << " copies B transposed itself: it needs b = direct";
  if (schedule.getBlocksPerSm() == 0)
    return emitError() << "precision = " << precision
                       << " copies A and B first, all blocks together, "
                          "which then wait for each other: it needs "
                          "blocks_per_sm > 0";
  if (wgmma.isBInRegisters() &&
      schedule.getScheduler() != TileSchedulerKind::DataParallel &&
      schedule.getScheduler() != TileSchedulerKind::Persistent)
    return emitError() << "registers = b needs scheduler = data_parallel or "
                          "persistent, got "
                       << stringifyTileSchedulerKind(schedule.getScheduler());
  if (schedule.getCluster() > 1)
    return emitError() << "cluster = " << schedule.getCluster()
                       << " cannot wait on precision = " << precision
                       << "'s grid barrier (a cluster's blocks need two free "
                          "SMs at once): it needs cluster = 1";
  return success();
}

LogicalResult CopyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               CopyKind kind, int64_t pad, AStaging a,
                               BStaging b) {
  if (failed(checkBound(emitError, "pad", pad, 0, kMaxConfigPad)))
    return failure();
  if (kind == CopyKind::Tma && pad != 0)
    return emitError() << "copy kind tma writes dense boxes: pad must be 0, "
                          "got "
                       << pad;
  // a = restaged re-stages A's TMA boxes; b = row_groups and b = packed
  // describe B (or a copy of it) to the TMA unit.
  if ((a != AStaging::Direct || b != BStaging::Direct) && kind != CopyKind::Tma)
    return emitError() << (a != AStaging::Direct ? "a = " : "b = ")
                       << (a != AStaging::Direct ? stringifyAStaging(a)
                                                 : stringifyBStaging(b))
                       << " stages TMA boxes: it needs kind = tma, got kind "
                          "= "
                       << stringifyCopyKind(kind);
  return success();
}

LogicalResult ScheduleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   int64_t stages, int64_t blocksPerSM,
                                   TileSchedulerKind scheduler,
                                   ProducerKind producer, TileOrder order,
                                   int64_t cluster, int64_t group) {
  if ((order != TileOrder::AlongN || group != 0) &&
      scheduler == TileSchedulerKind::StreamK)
    return emitError() << (group != 0 ? "group = " + std::to_string(group)
                                      : "order = " +
                                            stringifyTileOrder(order).str())
                       << " orders whole tiles: it needs scheduler = "
                          "data_parallel, persistent or split_tail";
  if (producer == ProducerKind::Warpgroup &&
      scheduler == TileSchedulerKind::StreamK)
    return emitError() << "producer = warpgroup runs whole tiles or "
                          "split_tail's parts: it needs scheduler = "
                          "data_parallel, persistent or split_tail";
  if (failed(checkBound(emitError, "stages", stages, 1, kMaxConfigStages)) ||
      failed(checkBound(emitError, "cluster", cluster, 1, 2)) ||
      failed(checkBound(emitError, "group", group, 0, kMaxConfigGroup)))
    return failure();
  if (group % cluster != 0)
    return emitError() << "group = " << group
                       << " splits clusters across bands: it must be a "
                          "multiple of cluster = "
                       << cluster;
  if (cluster > 1 && scheduler != TileSchedulerKind::DataParallel)
    return emitError() << "cluster = " << cluster
                       << " pairs the blocks of neighbouring tiles: it needs "
                          "scheduler = data_parallel, got "
                       << stringifyTileSchedulerKind(scheduler);
  return checkBound(emitError, "blocks_per_sm", blocksPerSM, 0,
                    kMaxConfigBlocksPerSM);
}

//===----------------------------------------------------------------------===//
// ConfigAttr
//===----------------------------------------------------------------------===//

ConfigAttr ConfigAttr::get(MLIRContext *context, Strategy strategy,
                           ArrayRef<int64_t> block, ArrayRef<int64_t> warp,
                           ArrayRef<int64_t> thread, int64_t stages,
                           int64_t pad, CopyKind copy, int64_t blocksPerSM,
                           AStaging a, FmaOrder order, BStaging b,
                           TileSchedulerKind scheduler) {
  return Base::get(context, strategy, block, warp,
                   FmaTileAttr::get(context, thread, order),
                   CopyAttr::get(context, copy, pad, a, b),
                   ScheduleAttr::get(context, stages, blocksPerSM, scheduler));
}

LogicalResult ConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 Strategy strategy, ArrayRef<int64_t> block,
                                 ArrayRef<int64_t> warp, Attribute tile,
                                 CopyAttr copyAttr, ScheduleAttr scheduleAttr) {
  auto fma = dyn_cast_or_null<FmaTileAttr>(tile);
  auto wgmma = dyn_cast_or_null<WgmmaTileAttr>(tile);
  if (!fma && !wgmma)
    return emitError() << "tile must be an instruction tile (#tile.fma<...> "
                          "or #tile.wgmma<...>)";
  if (!copyAttr || !scheduleAttr)
    return emitError() << "copy and schedule must be #tile.copy<...> and "
                          "#tile.schedule<...>";
  CopyKind copy = copyAttr.getKind();
  int64_t pad = copyAttr.getPad();
  bool restageA = copyAttr.getA() == AStaging::Restaged;
  bool bRowGroups = copyAttr.getB() == BStaging::RowGroups;
  bool packB = copyAttr.getB() == BStaging::Packed;
  int64_t stages = scheduleAttr.getStages();
  int64_t blocksPerSM = scheduleAttr.getBlocksPerSm();
  TileSchedulerKind scheduler = scheduleAttr.getScheduler();
  bool streamK = scheduler == TileSchedulerKind::StreamK ||
                 scheduler == TileSchedulerKind::SplitTail;
  StringRef schedulerName = stringifyTileSchedulerKind(scheduler);
  if (block.size() != 3)
    return emitError() << "block tile must be three positive sizes [BM, BN, "
                          "BK]";
  if (!warp.empty() && warp.size() != 2)
    return emitError() << "warp tile must be empty or two positive sizes "
                          "[WM, WN]";
  if (failed(checkBound(emitError, "block", block, 1, kMaxConfigTileSide)) ||
      failed(checkBound(emitError, "warp", warp, 1, kMaxConfigTileSide)))
    return failure();
  if (copy != CopyKind::Registers &&
      (strategy != Strategy::Tiled || stages < 2))
    return emitError() << "copy kind " << stringifyCopyKind(copy)
                       << " needs the tiled strategy and at least 2 stages";
  if (copy == CopyKind::Tma) {
    // A TMA box's inner side must be a multiple of 16 bytes, and no side may
    // exceed 256 elements.
    if (block[1] % 4 != 0 || block[2] % 4 != 0)
      return emitError() << "copy kind tma needs BN and BK to be multiples "
                            "of 4 (16-byte box rows), got BN = "
                         << block[1] << ", BK = " << block[2];
    if (llvm::any_of(block, [](int64_t x) { return x > kMaxTmaBoxSide; }))
      return emitError() << "copy kind tma boxes have at most 256 elements "
                            "per side, got block ["
                         << block[0] << ", " << block[1] << ", " << block[2]
                         << "]";
  }
  // Stream-K and packed B make blocks wait for each other, so blocks_per_sm
  // must size the wave that is resident at once (the config check
  // guarantees it); Stream-K splits the issue-ahead pipeline's K steps
  // (TMA or cp.async stages).
  if (streamK && copy != CopyKind::Tma && copy != CopyKind::Async)
    return emitError() << "scheduler = " << schedulerName
                       << " splits the issue-ahead pipeline's K steps: it "
                          "needs copy kind tma or async, got "
                       << stringifyCopyKind(copy);
  if (streamK && blocksPerSM == 0)
    return emitError() << "scheduler = " << schedulerName
                       << " shares K steps over a wave of SMs x "
                          "blocks_per_sm blocks: it needs blocks_per_sm > 0";
  if (packB && blocksPerSM == 0)
    return emitError() << "b = packed: the blocks wait for each other, so "
                          "they must be resident at once: it needs "
                          "blocks_per_sm > 0";
  if (int64_t cluster = scheduleAttr.getCluster(); cluster > 1) {
    if (!wgmma)
      return emitError() << "cluster = " << cluster
                         << " multicasts the wgmma tile's TMA boxes: it needs "
                            "tile = #tile.wgmma<...>";
    // The pack's grid barrier needs every block resident; clusters place
    // blocks by pairs of SMs, which no occupancy request guarantees.
    if (packB)
      return emitError() << "cluster = " << cluster
                         << " cannot wait on b = packed's grid barrier (a "
                            "cluster's blocks need two free SMs at once): it "
                            "needs b = direct";
  }
  if (wgmma)
    return verifyWgmmaConfig(emitError, strategy, block, warp, wgmma, copyAttr,
                             scheduleAttr);
  if (scheduleAttr.getScheduler() == TileSchedulerKind::Persistent)
    return emitError() << "scheduler = persistent runs the wgmma tile: it "
                          "needs tile = #tile.wgmma<...>";
  if (scheduleAttr.getProducer() != ProducerKind::None)
    return emitError() << "producer = warpgroup feeds wgmma warpgroups: it "
                          "needs tile = #tile.wgmma<...>";
  ArrayRef<int64_t> thread = fma.getThread();
  // Fragments of 4 rows load as one vector along M from the K-major panel.
  if (restageA && (thread[0] % 4 != 0 || block[0] % 4 != 0))
    return emitError() << "a = restaged needs TM and BM to be multiples of 4 "
                          "(A's fragments load 4 rows at a time), got TM = "
                       << thread[0] << ", BM = " << block[0];
  if (block[0] % thread[0] != 0 || block[1] % thread[1] != 0)
    return emitError() << "thread tile [" << thread[0] << ", " << thread[1]
                       << "] does not divide block tile [" << block[0] << ", "
                       << block[1] << "]";
  if (!warp.empty()) {
    if (block[0] % warp[0] != 0 || block[1] % warp[1] != 0)
      return emitError() << "warp tile [" << warp[0] << ", " << warp[1]
                         << "] does not divide block tile [" << block[0]
                         << ", " << block[1] << "]";
    if (warp[0] % thread[0] != 0 || warp[1] % thread[1] != 0)
      return emitError() << "thread tile [" << thread[0] << ", " << thread[1]
                         << "] does not divide warp tile [" << warp[0] << ", "
                         << warp[1] << "]";
    int64_t lanes = (warp[0] / thread[0]) * (warp[1] / thread[1]);
    if (lanes != 32)
      return emitError() << "warp tile [" << warp[0] << ", " << warp[1]
                         << "] with thread tile [" << thread[0] << ", "
                         << thread[1] << "] needs " << lanes
                         << " lanes, but a warp has 32";
  }
  // b_row_groups: one elected lane per warp issues B's boxes, and the
  // election needs whole warps.
  if (bRowGroups &&
      (block[0] / thread[0]) * (block[1] / thread[1]) % 32 != 0)
    return emitError() << "b = row_groups issues B's boxes from whole warps: "
                          "the block's thread count (BM/TM) x (BN/TN) = "
                       << (block[0] / thread[0]) * (block[1] / thread[1])
                       << " must be a multiple of 32";
  if (strategy == Strategy::Naive) {
    if (block[2] != 1)
      return emitError() << "the naive strategy walks K one element at a "
                            "time: BK must be 1, got "
                         << block[2];
    if (thread[0] != 1 || thread[1] != 1)
      return emitError() << "the naive strategy computes one output per "
                            "thread: thread tile must be [1, 1]";
    if (!warp.empty())
      return emitError() << "the naive strategy has no warp tile";
    if (stages != 1 || pad != 0)
      return emitError() << "the naive strategy has no shared memory: "
                            "stages must be 1 and pad 0";
  }
  return success();
}
