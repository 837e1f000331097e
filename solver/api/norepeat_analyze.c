/*
 * libguti: a game's analysis under rules no-repeat (guti_norepeat_analyze_game, guti.h),
 * over guti.h's own functions alone, as analyze.c is over guti_probe: each position of the
 * game listed by guti_norepeat_moves with the game's history before it, the move played
 * found among its moves, and judged.
 *
 * Under the rule a value is searched, and a search that runs out of its budget says
 * GUTI_UNKNOWN, never a guess: a move is judged only where the position's value and the
 * move's are both decided, so that a budget too small never passes for a mistake.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guti.h"

/* Whether two positions are the same board, side and men in hand (the clock aside). */
static bool same_board(const struct guti_position *x, const struct guti_position *y)
{
    return x->pieces[0] == y->pieces[0] && x->pieces[1] == y->pieces[1] && x->side == y->side &&
           x->inhand == y->inhand;
}

/* A value's rank for the player it is for: a win above a draw above a loss. */
static int rank(int value)
{
    return value == GUTI_WIN ? 2 : value == GUTI_DRAW ? 1 : 0;
}

/* The moves of the position after moves[0..i-1] under the rule, into *list (grown as
 * needed, *cap its room) and *k, with the position's value in *r. */
static int list_moves(guti_tables *t, const struct guti_position *start, const char *const *moves,
                      int i, uint64_t budget, struct guti_norepeat_result *r,
                      struct guti_norepeat_move **list, int *cap, int *k, struct guti_error *err)
{
    for (;;) {
        int rc = guti_norepeat_moves(t, start, moves, i, budget, r, *list, *cap, k, err);
        if (rc != GUTI_ERANGE) return rc;
        /* rare: more moves than the room guessed; the search is redone with room for all */
        struct guti_norepeat_move *more = realloc(*list, (size_t)*k * sizeof **list);
        if (!more) {
            snprintf(err->message, sizeof err->message, "out of memory");
            return GUTI_ENOMEM;
        }
        *list = more;
        *cap = *k;
    }
}

/* The move text played from r's position, found among the moves list[0..k-1]: its index,
 * or a negative status with err naming the move by its number (from 1). */
static int find_played(const struct guti_norepeat_result *r, const char *text, int number,
                       const struct guti_norepeat_move *list, int k, struct guti_error *err)
{
    if (r->over) {
        snprintf(err->message, sizeof err->message, "move %d: the game is already over (%s)",
                 number, r->reason);
        return GUTI_EINPUT;
    }
    struct guti_position after;
    struct guti_error e;
    if (guti_play(&r->position, text ? text : "", &after, &e)) {
        /* "move 'x': why" as "move 3, 'x': why" */
        const char *why = strncmp(e.message, "move ", 5) ? e.message : e.message + 5;
        snprintf(err->message, sizeof err->message, "move %d, %.480s", number, why);
        return GUTI_EINPUT;
    }
    for (int j = 0; j < k; j++) {
        if (!same_board(&list[j].move.after, &after)) continue;
        if (!list[j].refused) return j;
        snprintf(err->message, sizeof err->message,
                 "move %d '%.80s': recreates a board seen since the last placement or capture "
                 "(rules no-repeat)",
                 number, text);
        return GUTI_EINPUT;
    }
    snprintf(err->message, sizeof err->message, "move %d: '%.80s' is not among the moves", number,
             text);
    return GUTI_EINPUT;
}

/* Move i's analysis from its position's value r and moves list[0..k-1], the move played
 * being list[played]; its judgement into the summary's tallies. */
static void judge_move(const struct guti_norepeat_result *r, const struct guti_norepeat_move *list,
                       int k, int played, int i, struct guti_norepeat_move_analysis *m,
                       struct guti_norepeat_analysis *a)
{
    memset(m, 0, sizeof *m);
    m->position = r->position;
    m->value = r->value;
    m->nodes = r->nodes;
    m->played = list[played];
    m->has_best = k > 0 && !list[0].refused;
    if (m->has_best) m->best = list[0];
    m->judged = m->value != GUTI_UNKNOWN && m->played.value != GUTI_UNKNOWN;
    m->mistake = m->judged && rank(m->played.value) < rank(m->value);
    int side = m->position.side & 1;
    if (m->mistake && a->mistakes[side]++ == 0) a->first_mistake[side] = i;
    a->judged += m->judged;
    a->unknown += !m->judged;
    a->nodes += m->nodes;
}

/* The end of the game after moves[0..n-1]: the final position, whether over, the winner
 * and why. A budget of one node: only the position and its end are wanted. */
static int analysis_end(guti_tables *t, const struct guti_position *start, const char *const *moves,
                        int n, struct guti_norepeat_analysis *a, struct guti_error *err)
{
    struct guti_norepeat_result r;
    int rc = guti_norepeat_value(t, start, moves, n, 1, &r, err);
    if (rc) return rc;
    a->final = r.position;
    if (!n) a->start = r.position;
    a->over = r.over;
    a->winner = r.over ? r.winner : -1;
    snprintf(a->reason, sizeof a->reason, "%s", r.over ? r.reason : "");
    return 0;
}

int guti_norepeat_analyze_game(guti_tables *t, const struct guti_position *start,
                               const char *const *moves, int n, uint64_t budget,
                               struct guti_norepeat_move_analysis *out,
                               struct guti_norepeat_analysis *a, struct guti_error *err)
{
    struct guti_error scratch;
    if (!err) err = &scratch;
    if (!start || n < 0 || (n && (!moves || !out)) || !a) {
        snprintf(err->message, sizeof err->message,
                 "no-repeat analysis: no start, moves or output");
        return GUTI_EINPUT;
    }
    memset(a, 0, sizeof *a);
    a->first_mistake[0] = a->first_mistake[1] = -1;
    a->winner = -1;
    a->budget = budget ? budget : 1000000; /* guti_norepeat_moves' default */
    int cap = 64, k = 0, rc = 0;
    struct guti_norepeat_move *list = malloc((size_t)cap * sizeof *list);
    if (!list) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return GUTI_ENOMEM;
    }
    for (int i = 0; i < n && !rc; i++) {
        struct guti_norepeat_result r;
        rc = list_moves(t, start, moves, i, a->budget, &r, &list, &cap, &k, err);
        if (rc) break;
        if (i == 0) a->start = r.position;
        int played = find_played(&r, moves[i], i + 1, list, k, err);
        if (played < 0) {
            rc = played;
            break;
        }
        judge_move(&r, list, k, played, i, &out[i], a);
        a->nmoves++;
    }
    free(list);
    if (!rc) rc = analysis_end(t, start, moves, n, a, err);
    return rc;
}
