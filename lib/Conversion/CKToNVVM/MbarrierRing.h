//===- MbarrierRing.h - Wave-role rings on mbarriers ------------*- C++ -*-===//

#ifndef CK_LIB_CONVERSION_CKTONVVM_MBARRIERRING_H
#define CK_LIB_CONVERSION_CKTONVVM_MBARRIERRING_H

#include "ck/Conversion/WaveOpLowering.h"
#include "ck/Dialect/CK/IR/CK.h"

namespace mlir::ck {

/// NVPTX's address spaces of a workgroup's shared memory and of the shared
/// memory of a thread block cluster's workgroups (mapa's results).
inline constexpr unsigned kSharedAddressSpace = 3;
inline constexpr unsigned kSharedClusterAddressSpace = 7;

/// All threads of the cluster meet: what each did before (its release) is
/// visible to every thread after (its acquire).
void emitClusterBarrier(OpBuilder &b, Location loc);

/// The address in the shared memory of the cluster's workgroup `rank`
/// (index) of what `local` (a pointer into this workgroup's shared memory)
/// points to: mapa, a shared::cluster pointer.
Value emitPeerSharedPointer(OpBuilder &b, Location loc, Value local,
                            Value rank);

/// Lowers what every ring with barriers under `root` holds besides its
/// events: the barriers' initialization where the ring is made,
/// ck.ring_expect, ck.tma_load and ck.ring_end become NVVM mbarrier and
/// cp.async.bulk.tensor ops. The rings and their events stay for
/// lowerWaveOps (emitMbarrierRingEvent).
void lowerMbarrierRingSetup(Operation *root);

/// One event of a ring with barriers, where it needs one: a wait polls the
/// slot's phase with mbarrier.try_wait.parity, a signal is mbarrier.arrive
/// (release: the thread's earlier LDS accesses happen before the waiters'
/// later ones).
void emitMbarrierRingEvent(OpBuilder &b, const RingEventSite &site);

} // namespace mlir::ck

#endif // CK_LIB_CONVERSION_CKTONVVM_MBARRIERRING_H
