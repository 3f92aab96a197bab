//===- ReportJson.cpp - The tiling report as JSON ------------------------===//
//
// `toJson` of the tiling report (see Report.h; the fields: docs/report.md).
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/Report.h"

using namespace mlir;
using namespace mlir::tileopt;
namespace json = llvm::json;

static json::Value packedCopies(const PackPlan &pack) {
  json::Array copies;
  for (const PackedCopy &copy : pack.copies)
    copies.push_back(json::Object{{"operand", copy.operand ? "B" : "A"},
                                  {"part", stringifyCopyPart(copy.part)},
                                  {"transposed", copy.transposed},
                                  {"rows", copy.rows},
                                  {"cols", copy.cols},
                                  {"row_pitch", copy.pitch},
                                  {"offset_bytes", copy.offset}});
  return copies;
}

static json::Value planToJson(const KernelPlan &plan) {
  auto copy = [](const OperandCopy &c) {
    return json::Object{{"copier", stringifyCopyKind(c.copier)},
                        {"layout", stringifyPanelLayout(c.layout)},
                        {"vector_elements", c.width}};
  };
  json::Array args;
  for (const KernelArgument &arg : plan.arguments)
    args.push_back(describeKernelArgument(arg));
  return json::Object{
      {"grid", json::Array{plan.grid[0], plan.grid[1], plan.grid[2]}},
      {"block", json::Array{plan.block[0], plan.block[1], plan.block[2]}},
      {"copy",
       json::Object{{"a", copy(plan.copy[0])}, {"b", copy(plan.copy[1])}}},
      {"restage_a", plan.restageA},
      {"pack_b", plan.config.getPackB()},
      {"precision", stringifyPrecision(plan.config.getPrecision())},
      {"k_loop", stringifyKLoopKind(plan.loop)},
      {"stages", plan.stages},
      {"instruction_tile", getInstructionTileTraits(plan.instructionTile).name},
      {"tile_scheduler", stringifyTileSchedulerKind(plan.scheduler)},
      {"epilogue", stringifyEpilogueKind(plan.epilogue)},
      {"rows_passes", plan.rowsPasses},
      {"arguments", std::move(args)}};
}

static json::Value sharedToJson(const SharedMemoryLayout &layout) {
  json::Array slots;
  for (const SharedSlot &slot : layout.slots)
    slots.push_back(json::Object{{"name", slot.name},
                                 {"offset", slot.offset},
                                 {"bytes", slot.bytes},
                                 {"alignment", slot.alignment},
                                 {"aliases", slot.aliases}});
  return json::Object{{"dynamic", layout.dynamic},
                      {"panel_bytes", layout.panelBytes},
                      {"mbarrier_bytes", layout.barrierBytes},
                      {"slots", std::move(slots)}};
}

/// The wgmma tile's warpgroups and the registers of each role: with a
/// producer warpgroup, what `setmaxnreg` gives the producer and the
/// consumers; without, every warpgroup computes at the estimate. Null for
/// the FMA tile.
static json::Value warpgroupsToJson(ConfigAttr config,
                                    const ConfigResources &resources) {
  if (!config.isWgmma())
    return nullptr;
  int64_t consumers = config.getConsumerWarpgroups();
  bool producer = config.isWarpSpecialized();
  return json::Object{
      {"consumers", consumers},
      {"producer", producer ? 1 : 0},
      {"producer_registers",
       producer ? json::Value(kProducerRegisters) : json::Value(nullptr)},
      {"consumer_registers",
       producer ? json::Value(getConsumerRegisters(consumers))
                : json::Value(nullptr)},
      {"estimated_consumer_registers", resources.estimatedRegisters}};
}

json::Value mlir::tileopt::toJson(const TileReport &r) {
  std::string configText;
  llvm::raw_string_ostream os(configText);
  Attribute(r.config).print(os);
  json::Object occupancy;
  if (r.hasTarget) {
    json::Object limits;
    for (const TileReport::Limit &l : r.limits)
      limits[l.name] = l.blocks;
    occupancy = json::Object{
        {"blocks_per_sm_by_limit", std::move(limits)},
        {"blocks_per_sm", r.ctasPerSM},
        {"binding_limit", r.bindingLimit},
        {"warps_per_sm", r.warpsPerSM},
        {"occupancy", double(r.warpsPerSM) / r.maxWarpsPerSM},
    };
  }
  json::Array violations, warnings;
  for (const std::string &v : r.violations)
    violations.push_back(v);
  for (const std::string &w : r.warnings)
    warnings.push_back(w);
  return json::Object{
      {"problem", json::Object{{"m", r.m},
                               {"n", r.n},
                               {"k", r.k},
                               {"batch", r.batch},
                               {"element_type", r.elementType},
                               {"element_bytes", r.elementBytes},
                               {"transpose_a", r.layout.transposeA},
                               {"transpose_b", r.layout.transposeB}}},
      {"config", configText},
      {"chip", r.hasTarget ? json::Value(r.chip) : json::Value(nullptr)},
      {"flops",
       json::Object{{"useful", r.usefulFlops},
                    {"executed", r.executedFlops},
                    {"waste_percent", r.wastePercent()},
                    {"padding", json::Object{{"rows", r.paddingRowsFlops},
                                             {"columns", r.paddingColsFlops},
                                             {"k", r.paddingKFlops}}},
                    {"tiles", json::Object{{"full", r.fullTiles},
                                           {"right_edge", r.rightEdgeTiles},
                                           {"bottom_edge", r.bottomEdgeTiles},
                                           {"corner", r.cornerTiles}}}}},
      {"k_step", json::Object{{"bytes_staged", r.kStepBytes},
                              {"bytes_fetched", r.kStepFetchedBytes},
                              {"flops", r.kStepFlops},
                              {"flop_per_byte", r.kStepFlopPerByte()}}},
      {"kernel", json::Object{{"global_bytes_without_reuse", r.kernelBytes},
                              {"flop_per_byte", r.kernelFlopPerByte()}}},
      {"naive", json::Object{{"flop_per_byte", r.naiveFlopPerByte}}},
      {"fused_epilogue",
       r.epilogue ? json::Value(json::Object{
                        {"expression", r.epilogue->expression},
                        {"ops_per_element", r.epilogue->opsPerElement},
                        {"flops", r.epilogue->flops},
                        {"input_bytes", r.epilogue->inputBytes},
                        {"saved_bytes", r.epilogue->savedBytes}})
                  : json::Value(nullptr)},
      {"registers", json::Object{{"shared_values_per_k", r.smemValuesPerK},
                                 {"fmas_per_k", r.fmasPerK},
                                 {"fmas_per_shared_value",
                                  double(r.fmasPerK) / r.smemValuesPerK}}},
      {"resources",
       json::Object{
           {"threads", r.resources.threads},
           {"shared_bytes", r.resources.sharedBytes},
           {"stages", r.config.getStages()},
           {"accumulators_per_thread", r.resources.accumulatorsPerThread},
           {"estimated_registers", r.resources.estimatedRegisters},
           {"ptxas_registers", r.ptxasRegisters ? json::Value(*r.ptxasRegisters)
                                                : json::Value(nullptr)}}},
      {"warpgroups", warpgroupsToJson(r.config, r.resources)},
      {"shared_memory",
       r.shared ? sharedToJson(*r.shared) : json::Value(nullptr)},
      {"plan", r.plan ? planToJson(*r.plan)
               : r.planError.empty()
                   ? json::Value(nullptr)
                   : json::Value(json::Object{{"error", r.planError}})},
      {"occupancy",
       r.hasTarget ? json::Value(std::move(occupancy)) : json::Value(nullptr)},
      {"waves", r.hasTarget
                    ? json::Value(json::Object{
                          {"ctas", r.ctas},
                          {"sms", r.numSMs},
                          {"waves_at_one_block_per_sm", r.wavesOneCtaPerSM},
                          {"waves", r.waves},
                          {"efficiency", r.waveEfficiency}})
                    : json::Value(nullptr)},
      {"tile_order",
       r.waveFootprint ? json::Value(json::Object{
                             {"order", stringifyTileOrder(
                                           r.config.getSchedule().getOrder())},
                             {"group", r.config.getTileGroup()},
                             {"wave_blocks", r.waveBlocks},
                             {"wave_tile_rows", r.waveFootprint->tileRows},
                             {"wave_tile_cols", r.waveFootprint->tileCols}})
                       : json::Value(nullptr)},
      {"stream_k",
       r.streamK ? json::Value(json::Object{
                       {"blocks", r.streamK->blocks},
                       {"grid", r.streamK->grid},
                       {"persistent", r.streamK->persistent},
                       {"k_steps", r.streamK->steps},
                       {"k_steps_per_tile", r.streamK->stepsPerTile},
                       {"max_tiles_per_block", r.streamK->maxSegments},
                       {"parts_first", r.streamK->partsFirst},
                       {"data_parallel_tiles", r.streamK->dataParallelTiles},
                       {"tail_split", r.streamK->split},
                       {"workspace_bytes", r.streamK->workspaceBytes}})
                 : json::Value(nullptr)},
      {"pack",
       r.pack ? json::Value(json::Object{{"blocks", r.pack->blocks},
                                         {"packers", r.pack->packers},
                                         {"copies", packedCopies(*r.pack)},
                                         {"workspace_bytes", r.workspaceBytes},
                                         {"bytes_moved", r.packBytesMoved}})
              : json::Value(nullptr)},
      {"floors",
       r.hasFloors() ? json::Value(json::Object{
                           {"fp32_peak_flop_per_s", r.peakFlopsPerSecond()},
                           {"peak_instruction", (r.floorsRate->instruction +
                                                 " " + r.floorsRate->operands)
                                                    .str()},
                           {"memory_bytes_per_s", r.memoryBytesPerSecond()},
                           {"ridge_flop_per_byte", r.ridgeFlopPerByte()},
                           {"compute_us", 1e6 * r.computeFloor()},
                           {"useful_compute_us", 1e6 * r.usefulFloor()},
                           {"grid_us", r.waveEfficiency > 0
                                           ? json::Value(1e6 * r.gridFloor())
                                           : json::Value(nullptr)},
                           {"memory_us", 1e6 * r.memoryFloor()},
                           {"pack_us", r.pack ? json::Value(1e6 * r.packFloor())
                                              : json::Value(nullptr)},
                           {"bound", r.bound()}})
                     : json::Value(nullptr)},
      {"violations", std::move(violations)},
      {"warnings", std::move(warnings)},
  };
}
