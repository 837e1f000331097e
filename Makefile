# guti: `make` installs the packages the build needs and builds everything a checkout's
# user runs: build/guti, its man pages and bash completion, libguti (shared, for Python and
# C programs, and static) and guti-mpi where Open MPI is installed. `make check` runs the
# fast tier of the tests (the unit tests and the core command-line checks, under 2
# minutes); `make test` installs the test-only packages and runs every test, as CI does;
# `make bench` runs the benchmarks; `make demo` shows the engines at work.
CC = gcc
CFLAGS = -O2 -g
PREFIX = /usr/local
DESTDIR =

# BMI2 (pext/pdep) speeds up the index; the code has portable fallbacks.
# So does SSE4.2 (crc32) for the table checksums.
ARCH := $(shell grep -qw bmi2 /proc/cpuinfo 2>/dev/null && echo -mbmi2 -mpopcnt) \
        $(shell grep -qw sse4_2 /proc/cpuinfo 2>/dev/null && echo -msse4.2)
# The layers, lowest first (docs/layout.md). Each folder compiles with the include paths of
# its own layer and those below it only, so that a file including a header of a layer
# above it fails to build: the core knows no game, the tablebase format knows no solver,
# the tables (naming, probing, storing) know no solver, the solver and the API know no
# command-line tool; and above the games' folders only the registry and the tests see a
# game's headers (docs/games.md).
CORE_INC = -Isolver/core
GAME_INC = $(CORE_INC) -Isolver/game
# Each game is a folder of solver/games/ (docs/games.md): found, not listed.
GAME_DIRS = $(patsubst %/,%,$(wildcard solver/games/*/))
GAMES_INC = $(GAME_DIRS:%=-I%)
TABLES_INC = $(GAME_INC) -Itablebase -Isolver/tables
SOLVE_INC = $(TABLES_INC) -Isolver/solve
API_INC = $(TABLES_INC) -Isolver/api -Isolver
TOOLS_INC = $(SOLVE_INC) -Isolver/api -Isolver -Itools
TESTS_INC = $(TOOLS_INC) $(GAMES_INC)

# SANITIZE=1 builds everything into build-san/ instead of build/, with AddressSanitizer and
# UndefinedBehaviorSanitizer (each finding fatal), and `make test SANITIZE=1` runs the whole
# suite on that build; SANITIZE=thread, into build-tsan/ with ThreadSanitizer, for `make
# tsan`. The builds never share an object.
SANITIZE =
ifeq ($(SANITIZE),1)
B = build-san
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# gcc warns of a maybe-uninitialized array in notation.c under the sanitizers alone (the
# plain build keeps the warning, and -Werror)
SAN_CFLAGS = $(SAN_FLAGS) -Wno-maybe-uninitialized
else ifeq ($(SANITIZE),thread)
# make tsan's build (tests/tsan.sh says why clang's)
B = build-tsan
CC = clang
SAN_FLAGS = -fsanitize=thread
SAN_CFLAGS = $(SAN_FLAGS)
else ifeq ($(SANITIZE),)
B = build
SAN_CFLAGS =
else
$(error SANITIZE=$(SANITIZE): expected SANITIZE=1, SANITIZE=thread or nothing)
endif
BASE_CFLAGS = $(ARCH) -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -fopenmp -MMD -MP $(CFLAGS) \
        $(SAN_CFLAGS)
ALL_CFLAGS = $(BASE_CFLAGS) $(TOOLS_INC)
LIBS = -lzstd
SOVERSION = 0
LIBVERSION := $(shell sed -n 's/^\#define GUTI_VERSION "\(.*\)"/\1/p' solver/guti.h)
SONAME = libguti.so.$(SOVERSION)
CHECK_FLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null)

LIB_SRC = $(wildcard solver/*/*.c solver/games/*/*.c tablebase/*.c)
TOOL_SRC = $(wildcard tools/*.c)
TEST_SRC = $(wildcard tests/*.c)
LIB_OBJ = $(LIB_SRC:%.c=$(B)/obj/%.o)
TOOL_OBJ = $(TOOL_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/web_assets.o
# The explorer page's files, compiled into guti (scripts/embed.sh).
WEB_FILES = tools/web/index.html tools/web/app.js tools/web/style.css
TEST_OBJ = $(TEST_SRC:%.c=$(B)/obj/%.o)

# Include paths by layer (target-specific: a pattern rule's objects pick theirs up).
# Library objects go into the shared library too: position-independent.
$(B)/obj/tablebase/%.o $(B)/obj/solver/%.o: BASE_CFLAGS += -fPIC
$(B)/obj/tablebase/%.o: LAYER_INC = -Itablebase
$(B)/obj/solver/core/%.o: LAYER_INC = $(CORE_INC)
$(B)/obj/solver/game/%.o: LAYER_INC = $(GAME_INC)
# a game's folder sees the core, the rules interface and itself, no other game; the
# registry (solver/games/registry.c) names each game's struct game_ops and includes no
# game's header
$(B)/obj/solver/games/%.o: LAYER_INC = $(GAME_INC) -I$(patsubst $(B)/obj/%,%,$(@D))
$(B)/obj/solver/tables/%.o: LAYER_INC = $(TABLES_INC)
$(B)/obj/solver/solve/%.o: LAYER_INC = $(SOLVE_INC)
$(B)/obj/solver/api/%.o: LAYER_INC = $(API_INC)
$(B)/obj/tools/%.o: LAYER_INC = $(TOOLS_INC)
$(B)/obj/tests/%.o: LAYER_INC = $(TESTS_INC)
$(B)/obj/gen/%.o: LAYER_INC = $(TOOLS_INC)

.PHONY: all programs mpi-tool deps test-deps test check tsan demo solve install clean format man \
        completion

# guti-mpi (mpi/guti_mpi.c), the solve shared among an MPI job's processes, is built where
# Open MPI's mpicc is installed, and guti itself never needs MPI.
MPICC := $(shell command -v mpicc 2>/dev/null)
MPI_TOOL = $(if $(MPICC),$(B)/guti-mpi)

# make installs what is missing first (scripts/deps.sh), then builds in a second make,
# which looks for mpicc only once deps has installed Open MPI: a make that found no mpicc
# when it started would leave guti-mpi out on a new machine.
all: deps
	@$(MAKE) --no-print-directory programs

programs: $(B)/guti $(B)/man/guti.1 $(B)/guti.bash $(B)/libguti.so.$(LIBVERSION) $(B)/libguti.a \
        $(MPI_TOOL)
mpi-tool: $(MPI_TOOL)

$(B)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"
	@$(CC) $(BASE_CFLAGS) $(LAYER_INC) -c $< -o $@

$(B)/obj/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"
	@$(CC) $(BASE_CFLAGS) $(LAYER_INC) $(CHECK_FLAGS) -c $< -o $@

# The library: static, and shared with a soname whose number changes when a program built
# against an older guti.h would break (a struct's size or layout, a function's meaning);
# only the guti_* functions of guti.h are exported from the shared one. The version is
# guti.h's GUTI_VERSION, written there alone (0.7.0's new field filled padding: guti.h).
# SOVERSION and LIBVERSION are set above, before the first rule that names the library.

$(B)/libguti.so.$(LIBVERSION): $(LIB_OBJ) solver/api/libguti.map
	@echo "  LD $@"
	@$(CC) $(BASE_CFLAGS) -shared -Wl,-soname,$(SONAME) \
		-Wl,--version-script=solver/api/libguti.map -o $@ $(LIB_OBJ) $(LIBS) -lpthread
	@ln -sf libguti.so.$(LIBVERSION) $(B)/$(SONAME)
	@ln -sf $(SONAME) $(B)/libguti.so

$(B)/libguti.a: $(LIB_OBJ)
	@echo "  AR $@"
	@ar rcs $@ $^

$(B)/gen/web_assets.c: $(WEB_FILES) scripts/embed.sh
	@mkdir -p $(dir $@)
	@echo "  GEN $@"
	@sh scripts/embed.sh $(WEB_FILES) >$@.tmp && mv $@.tmp $@

$(B)/obj/gen/%.o: $(B)/gen/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"
	@$(CC) $(BASE_CFLAGS) $(LAYER_INC) -c $< -o $@

# guti serve's HTTP server is libmicrohttpd's; guti play edits its lines with libedit.
$(B)/guti: $(TOOL_OBJ) $(B)/libguti.a
	@echo "  LD $@"
	@$(CC) $(ALL_CFLAGS) -o $@ $^ $(LIBS) -lmicrohttpd -ledit

# what guti-mpi shares with guti: option parsing, setting up a game, progress
MPI_TOOL_OBJ = $(B)/obj/tools/cli.o $(B)/obj/tools/cli_game.o $(B)/obj/tools/progress.o
$(B)/guti-mpi: mpi/guti_mpi.c $(MPI_TOOL_OBJ) $(B)/libguti.a
	@echo "  LD $@"
	@OMPI_CC=$(CC) $(MPICC) $(ALL_CFLAGS) -o $@ $< $(MPI_TOOL_OBJ) $(B)/libguti.a $(LIBS)

$(B)/check_guti: $(TEST_OBJ) $(B)/libguti.a
	@echo "  LD $@"
	@$(CC) $(ALL_CFLAGS) -o $@ $^ $(CHECK_LIBS) $(LIBS)

# The man pages, guti(1) and guti-CMD(1), and the bash completion are made from the --help
# texts built into guti (scripts/help.awk reads them); guti.1 stands for all the pages.
man: $(B)/man/guti.1

$(B)/man/guti.1: $(B)/guti scripts/man.sh scripts/help.awk
	@echo "  MAN $(B)/man"
	@sh scripts/man.sh $(B)/guti $(B)/man

completion: $(B)/guti.bash

$(B)/guti.bash: $(B)/guti scripts/completion.sh scripts/help.awk
	@echo "  GEN $@"
	@sh scripts/completion.sh $(B)/guti >$@.tmp && mv $@.tmp $@

# the packages the build needs; test-deps, those and the ones only the tests need
deps:
	@sh scripts/deps.sh
test-deps:
	@sh scripts/deps.sh --test

# The test binaries are built in a second make, so that pkg-config is asked about Check
# only after test-deps has installed it.
test: test-deps
	@$(MAKE) --no-print-directory programs $(B)/check_guti $(SAN_TOOLS)
	sh tests/game_names.sh
	sh tests/test_names.sh
	python3 scripts/long-functions.py
	$(TEST_ENV) ./$(B)/check_guti
	$(TEST_ENV) sh tests/cli.sh ./$(B)/guti
	$(TEST_ENV) GUTI_BUILD=$(B) $(TEST_PYTHON) -m unittest discover -s tests/python

# The fast tier, for every change: the unit tests but for the suites that solve whole
# small games (check_guti --fast; tests/check_main.c marks them), the core command-line
# checks of tests/cli.sh and its parts CHECK_CLI_PARTS, and the Python module's tests.
# Under 2 minutes on 2 cores (docs/building.md has the figure).
CHECK_CLI_PARTS = options moves query query-limit no-such-dir notation build
check: test-deps
	@$(MAKE) --no-print-directory programs $(B)/check_guti $(SAN_TOOLS)
	sh tests/game_names.sh
	sh tests/test_names.sh
	python3 scripts/long-functions.py
	$(TEST_ENV) ./$(B)/check_guti --fast
	$(TEST_ENV) GUTI_CLI_PARTS="$(CHECK_CLI_PARTS)" sh tests/cli.sh ./$(B)/guti
	$(TEST_ENV) GUTI_BUILD=$(B) $(TEST_PYTHON) -m unittest discover -s tests/python

# The sanitized suite: a finding stops the program with SIGABRT, which every test takes for
# a failure (a crash to tests/cli.sh, a signal to Check), and leaks are findings too
# (LeakSanitizer). Check's time limits are ten times longer. Programs the tests build
# against the library (tests/outside, examples/probe.c, tests/tools) must carry the
# sanitizers' runtime: $(B)/bin/cc, first in the tests' PATH, builds them so. A python3
# that loads the sanitized libguti.so through ctypes must have that runtime loaded first:
# $(B)/python3 preloads it (and has no LeakSanitizer, as the interpreter never frees
# everything), for the Python tests and, through GUTI_PYTHON, tests/cli.d/library.sh; the
# programs they start inherit both, but no other python3 of the tests does (a browser
# started from one would not run with ASan preloaded). A make install run by the tests
# installs build-san's files, as SANITIZE=1 reaches it through MAKEFLAGS.
TEST_PYTHON = python3
ifeq ($(SANITIZE),1)
SAN_TOOLS = $(B)/bin/cc $(B)/python3
SAN_PRELOAD = $(shell $(CC) -print-file-name=libasan.so) $(shell $(CC) -print-file-name=libubsan.so)
TEST_PYTHON = ./$(B)/python3
TEST_ENV = ASAN_OPTIONS="abort_on_error=1:detect_leaks=1$${ASAN_OPTIONS:+:$$ASAN_OPTIONS}" \
        UBSAN_OPTIONS="abort_on_error=1:print_stacktrace=1$${UBSAN_OPTIONS:+:$$UBSAN_OPTIONS}" \
        CK_TIMEOUT_MULTIPLIER=10 PATH="$(CURDIR)/$(B)/bin:$$PATH" GUTI_PYTHON="$(CURDIR)/$(B)/python3"
endif

$(B)/bin/cc: Makefile
	@mkdir -p $(dir $@)
	@echo "  GEN $@"
	@printf '#!/bin/sh\nexec %s "$$@" %s\n' "$$(command -v cc)" "$(SAN_FLAGS)" >$@.tmp
	@chmod +x $@.tmp && mv $@.tmp $@

$(B)/python3: Makefile
	@mkdir -p $(dir $@)
	@echo "  GEN $@"
	@printf '#!/bin/sh\nLD_PRELOAD="%s$${LD_PRELOAD:+ $$LD_PRELOAD}" ASAN_OPTIONS="$${ASAN_OPTIONS:+$$ASAN_OPTIONS:}detect_leaks=0" exec %s "$$@"\n' \
		"$(SAN_PRELOAD)" "$$(python3 -c 'import sys; print(sys.executable)')" >$@.tmp
	@chmod +x $@.tmp && mv $@.tmp $@

# ThreadSanitizer: the engine on the small boards and the library from several threads
# (tests/tsan.sh), built with clang, LLVM's OpenMP runtime and its Archer.
tsan:
	@sh scripts/deps.sh clang libomp-dev
	@$(MAKE) --no-print-directory SANITIZE=thread build-tsan/guti build-tsan/check_guti \
		build-tsan/libguti.a
	CC=clang sh tests/tsan.sh build-tsan

demo: deps
	@$(MAKE) --no-print-directory $(B)/guti
	sh scripts/demo.sh ./$(B)/guti

# The main job: solves Bagh-Chal, the whole game, into ./tables and prints the start's value.
solve: deps
	@$(MAKE) --no-print-directory $(B)/guti
	./$(B)/guti solve baghchal

# The publishing pipelines (baghchal-stats, capture-goal, sixteen-stats, movement-stats,
# plots, bench): data/publish.mk.
include data/publish.mk

# Installs the command with its man pages and bash completion, the library (static and
# shared), its header and pkg-config file, and the Python module where Debian's python3
# looks (for another prefix, PYTHONPATH).
PYDIR = $(PREFIX)/lib/python3/dist-packages
MANDIR = $(PREFIX)/share/man/man1
COMPDIR = $(PREFIX)/share/bash-completion/completions
install: $(B)/guti $(B)/libguti.a $(B)/libguti.so.$(LIBVERSION) $(B)/man/guti.1 $(B)/guti.bash \
		$(MPI_TOOL)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PYDIR)/guti $(DESTDIR)$(MANDIR) \
		$(DESTDIR)$(COMPDIR)
	install -m 755 $(B)/guti $(DESTDIR)$(PREFIX)/bin/guti
	$(if $(MPI_TOOL),install -m 755 $(MPI_TOOL) $(DESTDIR)$(PREFIX)/bin/guti-mpi)
	install -m 644 $(B)/man/*.1 $(DESTDIR)$(MANDIR)/
	install -m 644 $(B)/guti.bash $(DESTDIR)$(COMPDIR)/guti
	install -m 644 solver/guti.h $(DESTDIR)$(PREFIX)/include/guti.h
	install -m 644 $(B)/libguti.a $(DESTDIR)$(PREFIX)/lib/libguti.a
	install -m 755 $(B)/libguti.so.$(LIBVERSION) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libguti.so.$(LIBVERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libguti.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(LIBVERSION)|' solver/api/guti.pc.in \
		>$(DESTDIR)$(PREFIX)/lib/pkgconfig/guti.pc
	install -m 644 python/guti/__init__.py $(DESTDIR)$(PYDIR)/guti/__init__.py

format:
	clang-format -i solver/*/*.[ch] solver/games/*/*.[ch] tablebase/*.[ch] tools/*.[ch] tests/*.c

clean:
	rm -rf build build-san build-tsan

-include $(LIB_OBJ:.o=.d) $(TOOL_OBJ:.o=.d) $(TEST_OBJ:.o=.d)
include fuzz/fuzz.mk
