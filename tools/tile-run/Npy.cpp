//===- Npy.cpp - Matrices in NumPy's .npy format -------------------------===//
//
// See Npy.h. The header is a Python dict literal; only its three keys, in
// the forms NumPy writes them, are read.
//
//===----------------------------------------------------------------------===//
#include "Npy.h"

#include <cstring>
#include <fstream>
#include <regex>

using namespace tilerun;

static const char kMagic[] = "\x93NUMPY";

/// The element type of a .npy `descr`, if tile-run has one for it.
static bool typeOfDescr(const std::string &descr, ElementType &type) {
  if (descr == "<f4")
    type = ElementType::F32;
  else if (descr == "<f2")
    type = ElementType::F16;
  else if (descr == "<u2" || descr == "<i2" || descr == "|V2")
    type = ElementType::BF16;
  else
    return false;
  return true;
}

bool tilerun::readNpy(const std::string &path, NpyMatrix &out,
                      std::string &error, uint64_t maxBytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read '" + path + "'";
    return false;
  }
  auto fail = [&](const std::string &what) {
    error = "'" + path + "' is not a 2-D .npy matrix tile-run reads: " + what;
    return false;
  };
  char head[10];
  if (!in.read(head, 10) || std::memcmp(head, kMagic, 6) != 0)
    return fail("no .npy magic");
  int major = static_cast<unsigned char>(head[6]);
  uint32_t headerLen = static_cast<unsigned char>(head[8]) |
                       static_cast<unsigned char>(head[9]) << 8;
  if (major >= 2) {
    char more[2];
    if (!in.read(more, 2))
      return fail("truncated header");
    headerLen |= uint32_t(static_cast<unsigned char>(more[0])) << 16 |
                 uint32_t(static_cast<unsigned char>(more[1])) << 24;
  }
  if (major < 1 || major > 3 || headerLen > (1u << 16))
    return fail("unsupported format version or header size");
  std::string header(headerLen, '\0');
  if (!in.read(&header[0], headerLen))
    return fail("truncated header");

  std::smatch m;
  if (!std::regex_search(header, m,
                         std::regex("'descr':\\s*'([^']*)'")))
    return fail("no 'descr'");
  std::string descr = m[1];
  if (!typeOfDescr(descr, out.type))
    return fail("dtype '" + descr +
                "' (f32 is '<f4', f16 '<f2', bf16 its bits as '<u2')");
  if (!std::regex_search(header, m,
                         std::regex("'fortran_order':\\s*(True|False)")))
    return fail("no 'fortran_order'");
  if (m[1] == "True")
    return fail("Fortran order (save it C-ordered: np.ascontiguousarray)");
  if (!std::regex_search(header, m, std::regex("'shape':\\s*\\(([^)]*)\\)")))
    return fail("no 'shape'");
  std::smatch dims;
  std::string shape = m[1];
  if (!std::regex_match(shape, dims,
                        std::regex("\\s*([0-9]{1,10}),\\s*([0-9]{1,10}),?\\s*")))
    return fail("shape (" + shape + ") is not 2-D");
  out.rows = std::stoll(dims[1]);
  out.cols = std::stoll(dims[2]);
  uint64_t bytes = uint64_t(out.rows) * uint64_t(out.cols) *
                   uint64_t(elementBytes(out.type));
  if (bytes > maxBytes)
    return fail("larger than " + std::to_string(maxBytes) + " bytes");
  out.bytes.resize(bytes);
  if (bytes && !in.read(reinterpret_cast<char *>(out.bytes.data()),
                        std::streamsize(bytes)))
    return fail("fewer data bytes than its shape (" + std::to_string(out.rows) +
                ", " + std::to_string(out.cols) + ") needs");
  if (in.peek() != std::ifstream::traits_type::eof())
    return fail("more data bytes than its shape needs");
  return true;
}

bool tilerun::writeNpy(const std::string &path, const NpyMatrix &matrix,
                       std::string &error) {
  const char *descr = matrix.type == ElementType::F32   ? "<f4"
                      : matrix.type == ElementType::F16 ? "<f2"
                                                        : "<u2";
  std::string header = "{'descr': '" + std::string(descr) +
                       "', 'fortran_order': False, 'shape': (" +
                       std::to_string(matrix.rows) + ", " +
                       std::to_string(matrix.cols) + "), }";
  // Padded with spaces and a newline so that the data starts at a multiple
  // of 64 bytes, as NumPy writes it.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header.push_back('\n');
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  char head[10] = {'\x93', 'N', 'U', 'M', 'P', 'Y', 1, 0,
                   static_cast<char>(header.size() & 0xff),
                   static_cast<char>(header.size() >> 8)};
  out.write(head, 10);
  out.write(header.data(), std::streamsize(header.size()));
  out.write(reinterpret_cast<const char *>(matrix.bytes.data()),
            std::streamsize(matrix.bytes.size()));
  if (!out) {
    error = "cannot write '" + path + "'";
    return false;
  }
  return true;
}

bool tilerun::loadUserInputs(const std::vector<std::string> &specs,
                             const KernelSpec &k, UserInputs &out,
                             std::string &error) {
  for (const std::string &spec : specs) {
    size_t eq = spec.find('=');
    std::string name = spec.substr(0, eq);
    if (eq == std::string::npos || (name != "A" && name != "B" && name != "C")) {
      error = "--input takes A=FILE, B=FILE or C=FILE, got '" + spec + "'";
      return false;
    }
    std::optional<NpyMatrix> &slot = name == "A" ? out.a
                                     : name == "B" ? out.b
                                                   : out.c;
    if (slot) {
      error = "--input gives " + name + " twice";
      return false;
    }
    if (name == "C" && !k.accumulate) {
      error = "--input C: kernel '" + k.name +
              "' computes C = A * B, which does not read C";
      return false;
    }
    NpyMatrix m;
    if (!readNpy(spec.substr(eq + 1), m, error))
      return false;
    auto [rows, cols] = name == "A"   ? k.storedA()
                        : name == "B" ? k.storedB()
                                      : std::pair(k.m, k.n);
    ElementType type = name == "C" ? k.cType : k.abType;
    if (m.rows != rows || m.cols != cols || m.type != type) {
      error = "--input " + name + ": kernel '" + k.name + "' reads " +
              std::to_string(rows) + "x" + std::to_string(cols) + " " +
              elementTypeName(type) + ", the file holds " +
              std::to_string(m.rows) + "x" + std::to_string(m.cols) + " " +
              elementTypeName(m.type);
      return false;
    }
    slot = std::move(m);
  }
  return true;
}
