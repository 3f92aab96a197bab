//===- ElementType.cpp - The element types tile-run runs ------------------===//
#include "ElementType.h"

using namespace tilerun;

std::optional<ElementType> tilerun::parseElementType(const std::string &name) {
  if (name == "f32")
    return ElementType::F32;
  if (name == "f16")
    return ElementType::F16;
  if (name == "bf16")
    return ElementType::BF16;
  return std::nullopt;
}

const char *tilerun::elementTypeName(ElementType type) {
  switch (type) {
  case ElementType::F32:
    return "f32";
  case ElementType::F16:
    return "f16";
  case ElementType::BF16:
    return "bf16";
  }
  return "?";
}

int64_t tilerun::elementBytes(ElementType type) {
  return type == ElementType::F32 ? 4 : 2;
}

double tilerun::roundingUnit(ElementType type) {
  switch (type) {
  case ElementType::F32:
    return 0x1.0p-24;
  case ElementType::F16:
    return 0x1.0p-11;
  case ElementType::BF16:
    return 0x1.0p-8;
  }
  return 1.0;
}
