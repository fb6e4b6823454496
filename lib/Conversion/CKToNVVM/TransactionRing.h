//===- TransactionRing.h - Rings of TMA copies on mbarriers -----*- C++ -*-===//

#ifndef CK_LIB_CONVERSION_CKTONVVM_TRANSACTIONRING_H
#define CK_LIB_CONVERSION_CKTONVVM_TRANSACTIONRING_H

#include "ck/Dialect/CK/IR/CK.h"

namespace mlir::ck {

/// Lowers every ring with transaction barriers under `root`: its
/// initialization, ck.ring_expect, ck.tma_load, its `full` waits and
/// ck.ring_end become NVVM mbarrier and cp.async.bulk.tensor ops. The
/// rings and their `empty` events stay for lowerWaveOps.
void lowerTransactionRings(Operation *root);

} // namespace mlir::ck

#endif // CK_LIB_CONVERSION_CKTONVVM_TRANSACTIONRING_H
