//===- Manifest.cpp - Reading a kernel artifact's manifest ---------------===//
//
// Validation of manifest.json, version 1. See docs/manifest.md.
//
//===----------------------------------------------------------------------===//
#include "Manifest.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

using namespace tilerun;

namespace {
/// The largest manifest tile-run reads (tile-opt's are a few KiB per kernel).
constexpr uint64_t kMaxManifestBytes = 16 << 20;
/// Every integer field's ceiling: far beyond any real one, and small enough
/// that sums and products of two of them stay within int64.
constexpr int64_t kMaxManifestInteger = int64_t(1) << 50;
/// M, N, K and matrix sides, as tile-opt bounds them (cuBLAS's int).
constexpr int64_t kMaxDimension = INT32_MAX;
/// Workspace sizes and offsets (a 48-bit address space).
constexpr int64_t kMaxBufferBytes = int64_t(1) << 48;
/// The most copies a kernel reads from its workspace (tf32x3: 4).
constexpr int kMaxWorkspaceCopies = 4;

/// "a, b and c" style lists for messages.
std::string join(const std::vector<std::string> &items) {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i)
    text += (i ? ", " : "") + items[i];
  return text;
}

/// Field access with errors that say where: "kernels[0].launch.grid".
struct Reader {
  std::string &error;

  bool fail(const std::string &where, const std::string &what) {
    error = where + ": " + what;
    return false;
  }
  const Json *get(const Json &obj, const std::string &where,
                  const std::string &key) {
    const Json *v = findMember(obj, key);
    if (!v)
      fail(where, "missing field '" + key + "'");
    return v;
  }
  bool integer(const Json &obj, const std::string &where,
               const std::string &key, int64_t &out, int64_t min,
               int64_t max = kMaxManifestInteger) {
    const Json *v = get(obj, where, key);
    if (!v)
      return false;
    if (!isInt64(*v))
      return fail(where + "." + key, "expected an integer");
    if (v->get<int64_t>() < min)
      return fail(where + "." + key, "must be at least " + std::to_string(min));
    if (v->get<int64_t>() > max)
      return fail(where + "." + key, "must be at most " + std::to_string(max));
    out = v->get<int64_t>();
    return true;
  }
  /// A file of the artifact: a plain name in its directory.
  bool fileName(const Json &value, const std::string &where, std::string &out) {
    if (!value.is_string())
      return fail(where, "expected a file name");
    out = value.get_ref<const std::string &>();
    if (out.empty() || out == "." || out == ".." ||
        out.find('/') != std::string::npos ||
        out.find('\0') != std::string::npos)
      return fail(where, "expected a file name in the artifact directory, "
                         "got '" +
                             out + "'");
    return true;
  }
  bool string(const Json &obj, const std::string &where,
              const std::string &key, std::string &out) {
    const Json *v = get(obj, where, key);
    if (!v)
      return false;
    if (!v->is_string())
      return fail(where + "." + key, "expected a string");
    out = v->get_ref<const std::string &>();
    return true;
  }
  bool dims(const Json &obj, const std::string &where, const std::string &key,
            unsigned out[3]) {
    const Json *v = get(obj, where, key);
    if (!v)
      return false;
    if (!v->is_array() || v->size() != 3)
      return fail(where + "." + key, "expected three integers");
    for (int i = 0; i < 3; ++i) {
      const Json &d = v->at(i);
      if (!isInt64(d) || d.get<int64_t>() < 1 || d.get<int64_t>() > 2147483647)
        return fail(where + "." + key, "expected positive 32-bit integers");
      out[i] = static_cast<unsigned>(d.get<int64_t>());
    }
    return true;
  }
};

bool fileExists(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

/// "sm_90" / "sm_90a" -> 90.
int parseChip(const std::string &chip) {
  if (chip.size() < 5 || chip.compare(0, 3, "sm_") != 0)
    return 0;
  size_t end = 3;
  while (end < chip.size() && isdigit(static_cast<unsigned char>(chip[end])))
    ++end;
  if (end == 3 || end > 6 || (end != chip.size() && chip.substr(end) != "a"))
    return 0;
  return std::atoi(chip.substr(3, end - 3).c_str());
}
} // namespace

/// An operand's "window" (at `where`) of the buffer whose "shape" `arg`
/// has: its offset and strides, checked to place `matrices` matrices (of
/// the window's shape, which the caller reads) apart and inside the buffer.
static bool readWindow(Reader &r, const Json &argJson, const std::string &where,
                       const Json &window, BufferArg &arg, int64_t matrices,
                       int64_t elemBytes) {
  const Json *shape = r.get(argJson, where, "shape");
  const Json *view = r.get(window, where, "shape");
  const Json *strides = r.get(window, where, "strides");
  if (!shape || !view || !strides)
    return false;
  auto ints = [](const Json &v, size_t minSize) {
    if (!v.is_array() || v.size() < minSize || v.size() > 8)
      return false;
    for (const Json &e : v)
      if (!isInt64(e) || e.get<int64_t>() < 1 ||
          e.get<int64_t>() > kMaxBufferBytes)
        return false;
    return true;
  };
  if (!ints(*shape, 1) || !ints(*strides, 2) || !ints(*view, 2) ||
      strides->size() != view->size() || strides->back().get<int64_t>() != 1)
    return r.fail(where, "expected the buffer's shape and one positive "
                         "stride per dimension of the window, the last 1");
  if (!r.integer(window, where, "offset", arg.windowOffset, 0,
                 kMaxBufferBytes))
    return false;
  arg.window = true;
  arg.bufferElements = 1;
  for (const Json &e : *shape)
    if (__builtin_mul_overflow(arg.bufferElements, e.get<int64_t>(),
                               &arg.bufferElements) ||
        arg.bufferElements * elemBytes > kMaxBufferBytes)
      return r.fail(where, "the buffer is over " +
                               std::to_string(kMaxBufferBytes) + " bytes");
  size_t rank = strides->size();
  arg.rowStride = strides->at(rank - 2).get<int64_t>();
  arg.batchStride = rank == 3 ? strides->at(0).get<int64_t>() : 0;
  int64_t rows = view->at(rank - 2).get<int64_t>(),
          cols = view->at(rank - 1).get<int64_t>();
  // Rows and matrices apart, and the last element inside the buffer.
  if (arg.rowStride < cols || (rank == 3 && arg.batchStride < rows * arg.rowStride))
    return r.fail(where, "the window's rows or matrices overlap");
  double last = double(arg.windowOffset) + double(matrices - 1) * arg.batchStride +
                double(rows - 1) * arg.rowStride + double(cols - 1);
  if (last >= double(arg.bufferElements))
    return r.fail(where, "the window reaches past its buffer of " +
                             std::to_string(arg.bufferElements) + " elements");
  return true;
}

bool tilerun::parseManifest(const std::string &text, const std::string &dir,
                            Manifest &out, std::string &error) {
  Json root;
  std::string parseError;
  if (!parseJson(text, root, parseError)) {
    error = "malformed manifest.json: " + parseError;
    return false;
  }
  Reader r{error};
  if (!root.is_object())
    return r.fail("manifest", "expected a JSON object");
  std::string schema;
  if (!r.string(root, "manifest", "schema", schema))
    return false;
  if (schema != "tile-opt-kernel-manifest")
    return r.fail("manifest.schema",
                  "'" + schema + "' is not a tile-opt kernel manifest");
  int64_t version;
  if (!r.integer(root, "manifest", "version", version, 0))
    return false;
  if (version != kSupportedManifestVersion)
    return r.fail("manifest.version",
                  "unknown manifest version " + std::to_string(version) +
                      " (this tile-run reads version " +
                      std::to_string(kSupportedManifestVersion) + ")");
  out.dir = dir;
  out.version = static_cast<int>(version);
  if (const Json *g = findMember(root, "generator"))
    out.generator = *g;
  const Json *kernels = r.get(root, "manifest", "kernels");
  if (!kernels)
    return false;
  if (!kernels->is_array())
    return r.fail("manifest.kernels", "expected an array");

  for (size_t i = 0; i < kernels->size(); ++i) {
    const Json &kj = kernels->at(i);
    std::string where = "kernels[" + std::to_string(i) + "]";
    if (!kj.is_object())
      return r.fail(where, "expected an object");
    KernelSpec k;
    std::string ptx;
    const Json *ptxField = r.get(kj, where, "ptx");
    if (!r.string(kj, where, "name", k.name) || !ptxField ||
        !r.fileName(*ptxField, where + ".ptx", ptx))
      return false;
    k.ptxPath = dir + "/" + ptx;
    const Json *cubin = r.get(kj, where, "cubin");
    if (!cubin)
      return false;
    std::string cubinName;
    if (cubin->is_string()) {
      if (!r.fileName(*cubin, where + ".cubin", cubinName))
        return false;
      k.cubinPath = dir + "/" + cubinName;
    } else if (!cubin->is_null())
      return r.fail(where + ".cubin", "expected a file name or null");

    const Json *target = r.get(kj, where, "target");
    if (!target)
      return false;
    if (!r.string(*target, where + ".target", "chip", k.chip))
      return false;
    k.computeCapability = parseChip(k.chip);
    if (!k.computeCapability)
      return r.fail(where + ".target.chip",
                    "'" + k.chip + "' is not a chip name like sm_90");

    const Json *problem = r.get(kj, where, "problem");
    if (!problem)
      return false;
    std::string pw = where + ".problem";
    if (!r.integer(*problem, pw, "m", k.m, 1, kMaxDimension) ||
        !r.integer(*problem, pw, "n", k.n, 1, kMaxDimension) ||
        !r.integer(*problem, pw, "k", k.k, 1, kMaxDimension) ||
        !r.string(*problem, pw, "a_type", k.elementType))
      return false;
    // "batch" (optional, absent: not batched): the grid's z.
    if (findMember(*problem, "batch") &&
        !r.integer(*problem, pw, "batch", k.batch, 1, 65535))
      return false;
    // "broadcast_a", "broadcast_b" (optional, batched only, not both): A
    // or B is every batch's.
    for (auto [key, flag] : {std::pair<const char *, bool *>{
                                 "broadcast_a", &k.broadcastA},
                             {"broadcast_b", &k.broadcastB}}) {
      const Json *bc = findMember(*problem, key);
      if (!bc)
        continue;
      if (!bc->is_boolean())
        return r.fail(pw + "." + key, "expected true or false");
      *flag = bc->get<bool>();
      if (*flag && !k.batch)
        return r.fail(pw + "." + key, "needs a batch");
    }
    if (k.broadcastA && k.broadcastB)
      return r.fail(pw + ".broadcast_b", "and broadcast_a: one at most");
    for (auto [name, rows, cols] :
         {std::tuple<const char *, int64_t, int64_t>{"A", k.m, k.k},
          {"B", k.k, k.n},
          {"C", k.m, k.n}})
      if (rows * cols > kMaxBufferBytes / 4 / k.batches()) // widest type
        return r.fail(
            pw, std::string("matrix ") + name + " of " + std::to_string(rows) +
                    "x" + std::to_string(cols) + " elements is larger than " +
                    std::to_string(kMaxBufferBytes) + " bytes");
    std::optional<ElementType> ab = parseElementType(k.elementType);
    if (!ab)
      return r.fail(pw + ".a_type", "element type '" + k.elementType +
                                        "' is not supported by tile-run "
                                        "(supported: f32, f16, bf16)");
    k.abType = *ab;
    std::string bType, cType, accType;
    if (!r.string(*problem, pw, "b_type", bType) ||
        !r.string(*problem, pw, "c_type", cType) ||
        !r.string(*problem, pw, "accumulator_type", accType))
      return false;
    if (bType != k.elementType)
      return r.fail(pw + ".b_type", "A and B of different element types (" +
                                        k.elementType + ", " + bType +
                                        ") are not supported");
    std::optional<ElementType> c = parseElementType(cType);
    if (!c || (*ab == ElementType::F32 && *c != ElementType::F32))
      return r.fail(pw + ".c_type",
                    "C of '" + cType + "' is not supported for " +
                        k.elementType + " A and B (supported: " +
                        (*ab == ElementType::F32 ? "f32" : "f32, f16, bf16") +
                        ")");
    k.cType = *c;
    if (accType != "f32")
      return r.fail(pw + ".accumulator_type",
                    "accumulation in '" + accType +
                        "' is not supported (supported: f32)");
    // A and B row-major or column-major (stored transposed); C row-major.
    for (const char *key : {"a_layout", "b_layout", "c_layout"}) {
      std::string layout;
      if (!r.string(*problem, pw, key, layout))
        return false;
      bool c = key[0] == 'c';
      if (layout != "row-major" && (c || layout != "column-major"))
        return r.fail(pw + "." + key,
                      "layout '" + layout + "' is not supported (" +
                          (c ? "row-major" : "row-major or column-major") +
                          ")");
      if (layout == "column-major")
        (key[0] == 'a' ? k.transposeA : k.transposeB) = true;
    }
    const Json *acc = r.get(*problem, pw, "accumulate");
    if (!acc)
      return false;
    if (!acc->is_boolean())
      return r.fail(pw + ".accumulate", "expected true or false");
    k.accumulate = acc->get<bool>();
    // "precision" (optional, default "ieee"): TF32 products of f32 operands.
    if (findMember(*problem, "precision") &&
        !r.string(*problem, pw, "precision", k.precision))
      return false;
    if (k.precision != "ieee" && k.precision != "tf32" &&
        k.precision != "tf32x3")
      return r.fail(pw + ".precision", "expected ieee, tf32 or tf32x3, got " +
                                           k.precision);
    if (k.isTF32() && k.abType != ElementType::F32)
      return r.fail(pw + ".precision", "precision " + k.precision +
                                           " is for f32 operands, got " +
                                           k.elementType);
    // "tf32_truncated" (optional, tf32 only): ["A"], ["B"] or both.
    if (const Json *t = findMember(*problem, "tf32_truncated")) {
      std::string where = pw + ".tf32_truncated";
      if (k.precision != "tf32")
        return r.fail(where, "is for precision tf32, got " + k.precision);
      if (!t->is_array())
        return r.fail(where, "expected an array of \"A\" or \"B\"");
      for (const Json &name : *t) {
        if (!name.is_string() ||
            (name.get<std::string>() != "A" && name.get<std::string>() != "B"))
          return r.fail(where, "expected \"A\" or \"B\"");
        k.tf32Truncated[name.get<std::string>() == "B"] = true;
      }
    }
    // "epilogue" (optional, null: none): elementwise ops before the store.
    if (const Json *e = findMember(*problem, "epilogue"); e && !e->is_null()) {
      k.epilogue.emplace();
      if (!parseEpilogue(*e, pw + ".epilogue", *k.epilogue, error))
        return false;
      for (const EpilogueInputSpec &in : k.epilogue->inputs)
        if (in.batched && !k.batch)
          return r.fail(pw + ".epilogue",
                        "input " + in.name +
                            " is batched in a problem without a batch");
    }

    const Json *launch = r.get(kj, where, "launch");
    if (!launch)
      return false;
    int64_t smem;
    if (!r.dims(*launch, where + ".launch", "grid", k.grid) ||
        !r.dims(*launch, where + ".launch", "block", k.block) ||
        !r.integer(*launch, where + ".launch", "dynamic_shared_bytes", smem, 0,
                   INT32_MAX))
      return false;
    k.dynamicSharedBytes = static_cast<unsigned>(smem);
    // The limits of every CUDA device; the device's own are checked before
    // the launch (findLaunchViolation).
    if (static_cast<uint64_t>(k.block[0]) * k.block[1] * k.block[2] > 1024)
      return r.fail(where + ".launch.block",
                    "more than 1024 threads per block");
    if (k.block[2] > 64)
      return r.fail(where + ".launch.block", "z must be at most 64");
    if (k.grid[1] > 65535 || k.grid[2] > 65535)
      return r.fail(where + ".launch.grid", "y and z must be at most 65535");
    // (A persistent grid takes the batch in its tiles: z = 1.)
    if (k.grid[2] != k.batches() && k.grid[2] != 1)
      return r.fail(where + ".launch.grid",
                    "z must be 1 or the batch count, " +
                        std::to_string(k.batches()));
    // "cluster" (optional, default [1, 1, 1]): whole clusters tile the
    // grid, of at most 8 blocks (the portable size), on sm_90 or later.
    if (findMember(*launch, "cluster")) {
      if (!r.dims(*launch, where + ".launch", "cluster", k.cluster))
        return false;
      for (int i = 0; i < 3; ++i)
        if (k.grid[i] % k.cluster[i] != 0)
          return r.fail(where + ".launch.cluster", "does not divide the grid");
      if (uint64_t(k.cluster[0]) * k.cluster[1] * k.cluster[2] > 8)
        return r.fail(where + ".launch.cluster",
                      "more than 8 blocks per cluster");
      if (k.hasCluster() && k.computeCapability < 90)
        return r.fail(where + ".launch.cluster",
                      "clusters need sm_90 or later, the kernel targets " +
                          k.chip);
    }

    // The ABI tile-run launches: A[M,K], B[K,N], C[M,N], in this order, A
    // and B as stored (column-major: A[K,M], B[N,K]).
    const Json *args = r.get(kj, where, "args");
    if (!args)
      return false;
    if (!args->is_array())
      return r.fail(where + ".args", "expected an array");
    const char *names[3] = {"A", "B", "C"};
    int64_t shapes[3][2] = {{k.storedA().first, k.storedA().second},
                            {k.storedB().first, k.storedB().second},
                            {k.m, k.n}};
    // The epilogue's inputs come last: E1, E2, ... of their own shapes.
    size_t numInputs = k.epilogue ? k.epilogue->inputs.size() : 0;
    if (args->size() < 3 + numInputs)
      return r.fail(where + ".args", "ABI mismatch: expected A, B, C and " +
                                         std::to_string(numInputs) +
                                         " epilogue inputs");
    size_t count = args->size() - numInputs;
    for (size_t i = 0; i < numInputs; ++i) {
      const EpilogueInputSpec &in = k.epilogue->inputs[i];
      const Json &aj = args->at(count + i);
      std::string aw = where + ".args[" + std::to_string(count + i) + "]";
      BufferArg arg;
      std::string kind;
      const Json *shape = findMember(aj, "shape");
      if (!r.string(aj, aw, "name", arg.name) ||
          !r.string(aj, aw, "kind", kind) ||
          !r.string(aj, aw, "element_type", arg.elementType))
        return false;
      auto [rows, cols] = in.shape(k.m, k.n);
      Json expected = in.batched ? Json::array({k.batch, rows, cols})
                                 : Json::array({rows, cols});
      if (kind != "buffer" || arg.name != in.name ||
          arg.elementType != elementTypeName(in.type) || !shape ||
          *shape != expected)
        return r.fail(
            aw,
            "ABI mismatch: expected buffer " + in.name + " of " +
                elementTypeName(in.type) + "[" +
                (in.batched ? std::to_string(k.batch) + "x" : std::string()) +
                std::to_string(rows) + "x" + std::to_string(cols) + "]");
      arg.rows = rows;
      arg.cols = cols;
      arg.access = "read";
      k.epilogueArgs.push_back(arg);
    }
    if (count < 3 || count > 3 + 1 + kMaxWorkspaceCopies)
      return r.fail(where + ".args",
                    "ABI mismatch: expected 3 buffers (A, B, C), at most "
                    "a workspace and " +
                        std::to_string(kMaxWorkspaceCopies) +
                        " tensor maps of copies in it, got " +
                        std::to_string(count) + " arguments");
    if (count >= 4) {
      // The workspace (stream_k, pack_b): bytes the kernel owns, zeroed
      // once.
      const Json &wj = args->at(3);
      std::string ww = where + ".args[3]";
      std::string kind, init;
      if (!r.string(wj, ww, "kind", kind) ||
          !r.integer(wj, ww, "bytes", k.workspaceBytes, 1, kMaxBufferBytes) ||
          !r.string(wj, ww, "init", init))
        return false;
      if (kind != "workspace")
        return r.fail(ww + ".kind", "expected workspace, got " + kind);
      if (init != "zero")
        return r.fail(ww + ".init", "expected zero, got " + init);
      if (k.workspaceBytes % 4 != 0)
        return r.fail(ww + ".bytes", "expected a multiple of 4, got " +
                                         std::to_string(k.workspaceBytes));
      // "resident_blocks" (optional, default the whole grid).
      int64_t grid = int64_t(k.grid[0]) * k.grid[1] * k.grid[2];
      k.residentBlocks = grid;
      if (findMember(wj, "resident_blocks") &&
          !r.integer(wj, ww, "resident_blocks", k.residentBlocks, 1))
        return false;
      if (k.residentBlocks > grid)
        return r.fail(ww + ".resident_blocks",
                      "expected at most the grid's " + std::to_string(grid) +
                          " blocks, got " + std::to_string(k.residentBlocks));
    }
    // A, B, C, then the maps of the copies, args[4]...
    for (int a = 0; a < int(count); ++a) {
      if (a == 3)
        continue;
      bool copy = a >= 4;
      const Json &aj = args->at(a);
      std::string aw = where + ".args[" + std::to_string(a) + "]";
      BufferArg arg;
      std::string kind;
      if (!r.string(aj, aw, "name", arg.name) ||
          !r.string(aj, aw, "kind", kind) ||
          !r.string(aj, aw, "element_type", arg.elementType) ||
          !r.string(aj, aw, "access", arg.access))
        return false;
      // A [rows, cols] pair of the argument (of `obj`: the argument or its
      // window); batched, behind `outer` (the buffers' batch count, the
      // boxes' 1).
      auto pair = [&](const char *key, int64_t &first, int64_t &second,
                      int64_t outer, const Json *obj = nullptr) {
        const Json *v = r.get(obj ? *obj : aj, aw, key);
        if (!v)
          return false;
        size_t lead = k.isBatched(arg.name) ? 1 : 0;
        auto dim = [&](size_t i) {
          return isInt64(v->at(i)) && v->at(i).get<int64_t>() >= 0 &&
                 v->at(i).get<int64_t>() <= kMaxDimension;
        };
        if (!v->is_array() || v->size() != 2 + lead || !dim(lead) ||
            !dim(lead + 1) ||
            (lead && (!isInt64(v->at(0)) || v->at(0).get<int64_t>() != outer)))
          return r.fail(aw + "." + key,
                        std::string("expected ") +
                            (lead ? std::to_string(outer) + " and " : "") +
                            "two integers in [0, " +
                            std::to_string(kMaxDimension) + "]");
        first = v->at(lead).get<int64_t>();
        second = v->at(lead + 1).get<int64_t>();
        return true;
      };
      const Json *window = copy ? nullptr : findMember(aj, "window");
      if (!(window ? readWindow(r, aj, aw + ".window", *window, arg,
                                k.matrices(arg.name),
                                a == 2 ? elementBytes(k.outType())
                                       : elementBytes(k.abType)) &&
                         pair("shape", arg.rows, arg.cols, k.batch, window)
                   : pair("shape", arg.rows, arg.cols, k.batch)))
        return false;
      // A and B may come as TMA tensor maps (copy = tma); C is a buffer.
      if (kind == "tensor_map" && a != 2) {
        arg.tensorMap = true;
        if (!pair("box", arg.boxRows, arg.boxCols, 1))
          return false;
        // What cuTensorMapEncodeTiled accepts: box sides 1..256, box rows
        // of 16-byte multiples.
        int64_t elemBytes = elementBytes(k.abType);
        if (arg.boxRows < 1 || arg.boxRows > 256 || arg.boxCols < 1 ||
            arg.boxCols > 256 || arg.boxCols * elemBytes % 16 != 0)
          return r.fail(aw + ".box",
                        "expected sides in [1, 256] and rows of a multiple "
                        "of 16 bytes");
        std::string interleave, swizzle, l2, oob;
        if (!r.string(aj, aw, "interleave", interleave) ||
            !r.string(aj, aw, "swizzle", swizzle) ||
            !r.string(aj, aw, "l2_promotion", l2) ||
            !r.string(aj, aw, "oob_fill", oob))
          return false;
        if (interleave != "none" || (swizzle != "none" && swizzle != "128B") ||
            oob != "zero")
          return r.fail(aw, "unsupported tensor map (tile-run encodes "
                            "interleave none, swizzle none or 128B, oob_fill "
                            "zero), got interleave " +
                                interleave + ", swizzle " + swizzle +
                                ", oob_fill " + oob);
        arg.swizzleBytes = swizzle == "128B" ? 128 : 0;
        if (arg.swizzleBytes && arg.boxCols * elemBytes > arg.swizzleBytes)
          return r.fail(aw + ".box",
                        "a 128B-swizzled box has rows of at "
                        "most 128 bytes, got " +
                            std::to_string(arg.boxCols * elemBytes));
        if (l2 == "none")
          arg.l2PromotionBytes = 0;
        else if (l2 == "64B" || l2 == "128B" || l2 == "256B")
          arg.l2PromotionBytes = std::atoi(l2.c_str());
        else
          return r.fail(aw + ".l2_promotion",
                        "expected none, 64B, 128B or 256B, got " + l2);
        // "view" (optional, default "matrix"): "row_groups" maps the
        // buffer as rows / 4 rows of 4 x cols elements.
        // "workspace_copy" (args[4] on: pack_b, TF32) maps a copy of A or
        // B the kernel writes into its workspace: its "part" (default
        // "exact") and whether it is "transposed" (default false).
        std::string view = "matrix";
        if (findMember(aj, "view") && !r.string(aj, aw, "view", view))
          return false;
        if (copy ? view != "workspace_copy"
                 : view != "matrix" && view != "row_groups")
          return r.fail(aw + ".view",
                        std::string(copy ? "expected workspace_copy"
                                         : "expected matrix or row_groups") +
                            ", got " + view);
        arg.rowGroups = view == "row_groups";
        if (copy) {
          arg.workspaceCopy = true;
          if (!r.integer(aj, aw, "workspace_offset", arg.workspaceOffset, 0,
                         kMaxBufferBytes) ||
              !r.integer(aj, aw, "row_stride", arg.rowStrideBytes, 1,
                         kMaxBufferBytes))
            return false;
          if (findMember(aj, "part") && !r.string(aj, aw, "part", arg.part))
            return false;
          if (arg.part != "exact" && arg.part != "rounded" &&
              arg.part != "high" && arg.part != "low")
            return r.fail(aw + ".part",
                          "expected exact, rounded, high or low, got " +
                              arg.part);
          if (const Json *t = findMember(aj, "transposed")) {
            if (!t->is_boolean())
              return r.fail(aw + ".transposed", "expected true or false");
            arg.transposed = t->get<bool>();
          }
          if (arg.workspaceOffset % 128 != 0 || arg.rowStrideBytes % 16 != 0)
            return r.fail(aw, "a tensor map needs a 128-byte-aligned start "
                              "and a row stride of 16-byte multiples, got "
                              "offset " +
                                  std::to_string(arg.workspaceOffset) +
                                  " and stride " +
                                  std::to_string(arg.rowStrideBytes));
        }
        if (arg.rowGroups && arg.rows % 4 != 0)
          return r.fail(aw, "a view of row groups needs a multiple of 4 "
                            "rows, got " +
                                std::to_string(arg.rows));
        if (arg.window && (arg.rowGroups || (arg.windowOffset * elemBytes |
                                             arg.rowStride * elemBytes |
                                             arg.batchStride * elemBytes) %
                                                    16 !=
                                                0))
          return r.fail(aw, "a tensor map of a window needs the window "
                            "matrix view, at a 16-byte-aligned offset, with "
                            "strides of 16-byte multiples");
        if (!arg.rowGroups && !arg.workspaceCopy && !arg.window &&
            arg.cols * elemBytes % 16 != 0)
          return r.fail(aw, "a tensor map needs rows of 16-byte multiples, "
                            "got " +
                                std::to_string(arg.cols) + " columns");
        kind = "buffer";
      }
      if (copy && !arg.workspaceCopy)
        return r.fail(aw + ".kind", "expected tensor_map (of a copy in "
                                    "the workspace), got " +
                                        kind);
      // A batched operand's copy: its matrices one after the other.
      if (arg.workspaceCopy && arg.workspaceOffset + k.matrices(arg.name) *
                                                         arg.rows *
                                                         arg.rowStrideBytes >
                                   k.workspaceBytes)
        return r.fail(aw, arg.name + "'s copy (" +
                              std::to_string(k.matrices(arg.name) * arg.rows) +
                              " rows of " + std::to_string(arg.rowStrideBytes) +
                              " bytes at offset " +
                              std::to_string(arg.workspaceOffset) +
                              ") does not fit the workspace of " +
                              std::to_string(k.workspaceBytes) + " bytes");
      if (arg.workspaceCopy &&
          arg.rowStrideBytes < arg.cols * elementBytes(k.abType))
        return r.fail(aw,
                      arg.name + "'s copy has rows of " +
                          std::to_string(arg.cols * elementBytes(k.abType)) +
                          " bytes, more than its row stride of " +
                          std::to_string(arg.rowStrideBytes));
      int slot = copy ? (arg.name == "A" ? 0 : 1) : a;
      std::string type =
          slot == 2 ? elementTypeName(k.outType()) : k.elementType;
      int64_t rows = shapes[slot][arg.transposed ? 1 : 0],
              cols = shapes[slot][arg.transposed ? 0 : 1];
      if (kind != "buffer" || arg.name != names[slot] ||
          arg.elementType != type || arg.rows != rows || arg.cols != cols)
        return r.fail(aw, std::string("ABI mismatch: expected buffer ") +
                              names[slot] + " of " + type + "[" +
                              std::to_string(rows) + "x" +
                              std::to_string(cols) + "]" +
                              (arg.transposed ? " (transposed)" : "") +
                              ", got " + kind + " " + arg.name + " of " +
                              arg.elementType + "[" + std::to_string(arg.rows) +
                              "x" + std::to_string(arg.cols) + "]");
      k.args.push_back(arg);
    }
    // The TF32 precisions read B only through its N x K copies (transposed
    // unless B is stored N x K), rounded (tf32) or high and low (tf32x3),
    // or (tf32, B the register operand: A truncated; or B truncated) through
    // its own tensor map, and A through its tensor map, or where A's rows are
    // not 16-byte multiples (K % 4 != 0) or A is stored K x M through its exact
    // M x K copy, first.
    if (k.isTF32()) {
      std::string b = k.transposeB ? "" : " transposed";
      bool bMapped = k.args.size() > 1 && k.args[1].tensorMap;
      std::vector<std::string> expected =
          k.precision == "tf32x3"
              ? std::vector<std::string>{"B high" + b, "B low" + b}
          : bMapped && (k.tf32Truncated[0] || k.tf32Truncated[1])
              ? std::vector<std::string>{}
              : std::vector<std::string>{"B rounded" + b};
      if (k.transposeA)
        expected.insert(expected.begin(), "A exact transposed");
      else if (k.k % 4 != 0)
        expected.insert(expected.begin(), "A exact");
      std::vector<std::string> got;
      for (size_t i = 3; i < k.args.size(); ++i)
        got.push_back(k.args[i].name + " " + k.args[i].part +
                      (k.args[i].transposed ? " transposed" : ""));
      if (got != expected)
        return r.fail(where + ".args",
                      "ABI mismatch: precision " + k.precision +
                          " reads the copies " + join(expected) + ", got " +
                          (got.empty() ? "none" : join(got)));
    }

    // FLOP counts can exceed 2^53; they are read as (double) numbers.
    k.usefulFlops = k.executedFlops = 2.0 * k.m * k.n * k.k;
    if (const Json *flops = findMember(kj, "flops")) {
      for (auto [key, out] : {std::pair<const char *, double *>{
                                  "useful", &k.usefulFlops},
                              {"executed", &k.executedFlops}}) {
        const Json *v = r.get(*flops, where + ".flops", key);
        if (!v)
          return false;
        if (!v->is_number() || v->get<double>() < 0)
          return r.fail(where + ".flops." + key, "expected a number >= 0");
        *out = v->get<double>();
      }
    }
    if (const Json *c = findMember(kj, "config"))
      k.config = *c;
    if (const Json *res = findMember(kj, "resources"))
      k.resources = *res;
    out.kernels.push_back(std::move(k));
  }
  return true;
}

bool tilerun::loadManifest(const std::string &dir, Manifest &out,
                           std::string &error) {
  std::string path = dir + "/manifest.json";
  std::string text;
  if (!readArtifactFile(path, kMaxManifestBytes, text, error)) {
    error += " (is '" + dir + "' a tile-opt artifact directory?)";
    return false;
  }
  if (!parseManifest(text, dir, out, error)) {
    error = path + ": " + error;
    return false;
  }
  for (const KernelSpec &k : out.kernels) {
    if (!fileExists(k.ptxPath)) {
      error = path + ": kernel '" + k.name + "': missing PTX file '" +
              k.ptxPath + "'";
      return false;
    }
    if (!k.cubinPath.empty() && !fileExists(k.cubinPath)) {
      error = path + ": kernel '" + k.name + "': missing cubin file '" +
              k.cubinPath + "'";
      return false;
    }
  }
  return true;
}

bool tilerun::readArtifactFile(const std::string &path, uint64_t maxBytes,
                               std::string &out, std::string &error) {
  // Opened without blocking, then checked to be a regular file: a FIFO or a
  // device in the artifact's place is refused, not read.
  int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    error = "cannot read '" + path + "': " + std::strerror(errno);
    return false;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    error = "'" + path + "' is not a regular file";
    return false;
  }
  if (static_cast<uint64_t>(st.st_size) > maxBytes) {
    close(fd);
    error = "'" + path + "' is " + std::to_string(st.st_size) +
            " bytes, more than the " + std::to_string(maxBytes) +
            " tile-run reads";
    return false;
  }
  out.resize(static_cast<size_t>(st.st_size));
  size_t done = 0;
  while (done < out.size()) {
    ssize_t n = read(fd, &out[done], out.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    done += static_cast<size_t>(n);
  }
  close(fd);
  if (done != out.size()) {
    error = "cannot read '" + path + "' (it changed while being read)";
    return false;
  }
  return true;
}

std::string tilerun::findLaunchViolation(const KernelSpec &k,
                                         const LaunchLimits &limits,
                                         int staticSharedBytes) {
  static const char *axes[3] = {"x", "y", "z"};
  for (int i = 0; i < 3; ++i) {
    if (limits.block[i] > 0 && k.block[i] > unsigned(limits.block[i]))
      return "block." + std::string(axes[i]) + " = " +
             std::to_string(k.block[i]) + " exceeds the device's " +
             std::to_string(limits.block[i]);
    if (limits.grid[i] > 0 && k.grid[i] > unsigned(limits.grid[i]))
      return "grid." + std::string(axes[i]) + " = " +
             std::to_string(k.grid[i]) + " exceeds the device's " +
             std::to_string(limits.grid[i]);
  }
  uint64_t threads = uint64_t(k.block[0]) * k.block[1] * k.block[2];
  if (limits.threads > 0 && threads > uint64_t(limits.threads))
    return "launches " + std::to_string(threads) +
           " threads per block but can run at most " +
           std::to_string(limits.threads);
  int64_t shared = int64_t(staticSharedBytes) + k.dynamicSharedBytes;
  if (limits.sharedBytes > 0 && shared > limits.sharedBytes)
    return "needs " + std::to_string(shared) +
           " bytes of shared memory per block (" +
           std::to_string(staticSharedBytes) + " static, " +
           std::to_string(k.dynamicSharedBytes) +
           " dynamic), more than the device's " +
           std::to_string(limits.sharedBytes);
  return "";
}
