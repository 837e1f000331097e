/* Fuzzes libguti's probing entry points on a directory of small real tables
 * (fuzz/tables.sh: Bagh-Chal 3x3 under both rule sets, one of its tables damaged on
 * purpose, and Sixteen Soldiers up to 3 pieces): guti_probe_fen, guti_probe,
 * guti_probe_moves, guti_probe_move, guti_best_move, guti_principal_variation and
 * guti_analyze_game, on fuzzed positions, rules and moves.
 *
 * Input: one control byte, then lines.
 *   control & 7     the rules: 0 NULL, 1 "", 2 standard, 3 goat-pass, 4 optional, 5 forced,
 *                   6 no-repeat, 7 the input's second line
 *   control & 8     binary mode: the position is a struct guti_position's fields from the
 *                   bytes (variant, point sets, side, goats in hand, clock: 20 bytes),
 *                   then move lines
 * Text mode: the first line is the position (a FEN, else any notation guti reads), the
 * rest (after the rules line with rules 7) moves.
 *
 * Two handles on the directory answer every probe: one with the default cache, one with
 * a cache of one block, which must agree. Checks, besides no crash, leak, hang or
 * undefined behaviour: a position's value is the best of its moves' values for the mover,
 * and its DTM the best DTM among them (where known); the best move is the first of
 * guti_probe_moves; guti_probe_move answers each move as guti_probe_moves does, however
 * the move is written; a principal variation plays, and when it ends the game the side
 * the value said wins; guti_analyze_game analyses every move it is given. */
#include <stdbool.h>
#include <string.h>

#include "fuzz_util.h"
#include "guti.h"

#define MAX_LINES 24
#define MAX_MOVES 1024
#define MAX_PV 40

static guti_tables *big, *tiny;
static struct guti_scored_move *moves, *moves2;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    struct guti_error err;
    const char *dir = fuzz_tables_dir();
    if (guti_open(dir, 0, &big, &err) || guti_open(dir, 1, &tiny, &err))
        return fprintf(stderr, "fuzz: %s\n", err.message), exit(2), 0;
    moves = malloc(MAX_MOVES * sizeof *moves);
    moves2 = malloc(MAX_MOVES * sizeof *moves2);
    if (!moves || !moves2) abort();
    return 0;
}

static bool same_result(const struct guti_result *a, const struct guti_result *b)
{
    return a->value == b->value && a->dtm == b->dtm && a->value_now == b->value_now &&
           a->clock == b->clock && a->limit == b->limit && a->over == b->over &&
           a->winner == b->winner && a->reachable == b->reachable &&
           !strcmp(a->reason, b->reason) && a->dtc_class == b->dtc_class && a->dtc == b->dtc &&
           a->variant.game == b->variant.game && !strcmp(a->variant.rules, b->variant.rules) &&
           !strcmp(a->variant.board, b->variant.board);
}

static bool is_value(int v)
{
    return v == GUTI_WIN || v == GUTI_DRAW || v == GUTI_LOSS;
}

static void check_result(const struct guti_result *r)
{
    FUZZ_CHECK(is_value(r->value), "value %d", r->value);
    FUZZ_CHECK(is_value(r->value_now) || r->value_now == GUTI_UNKNOWN, "value_now %d",
               r->value_now);
    FUZZ_CHECK(r->dtm >= -1 && r->dtc >= -1, "dtm %d dtc %d", r->dtm, r->dtc);
    FUZZ_CHECK(r->dtc_class >= GUTI_CLASS_UNKNOWN && r->dtc_class <= GUTI_CLASS_WIN, "class %d",
               r->dtc_class);
    FUZZ_CHECK(memchr(r->reason, 0, sizeof r->reason), "reason not terminated");
}

/* Everything the tables can say of a position, and the moves of the input. */
static void check_probes(const struct guti_position *pos, char **lines, int nlines)
{
    struct guti_result r, r2;
    struct guti_error err, err2;
    int rc = guti_probe(big, pos, &r, &err);
    int rc2 = guti_probe(tiny, pos, &r2, &err2);
    FUZZ_CHECK(rc == rc2, "the two handles answer %d and %d: %s / %s", rc, rc2, err.message,
               err2.message);
    FUZZ_CHECK(rc <= 0 && rc >= GUTI_ERANGE, "status %d", rc);
    if (rc == 0) {
        FUZZ_CHECK(same_result(&r, &r2), "the two handles disagree");
        check_result(&r);
    }
    int n = 0, n2 = 0;
    int mrc = guti_probe_moves(big, pos, moves, MAX_MOVES, &n, &err);
    int mrc2 = guti_probe_moves(tiny, pos, moves2, MAX_MOVES, &n2, &err2);
    FUZZ_CHECK(mrc == mrc2 && n == n2, "the two handles list %d and %d moves (%d, %d)", n, n2, mrc,
               mrc2);
    if (mrc == 0) {
        FUZZ_CHECK(rc != 0 || r.over == (n == 0), "over %d with %d moves", r.over, n);
        int best_value = GUTI_LOSS, best_dtm = -1;
        bool dtm_known = true;
        for (int i = 0; i < n; i++) {
            FUZZ_CHECK(same_result(&moves[i].result, &moves2[i].result) &&
                           !strcmp(moves[i].move.text, moves2[i].move.text),
                       "the two handles disagree on move %d", i);
            check_result(&moves[i].result);
            int v = moves[i].result.value, d = moves[i].result.dtm;
            if (v > best_value)
                best_value = v, best_dtm = d;
            else if (v == best_value && v != GUTI_DRAW && d >= 0 && best_dtm >= 0 &&
                     (v == GUTI_WIN ? d < best_dtm : d > best_dtm))
                best_dtm = d;
            if (v == best_value && v != GUTI_DRAW && d < 0) dtm_known = false;
        }
        if (rc == 0 && n > 0) {
            FUZZ_CHECK(r.value == best_value,
                       "the position's value is %s, the best of its moves' %s",
                       guti_value_name(r.value), guti_value_name(best_value));
            if (r.value != GUTI_DRAW && r.dtm >= 0 && dtm_known && best_dtm >= 0)
                FUZZ_CHECK(r.dtm == best_dtm, "the position's DTM is %d, its best move's %d", r.dtm,
                           best_dtm);
        }
        struct guti_scored_move best;
        int brc = guti_best_move(big, pos, &best, &err);
        FUZZ_CHECK(n == 0 ? brc == GUTI_EINPUT : brc == 0, "best move: %d with %d moves", brc, n);
        if (n > 0)
            FUZZ_CHECK(!strcmp(best.move.text, moves[0].move.text) &&
                           same_result(&best.result, &moves[0].result),
                       "the best move is %s, the first of the moves %s", best.move.text,
                       moves[0].move.text);
        for (int i = 0; i < n && i < 32; i++) {
            struct guti_scored_move one;
            FUZZ_CHECK(!guti_probe_move(tiny, pos, moves[i].move.text, &one, &err), "move %s: %s",
                       moves[i].move.text, err.message);
            FUZZ_CHECK(!strcmp(one.move.text, moves[i].move.text) &&
                           same_result(&one.result, &moves[i].result),
                       "move %s probed alone differs", moves[i].move.text);
        }
    }
    for (int k = 0; k < nlines; k++) {
        struct guti_scored_move one;
        if (guti_probe_move(big, pos, lines[k], &one, &err) || mrc) continue;
        bool found = false;
        for (int i = 0; i < n && !found; i++)
            found = !strcmp(one.move.text, moves[i].move.text) &&
                    same_result(&one.result, &moves[i].result);
        FUZZ_CHECK(found, "move '%s' probes as %s, not as listed", lines[k], one.move.text);
    }
    if (rc == 0 && !r.over) {
        char pv[MAX_PV][GUTI_MOVE_MAX];
        int npv = 0;
        if (!guti_principal_variation(big, pos, pv, MAX_PV, &npv, &err)) {
            struct guti_position cur = *pos, next;
            for (int i = 0; i < npv; i++) {
                FUZZ_CHECK(!guti_play(&cur, pv[i], &next, &err), "pv move %d %s: %s", i + 1, pv[i],
                           err.message);
                cur = next;
            }
            int winner = -2;
            bool reachable;
            int over = guti_over(&cur, &winner, NULL, 0, &reachable, NULL);
            if (over == 1 && r.value != GUTI_DRAW && cur.clock < r.limit && winner >= 0)
                FUZZ_CHECK(winner == (r.value == GUTI_WIN ? pos->side : 1 - pos->side),
                           "a principal variation of a %s ends won by side %d",
                           guti_value_name(r.value), winner);
        }
    }
    /* the input's moves as a game from the position */
    struct guti_move_analysis *out = calloc((size_t)(nlines ? nlines : 1), sizeof *out);
    struct guti_analysis *a = calloc(1, sizeof *a);
    if (!out || !a) abort();
    int arc = guti_analyze_game(big, pos, (const char *const *)lines, nlines, out, a, &err);
    FUZZ_CHECK(a->nmoves >= 0 && a->nmoves <= nlines, "nmoves %d of %d", a->nmoves, nlines);
    if (arc == 0 || arc == GUTI_ENOTABLE)
        FUZZ_CHECK(a->nmoves == nlines, "an analysis of %d moves has %d", nlines, a->nmoves);
    free(out);
    free(a);
}

static const char *const rules_of[7] = {NULL,       "",       "standard", "goat-pass",
                                        "optional", "forced", "no-repeat"};

static const struct guti_variant variants[8] = {
    {GUTI_BAGHCHAL, "standard", "3x3"}, {GUTI_BAGHCHAL, "goat-pass", "3x3"},
    {GUTI_BAGHCHAL, "", "3x3"},         {GUTI_BAGHCHAL, "standard", "4x4"},
    {GUTI_SIXTEEN, "optional", ""},     {GUTI_SIXTEEN, "", ""},
    {GUTI_SIXTEEN, "forced", ""},       {GUTI_BAGHCHAL, "no-repeat", "3x3"},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096) return 0;
    uint8_t control = data[0];
    if (control & 8) {
        uint8_t b[20] = {0};
        size_t nb = size - 1 < sizeof b ? size - 1 : sizeof b;
        memcpy(b, data + 1, nb);
        struct guti_position pos;
        memset(&pos, 0, sizeof pos);
        pos.variant = variants[b[0] & 7];
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < 6; k++) pos.pieces[s] |= (uint64_t)b[1 + 6 * s + k] << (8 * k);
        pos.side = b[13] & 0x80 ? (int8_t)b[13] : b[13] & 1;
        pos.inhand = b[14] & 0x80 ? (int8_t)b[14] : b[14] & 0x1f;
        pos.clock = b[15] | b[16] << 8;
        if (b[17] & 1) pos.clock = -pos.clock;
        char *text = fuzz_string(data + 1 + nb, size - 1 - nb);
        char *lines[MAX_LINES];
        int nlines = *text ? fuzz_lines(text, lines, MAX_LINES) : 0;
        check_probes(&pos, lines, nlines);
        free(text);
        return 0;
    }
    char *text = fuzz_string(data + 1, size - 1);
    char *lines[MAX_LINES];
    int nlines = fuzz_lines(text, lines, MAX_LINES), first = 1;
    const char *rules;
    if ((control & 7) == 7) {
        rules = nlines > 1 ? lines[1] : "";
        first = 2;
    } else {
        rules = rules_of[control & 7];
    }
    struct guti_position pos, pos2;
    struct guti_result r, r2;
    struct guti_error err, err2;
    int rc = guti_probe_fen(big, lines[0], rules, &pos, &r, &err);
    int rc2 = guti_probe_fen(tiny, lines[0], rules, &pos2, &r2, &err2);
    FUZZ_CHECK(rc == rc2, "the two handles answer %d and %d: %s / %s", rc, rc2, err.message,
               err2.message);
    bool have = rc != GUTI_EINPUT;
    if (rc == 0) FUZZ_CHECK(same_result(&r, &r2), "the two handles disagree");
    if (!have) {
        /* any notation guti reads, the rules as a hint */
        struct guti_variant hint = {0};
        if (rules && strlen(rules) < sizeof hint.rules)
            snprintf(hint.rules, sizeof hint.rules, "%s", rules);
        have = !guti_parse_position(lines[0], 0, &hint, &pos, NULL, NULL);
    }
    if (have)
        check_probes(&pos, lines + (first < nlines ? first : nlines),
                     nlines > first ? nlines - first : 0);
    free(text);
    return 0;
}
