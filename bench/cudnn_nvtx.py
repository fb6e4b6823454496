"""PyTorch's cuDNN convolution of a ck bundle's problem inside an NVTX range,
for ncu (`ncu --nvtx --nvtx-include "cudnn/" python3 bench/cudnn_nvtx.py
BUNDLE`): the same call bench/device_check.py times (the one gradient the
direction asks for), on fresh random tensors, three times, the third in the
range `cudnn`.
"""

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from device_check import Plan, cudnn_launcher, make_tensors  # noqa: E402
from torchref import written_index  # noqa: E402


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: cudnn_nvtx.py BUNDLE")
    path = os.path.join(sys.argv[1], "plan.ckplan")
    if not os.path.isfile(path):
        sys.exit(f"cudnn_nvtx.py: no plan.ckplan in {sys.argv[1]}")
    plan = Plan(path)
    problem = plan.problem()
    run = cudnn_launcher(problem)
    if run is None:
        sys.exit(f"{sys.argv[1]}: cuDNN takes symmetric pads only")
    generator = torch.Generator(device="cuda").manual_seed(1)
    flats = make_tensors(plan, generator, written_index(problem))
    for i in range(3):
        if i == 2:
            torch.cuda.nvtx.range_push("cudnn")
        run(flats)
        if i == 2:
            torch.cuda.nvtx.range_pop()
    torch.cuda.synchronize()


if __name__ == "__main__":
    main()
