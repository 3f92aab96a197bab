//===- TuningFile.cpp - Configs measured best, per problem and chip ------===//
//
// See TuningFile.h; the format is docs/tuning.md's.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/TuningFile.h"

#include "TileOpt/Analysis/Target.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace mlir::tileopt;

/// The largest tuning file read (a tuner writes a few hundred bytes per
/// problem).
static constexpr uint64_t kMaxTuningFileBytes = 16 << 20;

SmallVector<const TuningEntry *>
TuningFile::find(const MatmulProblem &problem) const {
  std::string type = getTypeName(problem.elementType),
              cType = getTypeName(problem.getCType());
  SmallVector<const TuningEntry *> found;
  for (const TuningEntry &e : entries)
    if (e.m == problem.m && e.n == problem.n && e.k == problem.k &&
        e.type == type && e.cType == cType &&
        e.accumulate == problem.accumulate && e.batch == problem.batch)
      found.push_back(&e);
  return found;
}

bool mlir::tileopt::readTuningFile(StringRef path, TuningFile &out,
                                   std::string &error) {
  auto fail = [&](const Twine &what) {
    error = ("tuning file '" + path + "': " + what).str();
    return false;
  };
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return fail("cannot read it: " + buffer.getError().message());
  if ((*buffer)->getBufferSize() > kMaxTuningFileBytes)
    return fail("larger than 16 MiB");
  llvm::Expected<llvm::json::Value> root =
      llvm::json::parse((*buffer)->getBuffer());
  if (!root)
    return fail("not JSON: " + llvm::toString(root.takeError()));
  const llvm::json::Object *object = root->getAsObject();
  if (!object)
    return fail("expected an object");
  std::optional<int64_t> version = object->getInteger("version");
  if (version != kTuningFileVersion)
    return fail("expected \"version\": " + Twine(kTuningFileVersion));
  const llvm::json::Array *entries = object->getArray("entries");
  if (!entries)
    return fail("expected an array \"entries\"");
  out.path = path.str();
  for (auto [i, value] : llvm::enumerate(*entries)) {
    std::string where = "entries[" + std::to_string(i) + "]";
    const llvm::json::Object *e = value.getAsObject();
    if (!e)
      return fail(where + ": expected an object");
    TuningEntry entry;
    for (auto [key, field] :
         {std::pair{"chip", &entry.chip}, {"type", &entry.type},
          {"c_type", &entry.cType}, {"config", &entry.config}}) {
      std::optional<StringRef> text = e->getString(key);
      if (!text)
        return fail(where + ": expected a string \"" + key + "\"");
      *field = text->str();
    }
    for (auto [key, field] : {std::pair{"m", &entry.m}, {"n", &entry.n},
                              {"k", &entry.k}}) {
      std::optional<int64_t> size = e->getInteger(key);
      if (!size || *size < 1 || *size > kMaxMatmulDimension)
        return fail(where + ": expected \"" + key + "\" in [1, " +
                    Twine(kMaxMatmulDimension) + "]");
      *field = *size;
    }
    std::optional<bool> accumulate = e->getBoolean("accumulate");
    if (!accumulate)
      return fail(where + ": expected a boolean \"accumulate\"");
    entry.accumulate = *accumulate;
    // Optional: a batched matmul's batch count (absent: not batched).
    if (const llvm::json::Value *batch = e->get("batch")) {
      std::optional<int64_t> count = batch->getAsInteger();
      if (!count || *count < 1 || *count > kMaxBatch)
        return fail(where + ": expected \"batch\" in [1, " +
                    Twine(kMaxBatch) + "]");
      entry.batch = *count;
    }
    out.entries.push_back(std::move(entry));
  }
  return true;
}
