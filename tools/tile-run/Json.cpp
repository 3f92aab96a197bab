//===- Json.cpp - tile-run's JSON helpers --------------------------------===//
//
// See Json.h.
//
//===----------------------------------------------------------------------===//
#include "Json.h"

#include <cstdint>
#include <limits>
#include <regex>

using namespace tilerun;

namespace {
/// Thrown by the parse callback when the nesting passes kMaxJsonDepth.
struct TooDeep {};
} // namespace

bool tilerun::parseJson(const std::string &text, Json &out,
                        std::string &error) {
  try {
    out = Json::parse(text, [](int depth, Json::parse_event_t, Json &) {
      if (depth > kMaxJsonDepth)
        throw TooDeep{};
      return true;
    });
    return true;
  } catch (const TooDeep &) {
    error = "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels";
  } catch (const Json::parse_error &e) {
    // "[json.exception.parse_error.101] parse error at line 3, column 1:
    // syntax error while parsing ..." -> "line 3, column 1: syntax error
    // while parsing ...".
    std::string what = e.what();
    std::smatch at;
    if (std::regex_search(what, at, std::regex("line [0-9]+, column [0-9]+: ")))
      error = what.substr(at.position(0));
    else
      error = what;
  }
  return false;
}

const Json *tilerun::findMember(const Json &object, const std::string &key) {
  if (!object.is_object())
    return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

bool tilerun::isInt64(const Json &value) {
  if (value.is_number_unsigned())
    return value.get<uint64_t>() <=
           uint64_t(std::numeric_limits<int64_t>::max());
  return value.is_number_integer();
}
