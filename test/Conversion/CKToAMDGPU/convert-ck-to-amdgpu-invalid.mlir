// RUN: ck-opt %s -split-input-file -convert-ck-to-amdgpu -verify-diagnostics

// What convert-ck-to-amdgpu refuses: transaction barriers and TMA copies,
// which only NVIDIA sm_90a has (convert-ck-to-nvvm lowers them).

!bars = memref<4xi64, #gpu.address_space<workgroup>>
func.func @transaction_ring(%bars: !bars) {
  // expected-error @+1 {{uses transaction barriers (TMA), which only NVIDIA sm_90a has; convert-ck-to-amdgpu cannot lower it}}
  %ring = ck.ring math 4 load 4 barriers %bars (!bars) : !ck.ring<4>
  return
}
