# cuDNN's backward-data of the 3x3 C=256 K=2376 100x100 layer (bf16,
# channels-last, batch 16), the third of three iterations inside an NVTX
# range for ncu.
import torch
torch.backends.cudnn.benchmark = False
x = torch.randn(16, 256, 100, 100, device="cuda", dtype=torch.bfloat16).to(memory_format=torch.channels_last)
w = torch.randn(2376, 256, 3, 3, device="cuda", dtype=torch.bfloat16).to(memory_format=torch.channels_last)
dy = torch.randn(16, 2376, 100, 100, device="cuda", dtype=torch.bfloat16).to(memory_format=torch.channels_last)
for i in range(3):
    if i == 2:
        torch.cuda.nvtx.range_push("prof")
    dx, _, _ = torch.ops.aten.convolution_backward(
        dy, x, w, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1,
        [True, False, False])
    if i == 2:
        torch.cuda.nvtx.range_pop()
torch.cuda.synchronize()
