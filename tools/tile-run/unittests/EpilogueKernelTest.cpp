//===- EpilogueKernelTest.cpp - The separate epilogue kernel's source ----===//
//
// The anchor's kernel is generated from the manifest's program and compiled
// by NVRTC, which needs no GPU: every op the manifest may hold must compile,
// for each storage type, with the vector path and the row-length fallback.
//
//===----------------------------------------------------------------------===//
#include "EpilogueKernel.h"

#include <gtest/gtest.h>

using namespace tilerun;

namespace {
EpilogueSpec parse(const std::string &text) {
  EpilogueSpec e;
  std::string error;
  EXPECT_TRUE(parseEpilogue(Json::parse(text), "e", e, error)) << error;
  return e;
}

std::string compile(const EpilogueSpec &e, ElementType c) {
  std::string ptx, error;
  EXPECT_TRUE(compileKernelSource(getEpilogueKernelSource(e, c), 90, ptx,
                                  error))
      << error << "\n"
      << getEpilogueKernelSource(e, c);
  return ptx;
}
} // namespace

TEST(EpilogueKernel, CompilesGeluWithABiasToF16) {
  // f16(gelu_tanh(x + E1[n])) on an f32 C: 16-byte loads of C (two per 8
  // elements) and of the bias, one 16-byte store of 8 f16 outputs.
  EpilogueSpec e = parse(R"({"inputs": [
      {"name": "E1", "index": "n", "element_type": "f32"}], "steps": [
      {"op": "addf", "operands": [0, 1], "type": "f32"},
      {"op": "math.tanh", "operands": [2], "type": "f32"},
      {"op": "truncf", "operands": [3], "type": "f16"}],
      "result": 4, "output_type": "f16"})");
  std::string source = getEpilogueKernelSource(e, ElementType::F32);
  EXPECT_NE(source.find("float v3 = (tanhf(v2));"), std::string::npos)
      << source;
  EXPECT_NE(source.find("float v4 = round_f16((v3));"), std::string::npos);
  EXPECT_NE(source.find("load8_f32(e1 + col, a1)"), std::string::npos);
  std::string ptx = compile(e, ElementType::F32);
  EXPECT_NE(ptx.find(".entry tile_run_epilogue"), std::string::npos);
  EXPECT_NE(ptx.find("ld.global.nc.v4.f32"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("st.global.v4.u32"), std::string::npos) << ptx;
  EXPECT_EQ(ptx.find("call"), std::string::npos) << "math inlined";
}

TEST(EpilogueKernel, StepsThroughABatch) {
  // A batch on the grid's z: C, the output and a batched bias advance by
  // a batch's matrix or vector; an input for every batch stays.
  EpilogueSpec e = parse(R"({"inputs": [
      {"name": "E1", "index": "n", "element_type": "f32", "batched": true},
      {"name": "E2", "index": "mn", "element_type": "f16"}], "steps": [
      {"op": "addf", "operands": [0, 1], "type": "f32"},
      {"op": "extf", "operands": [2], "type": "f32"},
      {"op": "addf", "operands": [3, 4], "type": "f32"}],
      "result": 5, "output_type": "f32"})");
  std::string source = getEpilogueKernelSource(e, ElementType::F32);
  EXPECT_NE(source.find("c += blockIdx.z * m * n;"), std::string::npos)
      << source;
  EXPECT_NE(source.find("out += blockIdx.z * m * n;"), std::string::npos);
  EXPECT_NE(source.find("e1 += blockIdx.z * n;"), std::string::npos);
  EXPECT_EQ(source.find("e2 +="), std::string::npos);
  EXPECT_NE(compile(e, ElementType::F32).find(".entry tile_run_epilogue"),
            std::string::npos);
}

TEST(EpilogueKernel, CompilesEveryOp) {
  // Every op of docs/manifest.md on bf16 C with a residual (bf16), a row
  // vector (f16) and a bf16 output.
  EpilogueSpec e = parse(R"({"inputs": [
      {"name": "E1", "index": "mn", "element_type": "bf16"},
      {"name": "E2", "index": "m", "element_type": "f16"}], "steps": [
      {"op": "constant", "operands": [], "type": "f32", "value": 0.5},
      {"op": "extf", "operands": [0], "type": "f32"},
      {"op": "addf", "operands": [4, 1], "type": "f32"},
      {"op": "subf", "operands": [5, 2], "type": "f32"},
      {"op": "mulf", "operands": [6, 3], "type": "f32"},
      {"op": "divf", "operands": [7, 3], "type": "f32"},
      {"op": "maximumf", "operands": [8, 3], "type": "f32"},
      {"op": "minimumf", "operands": [9, 3], "type": "f32"},
      {"op": "maxnumf", "operands": [10, 3], "type": "f32"},
      {"op": "minnumf", "operands": [11, 3], "type": "f32"},
      {"op": "negf", "operands": [12], "type": "f32"},
      {"op": "math.exp", "operands": [13], "type": "f32"},
      {"op": "math.erf", "operands": [14], "type": "f32"},
      {"op": "math.absf", "operands": [15], "type": "f32"},
      {"op": "math.sqrt", "operands": [16], "type": "f32"},
      {"op": "math.rsqrt", "operands": [17], "type": "f32"},
      {"op": "math.fma", "operands": [18, 3, 3], "type": "f32"},
      {"op": "cmpf", "operands": [19, 3], "type": "i1", "predicate": "one"},
      {"op": "select", "operands": [20, 19, 3], "type": "f32"},
      {"op": "truncf", "operands": [21], "type": "bf16"}],
      "result": 22, "output_type": "bf16"})");
  std::string source = getEpilogueKernelSource(e, ElementType::BF16);
  EXPECT_NE(source.find("bool v20 = (!(v19 != v19 || v3 != v3) && (v19 != "
                        "v3));"),
            std::string::npos)
      << source;
  EXPECT_NE(source.find("const float a2 = load_f16(e2[row]);"),
            std::string::npos);
  EXPECT_NE(source.find("load8_bf16(e1 + at, a1)"), std::string::npos);
  compile(e, ElementType::BF16);
}
