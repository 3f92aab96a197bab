//===- Json.h - tile-run's JSON: nlohmann/json ---------------------*- C++ -*-===//
//
// tile-run reads manifests and writes results with nlohmann/json (Debian's
// nlohmann-json3-dev, header-only), in its ordered form so that what it
// writes keeps the order it was built in. These helpers add what the
// manifest reader needs on top: parse errors as "line L, column C: ...",
// a nesting limit, member lookup without exceptions, and int64 checks.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_JSON_H
#define TILERUN_JSON_H

#include <nlohmann/json.hpp>

#include <string>

namespace tilerun {

using Json = nlohmann::ordered_json;

/// The deepest nesting parseJson accepts (a manifest nests 5 levels).
constexpr int kMaxJsonDepth = 64;

/// Parses `text` into `out`. On error returns false and sets `error` to
/// "line L, column C: message" (or "nesting deeper than 64 levels").
bool parseJson(const std::string &text, Json &out, std::string &error);

/// The member `key` of `object`; null when absent or not an object.
const Json *findMember(const Json &object, const std::string &key);

/// Whether `value` is an integer that int64 holds.
bool isInt64(const Json &value);

} // namespace tilerun

#endif // TILERUN_JSON_H
