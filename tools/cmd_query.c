/* guti query: the value and DTM of positions, and of every move, from the tables. A client
 * of the library's public interface (guti.h) alone. */
#include <errno.h>
#include <omp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli.h"
#include "guti.h"
#include "query_json.h"
#include "query_norepeat.h"

static const char help[] =
    "usage: guti query [--dir DIR] [--rules R] [--captures K] [--limit L] [--notation N] [--pv]\n"
    "                  [--json] [--cache MB] [--cache-stats] [--threads N] [FEN...]\n"
    "\n"
    "For each position (the operands, or one per line on stdin when there are none): its\n"
    "value for the side to move (win, draw or loss) and DTM, the half-moves to the end of\n"
    "the game with the winner hurrying and the loser delaying; then every legal move with\n"
    "the value and DTM it gives the player who makes it, best first (the fastest wins, the\n"
    "draws, the slowest losses). The game and board are read from the FEN's rows. Each FEN\n"
    "is one operand: quote it.\n"
    "\n"
    "Every input gets exactly one answer, in order: a position that cannot be answered (a\n"
    "malformed FEN, a missing table) gets an error line naming its line (or operand) number,\n"
    "in the output and on stderr (once when both are one terminal: with --json the JSON\n"
    "answer, else the line on stderr), and the exit status is 1. A blank line is an input\n"
    "too. A DIR that does not exist is an error.\n"
    "A finished game is answered as such: its result and why; a finished position no game\n"
    "can reach (the winner to move) is answered and said to be so.\n"
    "\n"
    "The clock (the FEN's last field, half-moves since the last capture or placement) and\n"
    "the counting rules (a draw after {clocks}):\n"
    "the values and DTM are those of the game without the counting rule, as the tables hold\n"
    "them. A position whose clock has reached the limit is a draw by rule; a clock above the\n"
    "limit is an error. Where DIR holds the counting rule's tables (guti solve --dtc), each\n"
    "position and move also has its class under the rule (win, cursed_win, draw,\n"
    "blessed_loss, loss) and DTC, the half-moves to the next capture or placement, and its\n"
    "value at its clock under the rule (value_now) is exact: a win or loss while the clock\n"
    "is at most the limit less the DTC, else a draw. Without those tables, value_now is\n"
    "given where the DTM shows the game ends before the clock does, or the value is a draw,\n"
    "and is unknown otherwise.\n"
    "\n"
    "  --dir DIR   the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --rules R   {table-rules};\n"
    "              which tables to read (default: the rule set whose tables are in DIR, the\n"
    "              game's default rules when several are there)\n"
    "  --captures K  {capture-games}: the hunter wins with K captures (1 to 8) rather than\n"
    "                the board's own: the rules R-kK, as \"standard-k3\", which name its tables\n"
    "  --limit L   the counting rule's limit in half-moves (default: the game's):\n"
    "              read the counting-rule tables made with guti solve --dtc --limit L; the\n"
    "              class, DTC, value_now and the draw by the clock are at that limit\n"
    "  --notation N  guti, baghchal or obx; every position must be in it, and the positions,\n"
    "              moves and variations are written in it (a pass, which the others lack,\n"
    "              as pass). Without it, each position's notation is told from its shape\n"
    "              (B3B/5/5/5/B3B G 0 is the baghchal package's, TXXXT/XXXXX/XXXXX/XXXXX/TXXXT\n"
    "              g @20 c0 - # OBX's; see guti convert --help) and the answers are in guti's\n"
    "              own notation\n"
    "  --pv        also a principal variation: best moves to the end of the game (at most\n"
    "              200 half-moves; for a draw, 40)\n"
    "  --json      one object per line: {\"fen\", \"value\", \"dtm\", \"value_now\", \"clock\",\n"
    "              \"limit\", \"over\", \"result\", \"reason\", \"reachable\", \"moves\":\n"
    "              [{\"move\", \"value\", \"dtm\", \"value_now\", \"class\", \"dtc\"}],\n"
    "              \"class\", \"dtc\"} (and \"pv\": [...] with --pv, and \"pv_error\" when it\n"
    "              was cut short: exit status 1); value is win, draw or loss for the side\n"
    "              to move, a move's for its maker; dtm null for a draw or when only WDL\n"
    "              tables are there; value_now null when unknown; class and dtc null where\n"
    "              the counting rule's tables are not there (a move has them when its\n"
    "              position has), dtc null for a draw; a finished game's class is its\n"
    "              result, its dtc 0; result (the winner's side, or draw), reason and\n"
    "              reachable only when over. An input that cannot be answered: {\"fen\": the\n"
    "              input, \"line\" or \"operand\": its number, \"error\": the message}\n"
    "  --cache MB  the memory for decompressed table blocks (default 64): each probe of a\n"
    "              block not held reads and decompresses its 16 KiB; a batch of positions\n"
    "              near each other in the game goes faster with more\n"
    "  --threads N answer N positions at once (default: all cores); the answers keep the\n"
    "              inputs' order, and the lines already on stdin are taken together, so a\n"
    "              program that writes one position and waits gets its answer at once\n"
    "  --cache-stats  at the end, on stderr: the positions answered and how fast, and what\n"
    "              the block cache did (hits, misses, bytes read and decompressed); as one\n"
    "              JSON object with --json\n"
    "\n"
    "Rules no-repeat (no-repeat, no-repeat:N) have no tables: a position's value under them\n"
    "depends on the game's history, so it is searched (the README's \"The no-repeat rule\").\n"
    "  --history FILE  the position at the end of this game record, with its history (the\n"
    "              record's rules, unless --rules says otherwise); FEN operands are each\n"
    "              answered with only its own board behind it\n"
    "  --budget N  search nodes at most (default 10000000; with --moves, 1000000 a move);\n"
    "              past them the value is unknown (not an error). The standard tables in\n"
    "              DIR, when there, order the moves, and on 4x4 bound the search where that\n"
    "              is proven\n"
    "  --moves     also every move, best first as the machine plays (the decided wins, the\n"
    "              moves not decided lost in the standard tables' order, the decided losses,\n"
    "              the refused): its value for its maker under the rule (or unknown, never a\n"
    "              guess), or refused and why, with its value under the standard rules\n"
    "              beside (unknown without their tables in DIR); the position's value is\n"
    "              then its moves' best\n"
    "  --json      {\"fen\", \"rules\", \"moves_played\", \"value\" (win, loss, draw only\n"
    "              under a window, or unknown), \"best\", \"nodes\", \"budget\", \"bounded\",\n"
    "              \"over\"} (and \"result\", \"reason\" when over; with --moves, \"moves\":\n"
    "              [{\"move\", \"fen\", \"refused\", \"value\" (null when refused), \"nodes\",\n"
    "              \"standard\", \"standard_dtm\"}])\n"
    "Exit status 1 if any position could not be answered.\n";

/* Room for every move: a Sixteen Soldiers position has at most a few hundred. */
#define MAX_MOVES 4096
#define MAX_PV 200
/* Inputs answered at once, at most: enough to keep the threads busy */
#define QUERY_BATCH 1024

static void print_text(FILE *f, const char *fen, const struct guti_position *pos,
                       const struct guti_result *r, const struct guti_scored_move *m, int n,
                       char (*pv)[GUTI_MOVE_MAX], int npv, bool want_pv, const char *pv_error,
                       bool terminal)
{
    fprintf(f, "%s\n", fen);
    if (r->over) {
        char text[300], rule[300];
        cli_outcome_text(pos, r, text, sizeof text);
        fprintf(f, "%s\n", text);
        if (query_text_class(r, rule, sizeof rule)) fprintf(f, "%s\n", rule);
        return;
    }
    fprintf(f, "%s to move: %s", guti_side_name(pos->variant.game, pos->side),
            guti_value_name(r->value));
    if (r->dtm >= 0) fprintf(f, " in %d (DTM)", r->dtm);
    fprintf(f, "\n");
    query_text_rule(pos, r, f);
    for (int i = 0; i < n; i++) query_text_move(&m[i], f);
    if (want_pv) {
        fprintf(f, "pv:");
        for (int i = 0; i < npv; i++) fprintf(f, " %s", pv[i]);
        /* on a terminal, the reason is stderr's line alone */
        if (*pv_error && terminal)
            fprintf(f, " (cut short)\n");
        else
            fprintf(f, *pv_error ? " (cut short: %s)\n" : "\n", pv_error);
    }
}

/* Answers one position; a failure leaves its one-line reason in err. A principal
 * variation cut short (a table it needs is missing) is answered, and says why in pv_error
 * (empty when whole). */
struct query_opts {
    const char *rules;
    int limit; /* --limit, 0 for the game's own */
    bool json, want_pv;
    /* stdout and stderr are the same terminal: an error is written once, on stderr */
    bool terminal;
    enum guti_notation notation; /* the inputs' notation, 0 to tell from each */
};

/* A move of pos rewritten in the notation (kept in guti's when the notation has no way
 * to write it, a pass). */
static void move_in(const struct guti_position *pos, char text[GUTI_MOVE_MAX],
                    enum guti_notation notation)
{
    char out[GUTI_MOVE_MAX];
    if (notation != GUTI_NOTATION_GUTI &&
        guti_format_move(pos, text, notation, out, sizeof out, NULL) == 0)
        memcpy(text, out, sizeof out);
}

static int query_one(FILE *f, guti_tables *t, const char *text, const struct query_opts *q,
                     struct guti_scored_move *moves, char *pv_error, struct guti_error *err)
{
    struct guti_position pos;
    struct guti_result r;
    const char *rules = q->rules;
    bool want_pv = q->want_pv;
    enum guti_notation found = GUTI_NOTATION_GUTI;
    char guti_fen[GUTI_FEN_MAX];
    if (q->notation != GUTI_NOTATION_GUTI) {
        /* Another notation, or one to tell: read it, and probe it as guti's FEN. */
        struct guti_variant hint = {0};
        snprintf(hint.rules, sizeof hint.rules, "%s", rules ? rules : "");
        int rc = guti_parse_position(text, q->notation, &hint, &pos, &found, err);
        if (rc) return rc;
        if ((rc = guti_format_fen(&pos, guti_fen, sizeof guti_fen, err))) return rc;
        text = guti_fen;
    }
    enum guti_notation out = q->notation ? q->notation : GUTI_NOTATION_GUTI;
    /* guti_probe_fen's reading, and the counting rule's limit asked for */
    struct guti_variant hint = {0};
    snprintf(hint.rules, sizeof hint.rules, "%s", rules ? rules : "");
    int rc = guti_parse_fen(text, &hint, &pos, err), n = 0, npv = 0;
    if (rc) return rc;
    if (!rules || !*rules) pos.variant.rules[0] = 0; /* from the tables */
    pos.limit = q->limit;
    if ((rc = guti_probe(t, &pos, &r, err))) return rc;
    if (!r.over && (rc = guti_probe_moves(t, &pos, moves, MAX_MOVES, &n, err))) return rc;
    char pv[MAX_PV][GUTI_MOVE_MAX], fen[GUTI_FEN_MAX];
    if (want_pv && !r.over) {
        /* a draw never ends: 40 half-moves of it show its way */
        int limit = r.value == GUTI_DRAW ? 40 : MAX_PV;
        struct guti_error pv_err;
        if (guti_principal_variation(t, &pos, pv, limit, &npv, &pv_err))
            snprintf(pv_error, sizeof pv_err.message, "%s", pv_err.message);
    }
    if ((rc = guti_format_position(&pos, out, fen, sizeof fen, err))) return rc;
    if (out != GUTI_NOTATION_GUTI) {
        for (int i = 0; i < n; i++) move_in(&pos, moves[i].move.text, out);
        struct guti_position cur = pos, next;
        for (int i = 0; i < npv; i++) {
            if (guti_play(&cur, pv[i], &next, NULL)) break;
            move_in(&cur, pv[i], out);
            cur = next;
        }
    }
    if (q->json) {
        struct query_answer a = {fen, &pos, &r, moves, n, want_pv, pv, npv, pv_error, false};
        fprintf(f, "{");
        query_json_members(&a, f);
        fprintf(f, "}\n");
    } else
        print_text(f, fen, &pos, &r, moves, n, pv, npv, want_pv, pv_error, q->terminal);
    return 0;
}

/* An input that could not be answered: its answer says so, in the output's own form, so
 * that the answers stay in step with the inputs, and stderr names it, so that the exit
 * status has its reason; but where both go to one terminal, a person reads it once: the
 * JSON answer, which is --json's contract, or in text stderr's line alone. */
static void answer_error(FILE *f, FILE *ef, const char *text, const char *where, long number,
                         const char *err, const struct query_opts *q)
{
    if (q->json) {
        fprintf(f, "{\"fen\": ");
        json_str(f, text);
        fprintf(f, ", \"%s\": %ld, \"error\": ", where, number);
        json_str(f, err);
        fprintf(f, "}\n");
    } else if (!q->terminal) {
        char shown[120];
        cli_quote(text, shown, sizeof shown);
        fprintf(f, "%s\nerror: %s %ld: %s\n", shown, where, number, err);
    }
    if (!(q->json && q->terminal)) fprintf(ef, "guti: query: %s %ld: %s\n", where, number, err);
}

/* A position typed unquoted comes as several operands, its board alone in one: no FEN or
 * other notation is without a space, so among several operands one without is a position
 * split by the shell, and the usage error says to quote it (as guti show's does). */
static int split_position(const char *cmd, char **operands, int n)
{
    for (int i = 0; i < n && n > 1; i++)
        if (*operands[i] && !strpbrk(operands[i], " \t")) {
            char shown[80];
            cli_quote(operands[i], shown, sizeof shown);
            return cli_usage_error(cmd,
                                   "operand %d '%s' is not a whole position: give each position "
                                   "as one operand (quote it)",
                                   i + 1, shown);
        }
    return 0;
}

/* --cache-stats: what a batch cost, for tuning --cache and for benchmarks. */
static void print_cache_stats(guti_tables *t, long positions, double seconds, bool json)
{
    struct guti_cache_stats s;
    guti_cache_stats(t, &s);
    uint64_t probes = s.hits + s.misses;
    double rate = seconds > 0 ? positions / seconds : 0;
    if (json)
        fprintf(stderr,
                "{\"positions\": %ld, \"seconds\": %.3f, \"positions_per_second\": %.0f, "
                "\"probes\": %llu, \"hits\": %llu, \"misses\": %llu, \"evictions\": %llu, "
                "\"bytes_read\": %llu, \"bytes_decompressed\": %llu, \"bytes_held\": %llu}\n",
                positions, seconds, rate, (unsigned long long)probes, (unsigned long long)s.hits,
                (unsigned long long)s.misses, (unsigned long long)s.evictions,
                (unsigned long long)s.bytes_read, (unsigned long long)s.bytes_decompressed,
                (unsigned long long)s.bytes_held);
    else
        fprintf(stderr,
                "guti: query: %ld positions in %.2f s (%.0f/s); block cache: %llu probes, %llu "
                "hits, %llu misses (%.1f%%), %.1f MB read, %.1f MB decompressed, %.1f MB held\n",
                positions, seconds, rate, (unsigned long long)probes, (unsigned long long)s.hits,
                (unsigned long long)s.misses,
                probes ? 100.0 * (double)s.misses / (double)probes : 0, (double)s.bytes_read / 1e6,
                (double)s.bytes_decompressed / 1e6, (double)s.bytes_held / 1e6);
}

/* Lines of stdin, read with read(2) so that what is already there can be told from what
 * is still to come: a batch takes every line already written, never waiting for more while
 * it has one, so that a program that writes a position and waits for its answer gets it. */
struct line_reader {
    char *buf;
    size_t len, start, cap;
    bool eof, no_memory; /* no_memory: a line outgrew the memory there is */
};

/* Reads what the file has (blocking: wait for it, else only when poll says it is there);
 * false at the end, on an error, or when nothing is there yet. */
static bool fill(struct line_reader *r, bool block)
{
    if (r->eof) return false;
    if (!block) {
        struct pollfd p = {.fd = 0, .events = POLLIN};
        if (poll(&p, 1, 0) <= 0) return false;
    }
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->len - r->start);
        r->len -= r->start;
        r->start = 0;
    }
    if (r->cap - r->len < 4096) {
        size_t cap = r->cap ? 2 * r->cap : 65536;
        char *b = realloc(r->buf, cap);
        if (!b) { /* the line so far is dropped, never taken for a whole one */
            r->start = r->len;
            return r->eof = r->no_memory = true, false;
        }
        r->buf = b;
        r->cap = cap;
    }
    ssize_t got;
    do got = read(0, r->buf + r->len, r->cap - r->len - 1);
    while (got < 0 && errno == EINTR);
    if (got <= 0) return r->eof = true, false;
    r->len += (size_t)got;
    return true;
}

/* The next line, without its line end, into *line, a new string (NULL when there was no
 * memory for it: the line is passed over, and its answer must say so); false when there is
 * none (at the end, or, unless block, when it has not come yet). The last line may lack its
 * newline. A line longer than the memory there is ends the input, with r->no_memory set. */
static bool next_line(struct line_reader *r, bool block, char **line)
{
    for (;;) {
        size_t left = r->len - r->start;
        char *at = r->buf ? r->buf + r->start : NULL;
        char *nl = left ? memchr(at, '\n', left) : NULL;
        if (nl || (r->eof && left)) {
            size_t n = nl ? (size_t)(nl - at) : left;
            *line = strndup(at, n);
            r->start += nl ? n + 1 : n;
            if (*line) (*line)[strcspn(*line, "\r")] = 0;
            return true;
        }
        if (!fill(r, block)) return false; /* the end, or nothing there yet */
    }
}

/* One input's answer, made by one thread: its output and its lines for stderr. text is
 * the input (an operand, or owned, a line of stdin), NULL when there was no memory to copy
 * the line. */
struct answer {
    const char *text;
    char *owned, *out, *err;
    size_t out_len, err_len;
    bool failed;
};

static void answer(guti_tables *t, const struct query_opts *q, struct answer *a, long number,
                   const char *where, struct guti_scored_move *moves)
{
    FILE *f = open_memstream(&a->out, &a->out_len), *ef = open_memstream(&a->err, &a->err_len);
    struct guti_error err;
    char pv_error[sizeof err.message] = "";
    if (!f || !ef) {
        a->failed = true;
    } else if (!a->text) {
        answer_error(f, ef, "", where, number, "out of memory for this line", q);
        a->failed = true;
    } else if (query_one(f, t, a->text, q, moves, pv_error, &err)) {
        answer_error(f, ef, a->text, where, number, err.message, q);
        a->failed = true;
    } else if (*pv_error) {
        if (!(q->json && q->terminal)) /* else said once, in the JSON answer */
            fprintf(ef, "guti: query: %s %ld: pv cut short: %s\n", where, number, pv_error);
        a->failed = true;
    }
    if (f) fclose(f);
    if (ef) fclose(ef);
}

/* Rules no-repeat, or a game's history: a search, not the tables (query_norepeat). */
static int query_searched(const struct game_opts *o, const char *dir_opt, const char *history,
                          uint64_t budget, bool want_pv, const char *notation_opt, int limit,
                          bool with_moves, char **operands, int noperands)
{
    if (!budget) budget = with_moves ? 1000000 : 10000000;
    if (want_pv || notation_opt || o->captures)
        return cli_usage_error("query", "--pv, --notation and --captures have no meaning "
                                        "under rules no-repeat");
    if (limit)
        return cli_usage_error("query", "--limit has no meaning under rules no-repeat, "
                                        "which have no counting rule");
    if (!history && noperands == 0)
        return cli_usage_error("query", "rules no-repeat: give FEN operands or --history FILE");
    /* the tables only order the search here: an absent default is no error */
    int rc;
    if (dir_opt && (rc = cli_check_tables_dir("query", dir_opt))) return rc;
    return query_norepeat(cli_tables_dir(dir_opt), o->rules, history, operands, noperands, budget,
                          with_moves, o->json);
}

/* The threads answer a batch's positions; an index built on a first probe meanwhile (the
 * others wait for it) is built by a team of its own rather than by one thread. But a
 * nested team's threads are started anew each time (only the outermost team's stay,
 * started by cli_threads), and libgomp ends the process when it cannot start one: under
 * an address-space limit their stacks may not fit, so there is no nesting then. */
static void allow_nested_teams(void)
{
    struct rlimit as;
    bool limited = !getrlimit(RLIMIT_AS, &as) && as.rlim_cur != RLIM_INFINITY;
    omp_set_max_active_levels(limited ? 1 : 2);
}

/* Where the inputs come from: the operands, else the lines of stdin. */
struct inputs {
    char **operands;
    int noperands, next; /* the operand to take next */
    bool from_stdin;
    struct line_reader lr;
    const char *where; /* what an answer's number counts: "line" or "operand" */
};

/* A batch: the inputs there are now (at least one, waited for), at most QUERY_BATCH.
 * Returns their number, 0 at the end. */
static int take_batch(struct inputs *in, struct answer *batch)
{
    int n = 0;
    while (n < QUERY_BATCH) {
        struct answer *a = &batch[n];
        if (in->from_stdin) {
            if (!next_line(&in->lr, n == 0, &a->owned)) break;
            *a = (struct answer){.text = a->owned, .owned = a->owned};
        } else {
            if (in->next == in->noperands) break;
            *a = (struct answer){.text = in->operands[in->next++]};
        }
        n++;
    }
    return n;
}

/* Writes a batch's answers in order, numbered from number on, and frees them; whether any
 * failed. */
static bool write_batch(struct answer *batch, int n, const char *where, long number)
{
    bool failed = false;
    for (int k = 0; k < n; k++) {
        struct answer *a = &batch[k];
        if (a->out) fwrite(a->out, 1, a->out_len, stdout);
        if (a->err) fwrite(a->err, 1, a->err_len, stderr);
        if (!a->out || !a->err)
            fprintf(stderr, "guti: query: %s %ld: out of memory\n", where, number + k);
        failed |= a->failed;
        free(a->owned);
        free(a->out);
        free(a->err);
    }
    return failed;
}

/* Answers every input, a batch at a time, the threads answering a batch's inputs at once;
 * moves is MAX_MOVES scored moves per thread. *answered counts them; whether any failed. */
static bool answer_all(guti_tables *t, const struct query_opts *q, struct inputs *in,
                       struct answer *batch, struct guti_scored_move *moves, long *answered)
{
    bool failed = false;
    int n;
    while ((n = take_batch(in, batch)) > 0) {
        /* one input outside any region, so that an index its probe builds is built by the
         * outermost team, whose threads are there already */
        if (n == 1)
            answer(t, q, &batch[0], *answered + 1, in->where, moves);
        else {
#pragma omp parallel for schedule(dynamic, 1)
            for (int k = 0; k < n; k++)
                answer(t, q, &batch[k], *answered + k + 1, in->where,
                       moves + (size_t)omp_get_thread_num() * MAX_MOVES);
        }
        failed |= write_batch(batch, n, in->where, *answered + 1);
        *answered += n;
        fflush(stdout);
    }
    if (in->lr.no_memory) {
        fprintf(stderr, "guti: query: line %ld: out of memory for a line this long\n",
                *answered + 1);
        failed = true;
    }
    return failed;
}

/* Answers the operands (or stdin's lines) from the tables. */
static int query_tables(const struct game_opts *o, const char *dir_opt, const char *notation_opt,
                        bool want_pv, int limit, int cache_mb, bool cache_stats, char **operands,
                        int noperands)
{
    allow_nested_teams();
    guti_tables *t;
    int rc = cli_open_tables("query", dir_opt, (size_t)cache_mb << 20, false, &t);
    if (rc) return rc;
    double t0 = omp_get_wtime();
    struct query_opts q = {o->rules,
                           limit,
                           o->json,
                           want_pv,
                           cli_same_terminal(),
                           notation_opt ? guti_notation_named(notation_opt) : 0};
    struct inputs in = {.operands = operands, .noperands = noperands, .from_stdin = !noperands};
    in.where = in.from_stdin ? "line" : "operand";
    struct answer *batch = calloc(QUERY_BATCH, sizeof *batch);
    int nthreads = omp_get_max_threads();
    struct guti_scored_move *moves = malloc((size_t)nthreads * MAX_MOVES * sizeof *moves);
    if (!batch || !moves) {
        free(batch);
        free(moves);
        guti_close(t);
        return cli_error("query: out of memory");
    }
    long answered = 0;
    bool failed = answer_all(t, &q, &in, batch, moves, &answered);
    free(in.lr.buf);
    free(batch);
    free(moves);
    if (cache_stats) print_cache_stats(t, answered, omp_get_wtime() - t0, o->json);
    guti_close(t);
    return failed ? EXIT_BAD : 0;
}

int cmd_query(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL, *notation_opt = NULL, *history = NULL;
    bool want_pv = false, cache_stats = false, with_moves = false;
    uint64_t budget = 0; /* 0: not given */
    int cache_mb = 64, threads = 0, limit = 0;
    const struct cli_option opts[] = {
        CLI_OPTION("dir", CLI_TEXT, &dir_opt),
        CLI_OPTION_INT("threads", &threads, 1, 1024),
        CLI_OPTION_INT("cache", &cache_mb, 1, 1 << 20),
        CLI_OPTION("cache-stats", CLI_FLAG, &cache_stats),
        CLI_OPTION("notation", CLI_NOTATION, &notation_opt),
        CLI_OPTION("rules", CLI_RULES, &o.rules),
        CLI_OPTION_INT("captures", &o.captures, 1, 100), /* the library checks it */
        CLI_OPTION_INT("limit", &limit, 1, GUTI_LIMIT_MAX),
        CLI_OPTION("pv", CLI_FLAG, &want_pv),
        CLI_OPTION("json", CLI_FLAG, &o.json),
        CLI_OPTION("history", CLI_TEXT, &history),
        CLI_OPTION("budget", CLI_COUNT, &budget),
        CLI_OPTION("moves", CLI_FLAG, &with_moves),
        CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("query", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if ((rc = cli_fold_captures("query", &o))) return rc;
    bool norepeat = o.rules && !strncmp(o.rules, "no-repeat", 9);
    if ((budget || with_moves) && !norepeat && !history)
        return cli_usage_error("query",
                               "--%s is for rules no-repeat (--rules no-repeat); the "
                               "tables' answers list every move already",
                               budget ? "budget" : "moves");
    if (norepeat || history)
        return query_searched(&o, dir_opt, history, budget, want_pv, notation_opt, limit,
                              with_moves, argv + first, argc - first);
    if ((rc = split_position("query", argv + first, argc - first))) return rc;
    if ((rc = cli_threads("query", threads))) return rc;
    return query_tables(&o, dir_opt, notation_opt, want_pv, limit, cache_mb, cache_stats,
                        argv + first, argc - first);
}
