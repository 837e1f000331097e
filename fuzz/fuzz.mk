# The fuzz harnesses (fuzz/README.md), included by the Makefile.
#
#   make fuzz [FUZZ_SECONDS=N] [FUZZ_HARNESSES="fuzz_table ..."]
#       builds each harness with clang's libFuzzer, AddressSanitizer and UBSan into
#       build/fuzz/bin/ and runs it for N seconds (default 60) from the committed seed
#       corpus and regression inputs (read only: new inputs go to build/fuzz/work/), one
#       harness after the other, niced; prints per harness its executions, corpus and
#       crashes, and fails if any crashed or hung (the inputs are in build/fuzz/artifacts/).
#   make fuzz-replay
#       builds each harness with gcc, without libFuzzer (fuzz/replay_main.c), and runs
#       every seed and regression input through it: make test runs it (the hook below).
#
# A crash or hang found becomes a regression input with its fix: sh fuzz/minimize.sh.

FUZZ_HARNESSES = fuzz_position fuzz_record fuzz_table fuzz_probe fuzz_serve
FUZZ_SECONDS = 60
FUZZ_CC = clang-14
FUZZ_NICE = nice -n 10
FUZZ_SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS = $(ARCH) -std=c11 -D_DEFAULT_SOURCE -fopenmp -g -O1 -fno-omit-frame-pointer \
              -Wall -Wextra $(FUZZ_SANITIZE) -MMD -MP $(TESTS_INC) -Ifuzz
FUZZ_TABLES = $(B)/fuzz/tables

# What the harnesses link besides the library: the tools' serve_api.c and what it uses,
# and the explorer page's files (fuzz_serve; the others link them all the same).
FUZZ_TOOL_SRC = tools/serve_api.c tools/query_json.c tools/game_report.c tools/analysis_print.c \
                tools/cli.c
FUZZ_LIB_OBJ = $(LIB_SRC:%.c=build/fuzz/obj/%.o) $(FUZZ_TOOL_SRC:%.c=build/fuzz/obj/%.o) \
               build/fuzz/obj/gen/web_assets.o build/fuzz/obj/fuzz/fuzz_util.o
FUZZ_REPLAY_OBJ = $(FUZZ_TOOL_SRC:%.c=$(B)/obj/%.o) $(B)/obj/gen/web_assets.o \
                  $(B)/obj/fuzz/fuzz_util.o $(B)/obj/fuzz/replay_main.o

.PHONY: fuzz fuzz-build fuzz-replay

# libFuzzer's build: every object under the sanitizers, and instrumented for coverage but
# the core's (the perfect index and the symmetries, solver/core/): no input steers them,
# and their loops, building a game's indexes, took most of fuzz_table's time.
FUZZ_COV = -fsanitize=fuzzer-no-link
build/fuzz/obj/solver/core/%.o: FUZZ_COV =

build/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  FUZZCC $<"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_COV) -c $< -o $@

build/fuzz/obj/gen/%.o: $(B)/gen/%.c
	@mkdir -p $(dir $@)
	@echo "  FUZZCC $<"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_COV) -c $< -o $@

build/fuzz/obj/fuzz/%.o: FUZZ_CFLAGS += -Werror

build/fuzz/bin/%: build/fuzz/obj/fuzz/%.o $(FUZZ_LIB_OBJ)
	@mkdir -p $(dir $@)
	@echo "  FUZZLD $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LIBS)

# The replay build: gcc, the project's own flags and objects.
$(B)/obj/fuzz/%.o: LAYER_INC = $(TESTS_INC) -Ifuzz

$(B)/fuzz/replay/%: $(B)/obj/fuzz/%.o $(FUZZ_REPLAY_OBJ) $(B)/libguti.a
	@mkdir -p $(dir $@)
	@echo "  LD $@"
	@$(CC) $(ALL_CFLAGS) -o $@ $^ $(LIBS)

$(FUZZ_TABLES)/.stamp: $(B)/guti fuzz/tables.sh
	@echo "  TABLES $(FUZZ_TABLES)"
	@sh fuzz/tables.sh $(B)/guti $(FUZZ_TABLES)
	@touch $@

fuzz-build:
	@sh scripts/deps.sh clang-14 libclang-rt-14-dev libomp-14-dev
	@$(MAKE) --no-print-directory $(FUZZ_HARNESSES:%=build/fuzz/bin/%) $(FUZZ_TABLES)/.stamp

fuzz: fuzz-build
	@GUTI_FUZZ_TABLES=$(FUZZ_TABLES) FUZZ_NICE="$(FUZZ_NICE)" \
		sh fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_HARNESSES)

fuzz-replay: deps
	@$(MAKE) --no-print-directory $(FUZZ_HARNESSES:%=$(B)/fuzz/replay/%) $(FUZZ_TABLES)/.stamp
	@for h in $(FUZZ_HARNESSES); do \
		GUTI_FUZZ_TABLES=$(FUZZ_TABLES) ./$(B)/fuzz/replay/$$h fuzz/corpus/$$h \
			fuzz/regressions/$$h || exit 1; \
	done

# make test replays the seed corpus and the regression inputs through every harness.
test: fuzz-replay

.SECONDARY: $(FUZZ_LIB_OBJ) $(FUZZ_HARNESSES:%=build/fuzz/obj/fuzz/%.o) $(FUZZ_HARNESSES:%=$(B)/obj/fuzz/%.o) \
            $(B)/obj/fuzz/fuzz_util.o $(B)/obj/fuzz/replay_main.o

-include $(wildcard build/fuzz/obj/*/*.d build/fuzz/obj/*/*/*.d $(B)/obj/fuzz/*.d)
