"""On the device: ATen's f32 forward convolution of the K = 2376 head at
100x100 (the reference of bench/device_check.py) with cuDNN's algorithm
chosen by heuristics (cudnn.benchmark off) and by timing (on), against
cuDNN disabled (ATen's own kernels) and f64: rel_l2 of each to f64."""
import torch
import torch.nn.functional as F

torch.backends.cudnn.allow_tf32 = False
torch.backends.cuda.matmul.allow_tf32 = False
g = torch.Generator(device="cuda").manual_seed(1)
x = torch.rand(16, 256, 102, 102, device="cuda", generator=g) * 2 - 1
w = torch.rand(2376, 256, 3, 3, device="cuda", generator=g) * 2 - 1
x = x.to(memory_format=torch.channels_last)
w = w.to(memory_format=torch.channels_last)
outs = {}
for name, enabled, bench in [("heuristic", True, False),
                             ("benchmark", True, True),
                             ("no cudnn", False, False)]:
    torch.backends.cudnn.enabled = enabled
    torch.backends.cudnn.benchmark = bench
    outs[name] = F.conv2d(x, w).double()
ref = outs["no cudnn"]
for name, out in outs.items():
    print(f"{name}: rel_l2 to no cudnn {((out - ref).norm() / ref.norm()).item():.3e}")
