#include "progress.h"

#include <omp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void progress_init(struct progress *p, bool quiet)
{
    memset(p, 0, sizeof *p);
    p->on = !quiet && isatty(2);
}

void progress_begin(struct progress *p, const char *label)
{
    snprintf(p->label, sizeof p->label, "%s", label);
    p->start = p->last = omp_get_wtime();
}

void progress_update(void *arg, const char *phase, uint64_t done, uint64_t total)
{
    struct progress *p = arg;
    double now = omp_get_wtime();
    if (!p->on || now - p->last < 0.25) return;
    p->last = now;
    if (done > total) done = total;
    double rate = done / (now - p->start + 1e-9);
    double eta = rate > 0 ? (total - done) / rate : 0;
    fprintf(stderr, "\r\033[K%s %s: %llu/%llu (%.0f%%), %.2fM/s, ETA %.0fs", p->label, phase,
            (unsigned long long)done, (unsigned long long)total, 100.0 * done / (total ? total : 1),
            rate / 1e6, eta);
    fflush(stderr);
}

void progress_end(struct progress *p)
{
    if (p->on) fprintf(stderr, "\r\033[K");
}

void progress_begin_hook(void *arg, const char *label)
{
    progress_begin(arg, label);
}

void progress_end_hook(void *arg)
{
    progress_end(arg);
}
