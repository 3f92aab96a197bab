//===- ArtifactDirectory.cpp - Where an artifact may be written ----------===//
//
// The artifact directory's safety rules (docs/manifest.md, "Where an artifact
// goes"): tile-opt writes into a private staging directory beside the target
// and swaps it into place only when the artifact is complete; it replaces an
// existing directory only when that directory is empty or is a tile-opt
// artifact holding nothing but the files its manifest names, and it never
// writes through a symbolic link or over the working directory or one of its
// ancestors. A crash or interrupt while the staging directory exists removes
// it.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Transforms/Artifact.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <csignal>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tileopt;
namespace fs = llvm::sys::fs;
namespace json = llvm::json;

/// A manifest larger than this is not one tile-opt wrote.
static constexpr uint64_t kMaxManifestBytes = 64 << 20;

/// The staging directory to remove if the process dies before it is renamed
/// into place (at most one export runs at a time per process).
static SmallString<256> liveStaging;

static void removeLiveStaging(void *) {
  if (!liveStaging.empty())
    fs::remove_directories(liveStaging, /*IgnoreErrors=*/true);
}

/// SIGINT or SIGTERM while the staging directory exists: remove it and
/// exit as an interrupted program does (130). Re-raising is not enough: the
/// restored action may be to ignore the signal, and the process would go on.
static void interrupted() {
  removeLiveStaging(nullptr);
  _exit(128 + SIGINT);
}

/// Whether `dir` is `ancestor` or lies below it (both absolute, no dots).
static bool isWithin(StringRef dir, StringRef ancestor) {
  if (!dir.starts_with(ancestor))
    return false;
  return dir.size() == ancestor.size() || ancestor.ends_with("/") ||
         dir[ancestor.size()] == '/';
}

/// The file names an existing artifact's manifest accounts for, or an error
/// saying why `dir` is not a tile-opt artifact.
static FailureOr<llvm::StringSet<>> readArtifactFiles(StringRef dir,
                                                      std::string &why) {
  SmallString<256> manifestPath(dir);
  llvm::sys::path::append(manifestPath, "manifest.json");
  fs::file_status status;
  if (fs::status(manifestPath, status, /*follow=*/false) ||
      status.type() != fs::file_type::regular_file) {
    why = "it has no manifest.json";
    return failure();
  }
  if (status.getSize() > kMaxManifestBytes) {
    why = "its manifest.json is too large to be a tile-opt manifest";
    return failure();
  }
  auto buffer = llvm::MemoryBuffer::getFile(manifestPath);
  if (!buffer) {
    why = "its manifest.json cannot be read";
    return failure();
  }
  llvm::Expected<json::Value> parsed = json::parse((*buffer)->getBuffer());
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    why = "its manifest.json is not JSON";
    return failure();
  }
  const json::Object *root = parsed->getAsObject();
  std::optional<StringRef> schema =
      root ? root->getString("schema") : std::nullopt;
  if (!schema || *schema != "tile-opt-kernel-manifest") {
    why = "its manifest.json is not a tile-opt manifest";
    return failure();
  }
  llvm::StringSet<> files;
  files.insert("manifest.json");
  if (const json::Array *kernels = root->getArray("kernels"))
    for (const json::Value &kernel : *kernels)
      if (const json::Object *k = kernel.getAsObject())
        for (StringRef key : {"ptx", "cubin"})
          if (std::optional<StringRef> file = k->getString(key))
            files.insert(*file);
  return files;
}

std::optional<std::string>
mlir::tileopt::findArtifactDirViolation(StringRef target) {
  SmallString<256> cwd;
  if (fs::current_path(cwd))
    return std::string("cannot determine the working directory");
  SmallString<256> realCwd;
  if (fs::real_path(cwd, realCwd))
    realCwd = cwd;
  // Resolve the existing parent's links so that `..`, `.` and aliases of
  // the working directory are recognised as what they are.
  SmallString<256> resolved;
  if (fs::real_path(llvm::sys::path::parent_path(target), resolved))
    resolved = target;
  else
    llvm::sys::path::append(resolved, llvm::sys::path::filename(target));
  if (isWithin(realCwd, resolved) || isWithin(cwd, target))
    return "'" + target.str() +
           "' is the working directory or one of its ancestors";
  fs::file_status status;
  if (fs::status(target, status, /*follow=*/false))
    return std::nullopt; // Does not exist: nothing to lose.
  if (status.type() == fs::file_type::symlink_file)
    return "'" + target.str() +
           "' is a symbolic link; tile-opt does not write through links "
           "(name the directory it points to)";
  if (status.type() != fs::file_type::directory_file)
    return "'" + target.str() + "' exists and is not a directory";

  std::string why;
  std::optional<llvm::StringSet<>> named;
  std::error_code ec;
  for (fs::directory_iterator it(target, ec), end; it != end && !ec;
       it.increment(ec)) {
    if (!named) {
      FailureOr<llvm::StringSet<>> files = readArtifactFiles(target, why);
      if (failed(files))
        return "'" + target.str() + "' is not a tile-opt artifact (" + why +
               "); tile-opt replaces only empty directories and its own "
               "artifacts";
      named = std::move(*files);
    }
    StringRef name = llvm::sys::path::filename(it->path());
    fs::file_status entry;
    bool regular = !fs::status(it->path(), entry, /*follow=*/false) &&
                   entry.type() == fs::file_type::regular_file;
    if (!regular || !named->contains(name))
      return "'" + target.str() + "' holds '" + name.str() +
             "', which its manifest does not name; tile-opt replaces only "
             "empty directories and its own artifacts";
  }
  if (ec)
    return "cannot list '" + target.str() + "': " + ec.message();
  return std::nullopt;
}

FailureOr<ArtifactStaging> ArtifactStaging::create(StringRef target,
                                                   std::string &error) {
  if (std::optional<std::string> violation = findArtifactDirViolation(target)) {
    error = *violation;
    return failure();
  }
  if (std::error_code ec =
          fs::create_directories(llvm::sys::path::parent_path(target))) {
    error = "cannot create '" + target.str() + "': " + ec.message();
    return failure();
  }
  ArtifactStaging staging;
  staging.target = target.str();
  if (std::error_code ec =
          fs::createUniqueDirectory(target + ".tmp", staging.dir)) {
    error = "cannot create a staging directory beside '" + target.str() +
            "': " + ec.message();
    return failure();
  }
  // createUniqueDirectory makes it private; the artifact is ordinary output.
  (void)fs::setPermissions(staging.dir,
                           fs::all_read | fs::all_exe | fs::owner_write);
  // Crashes run the signal handlers, interrupts the interrupt function.
  static bool handlerInstalled = false;
  if (!handlerInstalled) {
    llvm::sys::AddSignalHandler(removeLiveStaging, nullptr);
    handlerInstalled = true;
  }
  liveStaging = staging.dir;
  llvm::sys::SetInterruptFunction(interrupted);
  return staging;
}

ArtifactStaging::ArtifactStaging(ArtifactStaging &&other)
    : target(std::move(other.target)), dir(std::move(other.dir)) {
  other.dir.clear();
}

ArtifactStaging::~ArtifactStaging() {
  if (dir.empty())
    return;
  fs::remove_directories(dir, /*IgnoreErrors=*/true);
  if (liveStaging == dir) {
    liveStaging.clear();
    llvm::sys::SetInterruptFunction(nullptr);
  }
}

LogicalResult ArtifactStaging::commit(std::string &error) {
  // Checked again: the directory may have changed while the kernels were
  // assembled.
  if (std::optional<std::string> violation = findArtifactDirViolation(target)) {
    error = *violation;
    return failure();
  }
  // The old artifact moves aside first, so that a failed rename leaves it
  // where it was.
  SmallString<256> old;
  if (fs::exists(target)) {
    if (std::error_code ec = fs::createUniqueDirectory(target + ".old", old)) {
      error = "cannot move the old artifact aside: " + ec.message();
      return failure();
    }
    if (std::error_code ec = fs::rename(target, old)) {
      fs::remove(old);
      error = "cannot move the old artifact aside: " + ec.message();
      return failure();
    }
  }
  if (std::error_code ec = fs::rename(dir, target)) {
    if (!old.empty())
      (void)fs::rename(old, target);
    error = "cannot move the artifact to '" + target + "': " + ec.message();
    return failure();
  }
  liveStaging.clear();
  llvm::sys::SetInterruptFunction(nullptr);
  dir.clear();
  // Holds only the files of a tile-opt artifact (checked above).
  if (!old.empty())
    fs::remove_directories(old, /*IgnoreErrors=*/true);
  return success();
}
