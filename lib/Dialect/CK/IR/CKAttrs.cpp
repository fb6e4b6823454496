//===- CKAttrs.cpp - ck dialect attributes --------------------------------===//

#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/Utils/LdsSwizzle.h"
#include "ck/Support/ClusterShape.h"
#include "ck/Support/Limits.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::ck;

//===----------------------------------------------------------------------===//
// LayoutAttr
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kLayoutLetters = "NGCKDHWZYX";

LogicalResult LayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef dims) {
  if (dims.empty())
    return emitError() << "a layout names at least one dimension";
  for (auto [i, letter] : llvm::enumerate(dims)) {
    if (!kLayoutLetters.contains(letter))
      return emitError() << "layout '" << dims << "' has unknown dimension '"
                         << letter << "'; expected letters of "
                         << kLayoutLetters;
    if (dims.find(letter, i + 1) != StringRef::npos)
      return emitError() << "layout '" << dims << "' names dimension '"
                         << letter << "' twice";
  }
  return success();
}

Attribute LayoutAttr::parse(AsmParser &parser, Type) {
  StringRef dims;
  if (parser.parseLess() || parser.parseKeyword(&dims) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), dims);
}

void LayoutAttr::print(AsmPrinter &printer) const {
  printer << "<" << getDims() << ">";
}

std::optional<unsigned> LayoutAttr::find(char letter) const {
  size_t pos = getDims().find(letter);
  if (pos == StringRef::npos)
    return std::nullopt;
  return pos;
}

//===----------------------------------------------------------------------===//
// TransformMapAttr
//===----------------------------------------------------------------------===//

namespace {
/// The arity and parameter count each transform kind requires.
struct TransformShape {
  int upper;  // -1: any number >= 1
  int lower;  // -1: any number >= 1
  int params; // -1: 1 + number of upper dimensions
};
} // namespace

static TransformShape expectedShape(TransformKind kind) {
  switch (kind) {
  case TransformKind::PassThrough:
    return {1, 1, 0};
  case TransformKind::Pad:
  case TransformKind::Slice:
    return {1, 1, 2};
  case TransformKind::Embed:
    return {-1, 1, -1};
  case TransformKind::Merge:
    return {1, -1, 0};
  case TransformKind::Unmerge:
    return {-1, 1, 0};
  }
  llvm_unreachable("unknown transform kind");
}

/// Product of `bounds[dims]`, or failure on overflow.
static FailureOr<int64_t> boundsProduct(ArrayRef<int64_t> bounds,
                                        ArrayRef<int64_t> dims) {
  int64_t product = 1;
  for (int64_t dim : dims)
    if (llvm::MulOverflow(product, bounds[dim], product))
      return failure();
  return product;
}

/// Checks the lengths of one transform whose dimensions are known in range.
static LogicalResult
verifyTransformLengths(function_ref<InFlightDiagnostic()> emitError,
                       TransformAttr t, ArrayRef<int64_t> upperBounds,
                       ArrayRef<int64_t> lowerBounds) {
  ArrayRef<int64_t> params = t.getParams();
  int64_t lowerLen = lowerBounds[t.getLower().front()];
  int64_t upperLen = upperBounds[t.getUpper().front()];
  StringRef kind = stringifyTransformKind(t.getKind());
  switch (t.getKind()) {
  case TransformKind::PassThrough:
    if (upperLen != lowerLen)
      return emitError() << "pass_through maps upper length " << upperLen
                         << " to lower length " << lowerLen
                         << "; expected equal lengths";
    return success();
  case TransformKind::Pad:
    if (params[0] < 0 || params[1] < 0)
      return emitError() << "pad amounts must be >= 0, got (" << params[0]
                         << ", " << params[1] << ")";
    int64_t padded;
    if (llvm::AddOverflow(lowerLen, params[0], padded) ||
        llvm::AddOverflow(padded, params[1], padded))
      return emitError() << "pad of (" << params[0] << ", " << params[1]
                         << ") overflows";
    if (upperLen != padded)
      return emitError() << "pad of (" << params[0] << ", " << params[1]
                         << ") on lower length " << lowerLen
                         << " gives upper length " << padded << ", got "
                         << upperLen;
    return success();
  case TransformKind::Slice:
    if (params[0] < 0 || params[0] >= params[1] || params[1] > lowerLen)
      return emitError() << "slice (" << params[0] << ", " << params[1]
                         << ") must satisfy 0 <= begin < end <= lower length "
                         << lowerLen;
    if (upperLen != params[1] - params[0]) // begin >= 0 and end > begin
      return emitError() << "slice (" << params[0] << ", " << params[1]
                         << ") gives upper length " << params[1] - params[0]
                         << ", got " << upperLen;
    return success();
  case TransformKind::Merge:
  case TransformKind::Unmerge: {
    bool merge = t.getKind() == TransformKind::Merge;
    ArrayRef<int64_t> manyDims = merge ? t.getLower() : t.getUpper();
    ArrayRef<int64_t> manyBounds = merge ? lowerBounds : upperBounds;
    int64_t single = merge ? upperLen : lowerLen;
    FailureOr<int64_t> product = boundsProduct(manyBounds, manyDims);
    if (failed(product) || *product != single)
      return emitError() << kind << " needs the " << (merge ? "upper" : "lower")
                         << " length to be the product of the "
                         << (merge ? "lower" : "upper") << " lengths; got "
                         << single;
    return success();
  }
  case TransformKind::Embed: {
    // The image of the upper box must lie inside [0, lowerLen).
    int64_t lo = params[0], hi = params[0];
    for (auto [dim, coeff] : llvm::zip(t.getUpper(), params.drop_front())) {
      int64_t extent;
      if (llvm::MulOverflow(coeff, upperBounds[dim] - 1, extent) ||
          llvm::AddOverflow(extent < 0 ? lo : hi, extent,
                            extent < 0 ? lo : hi))
        return emitError() << "embed coefficients overflow";
    }
    if (lo < 0 || hi >= lowerLen)
      return emitError() << "embed reaches lower coordinates [" << lo << ", "
                         << hi << "], outside [0, " << lowerLen
                         << "); pad the lower dimension first";
    return success();
  }
  }
  llvm_unreachable("unknown transform kind");
}

LogicalResult
TransformMapAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<int64_t> upperBounds,
                         ArrayRef<int64_t> lowerBounds,
                         ArrayRef<TransformAttr> transforms) {
  for (auto [name, bounds] : {std::pair{"upper", upperBounds},
                              std::pair{"lower", lowerBounds}})
    for (auto [i, bound] : llvm::enumerate(bounds))
      if (bound < 1)
        return emitError() << name << " bound #" << i << " is " << bound
                           << "; expected >= 1";

  SmallVector<int> upperUses(upperBounds.size()), lowerUses(lowerBounds.size());
  for (auto [index, t] : llvm::enumerate(transforms)) {
    auto error = [&, index = index, t = t]() {
      return emitError() << "transform #" << index << " ("
                         << stringifyTransformKind(t.getKind()) << "): ";
    };
    TransformShape shape = expectedShape(t.getKind());
    auto arityOk = [](int expected, size_t got) {
      return expected < 0 ? got >= 1 : got == size_t(expected);
    };
    if (!arityOk(shape.upper, t.getUpper().size()) ||
        !arityOk(shape.lower, t.getLower().size()))
      return error() << "maps " << t.getUpper().size() << " upper to "
                     << t.getLower().size() << " lower dimensions; expected "
                     << (shape.upper < 0 ? "n" : std::to_string(shape.upper))
                     << " to "
                     << (shape.lower < 0 ? "n" : std::to_string(shape.lower));
    size_t params = shape.params < 0 ? 1 + t.getUpper().size() : shape.params;
    if (t.getParams().size() != params)
      return error() << "expected " << params << " parameters, got "
                     << t.getParams().size();
    for (auto [name, dims, uses] :
         {std::tuple{"upper", t.getUpper(), &upperUses},
          std::tuple{"lower", t.getLower(), &lowerUses}}) {
      for (int64_t dim : dims) {
        if (dim < 0 || dim >= int64_t(uses->size()))
          return error() << name << " dimension " << dim
                         << " is out of range [0, " << uses->size() << ")";
        if ((*uses)[dim]++)
          return error() << name << " dimension " << dim
                         << " already belongs to another transform";
      }
    }
    if (failed(verifyTransformLengths(error, t, upperBounds, lowerBounds)))
      return failure();
  }
  for (auto [name, uses] :
       {std::pair{"upper", &upperUses}, std::pair{"lower", &lowerUses}})
    for (auto [dim, count] : llvm::enumerate(*uses))
      if (!count)
        return emitError() << name << " dimension " << dim
                           << " belongs to no transform";
  return success();
}

//===----------------------------------------------------------------------===//
// GemmConfigAttr
//===----------------------------------------------------------------------===//

namespace mlir::ck {
/// `(, partition = P)? (, lds_buffers = L)? (, load_waves = W)?
/// (, async_copy)? (, cluster = [CM, CN])? (, resident_b)?
/// (, load_registers = R)? (, pingpong)? (, signal_landed)?` in any order,
/// each at most once; data-parallel, 1, 0, off, [1, 1], off, 0, off and off
/// by default.
ParseResult parseGemmConfigOptions(AsmParser &parser, PartitionAttr &partition,
                                   int64_t &ldsBuffers, int64_t &loadWaves,
                                   bool &asyncCopy, int64_t &clusterM,
                                   int64_t &clusterN, bool &residentB,
                                   int64_t &loadRegisters, bool &pingpong,
                                   bool &signalLanded) {
  partition = PartitionAttr::get(parser.getContext(),
                                 PartitionKind::DataParallel);
  ldsBuffers = 1;
  loadWaves = 0;
  asyncCopy = false;
  clusterM = clusterN = 1;
  residentB = false;
  loadRegisters = 0;
  pingpong = false;
  signalLanded = false;
  llvm::StringSet<> seen;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name))
      return failure();
    if (name != "partition" && name != "lds_buffers" && name != "load_waves" &&
        name != "async_copy" && name != "cluster" && name != "resident_b" &&
        name != "load_registers" && name != "pingpong" &&
        name != "signal_landed")
      return parser.emitError(loc)
             << "unknown gemm_config option '" << name
             << "'; expected partition, lds_buffers, load_waves, async_copy, "
                "cluster, resident_b, load_registers, pingpong or "
                "signal_landed";
    if (!seen.insert(name).second)
      return parser.emitError(loc) << "gemm_config option '" << name
                                   << "' is given twice";
    // Flags: present or not.
    if (name == "async_copy" || name == "resident_b" || name == "pingpong" ||
        name == "signal_landed") {
      (name == "async_copy"   ? asyncCopy
       : name == "resident_b" ? residentB
       : name == "pingpong"   ? pingpong
                              : signalLanded) = true;
      continue;
    }
    if (parser.parseEqual())
      return failure();
    if (name == "partition") {
      if (parser.parseAttribute(partition))
        return failure();
    } else if (name == "cluster") {
      if (parser.parseLSquare() || parser.parseInteger(clusterM) ||
          parser.parseComma() || parser.parseInteger(clusterN) ||
          parser.parseRSquare())
        return failure();
    } else if (parser.parseInteger(name == "lds_buffers"  ? ldsBuffers
                                   : name == "load_waves" ? loadWaves
                                                          : loadRegisters)) {
      return failure();
    }
  }
  return success();
}

void printGemmConfigOptions(AsmPrinter &printer, PartitionAttr partition,
                            int64_t ldsBuffers, int64_t loadWaves,
                            bool asyncCopy, int64_t clusterM, int64_t clusterN,
                            bool residentB, int64_t loadRegisters,
                            bool pingpong, bool signalLanded) {
  if (partition != PartitionAttr::get(partition.getContext(),
                                     PartitionKind::DataParallel))
    printer << ", partition = " << partition;
  if (ldsBuffers != 1)
    printer << ", lds_buffers = " << ldsBuffers;
  if (loadWaves != 0)
    printer << ", load_waves = " << loadWaves;
  if (asyncCopy)
    printer << ", async_copy";
  if (clusterM != 1 || clusterN != 1)
    printer << ", cluster = [" << clusterM << ", " << clusterN << "]";
  if (residentB)
    printer << ", resident_b";
  if (loadRegisters != 0)
    printer << ", load_registers = " << loadRegisters;
  if (pingpong)
    printer << ", pingpong";
  if (signalLanded)
    printer << ", signal_landed";
}
} // namespace mlir::ck

using cklimits::kMaxLdsBuffers;
using cklimits::kMaxRoleWaves;
using cklimits::kMaxTileSize;
using cklimits::kWavesPerWarpgroup;

LogicalResult GemmConfigAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> block,
    ArrayRef<int64_t> wave, MatrixInstrAttrInterface mma,
    PartitionAttr partition, int64_t ldsBuffers, int64_t loadWaves,
    bool asyncCopy, int64_t clusterM, int64_t clusterN, bool residentB,
    int64_t loadRegisters, bool pingpong, bool signalLanded) {
  if (!partition)
    return emitError() << "needs a partition";
  if (ldsBuffers < 1 || ldsBuffers > kMaxLdsBuffers)
    return emitError() << "lds_buffers must be in [1, " << kMaxLdsBuffers
                       << "], got " << ldsBuffers;
  if (loadWaves < 0 || loadWaves > kMaxRoleWaves)
    return emitError() << "load_waves must be in [0, " << kMaxRoleWaves
                       << "], got " << loadWaves;
  if (asyncCopy && ldsBuffers < 2)
    return emitError() << "async_copy needs 2 or more lds_buffers (stages), "
                          "got "
                       << ldsBuffers;
  if (!asyncCopy && ldsBuffers > 2)
    return emitError() << "lds_buffers = " << ldsBuffers
                       << " needs async_copy: the register prefetch and the "
                          "wave roles' ring use at most 2";
  if (block.size() != 3)
    return emitError() << "block tile needs 3 sizes (M, N, K), got "
                       << block.size();
  if (wave.size() != 2)
    return emitError() << "wave tile needs 2 sizes (M, N), got "
                       << wave.size();
  for (int64_t size : llvm::concat<const int64_t>(block, wave))
    if (size < 1 || size > kMaxTileSize)
      return emitError() << "tile sizes must be in [1, " << kMaxTileSize
                         << "], got " << size;
  if (block[0] % wave[0] || block[1] % wave[1])
    return emitError() << "block tile " << block[0] << "x" << block[1]
                       << " is not a whole number of " << wave[0] << "x"
                       << wave[1] << " wave tiles";
  if (!cksupport::isClusterSize(clusterM) ||
      !cksupport::isClusterSize(clusterN) ||
      (clusterM > 1 && clusterN > 1))
    return emitError() << "cluster must be [1, 1], [2 or 4, 1] or [1, 2 or "
                          "4] (workgroups along M or N), got ["
                       << clusterM << ", " << clusterN << "]";
  if (clusterM * clusterN > 1 && !loadWaves)
    return emitError() << "a cluster needs wave roles (load_waves): its load "
                          "waves multicast the shared operand tiles";
  if (clusterM * clusterN > 1 &&
      partition.getKind() == PartitionKind::StreamK)
    return emitError() << "a cluster needs a data-parallel or split-K "
                          "partition: StreamK's workgroups walk K ranges of "
                          "their own, which they cannot share";
  if (residentB && (!loadWaves || !asyncCopy))
    return emitError() << "resident_b needs wave roles (load_waves) that "
                          "copy asynchronously (async_copy): the load waves "
                          "copy B's K-tiles beside the ring";
  if (residentB && !partition.isPersistentDataParallel())
    return emitError() << "resident_b needs a persistent data-parallel "
                          "partition (dp = persistent), whose workgroups "
                          "run tiles of one B column in turn; got "
                       << partition;
  if (residentB && clusterM * clusterN > 1)
    return emitError() << "resident_b cannot cluster workgroups: a cluster "
                          "shares the tiles of a step, not B's whole K";
  if (loadRegisters != 0 && !loadWaves)
    return emitError() << "load_registers needs wave roles (load_waves): it "
                          "is what each load wave's lane keeps";
  if (loadRegisters != 0 &&
      !cklimits::isReallocatableRegisterCount(loadRegisters))
    return emitError() << "load_registers must be a multiple of "
                       << cklimits::kRegisterReallocationStep << " in ["
                       << cklimits::kMinReallocatedRegisters << ", "
                       << cklimits::kMaxReallocatedRegisters << "], got "
                       << loadRegisters;
  if (pingpong) {
    // The sizes and their division are checked above.
    int64_t mathWaves = (block[0] / wave[0]) * (block[1] / wave[1]);
    if (!isa<WgmmaAttr>(mma))
      return emitError() << "pingpong needs wgmma, whose warpgroups each "
                            "run their own K loop; got "
                         << mma;
    if (!loadWaves)
      return emitError() << "pingpong needs wave roles (load_waves): the "
                            "load waves fill one warpgroup's K-tiles, then "
                            "the other's";
    if (mathWaves != 2 * kWavesPerWarpgroup || wave[1] != block[1])
      return emitError() << "pingpong needs exactly two math warpgroups ("
                         << 2 * kWavesPerWarpgroup
                         << " waves) with one wave along N, so that each "
                            "owns half the block's rows; got "
                         << mathWaves << " math waves of " << wave[0] << "x"
                         << wave[1] << " in a " << block[0] << "x" << block[1]
                         << " block";
    if (partition.getKind() != PartitionKind::DataParallel)
      return emitError() << "pingpong needs a data-parallel partition, "
                            "whose tiles each warpgroup stores alone; got "
                         << partition;
    if (residentB)
      return emitError() << "pingpong cannot keep B resident: its "
                            "warpgroups read their K-tiles at different "
                            "times";
  }
  if (signalLanded && (!loadWaves || !asyncCopy))
    return emitError() << "signal_landed needs wave roles that copy "
                          "asynchronously (load_waves and async_copy): it is "
                          "how the load threads signal their copies";
  return success();
}

GemmConfigAttr GemmConfigAttr::withPartition(PartitionAttr partition) const {
  return get(getContext(), getBlock(), getWave(), getMma(), partition,
             getLdsBuffers(), getLoadWaves(), getAsyncCopy(), getClusterM(),
             getClusterN(), getResidentB(), getLoadRegisters(), getPingpong(),
             getSignalLanded());
}

//===----------------------------------------------------------------------===//
// PartitionAttr
//===----------------------------------------------------------------------===//

LogicalResult PartitionAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, PartitionKind kind,
    int64_t kBatch, StreamKReduction reduce, SplitKReduction splitKReduce,
    DataParallelTiles dp, int64_t tail, int64_t minIters, bool sharedRing) {
  if (kind != PartitionKind::SplitK && kBatch != 1)
    return emitError() << "only split-K takes a k_batch; got k_batch = "
                       << kBatch << " for " << stringifyPartitionKind(kind);
  bool splitKAuto = kind == PartitionKind::SplitK && kBatch == kKBatchAuto;
  if (kind == PartitionKind::SplitK && !splitKAuto &&
      (kBatch < 2 || kBatch > cklimits::kMaxGrid[2]))
    return emitError() << "split-K's k_batch must be auto or in [2, "
                       << cklimits::kMaxGrid[2]
                       << "] (one workgroup per K range along the grid's "
                          "z), got "
                       << kBatch;
  if (kind != PartitionKind::StreamK && reduce != StreamKReduction::Tree)
    return emitError() << "reduce = " << stringifyStreamKReduction(reduce)
                       << " is StreamK's; it cannot be given for "
                       << stringifyPartitionKind(kind);
  if (kind != PartitionKind::StreamK && sharedRing)
    return emitError() << "ring = shared is StreamK's; it cannot be given for "
                       << stringifyPartitionKind(kind)
                       << " (persistent data-parallel units always share "
                          "their ring)";
  if (kind != PartitionKind::StreamK && tail != 2)
    return emitError() << "tail is StreamK's; it cannot be given for "
                       << stringifyPartitionKind(kind);
  if (kind != PartitionKind::SplitK && splitKReduce != SplitKReduction::Kernel)
    return emitError() << "reduce = " << stringifySplitKReduction(splitKReduce)
                       << " is split-K's; it cannot be given for "
                       << stringifyPartitionKind(kind);
  if (splitKAuto && splitKReduce == SplitKReduction::Workgroups)
    return emitError() << "split-K's reduce = workgroups needs a fixed "
                          "k_batch: its grid must be resident at once, which "
                          "ckrt's k_batch = auto does not keep to";
  if (splitKReduce == SplitKReduction::Cluster &&
      (splitKAuto || kBatch > cklimits::kMaxPortableCluster))
    return emitError() << "split-K's reduce = cluster takes a tile's k_batch "
                          "workgroups into one cluster: k_batch must be fixed "
                          "and at most "
                       << cklimits::kMaxPortableCluster << ", got "
                       << (splitKAuto ? std::string("auto")
                                      : std::to_string(kBatch));
  if (kind == PartitionKind::SplitK && dp != getDefaultDp(kind))
    return emitError() << "dp is StreamK's and data-parallel's; it cannot be "
                          "given for split_k";
  if (kind != PartitionKind::StreamK && !splitKAuto && minIters != 1)
    return emitError() << "min_iters is StreamK's and split-K's with k_batch "
                          "= auto; it cannot be given for "
                       << stringifyPartitionKind(kind)
                       << (kind == PartitionKind::SplitK
                               ? " with a fixed k_batch"
                               : "");
  // ckrt's stream_k schedule keeps them within an i32.
  if (tail < kTailAll || tail > INT32_MAX)
    return emitError() << "tail must be all or in [1, " << INT32_MAX
                       << "], got " << tail;
  if (minIters < 1 || minIters > INT32_MAX)
    return emitError() << "min_iters must be in [1, " << INT32_MAX
                       << "], got " << minIters;
  return success();
}

/// `keyword` (stored as `special`, 0) or an integer other than `special`
/// into `value`, for the partition key `key`.
static LogicalResult parseCountOrKeyword(AsmParser &parser, StringRef key,
                                         StringRef keyword, int64_t special,
                                         int64_t &value) {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword(keyword))) {
    value = special;
    return success();
  }
  if (parser.parseInteger(value))
    return failure();
  if (value != special)
    return success();
  return parser.emitError(loc)
         << key << " must be " << keyword << " or at least 1, got " << value;
}

/// `<kind (, key = value)*>` with the keys of #ck.partition's description.
Attribute PartitionAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  SMLoc start = parser.getCurrentLocation();
  StringRef kindName;
  if (parser.parseLess() || parser.parseKeyword(&kindName))
    return {};
  std::optional<PartitionKind> kind = symbolizePartitionKind(kindName);
  if (!kind) {
    parser.emitError(start) << "unknown partition '" << kindName
                            << "'; expected data_parallel, split_k or "
                               "stream_k";
    return {};
  }
  int64_t kBatch = 1, tail = 2, minIters = 1;
  StreamKReduction reduce = StreamKReduction::Tree;
  SplitKReduction splitKReduce = SplitKReduction::Kernel;
  DataParallelTiles dp = getDefaultDp(*kind);
  bool sharedRing = false;
  llvm::StringSet<> seen;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key, word;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    if (!seen.insert(key).second) {
      parser.emitError(loc) << "partition key '" << key << "' is given twice";
      return {};
    }
    if (key == "k_batch") {
      if (failed(parseCountOrKeyword(parser, key, "auto", kKBatchAuto, kBatch)))
        return {};
    } else if (key == "min_iters") {
      if (parser.parseInteger(minIters))
        return {};
    } else if (key == "tail") {
      if (failed(parseCountOrKeyword(parser, key, "all", kTailAll, tail)))
        return {};
    } else if (key == "ring") {
      SMLoc valueLoc = parser.getCurrentLocation();
      if (parser.parseKeyword(&word))
        return {};
      if (word != "shared" && word != "per_unit") {
        parser.emitError(valueLoc)
            << "unknown ring '" << word << "'; expected shared or per_unit";
        return {};
      }
      sharedRing = word == "shared";
    } else if (key == "reduce" || key == "dp") {
      SMLoc valueLoc = parser.getCurrentLocation();
      if (parser.parseKeyword(&word))
        return {};
      // Split-K's partials are added by a kernel, its workgroups or its
      // clusters, StreamK's linearly or as a tree; the verifier refuses either
      // on a data-parallel partition.
      std::optional<DataParallelTiles> dpWord =
          symbolizeDataParallelTiles(word);
      std::optional<SplitKReduction> splitKWord =
          *kind != PartitionKind::StreamK ? symbolizeSplitKReduction(word)
                                          : std::nullopt;
      std::optional<StreamKReduction> streamKWord =
          *kind != PartitionKind::SplitK ? symbolizeStreamKReduction(word)
                                         : std::nullopt;
      if (key == "dp" ? !dpWord : !splitKWord && !streamKWord) {
        parser.emitError(valueLoc)
            << "unknown " << key << " '" << word << "'; expected "
            << (key == "dp" ? "persistent or per_tile"
                : *kind == PartitionKind::SplitK
                    ? "kernel, workgroups or cluster"
                    : "linear or tree");
        return {};
      }
      if (key == "dp")
        dp = *dpWord;
      else if (splitKWord)
        splitKReduce = *splitKWord;
      else
        reduce = *streamKWord;
    } else {
      parser.emitError(loc) << "unknown partition key '" << key
                            << "'; expected k_batch, reduce, dp, tail, "
                               "min_iters or ring";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(start); }, context, *kind,
                    kBatch, reduce, splitKReduce, dp, tail, minIters,
                    sharedRing);
}

void PartitionAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyPartitionKind(getKind());
  if (getKBatch() == kKBatchAuto)
    printer << ", k_batch = auto";
  else if (getKBatch() != 1)
    printer << ", k_batch = " << getKBatch();
  if (getReduce() != StreamKReduction::Tree)
    printer << ", reduce = " << stringifyStreamKReduction(getReduce());
  if (getSplitKReduce() != SplitKReduction::Kernel)
    printer << ", reduce = " << stringifySplitKReduction(getSplitKReduce());
  if (getDp() != getDefaultDp(getKind()))
    printer << ", dp = " << stringifyDataParallelTiles(getDp());
  if (getTail() == kTailAll)
    printer << ", tail = all";
  else if (getTail() != 2)
    printer << ", tail = " << getTail();
  if (getMinIters() != 1)
    printer << ", min_iters = " << getMinIters();
  if (getSharedRing())
    printer << ", ring = shared";
  printer << ">";
}

std::array<std::optional<int64_t>, 3>
PartitionAttr::getGrid(ArrayRef<int64_t> tiles) const {
  std::array<std::optional<int64_t>, 3> grid = {tiles[1] * tiles[2], tiles[0],
                                                getKBatch()};
  if (getKind() == PartitionKind::StreamK)
    grid = {std::nullopt, 1, 1};
  // At most one workgroup per tile finds work (the launch takes those the
  // device holds at once).
  if (isPersistentDataParallel())
    grid = {std::min<int64_t>(tiles[0] * tiles[1] * tiles[2],
                              cklimits::kMaxGrid[0]),
            1, 1};
  if (std::optional<unsigned> dim = getLaunchTimeGridDim())
    grid[*dim] = std::nullopt;
  return grid;
}

int64_t PartitionAttr::getKBatchBound(int64_t kTiles) const {
  if (!isSplitKAuto())
    return getKBatch();
  return std::min<int64_t>(kTiles, cklimits::kMaxGrid[2]);
}

bool PartitionAttr::streamKCountsFit(int64_t tiles, int64_t kTiles) {
  std::optional<int64_t> iterations = llvm::checkedMul(tiles, kTiles);
  return iterations && *iterations <= INT32_MAX;
}

//===----------------------------------------------------------------------===//
// CopyPlanAttr
//===----------------------------------------------------------------------===//

LogicalResult CopyPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   int64_t rows, int64_t cols, int64_t loadDim,
                                   int64_t loadWidth, int64_t ldsDim,
                                   int64_t storeWidth, int64_t pad,
                                   int64_t threads, int64_t swizzle,
                                   bool ldsOrder) {
  // Extents up to 2^20 keep every product of them far from overflow.
  constexpr int64_t kMax = int64_t(1) << 20;
  for (auto [name, value] : {std::pair<StringRef, int64_t>{"rows", rows},
                             {"cols", cols},
                             {"load width", loadWidth},
                             {"store width", storeWidth},
                             {"threads", threads}})
    if (value < 1 || value > kMax)
      return emitError() << name << " must be in [1, " << kMax << "], got "
                         << value;
  if (pad < 0 || pad > kMax)
    return emitError() << "pad must be in [0, " << kMax << "], got " << pad;
  for (auto [name, dim] :
       {std::pair<StringRef, int64_t>{"load", loadDim}, {"lds", ldsDim}})
    if (dim != 0 && dim != 1)
      return emitError() << name << " dim must be 0 (rows) or 1 (cols), got "
                         << dim;
  for (auto [name, width] : {std::pair<StringRef, int64_t>{"load", loadWidth},
                             {"store", storeWidth}})
    if (!llvm::isPowerOf2_64(width))
      return emitError() << name << " width must be a power of two, got "
                         << width;
  if (loadDim == ldsDim && storeWidth != loadWidth)
    return emitError() << "a copy that does not transpose stores what it "
                          "loads: store width "
                       << storeWidth << " must be the load width " << loadWidth;
  int64_t extents[2] = {rows, cols};
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "swizzle must be 0 (none), 32, 64 or 128 bytes, got "
                       << swizzle;
  if (swizzle && (pad || loadDim != ldsDim || extents[1 - ldsDim] % 8))
    return emitError() << "a swizzled tile has no pad, does not transpose "
                          "and has a multiple of 8 outer rows";
  if (ldsOrder && (loadDim != ldsDim || pad % loadWidth))
    return emitError() << "a plan in LDS order does not transpose and its "
                          "load width ("
                       << loadWidth << ") divides the pad (" << pad << ")";
  for (int64_t dim : {0, 1}) {
    int64_t unit = dim == loadDim      ? loadWidth
                   : loadDim != ldsDim ? storeWidth
                                       : 1;
    if (extents[dim] % unit)
      return emitError() << "units of " << unit << " along dim " << dim
                         << " do not divide the tile's " << extents[dim];
  }
  return success();
}

int64_t CopyPlanAttr::unitExtent(int64_t dim) const {
  if (dim == getLoadDim())
    return getLoadWidth();
  return transposes() ? getStoreWidth() : 1;
}

std::array<int64_t, 2> CopyPlanAttr::unitPlace(int64_t unit,
                                               int64_t elementBytes) const {
  int64_t fast = getLdsDim();
  std::array<int64_t, 2> place;
  if (getLdsOrder()) {
    // The unit's slot in memory, back through the swizzle (an involution)
    // to the element there; a slot in a row's pad takes the row's start.
    int64_t outerExtent = extent(1 - fast), innerExtent = extent(fast);
    int64_t offset = unit * getLoadWidth();
    int64_t outer = offset / (innerExtent + getPad());
    int64_t inner = offset % (innerExtent + getPad());
    if (int64_t swizzle = getSwizzle()) {
      int64_t bytes = swizzledByteOffset(offset * elementBytes, swizzle);
      int64_t block = bytes / (outerExtent * swizzle);
      int64_t within = bytes % (outerExtent * swizzle);
      outer = within / swizzle;
      inner = (block * swizzle + within % swizzle) / elementBytes;
    }
    place[fast] = inner < innerExtent ? inner : 0;
    place[1 - fast] = outer;
    return place;
  }
  int64_t perLine = extent(fast) / unitExtent(fast);
  place[fast] = unit % perLine * unitExtent(fast);
  place[1 - fast] = unit / perLine * unitExtent(1 - fast);
  return place;
}

bool CopyPlanAttr::unitInTile(int64_t unit) const {
  if (!getLdsOrder())
    return true;
  int64_t inner = extent(getLdsDim());
  return unit * getLoadWidth() % (inner + getPad()) < inner;
}

int64_t CopyPlanAttr::loadPlacesPerThread(int64_t dim,
                                          int64_t elementBytes) const {
  int64_t most = 0;
  for (int64_t tid = 0; tid < getThreads(); ++tid) {
    llvm::SmallDenseSet<int64_t> places;
    for (int64_t unit = tid; unit < units(); unit += getThreads()) {
      int64_t place = unitPlace(unit, elementBytes)[dim];
      for (int64_t j = 0; j < loadsPerUnit(); ++j)
        places.insert(place + (dim == getLoadDim() ? 0 : j));
    }
    most = std::max<int64_t>(most, places.size());
  }
  return most;
}

MemRefType CopyPlanAttr::ldsType(Type elementType, Attribute memorySpace,
                                 int64_t buffers) const {
  SmallVector<int64_t> shape;
  if (buffers > 1)
    shape.push_back(buffers);
  shape.push_back(extent(1 - getLdsDim()));
  shape.push_back(extent(getLdsDim()) + getPad());
  return MemRefType::get(shape, elementType, MemRefLayoutAttrInterface(),
                         memorySpace);
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

LogicalResult TargetAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, StringRef chip,
    Vendor vendor, int64_t wave, int64_t lds, int64_t registers,
    int64_t addressingRegisters, int64_t computeUnits, int64_t simds,
    int64_t wavesPerSimd, int64_t registersPerSimd, int64_t ldsPerCu,
    ArrayAttr mma, ArrayRef<TargetFeature> features) {
  if (chip.empty())
    return emitError() << "target needs a chip name";
  if (wave != 32 && wave != 64)
    return emitError() << "wave must be 32 or 64 lanes, got " << wave;
  struct Named {
    StringLiteral name;
    int64_t value;
  };
  for (Named count : {Named{"lds", lds}, Named{"registers", registers},
                      Named{"compute_units", computeUnits},
                      Named{"simds", simds},
                      Named{"waves_per_simd", wavesPerSimd},
                      Named{"registers_per_simd", registersPerSimd},
                      Named{"lds_per_cu", ldsPerCu}})
    if (count.value < 1)
      return emitError() << count.name << " must be >= 1, got "
                         << count.value;
  // The grid limits bound the compute units any heuristic may plan for, and
  // 2^31 keeps products of these counts far from overflow.
  for (Named size : {Named{"lds", lds}, Named{"lds_per_cu", ldsPerCu}})
    if (size.value > (int64_t(1) << 31))
      return emitError() << size.name << " must be at most 2^31 bytes, got "
                         << size.value;
  for (Named count :
       {Named{"registers", registers}, Named{"compute_units", computeUnits},
        Named{"simds", simds}, Named{"waves_per_simd", wavesPerSimd},
        Named{"registers_per_simd", registersPerSimd}})
    if (count.value > (int64_t(1) << 20))
      return emitError() << count.name << " must be at most 2^20, got "
                         << count.value;
  if (lds > ldsPerCu)
    return emitError() << "lds per workgroup (" << lds
                       << ") exceeds lds_per_cu (" << ldsPerCu << ")";
  if (addressingRegisters < 0 || addressingRegisters >= registers)
    return emitError() << "addressing_registers must be in [0, registers = "
                       << registers << "), got " << addressingRegisters;
  if (mma.empty())
    return emitError() << "mma lists no instruction (list #ck.fma for a chip "
                          "without matrix instructions)";
  for (auto [i, entry] : llvm::enumerate(mma)) {
    auto instruction = dyn_cast<MatrixInstrAttrInterface>(entry);
    if (!instruction)
      return emitError() << "mma entry " << entry
                         << " is not a matrix instruction";
    if (std::optional<int64_t> required = instruction.getRequiredWaveSize();
        required && *required != wave)
      return emitError() << "mma entry " << entry << " runs on waves of "
                         << *required << " lanes; the target's wave is "
                         << wave;
    if (llvm::is_contained(mma.getValue().drop_front(i + 1), entry))
      return emitError() << "mma lists " << entry << " twice";
  }
  for (auto [i, feature] : llvm::enumerate(features))
    if (llvm::is_contained(features.drop_front(i + 1), feature))
      return emitError() << "features list "
                         << stringifyTargetFeature(feature) << " twice";
  return success();
}

TargetAttr mlir::ck::getTarget(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto target = op->getAttrOfType<TargetAttr>(TargetAttr::kAttrName))
      return target;
  return {};
}

std::optional<int64_t> mlir::ck::getWaveSize(Operation *op,
                                             MatrixInstrAttrInterface mma) {
  if (std::optional<int64_t> size = mma.getRequiredWaveSize())
    return size;
  if (TargetAttr target = getTarget(op))
    return target.getWave();
  return std::nullopt;
}

FailureOr<TargetAttr> mlir::ck::requireTarget(Operation *op,
                                              StringRef passName) {
  if (TargetAttr target = getTarget(op))
    return target;
  return op->emitError() << passName << " needs a #ck.target: attach one as '"
                         << TargetAttr::kAttrName
                         << "' on the module, or run ck-set-target{chip=...} "
                            "first";
}

//===----------------------------------------------------------------------===//
// LaunchAttr
//===----------------------------------------------------------------------===//

LogicalResult LaunchAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 Type compute, PartitionAttr partition,
                                 ArrayRef<int64_t> roles, int64_t asyncStages) {
  if (!isa<Float16Type, BFloat16Type, Float32Type, FloatTF32Type>(compute))
    return emitError() << "compute must be f16, bf16, f32 or tf32, got "
                       << compute;
  if (!partition)
    return emitError() << "needs a partition";
  if (!roles.empty() &&
      (roles.size() != 2 || llvm::any_of(roles, [](int64_t waves) {
         return waves < 1 || waves > kMaxRoleWaves;
       })))
    return emitError() << "roles are [load, math] wave counts in [1, "
                       << kMaxRoleWaves << "]";
  if (asyncStages != 0 && (asyncStages < 2 || asyncStages > kMaxLdsBuffers))
    return emitError() << "async_stages must be 0 or in [2, " << kMaxLdsBuffers
                       << "], got " << asyncStages;
  return success();
}

MatrixInstrAttrInterface TargetAttr::getInstructionFor(Type inputType) const {
  for (Attribute entry : getMma())
    if (auto instruction = dyn_cast<MatrixInstrAttrInterface>(entry);
        instruction && instruction.acceptsInputs(inputType))
      return instruction;
  return {};
}
