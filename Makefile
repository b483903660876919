# For make-driven tools such as OpenBench, which build an engine with `make EXE=<path>` and then
# read `<path> bench`: builds the augur binary through Meson and copies it to EXE. The build
# directory is this Makefile's own (BUILD_DIR, kept between runs so a rebuild is incremental);
# CXX is respected: a directory this Makefile set up is set up again when CXX changes (one it
# did not set up, e.g. BUILD_DIR=build, is used as it is).
# Java and the tests are left out; the project's own build is `meson setup build`, see README.md.

EXE ?= augur
BUILD_DIR ?= build-make
MESON_FLAGS ?= --buildtype=release -Djava=disabled -Dtests=false

.PHONY: all clean
all:
	@if [ ! -f "$(BUILD_DIR)/build.ninja" ]; then \
	    CXX="$(CXX)" meson setup "$(BUILD_DIR)" $(MESON_FLAGS) && \
	    printf '%s' "$(CXX)" > "$(BUILD_DIR)/.augur-cxx"; \
	elif [ -f "$(BUILD_DIR)/.augur-cxx" ] && [ "$$(cat '$(BUILD_DIR)/.augur-cxx')" != "$(CXX)" ]; then \
	    CXX="$(CXX)" meson setup --wipe "$(BUILD_DIR)" $(MESON_FLAGS) && \
	    printf '%s' "$(CXX)" > "$(BUILD_DIR)/.augur-cxx"; \
	fi
	ninja -C "$(BUILD_DIR)" lib/protocol/augur
	cp "$(BUILD_DIR)/lib/protocol/augur" "$(EXE)"

clean:
	@if [ -f "$(BUILD_DIR)/.augur-cxx" ]; then rm -rf "$(BUILD_DIR)"; fi
