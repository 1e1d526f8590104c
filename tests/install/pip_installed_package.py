"""Run by the virtual environment's interpreter after `pip install ./python`
(pip_install_test.sh), from a directory outside the source tree, without PYTHONPATH:
    python pip_installed_package.py <venv> <project version>
The package imported is the one pip installed, whole: a field on the fast CPU path and on the
GPU with the validation layer (equal bit for bit, no message), a point against Perlin's
reference value, the version, and a zero-copy hand-over of an array to PyTorch."""

import os
import sys

import numpy as np

import vknoise

venv, version = os.path.realpath(sys.argv[1]), sys.argv[2]

package_dir = os.path.dirname(os.path.realpath(vknoise.__file__))
assert package_dir.startswith(venv + os.sep), f"vknoise imported from {package_dir}, not {venv}"
assert vknoise.__version__ == version, f"vknoise.__version__ {vknoise.__version__} != {version}"

size, step = (48, 32), 1 / 16
on_cpu = vknoise.field(size, dims=3, origin=(0.25, 0.5, 0.5), step=step, fractal="fbm",
                       octaves=3, backend="cpu")
gpu = vknoise.Backend("gpu", validation=True)
on_gpu = vknoise.field(size, dims=3, origin=(0.25, 0.5, 0.5), step=step, fractal="fbm",
                       octaves=3, backend=gpu)
gpu.close()
assert gpu.validation_messages() == [], gpu.validation_messages()
assert on_gpu.shape == (1, 32, 48) and on_gpu.dtype == np.float32
assert np.array_equal(on_gpu.view(np.uint32), on_cpu.view(np.uint32)), "GPU != fast CPU path"
assert 0.05 < float(np.std(on_gpu)) < 0.5, f"a flat field: std {np.std(on_gpu)}"

# Ken Perlin's ImprovedNoise.noise(3.14, 42, 7), the value his Java reference prints.
reference = vknoise.eval([[3.14, 42.0, 7.0]], backend="cpu-reference")
assert reference.shape == (1,) and reference[0] == 0.13691995878400012, reference

# torch.from_numpy shares the array's memory: no copy.
import torch  # noqa: E402 (only this check needs it)

tensor = torch.from_numpy(on_gpu)
assert tensor.data_ptr() == on_gpu.ctypes.data and tuple(tensor.shape) == on_gpu.shape
on_gpu[0, 3, 5] = 2.5
assert float(tensor[0, 3, 5]) == 2.5, "the tensor is a copy"

print(f"pip_installed_package: vknoise {vknoise.__version__} from {package_dir}: "
      f"{on_gpu.size} samples GPU == CPU, 0 validation messages, torch {torch.__version__} "
      "without a copy")
