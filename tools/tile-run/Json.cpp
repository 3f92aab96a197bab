//===- Json.cpp - Minimal JSON for tile-run -------------------------------===//
//
// A recursive-descent JSON parser (RFC 8259 values; \uXXXX escapes in the
// Basic Multilingual Plane) and a pretty printer.
//
//===----------------------------------------------------------------------===//
#include "Json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

using namespace tilerun;

bool Json::isInteger() const {
  return kind_ == Kind::Number && std::isfinite(number_) &&
         std::floor(number_) == number_ && std::fabs(number_) < 9.0e15;
}

const Json *Json::find(const std::string &key) const {
  if (kind_ != Kind::Object)
    return nullptr;
  for (const auto &m : object_)
    if (m.first == key)
      return &m.second;
  return nullptr;
}

Json &Json::set(const std::string &key, Json v) {
  for (auto &m : object_)
    if (m.first == key) {
      m.second = std::move(v);
      return m.second;
    }
  object_.emplace_back(key, std::move(v));
  return object_.back().second;
}

static void escape(std::ostringstream &os, const std::string &s) {
  os << '"';
  for (unsigned char c : s) {
    switch (c) {
    case '"': os << "\\\""; break;
    case '\\': os << "\\\\"; break;
    case '\n': os << "\\n"; break;
    case '\t': os << "\\t"; break;
    case '\r': os << "\\r"; break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        os << buf;
      } else {
        os << c;
      }
    }
  }
  os << '"';
}

static void dumpTo(const Json &j, std::ostringstream &os, int indent) {
  std::string pad(indent + 2, ' '), closePad(indent, ' ');
  switch (j.kind()) {
  case Json::Kind::Null: os << "null"; break;
  case Json::Kind::Bool: os << (j.asBool() ? "true" : "false"); break;
  case Json::Kind::Number: {
    double v = j.asNumber();
    if (!std::isfinite(v)) {
      os << "null";
    } else if (j.isInteger()) {
      os << static_cast<long long>(v);
    } else {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.9g", v);
      os << buf;
    }
    break;
  }
  case Json::Kind::String: escape(os, j.asString()); break;
  case Json::Kind::Array:
    if (j.items().empty()) { os << "[]"; break; }
    os << "[\n";
    for (size_t i = 0; i < j.items().size(); ++i) {
      os << pad;
      dumpTo(j.items()[i], os, indent + 2);
      os << (i + 1 < j.items().size() ? ",\n" : "\n");
    }
    os << closePad << "]";
    break;
  case Json::Kind::Object:
    if (j.members().empty()) { os << "{}"; break; }
    os << "{\n";
    for (size_t i = 0; i < j.members().size(); ++i) {
      os << pad;
      escape(os, j.members()[i].first);
      os << ": ";
      dumpTo(j.members()[i].second, os, indent + 2);
      os << (i + 1 < j.members().size() ? ",\n" : "\n");
    }
    os << closePad << "}";
    break;
  }
}

std::string Json::dump(int indent) const {
  std::ostringstream os;
  dumpTo(*this, os, indent);
  return os.str();
}

namespace {
class Parser {
public:
  explicit Parser(const std::string &text) : s_(text) {}

  bool parseDocument(Json &out, std::string &error) {
    skipSpace();
    if (!parseValue(out, 0))
      return fail(error);
    skipSpace();
    if (pos_ != s_.size()) {
      message_ = "unexpected text after the JSON value";
      return fail(error);
    }
    return true;
  }

private:
  bool fail(std::string &error) {
    size_t line = 1, col = 1;
    for (size_t i = 0; i < pos_ && i < s_.size(); ++i) {
      if (s_[i] == '\n') { ++line; col = 1; } else { ++col; }
    }
    error = "line " + std::to_string(line) + ", column " +
            std::to_string(col) + ": " + message_;
    return false;
  }
  bool err(const std::string &m) { message_ = m; return false; }
  void skipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' ||
                                s_[pos_] == '\t' || s_[pos_] == '\r'))
      ++pos_;
  }
  bool literal(const char *word) {
    size_t n = std::char_traits<char>::length(word);
    if (s_.compare(pos_, n, word) != 0)
      return false;
    pos_ += n;
    return true;
  }

  bool parseValue(Json &out, int depth) {
    if (depth > 64)
      return err("nesting deeper than 64 levels");
    if (pos_ >= s_.size())
      return err("unexpected end of input");
    char c = s_[pos_];
    if (c == '{') return parseObject(out, depth);
    if (c == '[') return parseArray(out, depth);
    if (c == '"') {
      std::string str;
      if (!parseString(str)) return false;
      out = Json(std::move(str));
      return true;
    }
    if (literal("true")) { out = Json(true); return true; }
    if (literal("false")) { out = Json(false); return true; }
    if (literal("null")) { out = Json(nullptr); return true; }
    if (c == '-' || (c >= '0' && c <= '9')) return parseNumber(out);
    return err(std::string("unexpected character '") + c + "'");
  }

  bool parseNumber(Json &out) {
    size_t start = pos_;
    if (s_[pos_] == '-') ++pos_;
    auto digits = [&]() {
      size_t d = pos_;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
      return pos_ > d;
    };
    if (!digits()) return err("malformed number");
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      if (!digits()) return err("malformed number");
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (!digits()) return err("malformed number");
    }
    out = Json(std::strtod(s_.substr(start, pos_ - start).c_str(), nullptr));
    return true;
  }

  bool parseString(std::string &out) {
    ++pos_; // opening quote
    while (true) {
      if (pos_ >= s_.size()) return err("unterminated string");
      char c = s_[pos_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20)
        return err("control character in string");
      if (c != '\\') { out += c; continue; }
      if (pos_ >= s_.size()) return err("unterminated string");
      char e = s_[pos_++];
      switch (e) {
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      case '/': out += '/'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        if (pos_ + 4 > s_.size()) return err("truncated \\u escape");
        unsigned code = 0;
        for (int i = 0; i < 4; ++i) {
          char h = s_[pos_++];
          code <<= 4;
          if (h >= '0' && h <= '9') code |= h - '0';
          else if (h >= 'a' && h <= 'f') code |= h - 'a' + 10;
          else if (h >= 'A' && h <= 'F') code |= h - 'A' + 10;
          else return err("bad hex digit in \\u escape");
        }
        if (code < 0x80) {
          out += static_cast<char>(code);
        } else if (code < 0x800) {
          out += static_cast<char>(0xC0 | (code >> 6));
          out += static_cast<char>(0x80 | (code & 0x3F));
        } else {
          out += static_cast<char>(0xE0 | (code >> 12));
          out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
          out += static_cast<char>(0x80 | (code & 0x3F));
        }
        break;
      }
      default: return err(std::string("bad escape '\\") + e + "'");
      }
    }
  }

  bool parseArray(Json &out, int depth) {
    ++pos_;
    out = Json::array();
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == ']') { ++pos_; return true; }
    while (true) {
      skipSpace();
      Json item;
      if (!parseValue(item, depth + 1)) return false;
      out.push(std::move(item));
      skipSpace();
      if (pos_ >= s_.size()) return err("unterminated array");
      if (s_[pos_] == ',') { ++pos_; continue; }
      if (s_[pos_] == ']') { ++pos_; return true; }
      return err("expected ',' or ']' in array");
    }
  }

  bool parseObject(Json &out, int depth) {
    ++pos_;
    out = Json::object();
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == '}') { ++pos_; return true; }
    while (true) {
      skipSpace();
      if (pos_ >= s_.size() || s_[pos_] != '"')
        return err("expected a string key in object");
      std::string key;
      if (!parseString(key)) return false;
      skipSpace();
      if (pos_ >= s_.size() || s_[pos_] != ':')
        return err("expected ':' after object key");
      ++pos_;
      skipSpace();
      Json value;
      if (!parseValue(value, depth + 1)) return false;
      out.set(key, std::move(value));
      skipSpace();
      if (pos_ >= s_.size()) return err("unterminated object");
      if (s_[pos_] == ',') { ++pos_; continue; }
      if (s_[pos_] == '}') { ++pos_; return true; }
      return err("expected ',' or '}' in object");
    }
  }

  const std::string &s_;
  size_t pos_ = 0;
  std::string message_;
};
} // namespace

bool Json::parse(const std::string &text, Json &out, std::string &error) {
  return Parser(text).parseDocument(out, error);
}
