"""Two Python threads fill at once: the GIL is released while the library computes, each call
takes its own backend from the pool, and both get the right values."""

import threading

import numpy as np
import pytest

import vknoise
from conftest import same_bits


def fill_together(backend, kwargs, rounds):
    """Two threads, released together by a barrier each round; their results."""
    barrier = threading.Barrier(2)
    results = [[], []]
    errors = []

    def work(slot):
        try:
            for _ in range(rounds):
                barrier.wait()
                results[slot].append(vknoise.field(**kwargs, backend=backend))
        except Exception as e:  # reported by the main thread
            errors.append(e)
            barrier.abort()

    threads = [threading.Thread(target=work, args=(slot,)) for slot in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    return results[0] + results[1]


@pytest.mark.parametrize("name", ["cpu-reference", "cpu", "gpu"])
def test_two_threads_fill_at_once(backend_of, name):
    kwargs = dict(size=(48, 40, 4), fractal="fbm", octaves=3)
    expected = vknoise.field(**kwargs, backend=backend_of(name))
    for values in fill_together(backend_of(name), kwargs, rounds=3):
        assert same_bits(values, expected)


def test_calls_overlap_without_the_gil():
    # A backend serves one call at a time, so a second backend is made only when two calls are
    # inside the library at once: impossible if a call held the GIL throughout.
    backend = vknoise.Backend("cpu-reference")
    kwargs = dict(size=(128, 128, 16), fractal="fbm", octaves=4)
    for _ in range(20):
        fill_together(backend, kwargs, rounds=1)
        if backend.created == 2:
            break
    assert backend.created == 2
