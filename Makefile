# loom - a physics sandbox in C driven from Lua 5.4.
#
#   make demo    install missing Debian packages, build, render the showcase
#   make test    build and run every test
#   make bench   measure the engine
#   make install PREFIX=... DESTDIR=...   (and make uninstall)
#   make deb     a Debian package, loom_VERSION_ARCH.deb
#
# Layers, each a static library, dependencies pointing down only:
#   engine/ (libc, libm)  <-  render/ (SDL2, stb, cairo)  <-  bindings/ (Lua)  <-  app/
#
# Each part is compiled with the flags of its own dependencies only: the
# engine with none, render/ with SDL's, bindings/ with Lua's, app/ with both.

CC      ?= cc
BUILD   ?= build
# make check's folder (below) is always built with make check's flags, so
# that a make run there by hand or by a test (tests/cli_install.sh and
# cli_deb.sh run `make BUILD=<the suite's build> install` and `deb`) compiles
# and links with the sanitizers, never a mix of instrumented objects and a
# plain link.
CHECK_BUILD ?= build-check
# gcc's -Wmaybe-uninitialized is unreliable with the sanitizers' extra code
# (false alarms at -O1); the normal build keeps it as an error.
CHECK_SAN    = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
               -Wno-maybe-uninitialized
ifeq ($(abspath $(BUILD)),$(abspath $(CHECK_BUILD)))
OPT     ?= -O1
SAN     ?= $(CHECK_SAN)
endif
OPT     ?= -O2
# -ffp-contract=off and no -ffast-math: the same script must give the same bits.
CFLAGS  ?= $(OPT) -g
CFLAGS  += -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -ffp-contract=off -MMD -MP
# Sanitizers for every object and link (make check sets it; empty otherwise).
SAN     ?=
CFLAGS  += $(SAN)
# pkg-config's name for Lua 5.4: lua5.4 on Debian and Ubuntu; `make
# LUA_PKG=lua` where lua.pc is 5.4 (Homebrew, Fedora, Arch; docs/install.md).
LUA_PKG ?= lua5.4
PKGS     = $(LUA_PKG) sdl2 cairo
SDL_CFLAGS = $(shell pkg-config --cflags sdl2 2>/dev/null) $(DEFLATE_CFLAGS)
LUA_CFLAGS = $(shell pkg-config --cflags $(LUA_PKG) 2>/dev/null)
# cairo writes PDF (render/pdf.c).
CAIRO_CFLAGS = $(shell pkg-config --cflags cairo 2>/dev/null)
DEFLATE_CFLAGS = $(shell pkg-config --cflags libdeflate 2>/dev/null)
DEFLATE_LIBS   = $(shell pkg-config --libs libdeflate 2>/dev/null || echo -ldeflate)
# stb is header-only under /usr/include/stb: render/ includes <stb/...>
# (elsewhere: make STB_CFLAGS=-I<the folder holding stb/>).
STB_CFLAGS ?=
DEP_CFLAGS = $(LUA_CFLAGS) $(SDL_CFLAGS) $(STB_CFLAGS)
DEP_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null) $(DEFLATE_LIBS) -pthread

DEBIAN_PACKAGES = build-essential pkg-config liblua5.4-dev libsdl2-dev libstb-dev libdeflate-dev libcairo2-dev fonts-dejavu-core

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
APP_TESTS    = $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/app_*.c))
# The stored hashes of the batched order in every vector width (x86-64).
ifeq ($(shell uname -m),x86_64)
ENGINE_TESTS += $(BUILD)/tests/engine_batched_baseline $(BUILD)/tests/engine_batched_avx2 \
                $(BUILD)/tests/engine_batched_v4
VECTOR_BENCHES = $(BUILD)/bench/bench_vector_baseline $(BUILD)/bench/bench_vector_avx2 \
                 $(BUILD)/bench/bench_vector_native
else
VECTOR_BENCHES = $(BUILD)/bench/bench_vector_native
endif
RENDER_TESTS = $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/render_*.c))
TOOLS        = $(BUILD)/tests/lua_runner $(BUILD)/tests/pngcheck $(BUILD)/tests/runclock \
               $(BUILD)/tests/fuzz_lua_replay $(BUILD)/tests/fuzz_cli_replay \
               $(BUILD)/tests/fuzz_strings_replay
BENCHES      = $(patsubst bench/%.c,$(BUILD)/bench/%,$(wildcard bench/*.c))

.PHONY: all deps demo test bench clean format check-format golden gallery check check-build fuzz fuzz-build \
        install uninstall deb FORCE
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

# The batched solver's kernels: gcc vectorises them at -O3; -fno-math-errno
# only drops errno from sqrt, -fno-trapping-math lets the lanes' selects be
# vectorised (no value changes: no -ffast-math, -ffp-contract=off; tests and
# bench check the bits against stored hashes). The default build runs on any
# machine of its architecture: on x86-64 the kernels are built for the
# baseline, AVX2 and x86-64-v4, and the loader picks one for the processor
# (engine/vector.h). `make VECTOR_FLAGS=-march=native` builds them for this
# machine's vectors alone instead.
RELAX_FLAGS   = -O3 -fno-math-errno -fno-trapping-math
VECTOR_FLAGS ?=
$(BUILD)/obj/engine/relax.o: CFLAGS += $(RELAX_FLAGS) $(if $(VECTOR_FLAGS),-DLM_VECTOR_ONE_WIDTH $(VECTOR_FLAGS))

# The same kernels in one width each: the engine test of the stored hashes
# runs with each (tests/engine_batched.c; a width the processor lacks is
# skipped: tests/vector_cpu.c), and make bench compares the default build
# with -march=native (bench/vector.sh).
WIDTH_baseline =
WIDTH_avx2     = -mavx2
WIDTH_v4       = -march=x86-64-v4
WIDTH_native   = -march=native
$(BUILD)/obj/engine/relax_%.o: engine/relax.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(RELAX_FLAGS) -DLM_VECTOR_ONE_WIDTH $(WIDTH_$*) -c $< -o $@
$(BUILD)/obj/tests/vector_cpu_%.o: tests/vector_cpu.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DLM_TEST_VECTOR=$(if $(filter v4,$*),4,2) -c $< -o $@

$(BUILD)/obj/render/%.o: render/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SDL_CFLAGS) $(CAIRO_CFLAGS) $(STB_CFLAGS) -c $< -o $@

$(BUILD)/obj/bindings/%.o: bindings/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -c $< -o $@

$(BUILD)/obj/app/%.o: app/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEP_CFLAGS) -c $< -o $@

# Where loom finds its Lua library and examples, fixed at build time
# (app/library_path.c; LOOM_PATH overrides it, the executable's own folder
# is the fallback): this source tree for the loom in $(BUILD), wherever
# $(BUILD) is. A stamp file holds the folder, rewritten only when it
# changes, so that moving the tree rebuilds the object.
$(BUILD)/data_dir: FORCE
	@mkdir -p $(dir $@)
	@echo '$(CURDIR)' | cmp -s - $@ || echo '$(CURDIR)' >$@
$(BUILD)/obj/app/library_path.o: $(BUILD)/data_dir
$(BUILD)/obj/app/library_path.o: CFLAGS += -DLOOM_DATA_DIR='"$(CURDIR)"'
FORCE:

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

# App tests see one app/ module each (its object alone; the timeline with
# its codec and its thread).
$(BUILD)/tests/app_%: $(BUILD)/obj/tests/app_%.o $(BUILD)/obj/app/%.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -pthread -lm
$(BUILD)/tests/app_timeline: $(BUILD)/obj/app/timeline_codec.o

# engine_batched with the kernels of one width (linked before the engine's
# library, whose relax.o is then not used).
$(BUILD)/tests/engine_batched_baseline: $(BUILD)/obj/tests/engine_batched.o \
		$(BUILD)/obj/engine/relax_baseline.o $(ENGINE_LIB)
	$(CC) $(CFLAGS) -o $@ $^ -lm
$(BUILD)/tests/engine_batched_avx2 $(BUILD)/tests/engine_batched_v4: $(BUILD)/tests/engine_batched_%: \
		$(BUILD)/obj/tests/vector_cpu_%.o $(BUILD)/obj/tests/engine_batched.o \
		$(BUILD)/obj/engine/relax_%.o $(ENGINE_LIB)
	$(CC) $(CFLAGS) -o $@ $^ -lm
# Render tests see the renderer and the engine: SDL, no Lua.
$(BUILD)/tests/render_%: $(BUILD)/obj/tests/render_%.o $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(shell pkg-config --libs sdl2 2>/dev/null) -ldeflate -pthread -lm

# The runner runs each test file in the host the loom commands use.
HOST_OBJ = $(call obj,app/host.c app/guard.c app/files.c app/threads.c app/sandbox.c \
                      app/budget_string.c app/budget_table.c app/watchdog.c \
                      app/cleanup.c app/lua_load.c app/lua_bugs.c app/lua_bugs_library.c \
                      app/lua_chunk.c app/lua_stacks.c app/library_path.c)
$(BUILD)/tests/lua_runner: $(BUILD)/obj/tests/lua_runner.o $(HOST_OBJ) $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

# The fuzz harnesses without libFuzzer: replay tests/fuzz/corpus/ (cli_fuzz_corpus.sh).
$(BUILD)/tests/fuzz_lua_replay: $(BUILD)/obj/tests/fuzz/replay.o $(BUILD)/obj/tests/fuzz/fuzz_lua.o \
		$(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm
$(BUILD)/tests/fuzz_strings_replay: $(BUILD)/obj/tests/fuzz/replay.o $(BUILD)/obj/tests/fuzz/fuzz_strings.o \
		$(HOST_OBJ) $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
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

# bench_timeline measures the window's timeline store on rendered frames.
$(BUILD)/bench/bench_timeline: $(BUILD)/obj/bench/bench_timeline.o $(BUILD)/obj/app/timeline.o \
		$(BUILD)/obj/app/timeline_codec.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -pthread -lm

# bench_shade draws a scene: like bench_draw.
$(BUILD)/obj/bench/bench_shade.o: bench/bench_shade.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEP_CFLAGS) -c $< -o $@
$(BUILD)/bench/bench_shade: $(BUILD)/obj/bench/bench_shade.o $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

# bench_fill draws scenes: like bench_draw.
$(BUILD)/obj/bench/bench_fill.o: bench/bench_fill.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEP_CFLAGS) -c $< -o $@
$(BUILD)/bench/bench_fill: $(BUILD)/obj/bench/bench_fill.o $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

# bench_fields runs Lua fields: the bindings and Lua, like bench_draw.
$(BUILD)/obj/bench/bench_fields.o: bench/bench_fields.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEP_CFLAGS) -c $< -o $@
$(BUILD)/bench/bench_fields: $(BUILD)/obj/bench/bench_fields.o $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

# bench_frame runs scenes as the window does: the app's objects, but main.
$(BUILD)/obj/bench/bench_frame.o: bench/bench_frame.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEP_CFLAGS) -c $< -o $@
$(BUILD)/bench/bench_frame: $(BUILD)/obj/bench/bench_frame.o \
		$(filter-out %/main.o,$(call obj,$(APP_SRC))) $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

$(BUILD)/bench/%: $(BUILD)/obj/bench/%.o $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

# bench_vector with the kernels of one width (bench/vector.sh compares).
$(BUILD)/bench/bench_vector_%: $(BUILD)/obj/bench/bench_vector.o $(BUILD)/obj/engine/relax_%.o \
		$(ENGINE_LIB)
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

test: $(LOOM) $(ENGINE_TESTS) $(RENDER_TESTS) $(APP_TESTS) $(TOOLS)
	@sh tests/run.sh $(BUILD)

bench: $(BENCHES) $(VECTOR_BENCHES) $(LOOM)
	@for b in $(filter-out %/bench_vector,$(BENCHES)); do $$b $(LOOM) || exit 1; done
	@sh bench/vector.sh $(BUILD)
	@$(LOOM) sim bench/builders.lua --frames 1
	@echo "budgeted string functions, seconds (loom, then lua5.4's own):"
	@$(LOOM) sim bench/strings.lua --frames 1 --quiet --timeout 120
	@if command -v lua5.4 >/dev/null; then lua5.4 bench/strings.lua; fi
	@sh bench/render.sh $(BUILD)
	@sh bench/window.sh $(BUILD)

# ---- make check: the whole suite under AddressSanitizer and UBSan -------------
# Everything is built again in $(CHECK_BUILD) with the sanitizers, then
# tests/run.sh runs on that build. A sanitizer report from any process (even
# one whose exit status a test ignores) lands in $(CHECK_BUILD)/san/ and fails
# the check. Leaks of third-party libraries are suppressed by name in
# tests/lsan.supp. Needs gcc's (or clang's) sanitizer runtime: libasan, libubsan.
# CHECK_BUILD and CHECK_SAN: at the top (the folder keeps its flags).
CHECK_ENV    = ASAN_OPTIONS=detect_leaks=1:exitcode=86:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:log_path=$(CURDIR)/$(CHECK_BUILD)/san/report \
               UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=87:log_path=$(CURDIR)/$(CHECK_BUILD)/san/report \
               LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
               TEST_SLOWDOWN=6 SUITE_TIMEOUT=900 HOSTILE_SUITE_TIMEOUT=2700

check-build: $(LOOM) $(ENGINE_TESTS) $(RENDER_TESTS) $(APP_TESTS) $(TOOLS) $(BENCHES)

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
FUZZERS       = lua cli strings

fuzz-build: $(BUILD)/fuzz/fuzz_lua $(BUILD)/fuzz/fuzz_cli $(BUILD)/fuzz/fuzz_strings

$(BUILD)/fuzz/fuzz_lua: $(BUILD)/obj/tests/fuzz/fuzz_lua.o $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fsanitize=fuzzer -o $@ $^ $(DEP_LIBS) -lm
$(BUILD)/fuzz/fuzz_strings: $(BUILD)/obj/tests/fuzz/fuzz_strings.o $(HOST_OBJ) $(BINDINGS_LIB) \
		$(RENDER_LIB) $(ENGINE_LIB)
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

# Renders the gallery pictures (docs/gallery/NAME.png) after a deliberate
# change to drawing or to an example: look at them before committing.
gallery: $(LOOM)
	@sh tests/gallery.sh $(BUILD)

format:
	clang-format -i $$(git ls-files '*.c' '*.h')
check-format:
	clang-format --dry-run --Werror $$(git ls-files '*.c' '*.h')

# ---- make install, make uninstall -----------------------------------------
# The usual layout under PREFIX (default /usr/local), staged under DESTDIR
# for packages: bin/loom; share/loom/ with the Lua library (scripts/loom/),
# the examples, the docs (with the gallery pictures the example picker
# shows) and the README; the manual page; a desktop entry and its icon, so
# the examples' window opens from a menu. The installed loom is linked
# again with its data folder, PREFIX/share/loom, fixed in it
# (app/library_path.c): it finds its library wherever DESTDIR put it when
# LOOM_PATH says where, or beside itself (bin/../share/loom).
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/loom
MANDIR   = $(PREFIX)/share/man/man1
APPDIR   = $(PREFIX)/share/applications
ICONDIR  = $(PREFIX)/share/icons/hicolor/scalable/apps
INSTALLED_LOOM = $(BUILD)/install/loom
DOC_FILES = $(wildcard docs/*.md docs/gallery/*.png docs/gallery/*.svg docs/lua/*.lua docs/tutorial/*)

$(BUILD)/install/prefix: FORCE
	@mkdir -p $(dir $@)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' >$@
$(BUILD)/install/library_path.o: app/library_path.c app/library_path.h $(BUILD)/install/prefix
	$(CC) $(CFLAGS) $(DEP_CFLAGS) -DLOOM_DATA_DIR='"$(DATADIR)"' -c $< -o $@
$(INSTALLED_LOOM): $(filter-out %/library_path.o,$(call obj,$(APP_SRC))) \
		$(BUILD)/install/library_path.o $(BINDINGS_LIB) $(RENDER_LIB) $(ENGINE_LIB)
	$(CC) $(CFLAGS) -o $@ $^ $(DEP_LIBS) -lm

install: $(INSTALLED_LOOM)
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/scripts/loom $(DESTDIR)$(DATADIR)/examples \
	    $(DESTDIR)$(MANDIR) $(DESTDIR)$(APPDIR) $(DESTDIR)$(ICONDIR)
	cp $(INSTALLED_LOOM) $(DESTDIR)$(BINDIR)/loom
	chmod 755 $(DESTDIR)$(BINDIR)/loom
	cp scripts/loom/*.lua $(DESTDIR)$(DATADIR)/scripts/loom/
	cp examples/*.lua $(DESTDIR)$(DATADIR)/examples/
	for f in $(DOC_FILES); do mkdir -p $(DESTDIR)$(DATADIR)/$$(dirname $$f) && cp $$f $(DESTDIR)$(DATADIR)/$$f || exit 1; done
	cp README.md $(DESTDIR)$(DATADIR)/
	cp docs/loom.1 $(DESTDIR)$(MANDIR)/loom.1
	sed 's|@DATADIR@|$(DATADIR)|' packaging/loom.desktop >$(DESTDIR)$(APPDIR)/loom.desktop
	cp packaging/loom.svg $(DESTDIR)$(ICONDIR)/loom.svg
	cd $(DESTDIR)$(DATADIR) && chmod -R u=rwX,go=rX .
	chmod 644 $(DESTDIR)$(MANDIR)/loom.1 $(DESTDIR)$(APPDIR)/loom.desktop $(DESTDIR)$(ICONDIR)/loom.svg
	@echo "install: loom is in $(DESTDIR)$(BINDIR), its library, examples and docs in $(DESTDIR)$(DATADIR)"

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/loom $(DESTDIR)$(MANDIR)/loom.1 $(DESTDIR)$(APPDIR)/loom.desktop \
	    $(DESTDIR)$(ICONDIR)/loom.svg
	rm -rf $(DESTDIR)$(DATADIR)

# ---- make deb: a Debian package ---------------------------------------------------
# $(BUILD)/loom_VERSION_ARCH.deb: make install PREFIX=/usr into a fresh
# staging tree, then packaging/deb.sh (stripped executable, compressed manual
# page, copyright and changelog, control file with the libraries from
# dpkg-shlibdeps and the fonts). `apt install ./$(BUILD)/loom_*.deb` installs
# it with what it needs; lintian reports no error (tests/cli_deb.sh).
VERSION := $(shell sed -n 's/^\#define LM_VERSION_STRING "\(.*\)"/\1/p' engine/loom.h)

deb:
	rm -rf $(BUILD)/deb
	@$(MAKE) --no-print-directory install PREFIX=/usr DESTDIR=$(abspath $(BUILD))/deb/root >/dev/null
	@sh packaging/deb.sh $(BUILD)/deb/root $(VERSION) $(BUILD)

clean:
	rm -rf $(BUILD) out

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
