//===- ElementType.h - The element types tile-run runs -----------*- C++
//-*-===//
//
// A and B share one type (f32, f16 or bf16); C is f32 when they are, else
// f16, bf16 or f32; products accumulate in f32 (the manifest's
// accumulator_type).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_ELEMENTTYPE_H
#define TILERUN_ELEMENTTYPE_H

#include <cstdint>
#include <optional>
#include <string>

namespace tilerun {

enum class ElementType { F32, F16, BF16 };

/// "f32", "f16", "bf16" (the manifest's MLIR spellings), or nullopt.
std::optional<ElementType> parseElementType(const std::string &name);
const char *elementTypeName(ElementType type);
int64_t elementBytes(ElementType type);
/// The unit roundoff of a value rounded to `type`: 2^-24, 2^-11, 2^-8.
double roundingUnit(ElementType type);

} // namespace tilerun

#endif // TILERUN_ELEMENTTYPE_H
