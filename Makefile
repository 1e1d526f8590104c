# Two commands do all the set-up on a fresh Debian 12 machine:
#   make run   installs what is missing, builds, and renders the demo images into out/
#   make test  installs what is missing, builds, and runs every test
SHELL := /bin/bash
BUILD_DIR ?= build
OUT_DIR ?= out
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Everything the build, the tests and the demos need, as Debian 12 packages.
DEBIAN_PACKAGES := build-essential cmake ninja-build pkg-config glslc libvulkan-dev \
  libvulkan-volk-dev mesa-vulkan-drivers vulkan-validationlayers libgtest-dev libstb-dev libhwy-dev \
  libcli11-dev libgif-dev libpng-dev libopenexr-dev openexr libopenvdb-dev libopenvdb-tools \
  libboost-iostreams-dev python3 libglm-dev python3-matplotlib

VKNOISE := $(BUILD_DIR)/src/cli/vknoise

.PHONY: all deps build run test bench format clean
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
	$(BUILD_DIR)/examples/ocean/vknoise_ocean --out $(OUT_DIR)/ocean
	$(BUILD_DIR)/examples/clouds/vknoise_clouds --out $(OUT_DIR)/clouds
	$(BUILD_DIR)/examples/backend/vknoise_backend --volume 64 --image 320x240 --frames 8 --out $(OUT_DIR)/backend
	@echo "rendered into $(OUT_DIR)/:" && ls -l $(OUT_DIR)

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure --timeout 900

# The backends sweep (vknoise bench, bounded to minutes) into out/bench.json, charted into
# docs/images/bench_3d.png and bench_4d.png (Debian's python3, which has python3-matplotlib); then
# the kernel-only figures.
bench: build
	mkdir -p $(OUT_DIR)
	$(VKNOISE) bench --json $(OUT_DIR)/bench.json --csv $(OUT_DIR)/bench.csv
	/usr/bin/python3 bench/plot_bench.py $(OUT_DIR)/bench.json docs/images
	$(BUILD_DIR)/bench/vknoise_kernel_bench --dims 3 --size 256x256x256
	$(BUILD_DIR)/bench/vknoise_kernel_bench --dims 4 --size 64x64x64x64

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp' '*.h')

clean:
	rm -rf $(BUILD_DIR) $(OUT_DIR)
