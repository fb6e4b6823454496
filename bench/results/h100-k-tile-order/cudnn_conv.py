# One cuDNN convolution for ncu: DIRECTION TYPE C K H W FILTER STRIDE PAD
# (batch 16, channels-last, PyTorch's convolution_backward computing only
# the direction's gradient, or convolution for fwd); the third of three
# iterations runs inside an NVTX range named "prof".
import sys
import torch
direction, dtype = sys.argv[1], getattr(torch, sys.argv[2])
c, k, h, w, f, s, p = map(int, sys.argv[3:10])
torch.backends.cudnn.benchmark = False
cl = torch.channels_last
x = torch.randn(16, c, h, w, device="cuda", dtype=dtype).to(memory_format=cl)
wt = torch.randn(k, c, f, f, device="cuda", dtype=dtype).to(memory_format=cl)
ho = (h + 2 * p - f) // s + 1
wo = (w + 2 * p - f) // s + 1
dy = torch.randn(16, k, ho, wo, device="cuda", dtype=dtype).to(memory_format=cl)
mask = {"bwd_data": [True, False, False], "bwd_weight": [False, True, False]}
for i in range(3):
    if i == 2:
        torch.cuda.nvtx.range_push("prof")
    if direction == "fwd":
        torch.nn.functional.conv2d(x, wt, stride=s, padding=p)
    else:
        torch.ops.aten.convolution_backward(
            dy, x, wt, None, [s, s], [p, p], [1, 1], False, [0, 0], 1,
            mask[direction])
    if i == 2:
        torch.cuda.nvtx.range_pop()
torch.cuda.synchronize()
