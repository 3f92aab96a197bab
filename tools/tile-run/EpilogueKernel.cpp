//===- EpilogueKernel.cpp - A fused epilogue as a separate kernel --------===//
//
// See EpilogueKernel.h.
//
//===----------------------------------------------------------------------===//
#include "EpilogueKernel.h"

#if TILERUN_HAVE_NVRTC
#include <nvrtc.h>
#endif

#include <cstdint>
#include <cstring>
#include <sstream>

using namespace tilerun;

namespace {
/// The CUDA type a buffer of `t` holds, and the suffix of its helpers.
const char *storage(ElementType t) {
  return t == ElementType::F32 ? "float" : "unsigned short";
}
const char *suffix(ElementType t) {
  return t == ElementType::F32 ? "f32" : t == ElementType::F16 ? "f16" : "bf16";
}

/// A value of `type` (the manifest's name) as the program keeps it: f32
/// as is, 16-bit types rounded to their precision.
std::string rounded(const std::string &type, const std::string &expr) {
  if (type == "f16")
    return "round_f16(" + expr + ")";
  if (type == "bf16")
    return "round_bf16(" + expr + ")";
  return expr;
}

std::string comparison(const std::string &p, const std::string &a,
                       const std::string &b) {
  if (p == "false" || p == "true")
    return p;
  std::string unordered = "(" + a + " != " + a + " || " + b + " != " + b + ")";
  if (p == "ord" || p == "uno")
    return p == "ord" ? "!" + unordered : unordered;
  std::string rel = p.substr(1);
  std::string op = rel == "eq"   ? "=="
                   : rel == "gt" ? ">"
                   : rel == "ge" ? ">="
                   : rel == "lt" ? "<"
                   : rel == "le" ? "<="
                                 : "!=";
  // (C's != is true on NaN: ordered "one" needs the explicit check.)
  std::string test = "(" + a + " " + op + " " + b + ")";
  return p[0] == 'u' ? "(" + unordered + " || " + test + ")"
                     : "(!" + unordered + " && " + test + ")";
}

/// Helpers: conversions by PTX instruction (no headers needed), 8-element
/// vector loads and stores of each storage type.
constexpr const char *kPrelude = R"(
__device__ __forceinline__ float load_f32(float v) { return v; }
__device__ __forceinline__ float load_f16(unsigned short h) {
  float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f;
}
__device__ __forceinline__ float load_bf16(unsigned short h) {
  return __uint_as_float(((unsigned)h) << 16);
}
__device__ __forceinline__ float store_f32(float v) { return v; }
__device__ __forceinline__ unsigned short store_f16(float f) {
  unsigned short h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f)); return h;
}
__device__ __forceinline__ unsigned short store_bf16(float f) {
  unsigned short h; asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(f)); return h;
}
__device__ __forceinline__ float round_f16(float f) { return load_f16(store_f16(f)); }
__device__ __forceinline__ float round_bf16(float f) { return load_bf16(store_bf16(f)); }
__device__ __forceinline__ void load8_f32(const float *p, float *v) {
  float4 a = reinterpret_cast<const float4 *>(p)[0];
  float4 b = reinterpret_cast<const float4 *>(p)[1];
  v[0] = a.x; v[1] = a.y; v[2] = a.z; v[3] = a.w;
  v[4] = b.x; v[5] = b.y; v[6] = b.z; v[7] = b.w;
}
#define TILE_RUN_LOAD8(T)                                                    \
  __device__ __forceinline__ void load8_##T(const unsigned short *p, float *v) { \
    uint4 q = *reinterpret_cast<const uint4 *>(p);                           \
    unsigned w[4] = {q.x, q.y, q.z, q.w};                                    \
    for (int i = 0; i < 4; ++i) {                                            \
      v[2 * i] = load_##T((unsigned short)(w[i] & 0xffffu));                 \
      v[2 * i + 1] = load_##T((unsigned short)(w[i] >> 16));                 \
    }                                                                        \
  }                                                                          \
  __device__ __forceinline__ void store8_##T(unsigned short *p, const float *v) { \
    unsigned w[4];                                                           \
    for (int i = 0; i < 4; ++i)                                              \
      w[i] = (unsigned)store_##T(v[2 * i]) |                                 \
             ((unsigned)store_##T(v[2 * i + 1]) << 16);                      \
    *reinterpret_cast<uint4 *>(p) = make_uint4(w[0], w[1], w[2], w[3]);     \
  }
TILE_RUN_LOAD8(f16)
TILE_RUN_LOAD8(bf16)
__device__ __forceinline__ void store8_f32(float *p, const float *v) {
  reinterpret_cast<float4 *>(p)[0] = make_float4(v[0], v[1], v[2], v[3]);
  reinterpret_cast<float4 *>(p)[1] = make_float4(v[4], v[5], v[6], v[7]);
}
)";

/// The program as a device function of the matmul's element and the
/// inputs' elements.
std::string program(const EpilogueSpec &e) {
  std::ostringstream s;
  s << "__device__ __forceinline__ float program(float v0";
  for (size_t i = 0; i < e.inputs.size(); ++i)
    s << ", float v" << i + 1;
  s << ") {\n";
  size_t v = 1 + e.inputs.size();
  for (const EpilogueStepSpec &st : e.steps) {
    auto a = [&](size_t i) { return "v" + std::to_string(st.operands[i]); };
    std::string expr;
    const std::string &op = st.op;
    if (op == "constant") {
      float f = static_cast<float>(st.value);
      uint32_t bits;
      std::memcpy(&bits, &f, sizeof bits);
      expr = "__uint_as_float(" + std::to_string(bits) + "u)";
    } else if (op == "addf" || op == "subf" || op == "mulf" || op == "divf") {
      const char *sym = op == "addf"   ? " + "
                        : op == "subf" ? " - "
                        : op == "mulf" ? " * "
                                       : " / ";
      expr = a(0) + sym + a(1);
    } else if (op == "maximumf" || op == "minimumf") {
      expr = "(" + a(0) + " != " + a(0) + " || " + a(1) + " != " + a(1) +
             ") ? __uint_as_float(0x7fc00000u) : " +
             (op == "maximumf" ? "fmaxf(" : "fminf(") + a(0) + ", " + a(1) +
             ")";
    } else if (op == "maxnumf" || op == "minnumf") {
      expr = (op == "maxnumf" ? "fmaxf(" : "fminf(") + a(0) + ", " + a(1) + ")";
    } else if (op == "negf") {
      expr = "-" + a(0);
    } else if (op == "truncf" || op == "extf") {
      expr = a(0);
    } else if (op == "cmpf") {
      s << "  bool v" << v++ << " = " << comparison(st.predicate, a(0), a(1))
        << ";\n";
      continue;
    } else if (op == "select") {
      expr = a(0) + " ? " + a(1) + " : " + a(2);
    } else if (op == "math.fma") {
      expr = "fmaf(" + a(0) + ", " + a(1) + ", " + a(2) + ")";
    } else {
      // math.exp, tanh, erf, sqrt, rsqrt, absf: CUDA's accurate functions.
      std::string name = op.substr(5);
      expr = (name == "absf" ? std::string("fabsf") : name + "f") + "(" +
             a(0) + ")";
    }
    s << "  float v" << v++ << " = " << rounded(st.type, "(" + expr + ")")
      << ";\n";
  }
  s << "  return v" << e.result << ";\n}\n";
  return s.str();
}
} // namespace

std::string tilerun::getEpilogueKernelSource(const EpilogueSpec &e,
                                             ElementType cType) {
  std::ostringstream s;
  s << "// A fused epilogue's program as a separate kernel (tile-run).\n"
    << "// C = " << e.expression << "\n"
    << kPrelude << program(e);
  constexpr int vec = kEpilogueKernelVector;
  s << "extern \"C\" __global__ void " << kEpilogueKernelName << "(const "
    << storage(cType) << " *__restrict__ c, " << storage(e.outType)
    << " *__restrict__ out";
  for (size_t i = 0; i < e.inputs.size(); ++i)
    s << ", const " << storage(e.inputs[i].type) << " *__restrict__ e"
      << i + 1;
  s << ", long long m, long long n) {\n"
    // A batch on the grid's z: its matrices (and its batched inputs').
    << "  c += blockIdx.z * m * n;\n"
    << "  out += blockIdx.z * m * n;\n";
  for (size_t i = 0; i < e.inputs.size(); ++i)
    if (e.inputs[i].batched)
      s << "  e" << i + 1 << " += blockIdx.z * "
        << (e.inputs[i].index == "mn"  ? "m * n"
            : e.inputs[i].index == "n" ? "n"
                                       : "m")
        << ";\n";
  s << "  const bool whole = n % " << vec << " == 0;\n"
    << "  for (long long row = blockIdx.y; row < m; row += gridDim.y)\n"
    << "    for (long long col = ((long long)blockIdx.x * blockDim.x + "
       "threadIdx.x) * "
    << vec << "; col < n;\n"
    << "         col += (long long)gridDim.x * blockDim.x * " << vec << ") {\n"
    << "      const long long at = row * n + col;\n"
    << "      float x[" << vec << "], y[" << vec << "];\n";
  // Each input's elements for the 8 columns (a row's input: one value).
  std::string args;
  for (size_t i = 0; i < e.inputs.size(); ++i) {
    const EpilogueInputSpec &in = e.inputs[i];
    std::string name = "e" + std::to_string(i + 1);
    const char *t = suffix(in.type);
    if (in.index == "m") {
      s << "      const float a" << i + 1 << " = load_" << t << "(" << name
        << "[row]);\n";
      args += ", a" + std::to_string(i + 1);
      continue;
    }
    std::string offset = in.index == "mn" ? "at" : "col";
    s << "      float a" << i + 1 << "[" << vec << "];\n"
      << "      if (whole) load8_" << t << "(" << name << " + " << offset
      << ", a" << i + 1 << ");\n"
      << "      else for (int j = 0; j < " << vec << "; ++j) if (col + j < n) a"
      << i + 1 << "[j] = load_" << t << "(" << name << "[" << offset
      << " + j]);\n";
    args += ", a" + std::to_string(i + 1) + "[j]";
  }
  const char *ct = suffix(cType), *ot = suffix(e.outType);
  s << "      if (whole) load8_" << ct << "(c + at, x);\n"
    << "      else for (int j = 0; j < " << vec
    << "; ++j) if (col + j < n) x[j] = load_" << ct << "(c[at + j]);\n"
    << "#pragma unroll\n"
    << "      for (int j = 0; j < " << vec << "; ++j) y[j] = program(x[j]"
    << args << ");\n"
    << "      if (whole) store8_" << ot << "(out + at, y);\n"
    << "      else for (int j = 0; j < " << vec
    << "; ++j) if (col + j < n) out[at + j] = store_" << ot << "(y[j]);\n"
    << "    }\n}\n";
  return s.str();
}

bool tilerun::compileKernelSource(const std::string &source, int cc,
                                  std::string &ptx, std::string &error) {
#if !TILERUN_HAVE_NVRTC
  (void)source, (void)cc, (void)ptx;
  error = "tile-run was built without NVRTC";
  return false;
#else
  nvrtcProgram prog;
  nvrtcResult r = nvrtcCreateProgram(&prog, source.c_str(), "epilogue.cu", 0,
                                     nullptr, nullptr);
  if (r != NVRTC_SUCCESS) {
    error = std::string("nvrtcCreateProgram: ") + nvrtcGetErrorString(r);
    return false;
  }
  std::string arch = "--gpu-architecture=compute_" + std::to_string(cc);
  const char *options[] = {arch.c_str(), "--std=c++17"};
  r = nvrtcCompileProgram(prog, 2, options);
  bool ok = r == NVRTC_SUCCESS;
  if (!ok) {
    size_t size = 0;
    nvrtcGetProgramLogSize(prog, &size);
    std::string log(size, '\0');
    nvrtcGetProgramLog(prog, log.data());
    error = std::string("NVRTC: ") + nvrtcGetErrorString(r) + "\n" + log;
  } else {
    size_t size = 0;
    nvrtcGetPTXSize(prog, &size);
    ptx.assign(size, '\0');
    nvrtcGetPTX(prog, ptx.data());
  }
  nvrtcDestroyProgram(&prog);
  return ok;
#endif
}
