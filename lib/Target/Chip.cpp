//===- Chip.cpp - The GPUs ck generates code for --------------------------===//

#include "ck/Target/Chip.h"

using namespace mlir;
using namespace mlir::ck;

namespace {
using U = MatrixUnit;

constexpr Sku kGfx90a[] = {{"MI210", 104}, {"MI250X (one GCD)", 110}};
constexpr Sku kGfx942[] = {{"MI300X", 304}, {"MI300A", 228}, {"MI325X", 304}};
constexpr Sku kGfx950[] = {{"MI355X", 256}, {"MI350X", 256}};
constexpr Sku kGfx1100[] = {{"Radeon RX 7900 XTX", 96},
                            {"Radeon PRO W7900", 96}};
constexpr Sku kGfx1201[] = {{"Radeon RX 9070 XT", 64},
                            {"Radeon AI PRO R9700", 64}};
constexpr Sku kSm80[] = {{"A100 SXM", 108}, {"A100 PCIe", 108}};
constexpr Sku kSm90a[] = {{"H100 SXM", 132}, {"H100 PCIe", 114},
                          {"H200", 132}};

// name, vendor, wave size, LDS per workgroup, registers per lane, of which
// addressing (RDNA's wave32 kernels spilled with less than 144 when views
// had backward-data index math), SKUs,
// SIMDs per CU, waves per SIMD, registers per SIMD lane, LDS per CU,
// whether LDS shares the L1's storage, the matrix unit.
// (NVIDIA: SM sub-partitions for SIMDs, warps per sub-partition, 64K
// registers / 4 partitions / 32 lanes.)
const ChipInfo kChips[] = {
    {"gfx90a", Vendor::AMD, 64, 64 * 1024, 512, 64, kGfx90a, 4, 8, 512,
     64 * 1024, false, U::Mfma},
    {"gfx942", Vendor::AMD, 64, 64 * 1024, 512, 64, kGfx942, 4, 8, 512,
     64 * 1024, false, U::Mfma},
    {"gfx950", Vendor::AMD, 64, 160 * 1024, 512, 64, kGfx950, 4, 8, 512,
     160 * 1024, false, U::MfmaGfx950},
    {"gfx1100", Vendor::AMD, 32, 64 * 1024, 256, 144, kGfx1100, 2, 16, 1536,
     64 * 1024, false, U::WmmaGfx11},
    {"gfx1201", Vendor::AMD, 32, 64 * 1024, 256, 144, kGfx1201, 2, 16, 1536,
     64 * 1024, false, U::WmmaGfx12},
    // Shared memory per block with the opt-in (dynamic shared memory).
    {"sm_80", Vendor::NVIDIA, 32, 163 * 1024, 255, 64, kSm80, 4, 16, 512,
     164 * 1024, true, U::MmaSync},
    {"sm_90a", Vendor::NVIDIA, 32, 227 * 1024, 255, 64, kSm90a, 4, 16, 512,
     228 * 1024, true, U::MmaSyncWgmma},
};
} // namespace

const ChipInfo *mlir::ck::lookupChip(StringRef name) {
  for (const ChipInfo &chip : kChips)
    if (chip.name == name)
      return &chip;
  return nullptr;
}

ArrayRef<ChipInfo> mlir::ck::allChips() { return kChips; }

std::string mlir::ck::knownChipNames() {
  std::string names;
  for (const ChipInfo &chip : kChips)
    names += (names.empty() ? "" : ", ") + chip.name.str();
  return names;
}

/// The instructions of `unit`, in order of preference.
static ArrayAttr matrixInstructions(MLIRContext *context, MatrixUnit unit) {
  Type f16 = Float16Type::get(context), bf16 = BFloat16Type::get(context),
       f32 = Float32Type::get(context), tf32 = FloatTF32Type::get(context);
  SmallVector<Attribute, 3> list;
  switch (unit) {
  case MatrixUnit::Mfma:
  case MatrixUnit::MfmaGfx950:
    // The selection takes the first that accepts the inputs: gfx950's K = 32
    // instructions before the K = 16 ones.
    if (unit == MatrixUnit::MfmaGfx950)
      list = {MfmaAttr::get(context, 16, 16, 32, f16),
              MfmaAttr::get(context, 16, 16, 32, bf16)};
    list.append({MfmaAttr::get(context, 16, 16, 16, f16),
                 MfmaAttr::get(context, 16, 16, 16, bf16),
                 MfmaAttr::get(context, 16, 16, 4, f32)});
    break;
  case MatrixUnit::WmmaGfx11:
  case MatrixUnit::WmmaGfx12: {
    WmmaGeneration generation = unit == MatrixUnit::WmmaGfx11
                                    ? WmmaGeneration::Gfx11
                                    : WmmaGeneration::Gfx12;
    list = {WmmaAttr::get(context, 16, 16, 16, f16, generation),
            WmmaAttr::get(context, 16, 16, 16, bf16, generation),
            FmaAttr::get(context)};
    break;
  }
  case MatrixUnit::MmaSync:
  case MatrixUnit::MmaSyncWgmma:
    list = {MmaSyncAttr::get(context, 16, 8, 16, f16),
            MmaSyncAttr::get(context, 16, 8, 16, bf16),
            MmaSyncAttr::get(context, 16, 8, 8, tf32)};
    // wgmma comes after mma.sync: the selection takes the first that
    // accepts the inputs, and takes wgmma by name (selectGemmConfig).
    if (unit == MatrixUnit::MmaSyncWgmma)
      list.append(
          {WgmmaAttr::get(context, f16), WgmmaAttr::get(context, bf16)});
    break;
  }
  return ArrayAttr::get(context, list);
}

TargetAttr mlir::ck::getTargetAttr(MLIRContext *context,
                                   const ChipInfo &chip) {
  ArrayAttr mma = matrixInstructions(context, chip.matrixUnit);
  SmallVector<TargetFeature, 1> features;
  if (chip.ldsSharesL1)
    features.push_back(TargetFeature::LdsInL1);
  // NVIDIA's static shared memory stops at 48 KiB per block; beyond it
  // needs dynamic shared memory and an opt-in at launch (ckrt does both).
  // Both NVIDIA chips of the table (sm_80 and later) have cp.async.
  if (chip.vendor == Vendor::NVIDIA) {
    features.push_back(TargetFeature::DynamicLds);
    features.push_back(TargetFeature::AsyncCopy);
  }
  // The Hopper chip (wgmma) also has the tensor memory accelerator and
  // warpgroups that reallocate registers among themselves (setmaxnreg).
  if (chip.matrixUnit == MatrixUnit::MmaSyncWgmma) {
    features.push_back(TargetFeature::Tma);
    features.push_back(TargetFeature::RegisterReallocation);
  }
  // gfx950 reads 16-bit fragments from LDS transposed (ds_read_b64_tr_b16)
  // and loads 16 bytes per lane from buffers straight into LDS, a wave's
  // vectors one after another in lane order (buffer_load_dwordx4 ... lds;
  // gfx942's loads to LDS take 4 bytes at most, which ck does not use).
  if (chip.matrixUnit == MatrixUnit::MfmaGfx950) {
    features.push_back(TargetFeature::LdsTransposeRead);
    features.push_back(TargetFeature::AsyncCopy);
    features.push_back(TargetFeature::AsyncCopyInLaneOrder);
  }
  return TargetAttr::get(
      context, chip.name, chip.vendor, chip.waveSize, chip.ldsBytes,
      chip.registersPerLane, chip.addressingRegisters,
      chip.skus.front().computeUnits, chip.simdsPerCU, chip.maxWavesPerSimd,
      chip.registersPerSimd, chip.ldsPerCU, mma, features);
}
