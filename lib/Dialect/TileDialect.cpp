//===- TileDialect.cpp - The tile dialect and #tile.config ---------------===//
//
// Registers the `tile` dialect, and parses, prints and verifies the
// `#tile.config` attribute. The verifier checks only the structure of a
// config (sizes, divisibility); limits of a chip are checked by
// `tileopt::checkConfigAgainstTarget` in Analysis/Target.cpp.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Dialect/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tileopt;

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

/// "'a', 'b' or 'c'": the spellings of cases 0..max of an enum.
static std::string describeCases(uint32_t max,
                                 function_ref<StringRef(uint32_t)> spell) {
  std::string text;
  for (uint32_t i = 0; i <= max; ++i)
    text += (i == 0 ? "'" : i == max ? " or '" : ", '") + spell(i).str() + "'";
  return text;
}

std::string mlir::tileopt::describeStrategies() {
  return describeCases(getMaxEnumValForStrategy(), [](uint32_t i) {
    return stringifyStrategy(static_cast<Strategy>(i));
  });
}

std::string mlir::tileopt::describeCopyKinds() {
  return describeCases(getMaxEnumValForCopyKind(), [](uint32_t i) {
    return stringifyCopyKind(static_cast<CopyKind>(i));
  });
}

std::string mlir::tileopt::describeFmaOrders() {
  return describeCases(getMaxEnumValForFmaOrder(), [](uint32_t i) {
    return stringifyFmaOrder(static_cast<FmaOrder>(i));
  });
}

//===----------------------------------------------------------------------===//
// ConfigAttr
//===----------------------------------------------------------------------===//

/// Parses a keyword naming a case of an enum (`symbolize`), or reports it at
/// the keyword as an unknown `what` (one of `choices`).
template <typename Enum>
static std::optional<Enum>
parseEnumKeyword(AsmParser &parser, StringRef what,
                 std::optional<Enum> (*symbolize)(StringRef),
                 const std::string &choices) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return std::nullopt;
  std::optional<Enum> value = symbolize(keyword);
  if (!value)
    parser.emitError(loc) << "unknown " << what << " '" << keyword
                          << "' (expected " << choices << ")";
  return value;
}

/// Parses `[i, j, ...]`.
static ParseResult parseList(AsmParser &parser,
                             SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        values.push_back(v);
        return success();
      });
}

/// Parses `name = [i, j, ...]`.
static ParseResult parseNamedList(AsmParser &parser, StringRef name,
                                  SmallVectorImpl<int64_t> &values) {
  if (parser.parseKeyword(name) || parser.parseEqual())
    return failure();
  return parseList(parser, values);
}

Attribute ConfigAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> block, warp, thread;
  int64_t stages = 1, pad = 0, blocksPerSM = 0;
  bool restageA = false, bRowGroups = false, streamK = false, packB = false;
  FmaOrder fmaOrder = FmaOrder::Rows;
  CopyKind copy = CopyKind::Registers;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  std::optional<Strategy> strategy = parseEnumKeyword<Strategy>(
      parser, "strategy", symbolizeStrategy, describeStrategies());
  if (!strategy)
    return {};
  if (parser.parseComma() || parseNamedList(parser, "block", block) ||
      parser.parseComma())
    return {};
  if (succeeded(parser.parseOptionalKeyword("warp"))) {
    if (parser.parseEqual() || parseList(parser, warp) || parser.parseComma())
      return {};
  }
  if (parseNamedList(parser, "thread", thread) || parser.parseComma() ||
      parser.parseKeyword("stages") || parser.parseEqual() ||
      parser.parseInteger(stages))
    return {};
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    if (key == "pad") {
      if (parser.parseInteger(pad))
        return {};
    } else if (key == "copy") {
      std::optional<CopyKind> parsed = parseEnumKeyword<CopyKind>(
          parser, "copy kind", symbolizeCopyKind, describeCopyKinds());
      if (!parsed)
        return {};
      copy = *parsed;
    } else if (key == "blocks_per_sm") {
      if (parser.parseInteger(blocksPerSM))
        return {};
    } else if (key == "restage_a" || key == "b_row_groups" ||
               key == "stream_k" || key == "pack_b") {
      SMLoc at = parser.getCurrentLocation();
      StringRef value;
      if (parser.parseKeyword(&value))
        return {};
      if (value != "true" && value != "false") {
        parser.emitError(at) << key << " must be true or false, got '"
                             << value << "'";
        return {};
      }
      (key == "restage_a"      ? restageA
       : key == "b_row_groups" ? bRowGroups
       : key == "stream_k"     ? streamK
                               : packB) = value == "true";
    } else if (key == "fma_order") {
      std::optional<FmaOrder> parsed = parseEnumKeyword<FmaOrder>(
          parser, "FMA order", symbolizeFmaOrder, describeFmaOrders());
      if (!parsed)
        return {};
      fmaOrder = *parsed;
    } else {
      parser.emitError(parser.getCurrentLocation())
          << "unknown config key '" << key
          << "' (expected pad, copy, blocks_per_sm, restage_a, fma_order, "
             "b_row_groups, stream_k or pack_b)";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<ConfigAttr>(
      loc, parser.getContext(), *strategy, block, warp, thread, stages, pad,
      copy, blocksPerSM, restageA, fmaOrder, bRowGroups, streamK, packB);
}

void ConfigAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyStrategy(getStrategy()) << ", block = [";
  llvm::interleaveComma(getBlock(), printer);
  printer << "]";
  if (!getWarp().empty()) {
    printer << ", warp = [";
    llvm::interleaveComma(getWarp(), printer);
    printer << "]";
  }
  printer << ", thread = [";
  llvm::interleaveComma(getThread(), printer);
  printer << "], stages = " << getStages();
  if (getPad() != 0)
    printer << ", pad = " << getPad();
  if (getCopy() != CopyKind::Registers)
    printer << ", copy = " << stringifyCopyKind(getCopy());
  if (getBlocksPerSM() != 0)
    printer << ", blocks_per_sm = " << getBlocksPerSM();
  if (getRestageA())
    printer << ", restage_a = true";
  if (getFmaOrder() != FmaOrder::Rows)
    printer << ", fma_order = " << stringifyFmaOrder(getFmaOrder());
  if (getBRowGroups())
    printer << ", b_row_groups = true";
  if (getStreamK())
    printer << ", stream_k = true";
  if (getPackB())
    printer << ", pack_b = true";
  printer << ">";
}

LogicalResult ConfigAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, Strategy strategy,
    ArrayRef<int64_t> block, ArrayRef<int64_t> warp, ArrayRef<int64_t> thread,
    int64_t stages, int64_t pad, CopyKind copy, int64_t blocksPerSM,
    bool restageA, FmaOrder fmaOrder, bool bRowGroups, bool streamK,
    bool packB) {
  auto allPositive = [](ArrayRef<int64_t> v) {
    return llvm::all_of(v, [](int64_t x) { return x > 0; });
  };
  if (block.size() != 3 || !allPositive(block))
    return emitError() << "block tile must be three positive sizes [BM, BN, "
                          "BK]";
  if (thread.size() != 2 || !allPositive(thread))
    return emitError() << "thread tile must be two positive sizes [TM, TN]";
  if (!warp.empty() && (warp.size() != 2 || !allPositive(warp)))
    return emitError() << "warp tile must be empty or two positive sizes "
                          "[WM, WN]";
  if (stages < 1)
    return emitError() << "stages must be at least 1, got " << stages;
  if (pad < 0)
    return emitError() << "pad must be non-negative, got " << pad;
  if (blocksPerSM < 0)
    return emitError() << "blocks_per_sm must be non-negative, got "
                       << blocksPerSM;
  // Upper bounds far beyond any chip's limits, so that every size derived
  // from a config (threads, shared bytes, registers) fits int64 before the
  // chip's limits are checked.
  struct Bound {
    const char *field;
    ArrayRef<int64_t> values;
    int64_t max;
  };
  for (const Bound &bound :
       {Bound{"block", block, kMaxConfigTileSide},
        Bound{"warp", warp, kMaxConfigTileSide},
        Bound{"thread", thread, kMaxConfigThreadSide},
        Bound{"stages", stages, kMaxConfigStages},
        Bound{"pad", pad, kMaxConfigPad},
        Bound{"blocks_per_sm", blocksPerSM, kMaxConfigBlocksPerSM}})
    for (int64_t value : bound.values)
      if (value > bound.max)
        return emitError() << bound.field << " = " << value
                           << " is over the limit of " << bound.max;
  if (copy != CopyKind::Registers &&
      (strategy != Strategy::Tiled || stages < 2))
    return emitError() << "copy = " << stringifyCopyKind(copy)
                       << " needs the tiled strategy and at least 2 stages";
  if (copy == CopyKind::Tma) {
    // A TMA box lands dense (no padding), its inner side must be a multiple
    // of 16 bytes, and no side may exceed 256 elements.
    if (pad != 0)
      return emitError() << "copy = tma writes dense boxes: pad must be 0, "
                            "got "
                         << pad;
    if (block[1] % 4 != 0 || block[2] % 4 != 0)
      return emitError() << "copy = tma needs BN and BK to be multiples of 4 "
                            "(16-byte box rows), got BN = "
                         << block[1] << ", BK = " << block[2];
    if (llvm::any_of(block, [](int64_t x) { return x > kMaxTmaBoxSide; }))
      return emitError() << "copy = tma boxes have at most 256 elements per "
                            "side, got block ["
                         << block[0] << ", " << block[1] << ", " << block[2]
                         << "]";
  }
  // The keys that build on the TMA pipeline, and why; stream_k and pack_b
  // also make blocks wait for each other, so blocks_per_sm must size the
  // wave that is resident at once (the config check guarantees it).
  struct TmaKey {
    bool on;
    const char *what, *wave;
  };
  for (const TmaKey &key :
       {TmaKey{restageA, "restage_a re-stages A's TMA boxes", nullptr},
        TmaKey{bRowGroups, "b_row_groups describes B to the TMA unit",
               nullptr},
        TmaKey{streamK, "stream_k splits the TMA pipeline's K steps",
               "stream_k launches one resident wave of SMs x blocks_per_sm "
               "blocks"},
        TmaKey{packB, "pack_b describes a copy of B to the TMA unit",
               "pack_b's blocks wait for each other, so they must be "
               "resident at once"}}) {
    if (key.on && copy != CopyKind::Tma)
      return emitError() << key.what << ": it needs copy = tma, got copy = "
                         << stringifyCopyKind(copy);
    if (key.on && key.wave && blocksPerSM == 0)
      return emitError() << key.wave << ": it needs blocks_per_sm > 0";
  }
  if (packB && bRowGroups)
    return emitError() << "pack_b and b_row_groups are two ways of bringing "
                          "B through TMA: choose one";
  // Fragments of 4 rows load as one vector along M from the K-major panel.
  if (restageA && (thread[0] % 4 != 0 || block[0] % 4 != 0))
    return emitError() << "restage_a needs TM and BM to be multiples of 4 "
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
    return emitError() << "b_row_groups issues B's boxes from whole warps: "
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
