/* Runs a fuzz harness's LLVMFuzzerTestOneInput on given inputs, without libFuzzer: what
 * make test does with the seed corpus and the regression inputs, built with gcc.
 *
 * usage: fuzz_NAME FILE|DIR...   (a directory: every file in it, in name order)
 *
 * An input that crashes or fails a check aborts the run (status 134 or the signal's), one
 * that runs longer than $GUTI_FUZZ_TIMEOUT seconds (default 60) stops it with status 124
 * naming the input. Prints "replay NAME: N inputs passed" at the end. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_util.h"

static char current[4096];

static void on_alarm(int sig)
{
    (void)sig;
    static const char a[] = "replay: timeout (a hang) on ";
    ssize_t w = write(2, a, sizeof a - 1);
    w = write(2, current, strlen(current));
    w = write(2, "\n", 1);
    (void)w;
    _exit(124);
}

static int run_file(const char *path, unsigned timeout)
{
    FILE *f = fopen(path, "rb");
    if (!f) return fprintf(stderr, "replay: cannot open %s\n", path), -1;
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            unsigned char *grown = realloc(buf, cap *= 2);
            if (!grown) free(buf);
            buf = grown;
        }
    }
    fclose(f);
    if (!buf) return fprintf(stderr, "replay: out of memory for %s\n", path), -1;
    snprintf(current, sizeof current, "%s", path);
    alarm(timeout);
    LLVMFuzzerTestOneInput(buf, n);
    alarm(0);
    free(buf);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    const char *t = getenv("GUTI_FUZZ_TIMEOUT");
    unsigned timeout = t && atoi(t) > 0 ? (unsigned)atoi(t) : 60;
    signal(SIGALRM, on_alarm);
    LLVMFuzzerInitialize(&argc, &argv);
    int inputs = 0;
    for (int a = 1; a < argc; a++) {
        struct stat sb;
        if (stat(argv[a], &sb) != 0) return fprintf(stderr, "replay: no %s\n", argv[a]), 2;
        if (!S_ISDIR(sb.st_mode)) {
            if (run_file(argv[a], timeout)) return 2;
            inputs++;
            continue;
        }
        DIR *d = opendir(argv[a]);
        if (!d) return fprintf(stderr, "replay: cannot read %s\n", argv[a]), 2;
        char **names = NULL;
        int n = 0, cap = 0;
        for (struct dirent *e; (e = readdir(d));) {
            if (e->d_name[0] == '.') continue;
            if (n == cap && !(names = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *names)))
                return fprintf(stderr, "replay: out of memory\n"), 2;
            names[n++] = strdup(e->d_name);
        }
        closedir(d);
        if (n) qsort(names, (size_t)n, sizeof *names, cmp_names); /* names is NULL when n is 0 */
        for (int k = 0; k < n; k++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[a], names[k]);
            if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
                if (run_file(path, timeout)) return 2;
                inputs++;
            }
            free(names[k]);
        }
        free(names);
    }
    printf("replay %s: %d inputs passed\n", name, inputs);
    return 0;
}
