/* Progress of long work on stderr: done/total, rate and ETA, redrawn in place at most a
 * few times a second, only when stderr is a terminal and not --quiet. */
#ifndef GUTI_PROGRESS_H
#define GUTI_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

struct progress {
    bool on;
    double start, last;
    char label[64];
};

void progress_init(struct progress *p, bool quiet);
/* Starts a new task: resets the clock used for the rate and ETA. */
void progress_begin(struct progress *p, const char *label);
/* Matches struct retro_layer's progress callback; arg is a struct progress. */
void progress_update(void *arg, const char *phase, uint64_t done, uint64_t total);
/* Clears the line. */
void progress_end(struct progress *p);

/* The library drivers' task hooks (solve.h, reach.h), with arg a
 * struct progress (or a struct that begins with one): progress_update is the third. */
void progress_begin_hook(void *arg, const char *label);
void progress_end_hook(void *arg);

#endif
