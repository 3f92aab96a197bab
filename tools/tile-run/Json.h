//===- Json.h - Minimal JSON for tile-run -------------------------*- C++ -*-===//
//
// tile-run builds without LLVM (it must build on a GPU machine that has CUDA
// but no LLVM/MLIR), so it carries this small JSON reader/writer: enough for
// the kernel manifest it reads and the results it writes. Parse errors name
// the line and column.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_JSON_H
#define TILERUN_JSON_H

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tilerun {

class Json {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };

  Json() = default;
  Json(std::nullptr_t) {}
  Json(bool b) : kind_(Kind::Bool), bool_(b) {}
  Json(int v) : Json(static_cast<double>(v)) {}
  Json(int64_t v) : Json(static_cast<double>(v)) {}
  Json(double v) : kind_(Kind::Number), number_(v) {}
  Json(const char *s) : kind_(Kind::String), string_(s) {}
  Json(std::string s) : kind_(Kind::String), string_(std::move(s)) {}
  static Json array() { Json j; j.kind_ = Kind::Array; return j; }
  static Json object() { Json j; j.kind_ = Kind::Object; return j; }

  Kind kind() const { return kind_; }
  bool isNull() const { return kind_ == Kind::Null; }
  bool isBool() const { return kind_ == Kind::Bool; }
  bool isNumber() const { return kind_ == Kind::Number; }
  bool isString() const { return kind_ == Kind::String; }
  bool isArray() const { return kind_ == Kind::Array; }
  bool isObject() const { return kind_ == Kind::Object; }

  bool asBool() const { return bool_; }
  double asNumber() const { return number_; }
  /// True when the value is a number with an exact int64 value.
  bool isInteger() const;
  int64_t asInteger() const { return static_cast<int64_t>(number_); }
  const std::string &asString() const { return string_; }
  const std::vector<Json> &items() const { return array_; }
  const std::vector<std::pair<std::string, Json>> &members() const {
    return object_;
  }

  /// Object member lookup; nullptr when absent or not an object.
  const Json *find(const std::string &key) const;

  /// Builders.
  Json &push(Json v) { array_.push_back(std::move(v)); return array_.back(); }
  Json &set(const std::string &key, Json v);

  /// Serialises with two-space indentation.
  std::string dump(int indent = 0) const;

  /// Parses `text`. On error returns false and sets `error` to
  /// "line L, column C: message".
  static bool parse(const std::string &text, Json &out, std::string &error);

private:
  Kind kind_ = Kind::Null;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<Json> array_;
  std::vector<std::pair<std::string, Json>> object_;
};

} // namespace tilerun

#endif // TILERUN_JSON_H
