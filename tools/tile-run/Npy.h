//===- Npy.h - Matrices in NumPy's .npy format ---------------------*- C++ -*-===//
//
// tile-run --input and --output: a user's own A, B (and C for C += A * B)
// in, the kernel's C out, as 2-D, C-order, little-endian .npy files
// (format versions 1.0 to 3.0 read, 1.0 written). f32 is '<f4', f16 '<f2';
// NumPy has no bf16, so bf16 is its raw bits as '<u2' (also read from '<i2'
// and '|V2', as torch's view(torch.int16) and ml_dtypes save it).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_NPY_H
#define TILERUN_NPY_H

#include "ElementType.h"
#include "Manifest.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilerun {

struct NpyMatrix {
  int64_t rows = 0, cols = 0;
  ElementType type = ElementType::F32;
  std::vector<uint8_t> bytes; ///< rows * cols values, row-major
};

/// Reads a 2-D matrix from the .npy file `path` (at most `maxBytes` of
/// data). On error returns false with `error` saying what is wrong.
bool readNpy(const std::string &path, NpyMatrix &out, std::string &error,
             uint64_t maxBytes = uint64_t(1) << 40);

/// Writes `matrix` to `path` (replacing it). On error returns false.
bool writeNpy(const std::string &path, const NpyMatrix &matrix,
              std::string &error);

/// The matrices of `--input NAME=FILE` (NAME A, B or C), read and checked
/// against kernel `k`: A is M x K and B K x N of its operand type, C M x N
/// of its C type and only where it computes C += A * B. Each absent one is
/// generated from the seed as usual.
struct UserInputs {
  std::optional<NpyMatrix> a, b, c;
  bool empty() const { return !a && !b && !c; }
};
bool loadUserInputs(const std::vector<std::string> &specs,
                    const KernelSpec &k, UserInputs &out, std::string &error);

} // namespace tilerun

#endif // TILERUN_NPY_H
