/* guti query --rules no-repeat: see query_norepeat.h. */
#include "query_norepeat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game_report.h"
#include "guti.h"

/* One answer, as text or one JSON line. */
static void print_answer(const struct guti_norepeat_result *r, int played, bool json, bool close)
{
    char fen[GUTI_FEN_MAX];
    struct guti_error e;
    if (guti_format_fen(&r->position, fen, sizeof fen, &e)) snprintf(fen, sizeof fen, "?");
    const char *side = guti_side_name(r->position.variant.game, r->position.side);
    if (json) {
        printf("{\"fen\": ");
        json_str(stdout, fen);
        printf(", \"rules\": ");
        json_str(stdout, r->position.variant.rules);
        printf(", \"moves_played\": %d, \"value\": \"%s\", \"best\": ", played,
               guti_value_name(r->value));
        if (r->has_best)
            json_str(stdout, r->best);
        else
            printf("null");
        printf(", \"nodes\": %llu, \"budget\": %llu, \"bounded\": %s, \"over\": %s",
               (unsigned long long)r->nodes, (unsigned long long)r->budget,
               r->bounded ? "true" : "false", r->over ? "true" : "false");
        if (r->over) {
            printf(", \"result\": \"%s\", \"reason\": ",
                   guti_side_name(r->position.variant.game, r->winner));
            json_str(stdout, r->reason);
        }
        if (close) printf("}\n");
        return;
    }
    printf("%s", fen);
    if (played) printf("  (after %d moves)", played);
    printf("\n");
    if (r->over) {
        printf("game over: %s win (%s)\n", guti_side_name(r->position.variant.game, r->winner),
               r->reason);
        return;
    }
    if (r->value == GUTI_UNKNOWN)
        printf("%s to move: unknown under %s: the search ran out of its budget (%llu nodes; "
               "raise --budget)\n",
               side, r->position.variant.rules, (unsigned long long)r->budget);
    else
        printf("%s to move: %s under %s (searched: %llu nodes%s)\n", side,
               guti_value_name(r->value), r->position.variant.rules, (unsigned long long)r->nodes,
               r->bounded ? ", standard tables as bounds" : "");
    if (r->has_best) printf("  best: %s\n", r->best);
}

int query_norepeat_window(const char *rules)
{
    return !strncmp(rules, "no-repeat:", 10) ? atoi(rules + 10) : 0;
}

/* Room for every move of a Bagh-Chal position. */
#define NR_MAX_MOVES 256

/* "win", "loss in 12" or "unknown": a standard value for a move's maker. */
static void standard_text(const struct guti_result *r, char *buf, size_t len)
{
    if (r->value != GUTI_DRAW && r->value != GUTI_UNKNOWN && r->dtm >= 0)
        snprintf(buf, len, "%s in %d", guti_value_name(r->value), r->dtm);
    else
        snprintf(buf, len, "%s", guti_value_name(r->value));
}

void query_norepeat_print_moves(const struct guti_norepeat_result *r,
                                const struct guti_norepeat_move *m, int n, bool json)
{
    int window = query_norepeat_window(r->position.variant.rules);
    char fen[GUTI_FEN_MAX], std[40];
    if (json) {
        printf(", \"moves\": [");
        for (int i = 0; i < n; i++) {
            if (guti_format_fen(&m[i].move.after, fen, sizeof fen, NULL))
                snprintf(fen, sizeof fen, "?");
            printf("%s{\"move\": ", i ? ", " : "");
            json_str(stdout, m[i].move.text);
            printf(", \"fen\": ");
            json_str(stdout, fen);
            printf(", \"refused\": %s, \"value\": ", m[i].refused ? "true" : "false");
            if (m[i].refused)
                printf("null");
            else
                printf("\"%s\"", guti_value_name(m[i].value));
            printf(", \"nodes\": %llu, \"standard\": \"%s\", \"standard_dtm\": ",
                   (unsigned long long)m[i].nodes, guti_value_name(m[i].standard.value));
            if (m[i].standard.dtm < 0 || m[i].standard.value == GUTI_UNKNOWN)
                printf("null}");
            else
                printf("%d}", m[i].standard.dtm);
        }
        printf("]");
        return;
    }
    const char *side = guti_side_name(r->position.variant.game, r->position.side);
    printf("%d moves, best first, for the %s under %s (at most %llu nodes a move; the\n"
           "standard rules' value beside):\n",
           n, side, r->position.variant.rules, (unsigned long long)r->budget);
    for (int i = 0; i < n; i++) {
        standard_text(&m[i].standard, std, sizeof std);
        if (m[i].refused && window)
            printf("  %-10s refused: recreates a board among the last %d\n", m[i].move.text,
                   window);
        else if (m[i].refused)
            printf("  %-10s refused: recreates a board seen since the last placement or capture\n",
                   m[i].move.text);
        else
            printf("  %-10s %-8s (standard: %s)\n", m[i].move.text,
                   m[i].value == GUTI_UNKNOWN ? "unknown" : guti_value_name(m[i].value), std);
    }
}

/* One position after moves[0..n-1] from start: its value alone (guti_norepeat_value), or
 * with every move's (guti_norepeat_moves). 0, or -1 with e set. */
static int answer(guti_tables *t, const struct guti_position *start, const char *const *moves,
                  int n, uint64_t budget, bool with_moves, bool json, struct guti_error *e)
{
    struct guti_norepeat_result r;
    if (!with_moves) {
        if (guti_norepeat_value(t, start, moves, n, budget, &r, e)) return -1;
        print_answer(&r, n, json, true);
        return 0;
    }
    struct guti_norepeat_move *m = malloc(NR_MAX_MOVES * sizeof *m);
    int k = 0;
    if (!m) return snprintf(e->message, sizeof e->message, "out of memory"), -1;
    if (guti_norepeat_moves(t, start, moves, n, budget, &r, m, NR_MAX_MOVES, &k, e)) {
        free(m);
        return -1;
    }
    print_answer(&r, n, json, false);
    if (!r.over) query_norepeat_print_moves(&r, m, k, json);
    if (json) printf("}\n");
    free(m);
    return 0;
}

static int answer_record(guti_tables *t, const char *rules, const char *file, uint64_t budget,
                         bool with_moves, bool json)
{
    char why[600];
    char *text = cli_read_file(file, why, sizeof why);
    if (!text) return cli_error("query: --history %s", why);
    struct game_report gr;
    int rc = game_report_make(text, NULL, NULL, &gr, why, sizeof why);
    free(text);
    if (rc) return cli_error("query: --history %s: %s", file, why);
    struct guti_variant v = {.game = guti_game_named(gr.g.ops->name)};
    const char *want = rules ? rules : gr.rules;
    if (strlen(want) >= sizeof v.rules) want = "?"; /* no rules have a name this long */
    memcpy(v.rules, want, strlen(want) + 1);
    snprintf(v.board, sizeof v.board, "%s", gr.g.board->name);
    struct guti_position start;
    struct guti_error e;
    rc = guti_parse_fen(gr.startfen, &v, &start, &e);
    if (!rc && strncmp(v.rules, "no-repeat", 9))
        rc = -1,
        snprintf(e.message, sizeof e.message,
                 "the record's rules are '%s': give --rules no-repeat (or no-repeat:N)", v.rules);
    if (!rc)
        rc = answer(t, &start, (const char *const *)gr.r.moves, gr.r.nmoves, budget, with_moves,
                    json, &e);
    game_report_free(&gr);
    if (rc) return cli_error("query: --history %s: %s", file, e.message);
    return 0;
}

int query_norepeat(const char *dir, const char *rules, const char *history_file, char *const *fens,
                   int nfens, uint64_t budget, bool with_moves, bool json)
{
    guti_tables *t = NULL;
    struct guti_error e;
    /* the standard tables are hints: without them the search is slower, not wrong */
    if (guti_open(dir, 64 << 20, &t, &e)) t = NULL;
    int status = 0;
    if (history_file) status = answer_record(t, rules, history_file, budget, with_moves, json);
    for (int i = 0; i < nfens; i++) {
        struct guti_variant hint = {0};
        if (rules && strlen(rules) < sizeof hint.rules)
            memcpy(hint.rules, rules, strlen(rules) + 1);
        struct guti_position pos;
        int rc = guti_parse_fen(fens[i], &hint, &pos, &e);
        if (!rc) rc = answer(t, &pos, NULL, 0, budget, with_moves, json, &e);
        if (rc) {
            char q[200];
            cli_quote(fens[i], q, sizeof q);
            fprintf(stderr, "guti: query: operand %d '%s': %s\n", i + 1, q, e.message);
            if (json) {
                printf("{\"fen\": ");
                json_str(stdout, fens[i]);
                printf(", \"operand\": %d, \"error\": ", i + 1);
                json_str(stdout, e.message);
                printf("}\n");
            } else
                printf("error: operand %d: %s\n", i + 1, e.message);
            status = EXIT_BAD;
        }
    }
    if (t) guti_close(t);
    return status;
}
