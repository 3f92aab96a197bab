//===- Epilogue.cpp - A fused epilogue's program, in FP64 ----------------===//
//
// See Epilogue.h.
//
//===----------------------------------------------------------------------===//
#include "Epilogue.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace tilerun;

namespace {
/// The ops and their operand counts (as tile-opt's FusedEpilogue).
const std::map<std::string, size_t> &arities() {
  static const std::map<std::string, size_t> table = {
      {"constant", 0}, {"negf", 1},     {"truncf", 1},     {"extf", 1},
      {"math.exp", 1}, {"math.tanh", 1}, {"math.erf", 1},  {"math.sqrt", 1},
      {"math.rsqrt", 1}, {"math.absf", 1}, {"addf", 2},    {"subf", 2},
      {"mulf", 2},     {"divf", 2},     {"maximumf", 2},   {"minimumf", 2},
      {"maxnumf", 2},  {"minnumf", 2},  {"cmpf", 2},       {"select", 3},
      {"math.fma", 3}};
  return table;
}

bool compare(const std::string &p, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  if (p == "false")
    return false;
  if (p == "true")
    return true;
  if (p == "ord")
    return !unordered;
  if (p == "uno")
    return unordered;
  bool u = p[0] == 'u';
  if (unordered)
    return u;
  std::string rel = p.substr(1);
  if (rel == "eq")
    return a == b;
  if (rel == "gt")
    return a > b;
  if (rel == "ge")
    return a >= b;
  if (rel == "lt")
    return a < b;
  if (rel == "le")
    return a <= b;
  return a != b; // "ne"
}

const std::vector<std::string> kPredicates = {
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq",
    "ugt",   "uge", "ult", "ule", "une", "uno", "true"};
} // namespace

double EpilogueSpec::evaluate(double x, const std::vector<double> &in) const {
  std::vector<double> v;
  v.reserve(1 + in.size() + steps.size());
  v.push_back(x);
  v.insert(v.end(), in.begin(), in.end());
  for (const EpilogueStepSpec &s : steps) {
    auto a = [&](size_t i) { return v[s.operands[i]]; };
    const std::string &op = s.op;
    double r;
    if (op == "constant")
      r = s.value;
    else if (op == "negf")
      r = -a(0);
    else if (op == "truncf" || op == "extf")
      r = a(0);
    else if (op == "math.exp")
      r = std::exp(a(0));
    else if (op == "math.tanh")
      r = std::tanh(a(0));
    else if (op == "math.erf")
      r = std::erf(a(0));
    else if (op == "math.sqrt")
      r = std::sqrt(a(0));
    else if (op == "math.rsqrt")
      r = 1.0 / std::sqrt(a(0));
    else if (op == "math.absf")
      r = std::fabs(a(0));
    else if (op == "addf")
      r = a(0) + a(1);
    else if (op == "subf")
      r = a(0) - a(1);
    else if (op == "mulf")
      r = a(0) * a(1);
    else if (op == "divf")
      r = a(0) / a(1);
    else if (op == "maximumf")
      r = std::isnan(a(0)) || std::isnan(a(1)) ? NAN : std::max(a(0), a(1));
    else if (op == "minimumf")
      r = std::isnan(a(0)) || std::isnan(a(1)) ? NAN : std::min(a(0), a(1));
    else if (op == "maxnumf")
      r = std::fmax(a(0), a(1));
    else if (op == "minnumf")
      r = std::fmin(a(0), a(1));
    else if (op == "cmpf")
      r = compare(s.predicate, a(0), a(1)) ? 1 : 0;
    else if (op == "select")
      r = a(0) != 0 ? a(1) : a(2);
    else // math.fma
      r = a(0) * a(1) + a(2);
    v.push_back(r);
  }
  return v[result];
}

double EpilogueSpec::roundingUnit() const {
  double u = tilerun::roundingUnit(outType);
  for (const EpilogueStepSpec &s : steps)
    if (s.op != "constant" && s.op != "truncf" && s.op != "extf")
      if (std::optional<ElementType> t = parseElementType(s.type))
        u += std::max({tilerun::roundingUnit(*t), std::ldexp(1.0, -20),
                       s.relativeError});
  return u;
}

int64_t EpilogueSpec::ops() const {
  return std::count_if(steps.begin(), steps.end(), [](const auto &s) {
    return s.op != "constant";
  });
}

bool tilerun::parseEpilogue(const Json &j, const std::string &where,
                            EpilogueSpec &out, std::string &error) {
  auto fail = [&](const std::string &at, const std::string &what) {
    error = where + at + ": " + what;
    return false;
  };
  auto str = [](const Json &o, const char *key, std::string &s) {
    const Json *v = findMember(o, key);
    if (!v || !v->is_string())
      return false;
    s = v->get<std::string>();
    return true;
  };
  if (!j.is_object())
    return fail("", "expected an object");
  const Json *inputs = findMember(j, "inputs");
  const Json *steps = findMember(j, "steps");
  const Json *result = findMember(j, "result");
  std::string outType;
  if (!inputs || !inputs->is_array() || !steps || !steps->is_array() ||
      !result || !isInt64(*result) || !str(j, "output_type", outType))
    return fail("", "expected inputs and steps (arrays), result (an integer) "
                    "and output_type");
  std::optional<ElementType> ot = parseElementType(outType);
  if (!ot)
    return fail(".output_type", "unknown type '" + outType + "'");
  out.outType = *ot;
  str(j, "expression", out.expression);
  for (size_t i = 0; i < inputs->size(); ++i) {
    const Json &in = inputs->at(i);
    std::string at = ".inputs[" + std::to_string(i) + "]";
    EpilogueInputSpec spec;
    std::string type;
    if (!str(in, "name", spec.name) || !str(in, "index", spec.index) ||
        !str(in, "element_type", type))
      return fail(at, "expected name, index and element_type");
    std::optional<ElementType> t = parseElementType(type);
    if (!t || (spec.index != "mn" && spec.index != "n" && spec.index != "m") ||
        spec.name != "E" + std::to_string(i + 1))
      return fail(at, "expected E" + std::to_string(i + 1) +
                          " of index mn, n or m and type f32, f16 or bf16");
    spec.type = *t;
    // "batched" (optional, default false): one per batch.
    if (const Json *b = findMember(in, "batched")) {
      if (!b->is_boolean())
        return fail(at + ".batched", "expected true or false");
      spec.batched = b->get<bool>();
    }
    out.inputs.push_back(spec);
  }
  int64_t defined = 1 + int64_t(out.inputs.size());
  for (size_t i = 0; i < steps->size(); ++i) {
    const Json &s = steps->at(i);
    std::string at = ".steps[" + std::to_string(i) + "]";
    EpilogueStepSpec step;
    const Json *operands = findMember(s, "operands");
    if (!str(s, "op", step.op) || !str(s, "type", step.type) || !operands ||
        !operands->is_array())
      return fail(at, "expected op, operands and type");
    auto arity = arities().find(step.op);
    if (arity == arities().end())
      return fail(at + ".op", "op '" + step.op + "' is not known to tile-run");
    if (operands->size() != arity->second)
      return fail(at + ".operands", "expected " +
                                        std::to_string(arity->second) +
                                        " operands");
    for (const Json &o : *operands) {
      if (!isInt64(o) || o.get<int64_t>() < 0 || o.get<int64_t>() >= defined)
        return fail(at + ".operands", "expected values defined before");
      step.operands.push_back(o.get<int64_t>());
    }
    bool boolean = step.op == "cmpf";
    if (boolean ? step.type != "i1" : !parseElementType(step.type))
      return fail(at + ".type", "unexpected type '" + step.type + "'");
    if (step.op == "constant") {
      const Json *v = findMember(s, "value");
      if (!v || !v->is_number())
        return fail(at + ".value", "expected a number");
      step.value = v->get<double>();
    }
    if (const Json *r = findMember(s, "relative_error")) {
      if (!r->is_number() || r->get<double>() < 0 || r->get<double>() > 1)
        return fail(at + ".relative_error", "expected a number in [0, 1]");
      step.relativeError = r->get<double>();
    }
    if (boolean && (!str(s, "predicate", step.predicate) ||
                    std::find(kPredicates.begin(), kPredicates.end(),
                              step.predicate) == kPredicates.end()))
      return fail(at + ".predicate", "expected a cmpf predicate");
    out.steps.push_back(step);
    ++defined;
  }
  out.result = result->get<int64_t>();
  if (out.result < 0 || out.result >= defined)
    return fail(".result", "expected a value of the program");
  return true;
}

std::vector<double>
tilerun::applyEpilogue(const EpilogueSpec &e, const std::vector<double> &x,
                       const std::vector<std::vector<float>> &inputs,
                       int64_t m, int64_t n) {
  std::vector<double> out(x.size()), in(e.inputs.size());
  for (size_t at = 0; at < x.size(); ++at) {
    int64_t b = int64_t(at) / (m * n), r = int64_t(at) / n % m,
            c = int64_t(at) % n;
    for (size_t i = 0; i < in.size(); ++i)
      in[i] = inputs[i][e.inputs[i].at(b, r, c, m, n)];
    out[at] = e.evaluate(x[at], in);
  }
  return out;
}

double tilerun::epilogueTolerance(const EpilogueSpec &e,
                                  const std::vector<double> &x,
                                  const std::vector<std::vector<float>> &inputs,
                                  int64_t m, int64_t n, double xTolerance) {
  double change = 0, largest = 1;
  std::vector<double> in(e.inputs.size());
  for (size_t at = 0; at < x.size(); ++at) {
    int64_t b = int64_t(at) / (m * n), r = int64_t(at) / n % m,
            c = int64_t(at) % n;
    for (size_t i = 0; i < in.size(); ++i)
      in[i] = inputs[i][e.inputs[i].at(b, r, c, m, n)];
    double v = x[at], f = e.evaluate(v, in);
    largest = std::max(largest, std::fabs(f));
    for (double d : {-xTolerance, xTolerance})
      change = std::max(change, std::fabs(e.evaluate(v + d, in) - f));
  }
  return change + e.roundingUnit() * largest;
}
