# Type stub of the vknoise package (docs/python.md).
from dataclasses import dataclass
from os import PathLike
from typing import Literal, Sequence, SupportsFloat, SupportsIndex, TypedDict, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

BackendName = Literal["auto", "cpu", "cpu-reference", "gpu"]
NoiseName = Literal["improved", "improved4-balanced", "classic", "value", "simplex", "cellular",
                    "flow"]
DistanceName = Literal["euclidean", "euclidean2", "manhattan", "chebyshev"]
ReturnName = Literal["f1", "f2", "f2-f1", "f1*f2", "f1/f2", "cell"]
FractalName = Literal["none", "fbm", "turbulence", "ridged", "billow"]
Number = SupportsFloat
Axes = Union[Number, Sequence[Number]]
Sizes = Union[SupportsIndex, Sequence[SupportsIndex]]

class Backend:
    """A backend made once and reused by every call given it: kind "auto" (resolved as the
    command line's --backend auto), "cpu", "cpu-reference" or "gpu"; validation: the Vulkan
    validation layer with synchronization validation (gpu)."""

    def __init__(self, kind: BackendName = "auto", *, device: int | None = None,
                 threads: int = 0, validation: bool = False) -> None: ...
    @property
    def kind(self) -> Literal["cpu", "cpu-reference", "gpu"]: ...
    @property
    def reason(self) -> str: ...
    @property
    def device(self) -> int | None: ...
    @property
    def threads(self) -> int: ...
    @property
    def validation(self) -> bool: ...
    @property
    def created(self) -> int: ...
    def validation_messages(self) -> list[str]: ...
    def close(self) -> None: ...
    def __enter__(self) -> Backend: ...
    def __exit__(self, *args: object) -> None: ...

class Graph:
    """A noise graph (docs/graph.md), usable as noise= wherever a noise is."""

    @staticmethod
    def load(path: str | PathLike[str]) -> Graph: ...
    @staticmethod
    def from_json(text: str) -> Graph: ...
    def with_outputs(self, outputs: Literal["values", "gradient", "curl"]) -> Graph: ...
    @property
    def dims(self) -> int: ...
    @property
    def channels(self) -> int: ...
    @property
    def output_names(self) -> list[str]: ...
    @property
    def outputs(self) -> Literal["values", "gradient", "curl"]: ...
    @property
    def contract(self) -> Literal["exact", "bounded"]: ...
    @property
    def bound(self) -> float: ...
    @property
    def range(self) -> list[float]: ...
    @property
    def json(self) -> str: ...

class Device(TypedDict):
    index: int
    name: str
    type: str
    api_version: str
    suitable: bool
    preferred: bool
    reason: str
    # Where GPU values equal the CPU mirror's bit for bit (vknoise::device_info's float controls).
    keeps_signed_zeros: bool
    keeps_denormals: bool

def devices() -> list[Device]: ...

def field(size: Sizes, origin: Axes = 0.0, step: Axes = 1 / 32, *, dims: int | None = None,
          noise: NoiseName | Graph = "improved", fractal: FractalName | None = None,
          octaves: int | None = None, persistence: float | None = None,
          lacunarity: float | None = None, period: int | Sequence[int] | None = None,
          octave_offsets: bool = False, warp: float | None = None,
          interpolation: Literal["linear", "cosine", "cubic"] | None = None,
          smooth: bool = False, distance: DistanceName | None = None,
          returns: ReturnName | None = None, jitter: Number | None = None,
          angle: Number | None = None, advection: Number | None = None,
          gradient: bool = False, seed: int | None = None,
          permutation: Sequence[int] | None = None, region: Sizes | None = None,
          backend: BackendName | Backend = "auto", device: int | None = None, threads: int = 0,
          out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]: ...

def eval(points: npt.ArrayLike, *, noise: NoiseName | Graph = "improved",
         fractal: FractalName | None = None, octaves: int | None = None,
         persistence: float | None = None, lacunarity: float | None = None,
         period: int | Sequence[int] | None = None, octave_offsets: bool = False,
         warp: float | None = None,
         interpolation: Literal["linear", "cosine", "cubic"] | None = None,
         smooth: bool = False, distance: DistanceName | None = None,
          returns: ReturnName | None = None, jitter: Number | None = None,
          angle: Number | None = None, advection: Number | None = None,
          gradient: bool = False, seed: int | None = None,
         permutation: Sequence[int] | None = None, backend: BackendName | Backend = "auto",
         device: int | None = None, threads: int = 0) -> npt.NDArray[np.float64]: ...

@overload
def pnoise1(x: float, octaves: int = 1, persistence: float = 0.5, lacunarity: float = 2.0,
            repeat: int | None = 1024, base: int = 0, *,
            backend: BackendName | Backend = "auto") -> float: ...
@overload
def pnoise1(x: npt.ArrayLike, octaves: int = 1, persistence: float = 0.5,
            lacunarity: float = 2.0, repeat: int | None = 1024, base: int = 0, *,
            backend: BackendName | Backend = "auto") -> npt.NDArray[np.float64] | float: ...
def pnoise2(x: npt.ArrayLike, y: npt.ArrayLike, octaves: int = 1, persistence: float = 0.5,
            lacunarity: float = 2.0, repeatx: int | None = 1024, repeaty: int | None = 1024,
            base: int = 0, *,
            backend: BackendName | Backend = "auto") -> npt.NDArray[np.float64] | float: ...
def pnoise3(x: npt.ArrayLike, y: npt.ArrayLike, z: npt.ArrayLike, octaves: int = 1,
            persistence: float = 0.5, lacunarity: float = 2.0, repeatx: int | None = 1024,
            repeaty: int | None = 1024, repeatz: int | None = 1024, base: int = 0, *,
            backend: BackendName | Backend = "auto") -> npt.NDArray[np.float64] | float: ...
def pnoise4(x: npt.ArrayLike, y: npt.ArrayLike, z: npt.ArrayLike, w: npt.ArrayLike,
            octaves: int = 1, persistence: float = 0.5, lacunarity: float = 2.0,
            repeatx: int | None = 1024, repeaty: int | None = 1024, repeatz: int | None = 1024,
            repeatw: int | None = 1024, base: int = 0, *,
            backend: BackendName | Backend = "auto") -> npt.NDArray[np.float64] | float: ...

@dataclass(frozen=True)
class CheckResult:
    count: int
    max_difference_to_reference: float
    max_difference_to_mirror: float
    identical_to_mirror: int
    contract: Literal["tolerance", "exact", "bounded"]
    ok: bool

def check(size: Sizes | None = None, origin: Axes = 0.0, step: Axes = 1 / 32, *,
          dims: int | None = None, noise: NoiseName | Graph = "improved",
          fractal: FractalName | None = None, octaves: int | None = None,
          persistence: float | None = None, lacunarity: float | None = None,
          period: int | Sequence[int] | None = None, octave_offsets: bool = False,
          warp: float | None = None,
          interpolation: Literal["linear", "cosine", "cubic"] | None = None,
          smooth: bool = False, distance: DistanceName | None = None,
          returns: ReturnName | None = None, jitter: Number | None = None,
          angle: Number | None = None, advection: Number | None = None,
          gradient: bool = False, seed: int | None = None,
          permutation: Sequence[int] | None = None, region: Sizes | None = None,
          backend: Literal["gpu"] | Backend = "gpu",
          device: int | None = None) -> CheckResult: ...
