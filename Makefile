# SPDX-License-Identifier: GPL-2.0
#
# Our tracing subsystem for Linux 6.12: build, boot and test it.
#
#   make deps          install what everything below needs (apt-get)
#   make               build the kernel (FLAVOUR=ours, the default)
#   make run           boot it under QEMU with a root shell on the console
#   make check         build, boot, run our selftests and the conformance ratchet
#   make conformance   run upstream's whole ftracetest suite on FLAVOUR's kernel
#   make compare       the same on both flavours, side by side
#   make lint          checkpatch, upstream-overlap, the call graph check, recordmcount's self-test
#   make bench         ring buffer throughput and event cost, ours against upstream
#   make fuzz          a million seeded malformed writes to tracefs (FUZZ_SEED, FUZZ_COUNT)
#   make stress        readers racing reconfiguration, 10 minutes (STRESS_SECONDS, STRESS_SEED)
#   make mutate        break the kernel on purpose, one named way at a time
#                      (tools/testing/vm/mutations/), and see the tests catch each
#   make series        the patch series on Linux 6.12, in build/series/
#   make series-check  apply it to a fresh repository, checkpatch and build every patch,
#                      boot the result (SERIES_FROM=N: build from patch N on)
#   make check-kasan   the race and bad-access tests on a KASAN kernel (not in CI)
#
# FLAVOUR=upstream builds and boots the pristine 6.12 base with the same
# configuration, in its own build directory.  DEBUG=lockdep|kasan|kcsan adds
# that checker's config fragment (again in a build directory of its own).

SHELL := /bin/bash
VM := tools/testing/vm
FLAVOUR ?= ours
DEBUG ?=
export FLAVOUR DEBUG
# The start of this make (or of .ci/run, which sets it): make check's time
# table lists the steps timed since (tools/testing/vm/timed).
HARNESS_T0 ?= $(shell date +%s)
export HARNESS_T0

.DEFAULT_GOAL := all
.PHONY: all build deps run check check-kasan conformance compare lint bench fuzz stress clean distclean help
.PHONY: series series-check mutate

all: build

help:
	@sed -n '3,/^$$/p' Makefile | sed 's/^# \{0,1\}//'

deps:
	@$(VM)/timed deps $(VM)/deps

build: deps
	@$(VM)/timed "build $(FLAVOUR)$(if $(DEBUG),-$(DEBUG))" $(VM)/build

run: build
	@$(VM)/run

check: build
	@$(VM)/check

conformance: build
	@$(VM)/conformance

compare: deps
	@FLAVOUR=upstream $(VM)/build
	@FLAVOUR=ours $(VM)/build
	@$(VM)/conformance --both

lint: deps
	@$(VM)/timed lint $(VM)/lint

# Builds both flavours itself.
bench: deps
	@$(VM)/bench

fuzz: build
	@$(VM)/fuzz

stress: build
	@$(VM)/stress

# The mutation run: each of tools/testing/vm/mutations/ built and tested
# (MUTATIONS="NAME ..." picks some).
mutate: deps
	@$(VM)/build --extract-only
	@$(VM)/mutate $(MUTATIONS)

# Needs only the extracted base, not a built kernel.
series: deps
	@$(VM)/build --extract-only
	@$(VM)/series make

# Builds the ours flavour first: the check compares the applied tree with it.
series-check: build
	@$(VM)/series check --from $(or $(SERIES_FROM),1)

# Its own build directory (build/ours-kasan); about 10 minutes to build.
check-kasan: deps
	@DEBUG=kasan $(VM)/build
	@DEBUG=kasan $(VM)/check-debug

# Object trees and run logs; the extracted base and ccache stay.
clean:
	rm -rf build/ours* build/upstream* build/vm-runs build/results build/series*

distclean:
	rm -rf build
