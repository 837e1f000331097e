/* A survey of one movement layer under the no-repeat rules against the standard tables
 * (norepeat.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "index.h"
#include "norepeat.h"
#include "symmap.h"
#include "tables.h"

struct survey_hint {
    struct prober *std;
    char err[400];
    int failed; /* the first prober failure, kept for the caller */
};

static int survey_standard(void *arg, const struct position *pos, retro_code *code)
{
    struct survey_hint *h = arg;
    struct position q = *pos;
    q.clock = 0;
    bool known;
    int rc = prober_probe(h->std, &q, code, &known, h->err, sizeof h->err);
    if (rc && !h->failed) h->failed = rc;
    return rc;
}

/* Whether (tigers, goats) is the smallest of its images under the board's symmetries. */
static bool canonical(const struct symmap *sm, bits_t tigers, bits_t goats)
{
    for (int s = 1; s < sm->nsyms; s++) {
        bits_t t = symmap_apply(sm, s, tigers), gg = symmap_apply(sm, s, goats);
        if (t < tigers || (t == tigers && gg < goats)) return false;
    }
    return true;
}

/* The next set of the same size after x, in increasing order (Gosper). */
static inline bits_t next_subset(bits_t x)
{
    bits_t c = x & -x, r = x + c;
    return (((r ^ x) >> 2) / c) | r;
}

static inline int column(int v)
{
    return v == NR_LOSS ? 0 : v == NR_DRAW ? 1 : v == NR_WIN ? 2 : 3;
}

int nr_survey(const struct game *g, struct prober *std, const struct nr_survey_options *opt,
              nr_each_fn each, nr_progress_fn progress, void *arg, struct nr_survey *out, char *err,
              size_t errlen)
{
    memset(out, 0, sizeof *out);
    int captured = opt->captured;
    int np = g->board->npoints, ngoats = g->side_men[0] - captured;
    if (captured < 0 || captured >= g->capture_goal || ngoats + g->side_men[1] > np) {
        snprintf(err, errlen, "captured: %d is no movement layer of this game (0 to %d)", captured,
                 g->capture_goal - 1);
        return -1;
    }
    struct symmap *sm = malloc(sizeof *sm);
    struct survey_hint hint = {.std = std};
    struct nr_search *s = nr_new(g, survey_standard, &hint, opt->bounds);
    if (!sm || !s) {
        free(sm);
        nr_free(s);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    symmap_init(sm, g->board);
    nr_depth_first(s, opt->depth_first);
    /* the boards: tigers first, then the goats among the points they leave */
    uint64_t total = 0, done = 0, eligible = 0;
    bits_t all = np == 64 ? ~(bits_t)0 : BIT(np) - 1;
    for (int pass = 0; pass < 2; pass++) {
        for (bits_t t = BIT(g->side_men[1]) - 1; t <= all; t = next_subset(t)) {
            bits_t free_points = all & ~t;
            for (bits_t k = BIT(ngoats) - 1; k < BIT(np - g->side_men[1]); k = next_subset(k)) {
                bits_t goats = bits_deposit(k, free_points);
                if (!canonical(sm, t, goats)) continue;
                if (pass == 0) {
                    total += 2;
                    continue;
                }
                for (int side = 0; side < 2; side++) {
                    struct position p = {{goats, t}, side, 0, 0};
                    retro_code code;
                    bool known;
                    if (prober_probe(std, &p, &code, &known, err, errlen)) goto fail;
                    int standard = code == RETRO_DRAW ? NR_DRAW : code_win(code) ? NR_WIN : NR_LOSS;
                    done++;
                    if (opt->draws_only && standard != NR_DRAW) continue;
                    if (opt->nshards > 1 &&
                        eligible++ % (uint64_t)opt->nshards != (uint64_t)opt->shard)
                        continue;
                    struct nr_answer a;
                    if (nr_entry_value(s, &p, opt->budget, &a)) {
                        snprintf(err, errlen, "out of memory for the search");
                        goto fail;
                    }
                    out->classes++;
                    out->count[column(standard)][column(a.value)]++;
                    out->nodes += a.nodes;
                    if (each) each(arg, &p, standard, &a);
                    if (progress) progress(arg, "classes", done, total);
                }
                if (ngoats == 0) break;
            }
            if (t == all || g->side_men[1] == 0) break;
        }
    }
    nr_free(s);
    free(sm);
    return 0;
fail:
    nr_free(s);
    free(sm);
    return -1;
}
