/* guti query --rules no-repeat: see query_norepeat.h. */
#include "query_norepeat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game_report.h"
#include "guti.h"

/* One answer, as text or one JSON line. */
static void print_answer(const struct guti_norepeat_result *r, int played, bool json)
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
        printf("}\n");
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

static int answer_record(guti_tables *t, const char *rules, const char *file, uint64_t budget,
                         bool json)
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
    struct guti_norepeat_result r;
    if (!rc)
        rc = guti_norepeat_value(t, &start, (const char *const *)gr.r.moves, gr.r.nmoves, budget,
                                 &r, &e);
    int played = gr.r.nmoves;
    game_report_free(&gr);
    if (rc) return cli_error("query: --history %s: %s", file, e.message);
    print_answer(&r, played, json);
    return 0;
}

int query_norepeat(const char *dir, const char *rules, const char *history_file, char *const *fens,
                   int nfens, uint64_t budget, bool json)
{
    guti_tables *t = NULL;
    struct guti_error e;
    /* the standard tables are hints: without them the search is slower, not wrong */
    if (guti_open(dir, 64 << 20, &t, &e)) t = NULL;
    int status = 0;
    if (history_file) status = answer_record(t, rules, history_file, budget, json);
    for (int i = 0; i < nfens; i++) {
        struct guti_variant hint = {0};
        if (rules && strlen(rules) < sizeof hint.rules)
            memcpy(hint.rules, rules, strlen(rules) + 1);
        struct guti_position pos;
        struct guti_norepeat_result r;
        int rc = guti_parse_fen(fens[i], &hint, &pos, &e);
        if (!rc) rc = guti_norepeat_value(t, &pos, NULL, 0, budget, &r, &e);
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
            continue;
        }
        print_answer(&r, 0, json);
    }
    if (t) guti_close(t);
    return status;
}
