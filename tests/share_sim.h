/* The processes of a shared solve (retro_solve_shared, share_solve) played by threads
 * of one test: their exchange and reduce go through a barrier and arrays every thread
 * sees, and check what they are given (every part making the same call, nothing sent to
 * itself, every index in its receiver's slice when the bounds are known). */
#ifndef GUTI_TEST_SHARE_SIM_H
#define GUTI_TEST_SHARE_SIM_H

#include <stdbool.h>
#include <stdint.h>

#define SHARE_SIM_MAX 6

struct share_sim;

/* Runs body(ctx, part, arg) in nparts threads at once (1..SHARE_SIM_MAX), arg being what
 * the part passes as the exchange's and reduce's arg, and waits for them all. bounds: the
 * slices' bounds the exchange checks indices against, or NULL. */
void share_sim_run(int nparts, const uint64_t *bounds, void (*body)(void *ctx, int part, void *arg),
                   void *ctx);

/* The same, where part fail_part's fail_at-th exchange (from 1) returns -1 after it has
 * exchanged, as one that failed in a single process would. */
void share_sim_run_failing(int nparts, const uint64_t *bounds,
                           void (*body)(void *ctx, int part, void *arg), void *ctx, int fail_part,
                           long fail_at);

int share_sim_exchange(void *arg, uint64_t *const *out, const uint64_t *nout, const uint64_t **in,
                       uint64_t *nin);
void share_sim_reduce(void *arg, int64_t *v, int n, bool sum);

#endif
