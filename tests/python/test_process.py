"""The process around a fill: the interpreter exits while a thread fills, a process forks after
using the GPU, and Ctrl-C arrives during a long fill (docs/python.md, "Interrupts, fork and exit").

Each case runs in a child interpreter (or a forked child) and waits on conditions: the child's
exit, a line it writes when its fill is under way (a profile hook sees the call enter the
extension), never on time. Durations are measured with time.monotonic, one clock for the test
and its children.
"""

import multiprocessing
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import vknoise
from conftest import same_bits

BACKENDS = ["cpu", "cpu-reference", "gpu"]

# Long on every backend: seconds on the fast path of two cores, minutes on the reference.
LONG_OPTIONS = "fractal='fbm', octaves=16"
LONG_FIELD = f"size=(2048, 2048, 8), {LONG_OPTIONS}"

# announce_call(function, event) calls event() once this thread is inside `function` of the
# extension and has released the GIL: a profile hook sees the call enter the C function and wakes
# a thread that needs the GIL to go on, which the call holds until it starts computing (its
# argument conversion may still see a signal and raise before that, which would test nothing).
# announce_fill(event) is that for vknoise._vknoise.fill.
ON_FILL = """
import sys, threading, vknoise
def announce_call(function, event):
    entered = threading.Event()
    def announce():
        entered.wait()
        event()
    threading.Thread(target=announce, daemon=True).start()
    def profile(frame, what, arg):
        if what == "c_call" and arg is function:
            sys.setprofile(None)
            entered.set()
    sys.setprofile(profile)
def announce_fill(event):
    announce_call(vknoise._vknoise.fill, event)
"""


def run_child(script, *args):
    """Runs `script` in a fresh interpreter; its exit status, stdout and stderr."""
    done = subprocess.run([sys.executable, "-c", script, *map(str, args)], capture_output=True,
                          text=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


# The main script ends while a daemon thread fills small fields over and over, so that one of
# its calls comes back while the interpreter finalizes: before the fix, Python ended that thread
# with pthread_exit, whose unwinding through the bindings aborted the process with "terminate
# called without an active exception" (every run on every backend, checked against the code
# before the fix).
EXIT_WHILE_FILLING = """
import atexit, sys, threading, vknoise
name, shut_down = sys.argv[1], sys.argv[2] == "shutdown"
if not shut_down:  # the calls under way are not stopped: the thread comes back finalizing
    atexit.unregister(vknoise._vknoise._shutdown)
filling = threading.Event()
def work():
    try:
        while True:
            filling.set()
            vknoise.field((64, 64), backend=name)
    except RuntimeError as e:  # stopped or refused at exit
        if "exiting" not in str(e):
            raise
threading.Thread(target=work, daemon=True).start()
filling.wait()
print("exiting", flush=True)
"""


@pytest.mark.parametrize("name", BACKENDS)
def test_exit_while_a_daemon_thread_fills(name):
    assert run_child(EXIT_WHILE_FILLING, name, "shutdown") == (0, "exiting\n", "")


@pytest.mark.parametrize("name", ["cpu", "cpu-reference"])
def test_a_thread_back_from_the_library_while_finalizing_is_parked(name):
    # Without the exit hook's stop the daemon's calls come back while the interpreter finalizes:
    # the thread is parked, not ended, and the process exits with the script's status.
    assert run_child(EXIT_WHILE_FILLING, name, "no-shutdown") == (0, "exiting\n", "")


@pytest.mark.parametrize("name", BACKENDS)
def test_exit_stops_a_long_fill(name):
    # A daemon thread inside one long fill when the script ends: the exit hook stops it and the
    # thread's call raises RuntimeError. A hook registered before vknoise's runs after it and
    # waits for the thread, so that what it prints is seen (a fill that was not stopped would
    # print "completed", minutes later on the reference).
    script = """
import atexit
atexit.register(lambda: worker.join())
""" + ON_FILL + f"""
name = sys.argv[1]
filling = threading.Event()
def work():
    announce_fill(filling.set)
    try:
        vknoise.field({LONG_FIELD}, backend=name)
        print("completed", flush=True)
    except RuntimeError as e:
        print(e, flush=True)
worker = threading.Thread(target=work, daemon=True)
worker.start()
filling.wait()
print("exiting", flush=True)
"""
    code, out, err = run_child(script, name)
    assert (code, err) == (0, "")
    assert out == "exiting\nvknoise: the interpreter is exiting; the call was stopped\n"


def test_exit_refuses_calls_once_shut_down():
    script = """
import vknoise
vknoise._vknoise._shutdown()
try:
    vknoise.field((8, 8), backend="cpu")
except RuntimeError as e:
    print(e)
"""
    assert run_child(script) == (0, "vknoise: the interpreter is exiting\n", "")


# A call that takes seconds on every backend, and a small one with the same options first, so
# that the backend and its kernel exist before the timed call (building a GPU pipeline, seconds on
# lavapipe, is not interruptible).
LONG_CALLS = {
    "field": (f"vknoise.field((16, 16, 2), {LONG_OPTIONS}, backend=backend)",
              f"vknoise.field({LONG_FIELD}, backend=backend)"),
    # Four million points; with derivatives, which the fast path computes point by point.
    "eval": (f"vknoise.eval(np.ones((8, 3)), {LONG_OPTIONS}, gradient=True, backend=backend)",
             f"vknoise.eval(np.ones((1 << 22, 3)), {LONG_OPTIONS}, gradient=True, "
             "backend=backend)"),
}


EXTENSION_CALL = {"field": "fill", "eval": "eval"}


@pytest.mark.parametrize("call", ["field", "eval"])
@pytest.mark.parametrize("name", BACKENDS)
def test_ctrl_c_stops_a_long_call_within_half_a_second(name, call):
    # The child writes "started" when its call enters the extension; the test then sends SIGINT.
    # Both read time.monotonic (CLOCK_MONOTONIC, one clock for every process of the machine):
    # the test just before it signals, the child when KeyboardInterrupt leaves the call.
    warm_up, long_call = LONG_CALLS[call]
    script = ON_FILL + f"""
import time
import numpy as np
name = sys.argv[1]
backend = vknoise.Backend("gpu", validation=True) if name == "gpu" else name
{warm_up}
announce_call(vknoise._vknoise.{EXTENSION_CALL[call]}, lambda: print("started", flush=True))
try:
    {long_call}
    print("completed")
except KeyboardInterrupt:
    print(f"interrupted {{time.monotonic()!r}}")
if name == "gpu":
    backend.close()
    print("validation", backend.validation_messages())
"""
    child = subprocess.Popen([sys.executable, "-c", script, name], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "started\n"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=300)
    finally:
        child.kill()
    assert child.returncode == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("interrupted "), out
    latency = float(lines[0].split()[1]) - sent
    assert 0 <= latency < 0.5, f"{name} {call}: KeyboardInterrupt {latency:.3f} s after SIGINT"
    if name == "gpu":
        assert lines[1] == "validation []"


def fill_in_child(fill, deadline_s):
    """Forks; the child runs fill() and reports through its exit status: 0 when it returned
    True within deadline_s seconds, 1 when it returned False, 2 when it took longer, 3 when it
    raised. The parent waits for the child's exit."""
    pid = os.fork()
    if pid == 0:
        status = 3
        try:
            start = time.monotonic()
            ok = fill()
            status = 2 if time.monotonic() - start > deadline_s else (0 if ok else 1)
        finally:
            os._exit(status)
    _, code = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(code)


def test_fork_after_gpu_use_rebuilds_the_backends(gpu):
    # The child inherits pools whose backends hold the parent's Vulkan objects: they are left
    # alone (never used, never destroyed there) and the child makes its own, on the GPU and on
    # the CPU, at once, not after a fence timeout (the bound is far below the 120 s timeout).
    kwargs = dict(size=(64, 48), fractal="fbm", octaves=3)
    on_gpu = vknoise.field(**kwargs, backend=gpu)
    shared_gpu = vknoise.field(**kwargs, backend="gpu")
    on_cpu = vknoise.field(**kwargs, backend="cpu")

    def child():
        again = vknoise.field(**kwargs, backend=gpu)
        shared = vknoise.field(**kwargs, backend="gpu")
        cpu = vknoise.field(**kwargs, backend="cpu")
        gpu.close()
        return (same_bits(again, on_gpu) and same_bits(shared, shared_gpu)
                and same_bits(cpu, on_cpu) and gpu.validation_messages() == [])

    assert fill_in_child(child, deadline_s=60) == 0
    # The parent's backends still work.
    assert same_bits(vknoise.field(**kwargs, backend=gpu), on_gpu)


def tile(args):
    """One tile of rows of a field, for a multiprocessing pool (module level: picklable)."""
    backend, first_row = args
    return vknoise.field((96, 16), region=(0, first_row), fractal="fbm", octaves=3,
                         backend=backend)


@pytest.mark.parametrize("name", ["cpu", "gpu"])
def test_multiprocessing_pool_with_fork(name):
    # The parent has used the backend before the pool forks its workers.
    whole = vknoise.field((96, 64), fractal="fbm", octaves=3, backend=name)
    with multiprocessing.get_context("fork").Pool(2) as pool:
        tiles = pool.map(tile, [(name, row) for row in range(0, 64, 16)])
    assert same_bits(np.concatenate(tiles), whole)
