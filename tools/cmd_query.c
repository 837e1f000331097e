/* guti query: the value and DTM of positions, and of every move, from the tables. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "notation.h"
#include "tables.h"

static const char help[] =
    "usage: guti query [--dir DIR] [--rules R] [--pv] [--json] [FEN...]\n"
    "\n"
    "For each position (the operands, or one per line on stdin when there are none): its\n"
    "value for the side to move (win, draw or loss) and DTM, the half-moves to the end of\n"
    "the game with the winner hurrying and the loser delaying; then every legal move with\n"
    "the value and DTM it gives the player who makes it, best first (the fastest wins, the\n"
    "draws, the slowest losses). The game and board are read from the FEN's rows.\n"
    "\n"
    "  --dir DIR   the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --rules R   which tables: baghchal standard (default) or goat-pass; sixteen\n"
    "              optional (default) or forced\n"
    "  --pv        also a principal variation: best moves to the end of the game (at most\n"
    "              200 half-moves; for a draw, 40)\n"
    "  --json      one object per position: {\"fen\", \"value\", \"dtm\", \"moves\": [{\"move\",\n"
    "              \"value\", \"dtm\"}]} (and \"pv\": [...] with --pv); value is win, draw or\n"
    "              loss, dtm null for a draw or when only WDL tables are there\n"
    "Exit status 1 if any position could not be answered.\n";

struct scored {
    char move[80];
    retro_code code; /* for the player who makes the move */
    bool dtm_known;
    struct position succ;
};

static const char *value_word(retro_code c)
{
    return c == RETRO_DRAW ? "draw" : code_win(c) ? "win" : "loss";
}

/* The code of a move for its maker, from the code of the position it leads to. */
static retro_code mover_code(retro_code succ)
{
    return succ == RETRO_DRAW ? RETRO_DRAW : (retro_code)(succ + 1);
}

/* Best first: wins fastest first, then draws, then losses slowest first. */
static int rank_of(retro_code c)
{
    if (code_win(c)) return code_dtm(c);
    if (c == RETRO_DRAW) return 100000;
    return 200000 - code_dtm(c);
}

static int cmp_scored(const void *x, const void *y)
{
    const struct scored *a = x, *b = y;
    return rank_of(a->code) - rank_of(b->code);
}

/* Scores every move of pos; returns the count, or -1 with err. */
static int score_moves(struct prober *p, const struct position *pos, struct scored **out, char *err,
                       size_t errlen)
{
    const struct game *g = p->g;
    struct movelist l;
    movelist_init(&l);
    int n = g->ops->moves(g, pos, &l);
    struct scored *s = calloc((size_t)(n ? n : 1), sizeof *s);
    for (int i = 0; i < n; i++) {
        retro_code c;
        notation_format_move(g->board, &l.mv[i], s[i].move, sizeof s[i].move);
        if (prober_probe(p, &l.succ[i], &c, &s[i].dtm_known, err, errlen)) {
            free(s);
            movelist_free(&l);
            return -1;
        }
        s[i].code = mover_code(c);
        s[i].succ = l.succ[i];
    }
    movelist_free(&l);
    qsort(s, (size_t)n, sizeof *s, cmp_scored);
    *out = s;
    return n;
}

static void print_dtm(retro_code c, bool known, bool json)
{
    if (c == RETRO_DRAW || !known)
        printf(json ? "null" : "-");
    else
        printf("%d", code_dtm(c));
}

static int query_one(struct prober *p, const char *text, bool json, bool want_pv)
{
    const struct game *g = p->g;
    struct position pos;
    char err[400], fen[256];
    if (g->ops->parse(g, text, &pos, err, sizeof err)) return cli_error("%s", err);
    retro_code code;
    bool known;
    if (prober_probe(p, &pos, &code, &known, err, sizeof err)) return cli_error("query: %s", err);
    struct scored *s;
    int n = score_moves(p, &pos, &s, err, sizeof err);
    if (n < 0) return cli_error("query: %s", err);
    g->ops->format(g, &pos, fen, sizeof fen);

    /* The principal variation: the best move, again and again. */
    char pv[200][80];
    int npv = 0;
    struct outcome o;
    if (want_pv) {
        struct position cur = pos;
        int limit = code == RETRO_DRAW ? 40 : 200;
        while (npv < limit && !g->ops->over(g, &cur, &o)) {
            struct scored *t;
            int k = score_moves(p, &cur, &t, err, sizeof err);
            if (k <= 0) {
                if (k < 0) fprintf(stderr, "guti: query: pv: %s\n", err);
                break;
            }
            snprintf(pv[npv++], sizeof pv[0], "%s", t[0].move);
            cur = t[0].succ;
            free(t);
        }
    }
    if (json) {
        printf("{\"fen\": ");
        json_str(stdout, fen);
        printf(", \"value\": \"%s\", \"dtm\": ", value_word(code));
        print_dtm(code, known, true);
        printf(", \"moves\": [");
        for (int i = 0; i < n; i++) {
            printf("%s{\"move\": \"%s\", \"value\": \"%s\", \"dtm\": ", i ? ", " : "", s[i].move,
                   value_word(s[i].code));
            print_dtm(s[i].code, s[i].dtm_known, true);
            printf("}");
        }
        printf("]");
        if (want_pv) {
            printf(", \"pv\": [");
            for (int i = 0; i < npv; i++) printf("%s\"%s\"", i ? ", " : "", pv[i]);
            printf("]");
        }
        printf("}\n");
    } else {
        printf("%s\n%s to move: %s", fen, g->ops->side_name[pos.side], value_word(code));
        if (code != RETRO_DRAW && known) printf(" in %d (DTM)", code_dtm(code));
        printf("\n");
        for (int i = 0; i < n; i++) {
            printf("  %-16s %-5s ", s[i].move, value_word(s[i].code));
            print_dtm(s[i].code, s[i].dtm_known, false);
            printf("\n");
        }
        if (want_pv) {
            printf("pv:");
            for (int i = 0; i < npv; i++) printf(" %s", pv[i]);
            printf("\n");
        }
    }
    free(s);
    return 0;
}

int cmd_query(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL;
    bool want_pv = false;
    const struct cli_option opts[] = {CLI_OPTION("dir", CLI_TEXT, &dir_opt),
                                      CLI_OPTION("rules", CLI_RULES, &o.rules),
                                      CLI_OPTION("pv", CLI_FLAG, &want_pv),
                                      CLI_OPTION("json", CLI_FLAG, &o.json), CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("query", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return fputs(help, stdout), 0;
    const char *dir = tables_dir(dir_opt);
    int failed = 0;
    struct game g;
    struct prober p;
    bool have = false;
    char line[1024];
    for (int k = first;; k++) {
        const char *text;
        if (first < argc) {
            if (k == argc) break;
            text = argv[k];
        } else {
            if (!fgets(line, sizeof line, stdin)) break;
            line[strcspn(line, "\r\n")] = 0;
            if (!line[0]) continue;
            text = line;
        }
        struct game gk;
        if ((rc = cli_game(&o, text, &gk))) {
            failed = 1;
            continue;
        }
        if (!have || gk.ops != g.ops || gk.board != g.board || gk.rules != g.rules) {
            if (have) prober_free(&p);
            g = gk;
            prober_init(&p, &g, dir);
            have = true;
        }
        failed |= query_one(&p, text, o.json, want_pv) != 0;
        fflush(stdout);
    }
    if (have) prober_free(&p);
    return failed ? EXIT_BAD : 0;
}
