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
    "Every input gets exactly one answer, in order: a position that cannot be answered (a\n"
    "malformed FEN, a missing table) gets an error line naming its line (or operand) number,\n"
    "in the output and on stderr, and the exit status is 1. A blank line is an input too.\n"
    "A finished game is answered as such: its result and why; a finished position no game\n"
    "can reach (the winner to move) is answered and said to be so.\n"
    "\n"
    "The clock (the FEN's last field, half-moves since the last capture or placement) and\n"
    "the counting rules (a draw after 100 half-moves in Bagh-Chal, 80 in Sixteen Soldiers):\n"
    "the values and DTM are those of the game without the counting rule, as the tables hold\n"
    "them. A position whose clock has reached the limit is a draw by rule; a clock above the\n"
    "limit is an error. Below the limit, the value under the rule (value_now) is given when\n"
    "the DTM shows the game ends before the clock does, or the value is a draw; otherwise it\n"
    "is unknown until guti has counting-rule tables.\n"
    "\n"
    "  --dir DIR   the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --rules R   which tables: baghchal standard or goat-pass; sixteen optional or forced\n"
    "              (default: the rule set whose tables are in DIR, the game's default rules\n"
    "              when several are there)\n"
    "  --pv        also a principal variation: best moves to the end of the game (at most\n"
    "              200 half-moves; for a draw, 40)\n"
    "  --json      one object per line: {\"fen\", \"value\", \"dtm\", \"value_now\", \"clock\",\n"
    "              \"limit\", \"over\", \"result\", \"reason\", \"reachable\", \"moves\":\n"
    "              [{\"move\", \"value\", \"dtm\", \"value_now\"}]} (and \"pv\": [...] with\n"
    "              --pv); value is win, draw or loss for the side to move; dtm null for a\n"
    "              draw or when only WDL tables are there; value_now null when unknown;\n"
    "              result (the winner's side, or draw) and reason only when over. An input\n"
    "              that cannot be answered: {\"fen\": the input, \"line\" or \"operand\": its\n"
    "              number, \"error\": the message}\n"
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
    if (n < 0) {
        movelist_free(&l);
        return snprintf(err, errlen, "out of memory"), -1;
    }
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

/* The value under the counting rule at the position's own clock, when the tables without
 * the rule can tell: a draw stays a draw, a finished game is what it is, and a win or loss
 * in d half-moves stands when the game ends before the clock runs out (clock + d <= limit:
 * a win on the limit's own half-move stands). NULL when only the counting-rule tables
 * could tell. c is the code for the side to move. */
static const char *value_now(const struct game *g, const struct position *pos, retro_code c,
                             bool dtm_known)
{
    struct outcome o;
    if (c == RETRO_DRAW || game_over_at(g, pos, &o)) return value_word(c);
    if (dtm_known && pos->clock + code_dtm(c) <= g->ops->clock_limit) return value_word(c);
    return NULL;
}

/* The same for the player who makes a move: the opposite of its successor's. */
static const char *move_value_now(const struct game *g, const struct scored *m)
{
    retro_code succ = m->code == RETRO_DRAW ? RETRO_DRAW : (retro_code)(m->code - 1);
    return value_now(g, &m->succ, succ, m->dtm_known) ? value_word(m->code) : NULL;
}

static void print_word(const char *w)
{
    if (w)
        printf("\"%s\"", w);
    else
        printf("null");
}

/* The principal variation: the best move, again and again, into pv; the count. */
static int principal_variation(struct prober *p, const struct position *pos, retro_code code,
                               char (*pv)[80], int max)
{
    const struct game *g = p->g;
    struct position cur = *pos;
    struct outcome o;
    char err[400];
    int npv = 0, limit = code == RETRO_DRAW ? 40 : 200;
    if (limit > max) limit = max;
    while (npv < limit && !game_over_at(g, &cur, &o)) {
        struct scored *t;
        int k = score_moves(p, &cur, &t, err, sizeof err);
        if (k <= 0) {
            if (k < 0) fprintf(stderr, "guti: query: pv: %s\n", err);
            break;
        }
        snprintf(pv[npv++], 80, "%s", t[0].move);
        cur = t[0].succ;
        free(t);
    }
    return npv;
}

/* A finished game: its result, and whether a game can end this way. */
static void answer_over(const struct game *g, const struct position *pos, const struct outcome *o,
                        const char *fen, bool json)
{
    bool reachable = outcome_reachable(pos, o);
    const char *value = o->winner < 0 ? "draw" : o->winner == pos->side ? "win" : "loss";
    const char *reason = end_reason_text(g, o, o->winner < 0 ? -1 : 1 - o->winner);
    if (json) {
        printf("{\"fen\": ");
        json_str(stdout, fen);
        printf(", \"value\": \"%s\", \"dtm\": %s, \"value_now\": \"%s\", \"clock\": %d, "
               "\"limit\": %d, \"over\": true, \"result\": \"%s\", \"reason\": ",
               value, o->winner < 0 ? "null" : "0", value, pos->clock, g->ops->clock_limit,
               o->winner < 0 ? "draw" : g->ops->side_name[o->winner]);
        json_str(stdout, reason);
        printf(", \"reachable\": %s, \"moves\": []}\n", reachable ? "true" : "false");
        return;
    }
    char text[300];
    cli_outcome_text(g, pos, o, text, sizeof text);
    printf("%s\n%s\n", fen, text);
}

static int query_one(struct prober *p, const char *text, bool json, bool want_pv, char *err,
                     size_t errlen)
{
    const struct game *g = p->g;
    struct position pos;
    char fen[256];
    if (g->ops->parse(g, text, &pos, err, errlen)) return -1;
    int limit = g->ops->clock_limit;
    g->ops->format(g, &pos, fen, sizeof fen);
    struct outcome o;
    if (game_over_at(g, &pos, &o)) {
        answer_over(g, &pos, &o, fen, json);
        return 0;
    }
    retro_code code;
    bool known;
    if (prober_probe(p, &pos, &code, &known, err, errlen)) return -1;
    struct scored *s;
    int n = score_moves(p, &pos, &s, err, errlen);
    if (n < 0) return -1;
    char pv[200][80];
    int npv = want_pv ? principal_variation(p, &pos, code, pv, 200) : 0;
    const char *now = value_now(g, &pos, code, known);
    if (json) {
        printf("{\"fen\": ");
        json_str(stdout, fen);
        printf(", \"value\": \"%s\", \"dtm\": ", value_word(code));
        print_dtm(code, known, true);
        printf(", \"value_now\": ");
        print_word(now);
        printf(", \"clock\": %d, \"limit\": %d, \"over\": false, \"moves\": [", pos.clock, limit);
        for (int i = 0; i < n; i++) {
            printf("%s{\"move\": \"%s\", \"value\": \"%s\", \"dtm\": ", i ? ", " : "", s[i].move,
                   value_word(s[i].code));
            print_dtm(s[i].code, s[i].dtm_known, true);
            printf(", \"value_now\": ");
            print_word(move_value_now(g, &s[i]));
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
        if (pos.clock > 0 && now)
            printf("clock %d of %d: the clock does not change this value\n", pos.clock, limit);
        else if (pos.clock > 0)
            printf("clock %d of %d: this value ignores the counting rule, which may make it a "
                   "draw (guti has no counting-rule tables yet)\n",
                   pos.clock, limit);
        for (int i = 0; i < n; i++) {
            printf("  %-16s %-5s ", s[i].move, value_word(s[i].code));
            print_dtm(s[i].code, s[i].dtm_known, false);
            const char *mnow = move_value_now(g, &s[i]);
            if (pos.clock > 0 && s[i].code != RETRO_DRAW && !mnow) printf("  (the clock may draw)");
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

/* Without --rules, each game and board is answered from the rule set whose tables are in
 * the directory (the game's default rules when several are; when none is, the default
 * rules, whose missing table the answer then names). Chosen once per game and board. */
struct rules_chooser {
    const char *dir;
    int n;
    struct game chosen[8];
};

static void tables_rules(struct rules_chooser *c, struct game *g)
{
    for (int k = 0; k < c->n; k++)
        if (c->chosen[k].ops == g->ops && c->chosen[k].board == g->board) {
            *g = c->chosen[k];
            return;
        }
    struct game t;
    char err[400];
    if (tables_choose(c->dir, g->ops->name, NULL, g->board->name, &t, err, sizeof err) == 0) *g = t;
    if (c->n < 8) c->chosen[c->n++] = *g;
}

/* An input that could not be answered: its answer says so, in the output's own form, and
 * stderr names it too, so that the answers stay in step with the inputs. */
static void answer_error(const char *text, const char *where, long number, const char *err,
                         bool json)
{
    if (json) {
        printf("{\"fen\": ");
        json_str(stdout, text);
        printf(", \"%s\": %ld, \"error\": ", where, number);
        json_str(stdout, err);
        printf("}\n");
    } else {
        char shown[120];
        notation_quote(text, (size_t)-1, shown, sizeof shown);
        printf("%s\nerror: %s %ld: %s\n", shown, where, number, err);
    }
    fflush(stdout);
    fprintf(stderr, "guti: query: %s %ld: %s\n", where, number, err);
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
    if (o.rules && !strncmp(o.rules, "no-repeat", 9))
        return cli_usage_error("query", "rules no-repeat have no tables: a position's value "
                                        "under them depends on the game's history");
    const char *dir = tables_dir(dir_opt);
    int failed = 0;
    struct game g;
    struct prober p;
    bool have = false, from_stdin = first == argc;
    struct rules_chooser chooser = {.dir = dir};
    char *line = NULL, err[600];
    size_t cap = 0;
    for (long k = 1;; k++) {
        const char *text;
        if (!from_stdin) {
            if (first + k - 1 == argc) break;
            text = argv[first + k - 1];
        } else {
            ssize_t len = getline(&line, &cap, stdin);
            if (len < 0) break;
            line[strcspn(line, "\r\n")] = 0;
            text = line;
        }
        struct game gk;
        int bad = cli_game_setup(&o, text, &gk, err, sizeof err);
        if (!bad && !o.rules) tables_rules(&chooser, &gk);
        if (!bad && (!have || gk.ops != g.ops || gk.board != g.board || gk.rules != g.rules)) {
            if (have) prober_free(&p);
            g = gk;
            prober_init(&p, &g, dir);
            have = true;
        }
        if (!bad) bad = query_one(&p, text, o.json, want_pv, err, sizeof err);
        if (bad) {
            answer_error(text, from_stdin ? "line" : "operand", k, err, o.json);
            failed = 1;
        }
        fflush(stdout);
    }
    free(line);
    if (have) prober_free(&p);
    return failed ? EXIT_BAD : 0;
}
