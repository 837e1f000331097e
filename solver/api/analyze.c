/*
 * libguti: a game's analysis (guti_analyze_game, guti.h), over guti.h's own functions
 * alone: the values before and after each move, its judgement and the best move there.
 *
 * A move is judged by comparing the value for its maker before it (the position's, for
 * the side to move) with the value after it (the position it leads to, from the mover's
 * side): by value_now, the value under the counting rule at the positions' own clocks,
 * when both are known, since a win the clock makes a draw is a draw for a player; else by
 * the values without the rule, which the tables always have. Comparing like with like
 * keeps a position whose counting-rule table is missing from passing for a change of value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guti.h"

const char *guti_judged_name(int judged)
{
    return judged == GUTI_JUDGED_VALUE_NOW ? "value_now"
           : judged == GUTI_JUDGED_VALUE   ? "value"
                                           : "none";
}

/* A result the tables could not give. */
static void unknown_result(const struct guti_position *pos, struct guti_result *r)
{
    memset(r, 0, sizeof *r);
    r->variant = pos->variant;
    r->value = GUTI_UNKNOWN;
    r->value_now = GUTI_UNKNOWN;
    r->dtm = -1;
    r->dtc_class = GUTI_CLASS_UNKNOWN;
    r->dtc = -1;
    r->clock = pos->clock;
    r->winner = -1;
    r->reachable = true;
}

/* A probe's failure: a missing table is named once in a->missing, and *missing is its
 * index there (-1 beyond the list); any other failure is the analysis' (returned). */
static int note_missing(struct guti_analysis *a, int rc, const struct guti_error *e, int *missing,
                        struct guti_error *first)
{
    if (rc != GUTI_ENOTABLE) return rc;
    if (!*first->message) *first = *e;
    a->unanswered++;
    int k = 0;
    while (k < a->nmissing && strcmp(a->missing[k], e->message)) k++;
    if (k == a->nmissing) {
        if (k == GUTI_ANALYSIS_MISSING) {
            a->more_missing = true;
            k = -1;
        } else {
            snprintf(a->missing[k], sizeof a->missing[k], "%s", e->message);
            a->nmissing++;
        }
    }
    *missing = k;
    return 0;
}

/* Whether two positions are the same for the repetition rule (the clock aside). */
static bool same(const struct guti_position *x, const struct guti_position *y)
{
    return x->pieces[0] == y->pieces[0] && x->pieces[1] == y->pieces[1] && x->side == y->side &&
           x->inhand == y->inhand;
}

/* The move's text as guti_legal_moves writes it, and the position it leads to. */
static int play(const struct guti_position *pos, const char *text, int number,
                struct guti_move *move, struct guti_error *err)
{
    struct guti_position after;
    int rc = guti_play(pos, text, &after, err), n = 0;
    if (rc) { /* "move 'x': why" as "move 3, 'x': why" */
        struct guti_error e = *err;
        const char *why = strncmp(e.message, "move ", 5) ? e.message : e.message + 5;
        snprintf(err->message, sizeof err->message, "move %d, %.480s", number, why);
        return rc;
    }
    struct guti_move *all = NULL;
    for (int max = 256;; max = n) {
        struct guti_move *more = realloc(all, (size_t)max * sizeof *all);
        if (!more) {
            free(all);
            snprintf(err->message, sizeof err->message, "out of memory");
            return GUTI_ENOMEM;
        }
        all = more;
        rc = guti_legal_moves(pos, all, max, &n, err);
        if (rc != GUTI_ERANGE) break;
    }
    int i = 0;
    while (!rc && i < n && !(same(&all[i].after, &after) && all[i].after.clock == after.clock)) i++;
    if (!rc && i == n) {
        snprintf(err->message, sizeof err->message, "move %d: '%.80s' is not among the moves",
                 number, text);
        rc = GUTI_EINPUT;
    }
    if (!rc) *move = all[i];
    free(all);
    return rc;
}

/* The value a move is judged by, for its maker: value_now, or the value. */
static int rank(int value)
{
    return value == GUTI_WIN ? 2 : value == GUTI_DRAW ? 1 : 0;
}

/* Judges a move from its values before and after. */
static void judge(struct guti_move_analysis *m)
{
    const struct guti_result *b = &m->before, *p = &m->played.result;
    int before, after;
    if (b->value_now != GUTI_UNKNOWN && p->value_now != GUTI_UNKNOWN) {
        m->judged = GUTI_JUDGED_VALUE_NOW;
        before = b->value_now;
        after = p->value_now;
    } else if (b->value != GUTI_UNKNOWN && p->value != GUTI_UNKNOWN) {
        m->judged = GUTI_JUDGED_VALUE;
        before = b->value;
        after = p->value;
    } else {
        m->judged = GUTI_JUDGED_NONE;
        return;
    }
    m->mistake = rank(after) < rank(before);
    if (before != after || before == GUTI_DRAW || !m->has_best) return;
    /* The value kept, but not as the best move keeps it: a win more slowly, or a loss
     * sooner (the best move resists longest), which gives the opponent time back. */
    const struct guti_result *best = &m->best.result;
    int played, best_d;
    if (p->dtm >= 0 && best->dtm >= 0)
        played = p->dtm, best_d = best->dtm;
    else if (p->dtc >= 0 && best->dtc >= 0)
        played = p->dtc, best_d = best->dtc;
    else
        return;
    if (before == GUTI_WIN)
        m->slower = played > best_d;
    else
        m->faster_loss = played < best_d;
}

/* The best move of pos, when the tables can rank every move. */
static int best_move(guti_tables *t, struct guti_move_analysis *m, struct guti_analysis *a,
                     struct guti_error *first, struct guti_error *err)
{
    struct guti_error e;
    int rc = guti_best_move(t, &m->position, &m->best, &e);
    if (!rc) {
        m->has_best = true;
        return 0;
    }
    /* a missing table is named, but does not count as a position left unanswered */
    int unanswered = a->unanswered;
    rc = note_missing(a, rc, &e, &m->best_missing, first);
    a->unanswered = unanswered;
    if (rc) *err = e;
    return rc;
}

/* The analysis along the game: what each move's analysis reads and adds to. */
struct walk {
    guti_tables *t;
    struct guti_analysis *a;
    struct guti_error first;    /* the first missing table's error */
    struct guti_position *seen; /* the game's positions so far, for the repetition rule */
    struct guti_position cur;   /* the position the next move is played from */
    bool over;
    int needed; /* positions that need a table */
};

/* Clears the analysis and sets a->start to the start with its rules named, so that every
 * probe reads the game's own tables. */
static int analysis_start(const struct guti_position *start, struct guti_analysis *a,
                          struct guti_error *err)
{
    memset(a, 0, sizeof *a);
    a->first_mistake[0] = a->first_mistake[1] = -1;
    a->start_missing = -1;
    a->winner = -1;
    char fen[GUTI_FEN_MAX];
    struct guti_variant hint = start->variant;
    int rc = guti_format_fen(start, fen, sizeof fen, err);
    if (rc || (rc = guti_parse_fen(fen, &hint, &a->start, err))) return rc;
    a->start.limit = start->limit; /* a FEN has no limit: the game's is kept */
    if (!strncmp(a->start.variant.rules, "no-repeat", 9)) {
        snprintf(err->message, sizeof err->message,
                 "rules no-repeat have no tables: a position's value under them depends on the "
                 "game's history (guti_norepeat_analyze_game searches it)");
        return GUTI_EINPUT;
    }
    return 0;
}

/* The start's result: whether the game is over there, and its value. */
static int probe_start(struct walk *w, struct guti_error *err)
{
    struct guti_analysis *a = w->a;
    struct guti_error e;
    w->over = guti_over(&w->cur, &a->winner, a->reason, sizeof a->reason, NULL, err) == 1;
    a->over = w->over;
    w->needed += !w->over;
    int rc = guti_probe(w->t, &w->cur, &a->start_result, &e);
    if (rc) {
        unknown_result(&w->cur, &a->start_result);
        return note_missing(a, rc, &e, &a->start_missing, &w->first);
    }
    if (!w->over) a->answered++;
    return 0;
}

/* Move i's value before it: the position's, which the previous move's result gives. */
static int probe_before(struct walk *w, int i, struct guti_move_analysis *m)
{
    struct guti_analysis *a = w->a;
    if (i == 0) {
        m->before = a->start_result;
        m->before_missing = a->start_missing;
        return 0;
    }
    struct guti_error e;
    int rc = guti_probe(w->t, &w->cur, &m->before, &e);
    if (!rc) return 0;
    unknown_result(&w->cur, &m->before);
    int unanswered = a->unanswered;
    if ((rc = note_missing(a, rc, &e, &m->before_missing, &w->first))) return rc;
    a->unanswered = unanswered; /* counted as the previous move's after */
    return 0;
}

/* A draw by repetition, which no table knows: the game's result. */
static void repetition_draw(struct guti_analysis *a, const struct guti_position *next,
                            struct guti_result *r)
{
    unknown_result(next, r);
    r->value = r->value_now = GUTI_DRAW;
    r->dtc_class = GUTI_CLASS_DRAW;
    r->over = true;
    snprintf(r->reason, sizeof r->reason, "third repetition of the position");
    a->over = true;
    snprintf(a->reason, sizeof a->reason, "%s", r->reason);
}

/* Move m's value after it, for its maker; count is how often the game has been at the
 * position it leads to. */
static int probe_after(struct walk *w, struct guti_move_analysis *m, int count,
                       struct guti_error *err)
{
    struct guti_analysis *a = w->a;
    const struct guti_position *next = &m->played.move.after;
    int winner = -1;
    char reason[64] = "";
    int end = guti_over(next, &winner, reason, sizeof reason, NULL, err);
    if (end < 0) return end;
    if (count >= 3 && (!end || winner < 0)) {
        repetition_draw(a, next, &m->played.result);
        return 0;
    }
    struct guti_move move = m->played.move;
    struct guti_error e;
    w->needed += !end;
    int rc = guti_probe_move(w->t, &w->cur, move.text, &m->played, &e);
    if (rc) {
        m->played.move = move;
        unknown_result(next, &m->played.result);
        if ((rc = note_missing(a, rc, &e, &m->played_missing, &w->first))) return rc;
    } else if (!end)
        a->answered++;
    if (end) {
        a->over = true;
        a->winner = winner;
        snprintf(a->reason, sizeof a->reason, "%s", reason);
    }
    return 0;
}

/* Move i of the game, text, from w->cur: its analysis into m, its judgement into the
 * tallies, and w->cur moved on. */
static int analyze_move(struct walk *w, int i, const char *text, struct guti_move_analysis *m,
                        struct guti_error *err)
{
    struct guti_analysis *a = w->a;
    memset(m, 0, sizeof *m);
    m->before_missing = m->played_missing = m->best_missing = -1;
    m->position = w->cur;
    if (w->over) {
        snprintf(err->message, sizeof err->message, "move %d: the game is already over", i + 1);
        return GUTI_EINPUT;
    }
    int rc = probe_before(w, i, m);
    if (rc || (rc = play(&w->cur, text, i + 1, &m->played.move, err))) return rc;
    const struct guti_position *next = &m->played.move.after;
    w->seen[i + 1] = *next;
    int count = 0;
    for (int k = 0; k <= i + 1; k++) count += same(&w->seen[k], next);
    if ((rc = probe_after(w, m, count, err))) return rc;
    w->over = a->over;

    if (m->before.value != GUTI_UNKNOWN && (rc = best_move(w->t, m, a, &w->first, err))) return rc;
    judge(m);
    if (m->judged != GUTI_JUDGED_NONE) a->judged++;
    int side = w->cur.side;
    if (m->mistake && a->mistakes[side]++ == 0) a->first_mistake[side] = i;
    a->slower[side] += m->slower;
    w->cur = *next;
    a->nmoves++;
    return 0;
}

int guti_analyze_game(guti_tables *t, const struct guti_position *start, const char *const *moves,
                      int n, struct guti_move_analysis *out, struct guti_analysis *a,
                      struct guti_error *err)
{
    struct guti_error scratch;
    if (!err) err = &scratch;
    if (!start || n < 0 || (n && (!moves || !out)) || !a) {
        snprintf(err->message, sizeof err->message, "analyze: no start, moves or output");
        return GUTI_EINPUT;
    }
    int rc = analysis_start(start, a, err);
    if (rc) return rc;
    struct walk w = {.t = t, .a = a, .first = {""}, .cur = a->start};
    if (!(w.seen = malloc((size_t)(n + 1) * sizeof *w.seen))) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return GUTI_ENOMEM;
    }
    w.seen[0] = a->start;
    rc = probe_start(&w, err);
    for (int i = 0; i < n && !rc; i++) rc = analyze_move(&w, i, moves[i], &out[i], err);
    if (!rc) {
        a->final = w.cur;
        if (w.needed > 0 && a->answered == 0) {
            *err = w.first;
            rc = GUTI_ENOTABLE;
        }
    }
    free(w.seen);
    return rc;
}
