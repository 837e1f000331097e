/* What the fuzz harnesses share (fuzz/README.md): the check that turns a broken promise
 * into a crash the fuzzer reports, splitting an input into lines, a strict JSON checker
 * for the answers guti writes, and where the harnesses' small tables are. */
#ifndef GUTI_FUZZ_UTIL_H
#define GUTI_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The entry points libFuzzer calls, and replay_main.c too. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A promise of the code under test that the input broke: abort, so that libFuzzer keeps
 * the input as a crash and the replay of make test fails. */
#define FUZZ_CHECK(cond, ...)                                                                      \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz check failed at %s:%d: %s: ", __FILE__, __LINE__, #cond);        \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* The input as a NUL-terminated string (to free), cut at its first NUL. */
char *fuzz_string(const uint8_t *data, size_t size);

/* Splits s in place at '\n' (a '\r' before it dropped) into at most max lines; returns
 * their number. An empty s has one empty line. */
int fuzz_lines(char *s, char **lines, int max);

/* Whether s[0..n-1] is one JSON value (RFC 8259) with white space around it, its strings
 * valid UTF-8 and no object with a member twice: NULL when it is, else what is wrong. */
const char *fuzz_json_check(const char *s, size_t n);

/* The directory of small tables the probing harnesses use: $GUTI_FUZZ_TABLES, else
 * build/fuzz/tables (fuzz/tables.sh makes it). Aborts when it holds no table, so that a
 * harness never fuzzes against nothing by mistake. */
const char *fuzz_tables_dir(void);

/* A fresh empty directory for the run (removed at exit). */
const char *fuzz_temp_dir(void);

#endif
