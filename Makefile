# Two commands do all the set-up on a fresh Debian 12 machine:
#   make run   installs what is missing, builds, and renders the demo images into out/ (the window's
#              modes too, headless: `vknoise view` opens the window itself)
#   make test  installs what is missing, builds, and runs every test
SHELL := /bin/bash
BUILD_DIR ?= build
OUT_DIR ?= out
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Everything the build, the tests and the demos need, as Debian 12 packages.
DEBIAN_PACKAGES := build-essential cmake ninja-build pkg-config glslc libvulkan-dev \
  libvulkan-volk-dev mesa-vulkan-drivers vulkan-validationlayers libgtest-dev libstb-dev libhwy-dev \
  libcli11-dev libgif-dev libpng-dev libopenexr-dev openexr libopenvdb-dev libopenvdb-tools \
  libboost-iostreams-dev python3 libglm-dev python3-matplotlib clang libclang-rt-14-dev ffmpeg \
  spirv-headers nlohmann-json3-dev libshaderc-dev glslang-dev spirv-tools \
  pybind11-dev python3-dev python3-numpy python3-pytest python3-dask python3-distributed \
  python3-zarr python3-noise libglfw3-dev libimgui-dev xvfb xauth \
  python3-pip python3-venv python3-setuptools python3-wheel python3-torch \
  libzstd-dev zstd
# node and npm for the tests' KTX2 reader (tests/ktx), from Debian where the machine has no npm: a
# node that bundles its own npm (NodeSource's) conflicts with Debian's npm package.
NODE_PACKAGES := nodejs npm

VKNOISE := $(BUILD_DIR)/src/cli/vknoise
VIEW := $(BUILD_DIR)/src/cli/vknoise-view

.PHONY: all deps build run test test-asan test-tsan fuzz bench bench-peers gpu-report gpu-bundle format clean
all: build

deps:
	@missing=$$(for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed$$' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:" $$missing; \
	  $(SUDO) apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi
	@command -v npm >/dev/null || { \
	  echo "installing Debian packages:" $(NODE_PACKAGES); \
	  $(SUDO) apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends \
	    $(NODE_PACKAGES); \
	}

build: deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD_DIR)

run: build
	mkdir -p $(OUT_DIR)
	$(VKNOISE) info
	$(VKNOISE) render --dims 3 --size 512x512 --origin 0,0,0.5 --step 0.015625 --backend gpu --out $(OUT_DIR)/noise3.png
	$(VKNOISE) render --dims 3 --size 512x512 --origin 0,0,0 --step 0.015625 --backend gpu --out $(OUT_DIR)/noise3_z0.png
	$(VKNOISE) render --dims 3 --size 512x512 --origin 0,0,0.5 --step 0.015625 --seed 7 --backend gpu --out $(OUT_DIR)/noise3_seed7.png
	$(VKNOISE) render --dims 4 --size 512x512x1x1 --origin 0,0,0.5,0.25 --step 0.015625 --backend gpu --out $(OUT_DIR)/noise4_slice.png
	$(VKNOISE) render --dims 3 --size 512x512 --origin 1000000,-1000000,0.5 --step 0.015625 --backend gpu --out $(OUT_DIR)/noise3_far.png
	$(VKNOISE) render --dims 3 --size 128x128x128 --step 0.0625 --backend gpu --out $(OUT_DIR)/volume3.raw
	$(VKNOISE) check --dims 3
	$(VKNOISE) check --dims 4
	$(VKNOISE) render --noise simplex --dims 2 --size 512x512 --step 0.0078125 --remap 01 --backend gpu --out $(OUT_DIR)/simplex2.png
	$(VKNOISE) render --noise simplex --dims 3 --size 512x512 --origin 0,0,0.5 --step 0.0078125 --fractal fbm --octaves 5 --remap 01 --backend gpu --out $(OUT_DIR)/simplex3_fbm.png
	$(VKNOISE) check --noise simplex --dims 3 --fractal fbm
	$(VKNOISE) render --noise cellular --dims 3 --size 512x512 --origin 0,0,0.5 --step 0.015625 --backend gpu --out $(OUT_DIR)/cellular3_f1.png
	$(VKNOISE) render --graph graphs/voronoi.json --size 512x512 --step 0.0078125 --backend gpu --out $(OUT_DIR)/graph_voronoi.png
	$(VKNOISE) render --graph graphs/cracks.json --size 512x512 --step 0.0078125 --backend gpu --out $(OUT_DIR)/graph_cracks.png
	$(VKNOISE) render --graph graphs/perlin_worley.json --size 512x512 --step 0.00390625 --origin 0,0,0.3 --backend gpu --out $(OUT_DIR)/graph_perlin_worley.png
	$(VKNOISE) check --noise cellular --dims 3 --cellular-return f2-f1 --fractal fbm --period 4
	$(VKNOISE) render --graph graphs/flow.json --size 192x192x32 --step 0.0078125,0.0078125,0.03125 --backend gpu --out $(OUT_DIR)/graph_flow.gif
	$(VKNOISE) check --noise flow --dims 3 --fractal fbm --flow-advection 0.4 --flow-angle 1.5
	$(VKNOISE) render --graph graphs/terraced_terrain.json --size 512x512 --step 0.005 --origin 3,1 --backend gpu --out $(OUT_DIR)/graph_terraced_terrain.png
	$(VKNOISE) render --graph graphs/lava.json --size 512x512 --step 0.0078125 --origin 0,0,0.4 --backend gpu --out $(OUT_DIR)/graph_lava.png
	$(VKNOISE) render --graph graphs/cloud_layers.json --size 512x512 --step 0.0078125 --origin 0,0,0.4 --backend gpu --out $(OUT_DIR)/graph_cloud_layers.png
	$(VKNOISE) check --graph graphs/lava.json --size 128x128
	$(VKNOISE) render --preset marble --size 256x256 --backend gpu --out $(OUT_DIR)/preset_marble.png
	$(VKNOISE) render --preset wood --size 256x256 --backend gpu --out $(OUT_DIR)/preset_wood.png
	$(VKNOISE) render --preset clouds --size 256x256 --backend gpu --out $(OUT_DIR)/preset_clouds.png
	$(VKNOISE) render --preset fire --size 256x256 --backend gpu --out $(OUT_DIR)/preset_fire.png
	$(VKNOISE) render --preset terrain --size 256x256 --backend gpu --out $(OUT_DIR)/preset_terrain.png
	$(BUILD_DIR)/examples/ocean/vknoise_ocean --out $(OUT_DIR)/ocean
	$(BUILD_DIR)/examples/clouds/vknoise_clouds --out $(OUT_DIR)/clouds
	$(BUILD_DIR)/examples/backend/vknoise_backend --volume 64 --image 320x240 --frames 8 --out $(OUT_DIR)/backend
	for mode in slice heightfield volume ocean clouds; do \
	  $(VIEW) --headless --mode $$mode --size 640x360 --frames 2 --fractal fbm --octaves 5 \
	    --screenshot $(OUT_DIR)/view_$$mode.png || exit 1; \
	done
	mkdir -p $(OUT_DIR)/clouds_set $(OUT_DIR)/ocean_set
	$(VKNOISE) bake clouds --out $(OUT_DIR)/clouds_set
	$(VKNOISE) bake ocean --out $(OUT_DIR)/ocean_set
	$(VIEW) --headless --mode clouds --textures $(OUT_DIR)/clouds_set --size 640x360 --frames 2 \
	  --screenshot $(OUT_DIR)/view_clouds_baked.png
	@echo "rendered into $(OUT_DIR)/:" && ls -l $(OUT_DIR)

# Tests run CTEST_JOBS at a time (every core): they wait on conditions, never on time, so a
# loaded machine slows them down and changes nothing else.
CTEST_JOBS ?= $(shell nproc)

# tests/ktx's node packages (ktx-parse, pinned by its package-lock.json) for the cli_ktx2 test.
test: build
	cd tests/ktx && npm ci --no-audit --no-fund
	ctest --test-dir $(BUILD_DIR) --output-on-failure --timeout 900 -j $(CTEST_JOBS)

# The suite again under sanitizers (docs/testing.md), each in its own build directory at -O1:
#   make test-asan  every test under AddressSanitizer + UndefinedBehaviorSanitizer (no recovery)
#   make test-tsan  the threaded tests (fast CPU path CpuFill*, GPU *Thread*) under ThreadSanitizer
#   make fuzz       the libFuzzer targets (clang), each for FUZZ_SECONDS on its corpus
# Suppressions (tests/sanitizers/) name third-party libraries only: lavapipe, LLVM, the validation
# layer. The consumer tests build uninstrumented programs against the library, so they are left
# to `make test`, and so are the Python tests (an uninstrumented python3 cannot load an
# instrumented extension): the sanitizer builds leave the Python module out.
ASAN_DIR ?= build-asan
TSAN_DIR ?= build-tsan
FUZZ_DIR ?= build-fuzz
FUZZ_SECONDS ?= 60
SANITIZERS := $(CURDIR)/tests/sanitizers
# -g1 keeps the line tables the reports need; full -g made the instrumented build about a
# third slower to compile and nearly twice as large to link.
SANITIZER_CMAKE := -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DVKNOISE_BUILD_PYTHON=OFF
# The SIMD targets of each instrumented build (VKNOISE_SIMD_TARGETS, CMakeLists.txt); every target
# is a compilation of every SIMD source of its own, and the SIMD tests run on each in turn:
#   ASan   the baseline (EMU128: 4 lanes), AVX2 (8) and AVX3 (16), one target of each vector
#          width, whose loads and stores at a row's end ASan checks, and AVX3_DL, whose table
#          lookup in registers is code of its own (SSSE3 and SSE4 are 4 lanes, as the baseline)
#   TSan   the baseline and AVX3, and the tests verify the CPU's best target only
#          (VKNOISE_TEST_SIMD_TARGETS=best, tests/simd_targets.hpp): the threads (the pool, the
#          pieces, the queues) are the same code on every target, and the baseline's emulated
#          vectors (loops over lanes in memory) run many times slower under TSan
#   fuzz   the baseline only: the fuzzers drive parsers (the command line's, the graph and KTX 2
#          readers), not the SIMD kernels
ASAN_SIMD_TARGETS := 'AVX2;AVX3;AVX3_DL'
ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
TSAN_FLAGS := -fsanitize=thread -fno-omit-frame-pointer
FUZZ_FLAGS := -fsanitize=fuzzer-no-link $(ASAN_FLAGS)
# clang links its static ASan runtime into executables only; the shared library (linked with
# --no-undefined) needs the shared runtime, found through an rpath.
# The shared runtime cannot come first in the library list (libFuzzer's C++ comes earlier).
FUZZ_ASAN_OPTIONS := allocator_may_return_null=1:detect_leaks=1:verify_asan_link_order=0
# clang's runtime directory is asked for by the recipe's shell, after `deps` has installed clang:
# nothing in this Makefile runs a program from a package `deps` installs while make parses it.
FUZZ_LINK = -shared-libasan $(ASAN_FLAGS) -Wl,-rpath,$$(clang -print-runtime-dir)
# ASAN_KEEP preloads a shim (tests/sanitizers/keep_vulkan_modules.c) that pins the Vulkan driver and
# layers with RTLD_NODELETE, so their allocations still live at exit symbolize and lsan.supp can
# name them; as it precedes the runtime in the library list, verify_asan_link_order=0.
ASAN_KEEP_SO := $(abspath $(ASAN_DIR))/libkeep_vulkan_modules.so
ASAN_KEEP := LD_PRELOAD=$(ASAN_KEEP_SO)
# ThreadSanitizer needs them pinned too: it stops when a module its suppressions name is unloaded.
TSAN_KEEP_SO := $(abspath $(TSAN_DIR))/libkeep_vulkan_modules.so
ASAN_ENV := ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:detect_odr_violation=0:verify_asan_link_order=0:suppressions=$(SANITIZERS)/asan.supp \
  LSAN_OPTIONS=suppressions=$(SANITIZERS)/lsan.supp:print_suppressions=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:suppressions=$(SANITIZERS)/ubsan.supp
# die_after_fork=0: CpuFill.AForkedChildFillsWithThreadsOfItsOwn starts threads in a child forked
# from a threaded parent, which ThreadSanitizer refuses by default.
TSAN_ENV := TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:die_after_fork=0:suppressions=$(SANITIZERS)/tsan.supp
THREADED_TESTS ?= CpuFill|CpuEval|Thread
# Left to the plain build (docs/testing.md, Sanitizers): the consumers (uninstrumented programs
# built against the library), Python (Debian's interpreter is not instrumented), and
# golden_field_hashes, whose 777 runs take the command-line paths the other CLI tests already take
# under ASan (4 min of CI for no code of its own); and cellular noise's 4D brute force at 100,000
# samples per metric, whose code CellularExact's smaller counts run under ASan.
# cli_signals sends these under ASan (tests/cli/signals_test.sh, VKNOISE_TEST_SIGNALS): one of
# each kind (a request to end, a fault, a job control one, the real-time range's ends) instead of
# all 26, whose cases take 4 minutes of the ASan run; the plain run sends every one.
ASAN_SIGNALS := INT TERM HUP SEGV ABRT PIPE XCPU RTMIN RTMAX
ASAN_EXCLUDED := ^(consumer|python)_|^golden_field_hashes$$|^CellularExhaustive\.

test-asan: deps
	cmake -S . -B $(ASAN_DIR) $(SANITIZER_CMAKE) -DVKNOISE_SIMD_TARGETS=$(ASAN_SIMD_TARGETS) \
	  -DCMAKE_C_FLAGS="$(ASAN_FLAGS)" \
	  -DCMAKE_CXX_FLAGS="$(ASAN_FLAGS)" -DCMAKE_EXE_LINKER_FLAGS="$(ASAN_FLAGS)" \
	  -DCMAKE_SHARED_LINKER_FLAGS="$(ASAN_FLAGS)"
	$(ASAN_ENV) cmake --build $(ASAN_DIR)
	$(CC) -O1 -shared -fPIC -o $(ASAN_KEEP_SO) $(SANITIZERS)/keep_vulkan_modules.c
	$(ASAN_ENV) $(ASAN_KEEP) VKNOISE_TEST_SIGNALS='$(ASAN_SIGNALS)' \
	  ctest --test-dir $(ASAN_DIR) --output-on-failure --timeout 1800 -E '$(ASAN_EXCLUDED)' \
	  -j $(CTEST_JOBS)

test-tsan: deps
	cmake -S . -B $(TSAN_DIR) $(SANITIZER_CMAKE) -DVKNOISE_SIMD_TARGETS=AVX3 \
	  -DCMAKE_C_FLAGS="$(TSAN_FLAGS)" \
	  -DCMAKE_CXX_FLAGS="$(TSAN_FLAGS)" -DCMAKE_EXE_LINKER_FLAGS="$(TSAN_FLAGS)" \
	  -DCMAKE_SHARED_LINKER_FLAGS="$(TSAN_FLAGS)" -DVKNOISE_BUILD_BENCH=OFF \
	  -DVKNOISE_BUILD_EXAMPLES=OFF
	$(TSAN_ENV) cmake --build $(TSAN_DIR) --target vknoise_tests vknoise_cpu_fill_tests vknoise_backend_tests
	$(CC) -O1 -shared -fPIC -o $(TSAN_KEEP_SO) $(SANITIZERS)/keep_vulkan_modules.c
	$(TSAN_ENV) LD_PRELOAD=$(TSAN_KEEP_SO) VKNOISE_TEST_SIMD_TARGETS=best \
	  ctest --test-dir $(TSAN_DIR) --output-on-failure \
	  --timeout 1800 -R '$(THREADED_TESTS)' --no-tests=error -j $(CTEST_JOBS)

fuzz: deps
	cmake -S . -B $(FUZZ_DIR) $(SANITIZER_CMAKE) -DVKNOISE_SIMD_TARGETS=baseline \
	  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DVKNOISE_FUZZ=ON \
	  -DCMAKE_C_FLAGS="$(FUZZ_FLAGS)" -DCMAKE_CXX_FLAGS="$(FUZZ_FLAGS)" \
	  -DCMAKE_EXE_LINKER_FLAGS="$(FUZZ_LINK)" -DCMAKE_SHARED_LINKER_FLAGS="$(FUZZ_LINK)" \
	  -DVKNOISE_BUILD_TESTS=OFF -DVKNOISE_BUILD_BENCH=OFF -DVKNOISE_BUILD_EXAMPLES=OFF
	cmake --build $(FUZZ_DIR) --target vknoise_fuzz_points vknoise_fuzz_args vknoise_fuzz_graph \
	  vknoise_fuzz_ktx2
	set -e; for target in points args graph ktx2; do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$target; \
	  echo "fuzzing $$target for $(FUZZ_SECONDS) s"; \
	  $(ASAN_ENV) ASAN_OPTIONS=$(FUZZ_ASAN_OPTIONS) $(FUZZ_DIR)/tests/fuzz/vknoise_fuzz_$$target $(FUZZ_DIR)/corpus/$$target \
	    tests/fuzz/corpus/$$target -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 \
	    -max_len=4096 -timeout=10 -print_final_stats=1 \
	    $$(test -f tests/fuzz/$$target.dict && echo -dict=tests/fuzz/$$target.dict) \
	    -artifact_prefix=$(FUZZ_DIR)/crash-$$target-; \
	done

# The backends sweep of both workloads (vknoise bench, bounded to minutes) into out/bench.json,
# charted into docs/images/bench_3d.png, bench_4d.png (grid), bench_points_3d.png and
# bench_points_4d.png (Debian's python3, which has python3-matplotlib); then the kernel-only
# figures.
bench: build
	mkdir -p $(OUT_DIR)
	$(VKNOISE) bench --workloads grid,points --json $(OUT_DIR)/bench.json --csv $(OUT_DIR)/bench.csv
	/usr/bin/python3 bench/plot_bench.py $(OUT_DIR)/bench.json docs/images
	$(BUILD_DIR)/bench/vknoise_kernel_bench --dims 3 --size 256x256x256
	$(BUILD_DIR)/bench/vknoise_kernel_bench --dims 4 --size 64x64x64x64

# vknoise side by side with FastNoise2 (docs/benchmarks.md, "Side by side with FastNoise2"): two
# build directories, vknoise by the default GCC in both, FastNoise2 by g++ in one and clang++ in
# the other (its speed depends on its compiler; clang is in DEBIAN_PACKAGES, which `deps`
# installs), the tool alone built; then bench/bench_peers.py alternates the two binaries for
# PEERS_ROUNDS rounds and prints one markdown table.
#   PEERS_DIR     FastNoise2 v1.1.1 (fastnoise2-1.1.1/) and the FastSIMD commit it pins (fastsimd/)
#   PEERS_ROUNDS  rounds of the script (default 7; the whole target takes ~15 min on 2 cores)
PEERS_DIR ?= ../shared/peers
PEERS_ROUNDS ?= 7
PEERS_CMAKE = -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DVKNOISE_FASTNOISE2_SOURCE=$(abspath $(PEERS_DIR))/fastnoise2-1.1.1 \
  -DVKNOISE_FASTSIMD_SOURCE=$(abspath $(PEERS_DIR))/fastsimd

bench-peers: deps
	cmake -S . -B build-peers-gcc $(PEERS_CMAKE) -DVKNOISE_FASTNOISE2_CXX=g++
	cmake -S . -B build-peers-clang $(PEERS_CMAKE) -DVKNOISE_FASTNOISE2_CXX=clang++
	cmake --build build-peers-gcc --target vknoise_cli
	cmake --build build-peers-clang --target vknoise_cli
	/usr/bin/python3 bench/bench_peers.py --rounds $(PEERS_ROUNDS) \
	  build-peers-gcc/src/cli/vknoise build-peers-clang/src/cli/vknoise

# What a GPU machine is asked to show (docs/benchmarks.md, "On a GPU machine"): vknoise info,
# check --all, the GPU tests with the validation layer, the bench sweep (its GPU rows measured) and
# the kernel benchmark, with logs, JSON, CSV, charts and summary.txt, into $(OUT_DIR)/gpu-report/.
#   GPU_REPORT_BUDGET  seconds one repeat of the sweep may take (vknoise bench --budget)
#   GPU_REPORT_TESTS   a gtest filter instead of every GPU test (CI's smoke run uses a few)
#   GPU_REPORT_VIEW_SIZE, GPU_REPORT_VIEW_FRAMES  the window's headless frame loop (vknoise-view
#                      --headless, every mode): picture size and frames per mode
#   GPU_REPORT_BAKE_RUNS  timed runs of `vknoise bake clouds` per backend (median reported)
# gpu-bundle puts the same report, with the libraries, the Vulkan loader and the validation layer
# it needs, into $(GPU_BUNDLE_DIR)/, to run as gpu-bundle/gpu-report.sh on a machine that has no
# development packages.
GPU_REPORT_BUDGET ?= 1
GPU_REPORT_TESTS ?=
GPU_REPORT_VIEW_SIZE ?= 1920x1080
GPU_REPORT_VIEW_FRAMES ?= 120
GPU_REPORT_BAKE_RUNS ?= 5
GPU_BUNDLE_DIR ?= gpu-bundle
KERNEL_BENCH := $(BUILD_DIR)/bench/vknoise_kernel_bench
GPU_TEST_PROGRAMS := $(BUILD_DIR)/tests/vknoise_tests $(BUILD_DIR)/tests/vknoise_backend_tests

gpu-report: build
	tools/gpu_report.sh --out $(OUT_DIR)/gpu-report --budget '$(GPU_REPORT_BUDGET)' \
	  --bake-runs $(GPU_REPORT_BAKE_RUNS) \
	  $(if $(GPU_REPORT_TESTS),--tests '$(GPU_REPORT_TESTS)') --tool $(VKNOISE) \
	  --kernel-bench $(KERNEL_BENCH) --plot bench/plot_bench.py \
	  $(addprefix --test ,$(GPU_TEST_PROGRAMS)) \
	  $$([ -x $(VIEW) ] && echo --view $(VIEW) --view-size $(GPU_REPORT_VIEW_SIZE) \
	    --view-frames $(GPU_REPORT_VIEW_FRAMES))

gpu-bundle: build
	tools/gpu_bundle.sh $(GPU_BUNDLE_DIR) bench/plot_bench.py $(VKNOISE) $(KERNEL_BENCH) \
	  $(GPU_TEST_PROGRAMS) $$([ -x $(VIEW) ] && echo $(VIEW))

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp' '*.h' '*.c')

clean:
	rm -rf $(BUILD_DIR) $(OUT_DIR) $(ASAN_DIR) $(TSAN_DIR) $(FUZZ_DIR) $(GPU_BUNDLE_DIR)
