//===- RandomFill.h - Seeded uniform tensor data ----------------*- C++ -*-===//
//
// Inputs of a benchmark run: uniform values in (-1, 1) from a small counter
// based generator (SplitMix64), so that a seed gives the same data on every
// machine and compiler. Each value is an odd multiple of 2^-24 (never 0, exact
// in f32), rounded to the tensor's element type on the host.
//
//===----------------------------------------------------------------------===//

#ifndef CK_BENCH_RANDOMFILL_H
#define CK_BENCH_RANDOMFILL_H

#include "ck/Bench/ElementType.h"

#include <cstddef>
#include <cstdint>

namespace ckbench {

/// The `index`-th value (in (-1, 1)) of the stream seeded with `seed`.
float uniformValue(uint64_t seed, uint64_t index);

/// A stream seed for `stream` (e.g. a tensor index) of a run seeded with
/// `seed`.
uint64_t streamSeed(uint64_t seed, uint64_t stream);

/// Fills `count` elements of `type` at `dst` with values `first`,
/// `first + 1`, ... of the stream seeded with `seed`.
void fillUniform(void *dst, ElementType type, size_t count, uint64_t seed,
                 uint64_t first = 0);

} // namespace ckbench

#endif // CK_BENCH_RANDOMFILL_H
