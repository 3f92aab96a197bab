//===- ClockProbe.h - The SM clock at the end of timed runs -------*- C++
//-*-===//
//
// The clock a kernel ran at: one thread of a one-block kernel, launched
// right after the last timed run in the same stream, counts SM cycles
// (%clock64) against nanoseconds of the global timer (%globaltimer) over
// kProbeNs. The GPU's power management changes the clock over milliseconds,
// so the probe reads the clock the timed runs ended at; nvidia-smi's samples
// fall mostly between launches and read the idle boost clock instead
// (docs/results/2026-12-03-clocks.md). The probe's kernel is PTX, compiled
// by the driver when tile-run starts.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_CLOCKPROBE_H
#define TILERUN_CLOCKPROBE_H

#include "CudaDriver.h"

#include <cstdint>
#include <string>

namespace tilerun {

/// How long the probe counts cycles, in nanoseconds.
inline constexpr uint64_t kProbeNs = 50000;

/// MHz from `cycles` counted over `ns` nanoseconds (0 when ns is 0).
double clockMhz(uint64_t cycles, uint64_t ns);

class ClockProbe {
public:
  explicit ClockProbe(CudaDriver &drv) : drv(drv) {}
  ~ClockProbe();

  /// Compiles the probe and allocates its two-word result; on failure the
  /// probe stays unavailable and `error` says why.
  bool load(std::string &error);
  bool available() const { return fn != nullptr; }
  /// Launches the probe on the default stream (after the work queued there).
  bool launch();
  /// After the stream has synchronised: the SM clock the probe measured.
  bool read(double &mhz);

private:
  CudaDriver &drv;
  CUmodule module = nullptr;
  CUfunction fn = nullptr;
  CUdeviceptr result = 0;
};

} // namespace tilerun

#endif // TILERUN_CLOCKPROBE_H
