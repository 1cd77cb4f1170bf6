# loom - a physics sandbox in C driven from Lua 5.4.
#
#   make demo    install missing Debian packages, build, render the showcase
#   make test    build and run every test
#   make bench   measure the engine
#
# Layers, each a static library, dependencies pointing down only:
#   engine/ (libc, libm)  <-  render/ (SDL2, stb)  <-  bindings/ (Lua)  <-  app/
#
# Each part is compiled with the flags of its own dependencies only: the
# engine with none, render/ with SDL's, bindings/ with Lua's, app/ with both.

CC      ?= cc
BUILD   ?= build
OPT     ?= -O2
# -ffp-contract=off and no -ffast-math: the same script must give the same bits.
CFLAGS  ?= $(OPT) -g
CFLAGS  += -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -ffp-contract=off -MMD -MP
# Sanitizers for every object and link (make check sets it; empty otherwise).
SAN     ?=
CFLAGS  += $(SAN)
PKGS     = lua5.4 sdl2
SDL_CFLAGS = $(shell pkg-config --cflags sdl2 2>/dev/null)
LUA_CFLAGS = $(shell pkg-config --cflags lua5.4 2>/dev/null)
# stb is header-only under /usr/include/stb: render/ includes <stb/...>.
STB_CFLAGS =
DEP_CFLAGS = $(LUA_CFLAGS) $(SDL_CFLAGS)
DEP_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -ldeflate -pthread

DEBIAN_PACKAGES = build-essential pkg-config liblua5.4-dev libsdl2-dev libstb-dev libdeflate-dev fonts-dejavu-core

ENGINE_SRC   = $(wildcard engine/*.c)
RENDER_SRC   = $(wildcard render/*.c)
BINDINGS_SRC = $(wildcard bindings/*.c)
APP_SRC      = $(wildcard app/*.c)

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

ENGINE_LIB   = $(BUILD)/libloom_engine.a
RENDER_LIB   = $(BUILD)/libloom_render.a
BINDINGS_LIB = $(BUILD)/libloom_lua.a
LOOM         = $(BUILD)/loom

ENGINE_TESTS = $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/engine_*.c))
RENDER_TESTS = $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/render_*.c))
TOOLS        = $(BUILD)/tests/lua_runner $(BUILD)/tests/pngcheck $(BUILD)/tests/runclock \
               $(BUILD)/tests/fuzz_lua_replay $(BUILD)/tests/fuzz_cli_replay
BENCHES      = $(patsubst bench/%.c,$(BUILD)/bench/%,$(wildcard bench/*.c))

.PHONY: all deps demo test bench clean format check-format golden check check-build fuzz fuzz-build
# Keep the objects of tests and benches: make would otherwise delete them as
# intermediates after the run, and print that after the test summary line.
.SECONDARY:
all: $(LOOM)

# ---- dependencies ---------------------------------------------------------
# Installs what is missing with apt-get when root, otherwise says what to run.
deps:
	@missing=""; \
	for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then echo "deps: all Debian packages present"; exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "deps: installing$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	else \
	  echo "deps: missing Debian packages:$$missing"; \
	  echo "deps: run   sudo apt-get install$$missing"; exit 1; \
	fi

# ---- build ----------------------------------------------------------------
$(BUILD)/obj/engine/%.o: engine/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# The batched solver's kernels: gcc vectorises them at -O3 for this machine's
# vector width; -fno-math-errno only drops errno from sqrt. None of it changes
# a result (no -ffast-math, -ffp-contract=off; tests and bench check the bits
# against stored hashes). `make VECTOR_FLAGS=` builds them for any x86-64.
VECTOR_FLAGS ?= -march=native
$(BUILD)/obj/engine/relax.o: CFLAGS += -O3 -fno-math-errno $(VECTOR_FLAGS)

$(BUILD)/obj/render/%.o: render/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SDL_CFLAGS) $(STB_CFLAGS) -c $< -o $@

$(BUILD)/obj/bindings/%.o: bindings/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -c $< -o $@

$(BUILD)/obj/app/%.o: app/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEP_CFLAGS) -c $< -o $@

# Engine tests see the engine alone: no SDL or Lua flags.
$(BUILD)/obj/tests/engine_%.o: tests/engine_%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/obj/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEP_CFLAGS) -c $< -o $@

$(BUILD)/obj/bench/%.o: bench/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(ENGINE_LIB): $(call obj,$(ENGINE_SRC))
	@rm -f $@
	ar rcs $@ $^
$(RENDER_LIB): $(call obj,$(RENDER_SRC))
	@rm -f $@
	ar rcs $@ $^
$(BINDINGS_LIB): $(call obj,$(BINDINGS_SRC))
	@rm -f $@
	ar rcs $@ $^

$(LOOM): $(call obj,$(APP_SRC)) $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

$(BUILD)/tests/engine_%: $(BUILD)/obj/tests/engine_%.o $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

# Render tests see the renderer and the engine: SDL, no Lua.
$(BUILD)/tests/render_%: $(BUILD)/obj/tests/render_%.o $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(shell pkg-config --libs sdl2 2>/dev/null) -ldeflate -pthread -lm

# The runner runs each test file in the host the loom commands use.
HOST_OBJ = $(call obj,app/host.c app/sandbox.c app/budget_string.c app/watchdog.c app/cleanup.c)
$(BUILD)/tests/lua_runner: $(BUILD)/obj/tests/lua_runner.o $(HOST_OBJ) $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

# The fuzz harnesses without libFuzzer: replay tests/fuzz/corpus/ (cli_fuzz_corpus.sh).
$(BUILD)/tests/fuzz_lua_replay: $(BUILD)/obj/tests/fuzz/replay.o $(BUILD)/obj/tests/fuzz/fuzz_lua.o \
		$(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm
$(BUILD)/tests/fuzz_cli_replay: $(BUILD)/obj/tests/fuzz/replay.o $(BUILD)/obj/tests/fuzz/fuzz_cli.o \
		$(filter-out %/main.o,$(call obj,$(APP_SRC))) $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

$(BUILD)/tests/pngcheck: $(BUILD)/obj/tests/pngcheck.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(BUILD)/tests/runclock: $(BUILD)/obj/tests/runclock.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

# bench_draw runs a scene: it needs the bindings, the renderer, Lua and SDL.
$(BUILD)/obj/bench/bench_draw.o: bench/bench_draw.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEP_CFLAGS) -c $< -o $@
$(BUILD)/bench/bench_draw: $(BUILD)/obj/bench/bench_draw.o $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

# bench_shade draws a scene: like bench_draw.
$(BUILD)/obj/bench/bench_shade.o: bench/bench_shade.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEP_CFLAGS) -c $< -o $@
$(BUILD)/bench/bench_shade: $(BUILD)/obj/bench/bench_shade.o $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

# bench_fields runs Lua fields: the bindings and Lua, like bench_draw.
$(BUILD)/obj/bench/bench_fields.o: bench/bench_fields.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEP_CFLAGS) -c $< -o $@
$(BUILD)/bench/bench_fields: $(BUILD)/obj/bench/bench_fields.o $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

$(BUILD)/bench/%: $(BUILD)/obj/bench/%.o $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

# ---- what users run -------------------------------------------------------
DEMO_SCENE  = examples/cloth_hanging.lua
DEMO_FRAMES = 180

demo: deps
	@$(MAKE) --no-print-directory $(LOOM)
	$(LOOM) render $(DEMO_SCENE) --frames $(DEMO_FRAMES) --out out/demo
	@echo "demo: $(DEMO_FRAMES) frames of $(DEMO_SCENE) are in out/demo/ (frame_00000.png ...)"
	@echo "demo: make a video with: $(LOOM) render $(DEMO_SCENE) --frames $(DEMO_FRAMES) --video demo.mp4"

test: $(LOOM) $(ENGINE_TESTS) $(RENDER_TESTS) $(TOOLS)
	@sh tests/run.sh $(BUILD)

bench: $(BENCHES) $(LOOM)
	@for b in $(BENCHES); do $$b $(LOOM) || exit 1; done
	@$(LOOM) sim bench/builders.lua --frames 1
	@sh bench/render.sh $(BUILD)
	@sh bench/window.sh $(BUILD)

# ---- make check: the whole suite under AddressSanitizer and UBSan -------------
# Everything is built again in $(CHECK_BUILD) with the sanitizers, then
# tests/run.sh runs on that build. A sanitizer report from any process (even
# one whose exit status a test ignores) lands in $(CHECK_BUILD)/san/ and fails
# the check. Leaks of third-party libraries are suppressed by name in
# tests/lsan.supp. Needs gcc's (or clang's) sanitizer runtime: libasan, libubsan.
CHECK_BUILD ?= build-check
# gcc's -Wmaybe-uninitialized is unreliable with the sanitizers' extra code
# (false alarms at -O1); the normal build keeps it as an error.
CHECK_SAN    = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
               -Wno-maybe-uninitialized
CHECK_ENV    = ASAN_OPTIONS=detect_leaks=1:exitcode=86:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:log_path=$(CURDIR)/$(CHECK_BUILD)/san/report \
               UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=87:log_path=$(CURDIR)/$(CHECK_BUILD)/san/report \
               LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
               HOSTILE_SLACK=2 SUITE_TIMEOUT=900

check-build: $(LOOM) $(ENGINE_TESTS) $(RENDER_TESTS) $(TOOLS) $(BENCHES)

check:
	@$(MAKE) --no-print-directory BUILD=$(CHECK_BUILD) OPT=-O1 SAN="$(CHECK_SAN)" check-build
	@rm -rf $(CHECK_BUILD)/san && mkdir -p $(CHECK_BUILD)/san
	@$(CHECK_ENV) sh tests/run.sh $(CHECK_BUILD); status=$$?; \
	if ls $(CHECK_BUILD)/san/report* >/dev/null 2>&1; then \
	  for f in $(CHECK_BUILD)/san/report*; do echo "== $$f"; head -n 60 "$$f"; done; \
	  echo "make check: sanitizer reports in $(CHECK_BUILD)/san/ (above)"; exit 1; \
	fi; \
	[ $$status -eq 0 ] && echo "make check: the whole suite passed under ASan+UBSan, no report"; exit $$status

# ---- make fuzz: libFuzzer harnesses (tests/fuzz/) --------------------------------
# Built with clang in $(FUZZ_BUILD) (libFuzzer, ASan, UBSan; Debian: apt-get
# install clang libclang-rt-14-dev), then each harness runs FUZZ_SECONDS
# (`make fuzz FUZZ_SECONDS=600` for the issue's ten minutes each), starting
# from its seed corpus in tests/fuzz/corpus/NAME/; what it learns stays in
# $(FUZZ_BUILD)/corpus/NAME/, a crash in $(FUZZ_BUILD)/crash-NAME-*. Any
# crash, leak, sanitizer report or time-out (10 s per input) fails.
FUZZ_BUILD   ?= build-fuzz
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SAN      = -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined \
                -fno-omit-frame-pointer
FUZZERS       = lua cli

fuzz-build: $(BUILD)/fuzz/fuzz_lua $(BUILD)/fuzz/fuzz_cli

$(BUILD)/fuzz/fuzz_lua: $(BUILD)/obj/tests/fuzz/fuzz_lua.o $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fsanitize=fuzzer -o $@ $^ $(DEP_LIBS) -lm
$(BUILD)/fuzz/fuzz_cli: $(BUILD)/obj/tests/fuzz/fuzz_cli.o $(filter-out %/main.o,$(call obj,$(APP_SRC))) \
		$(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fsanitize=fuzzer -o $@ $^ $(DEP_LIBS) -lm

fuzz:
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) OPT=-O1 SAN="$(FUZZ_SAN)" fuzz-build
	@for f in $(FUZZERS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$f; \
	  echo "fuzz: $$f for $(FUZZ_SECONDS) s"; \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
	  $(FUZZ_BUILD)/fuzz/fuzz_$$f -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	    -close_fd_mask=3 -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/crash-$$f- \
	    $(FUZZ_BUILD)/corpus/$$f tests/fuzz/corpus/$$f >$(FUZZ_BUILD)/fuzz_$$f.log 2>&1; \
	  status=$$?; tail -n 25 $(FUZZ_BUILD)/fuzz_$$f.log; \
	  [ $$status -eq 0 ] || { echo "fuzz: $$f failed (log: $(FUZZ_BUILD)/fuzz_$$f.log)"; exit 1; }; \
	done

# Rewrites the golden reference frames after a deliberate change to drawing.
golden: $(LOOM) $(TOOLS)
	@sh tests/golden.sh $(BUILD) --update

format:
	clang-format -i $$(git ls-files '*.c' '*.h')
check-format:
	clang-format --dry-run --Werror $$(git ls-files '*.c' '*.h')

clean:
	rm -rf $(BUILD) out

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
