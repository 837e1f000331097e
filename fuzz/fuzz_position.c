/* Fuzzes positions and moves in every notation guti reads (guti's, the baghchal
 * package's, OBX), through guti.h and the notation layer under it.
 *
 * Input: one control byte, then text.
 *   control & 3         the notation to read the position in: 0 told from its shape,
 *                       1 guti, 2 baghchal, 3 obx
 *   (control >> 2) & 7  the hint (game, rules, board) given with it: hints[] below
 *   control & 0x80      binary mode: the text is not a FEN but a struct guti_position's
 *                       fields (a variant of variants[], the two point sets, side, goats in
 *                       hand, clock: 22 bytes), as a program that keeps its own board
 *                       passes them; move lines follow
 * Text mode: the first line is the position, every further line a move to play in it.
 *
 * Checks, besides no crash, leak or undefined behaviour: a position read in notation 0
 * reads the same in the notation found; a position written (FEN, each notation) reads
 * back the same (the clock aside in foreign notations); every legal move plays to its
 * successor, is written in each notation that can write it and read back to the same
 * move; the legal moves lead to distinct positions, none when the game is over and some
 * when it is not; a move that plays leads to one of the legal moves' successors. */
#include <stdbool.h>
#include <string.h>

#include "fuzz_util.h"
#include "game.h"
#include "guti.h"
#include "notation.h"
#include "notations.h"

#define MAX_LINES 48
#define MAX_MOVES 4096

static const struct guti_variant hints[8] = {
    {0, "", ""}, /* index 0: no hint at all (NULL) */
    {0, "", ""},
    {GUTI_BAGHCHAL, "", "5x5"},
    {GUTI_BAGHCHAL, "goat-pass", "4x4"},
    {GUTI_BAGHCHAL, "no-repeat:3", "3x3"},
    {GUTI_SIXTEEN, "forced", ""},
    {GUTI_SIXTEEN, "", ""},
    {0, "goat-pass", ""},
};

/* Binary mode's variants: every game, board and rule set, and some that are none. */
static const struct guti_variant variants[16] = {
    {GUTI_BAGHCHAL, "standard", "5x5"},
    {GUTI_BAGHCHAL, "goat-pass", "5x5"},
    {GUTI_BAGHCHAL, "no-repeat", "5x5"},
    {GUTI_BAGHCHAL, "standard", "4x4"},
    {GUTI_BAGHCHAL, "goat-pass", "4x4"},
    {GUTI_BAGHCHAL, "standard", "3x3"},
    {GUTI_BAGHCHAL, "no-repeat:2", "3x3"},
    {GUTI_BAGHCHAL, "", ""},
    {GUTI_SIXTEEN, "optional", "sixteen"},
    {GUTI_SIXTEEN, "forced", ""},
    {GUTI_SIXTEEN, "", ""},
    {GUTI_SIXTEEN, "standard", ""},
    {GUTI_BAGHCHAL, "optional", "sixteen"},
    {GUTI_BAGHCHAL, "standard", "6x6"},
    {0, "standard", "5x5"},
    {3, "", ""},
};

static struct guti_move *moves;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    moves = malloc(MAX_MOVES * sizeof *moves);
    if (!moves) abort();
    return 0;
}

static bool same_variant(const struct guti_variant *a, const struct guti_variant *b)
{
    return a->game == b->game && !strcmp(a->rules, b->rules) && !strcmp(a->board, b->board);
}

/* The same position; the clock too unless ignore_clock. */
static bool same_position(const struct guti_position *a, const struct guti_position *b,
                          bool ignore_clock)
{
    return same_variant(&a->variant, &b->variant) && a->pieces[0] == b->pieces[0] &&
           a->pieces[1] == b->pieces[1] && a->side == b->side && a->inhand == b->inhand &&
           (ignore_clock || a->clock == b->clock);
}

/* The internal game and position of a public one (read as the library reads it). */
static bool internal(const struct guti_position *pos, struct game *g, struct position *p)
{
    char why[300], fen[GUTI_FEN_MAX];
    if (guti_format_fen(pos, fen, sizeof fen, NULL)) return false;
    FUZZ_CHECK(!game_setup(g, guti_game_name(pos->variant.game), pos->variant.rules,
                           pos->variant.board, why, sizeof why),
               "a position's own variant does not set up: %s", why);
    FUZZ_CHECK(!g->ops->parse(g, fen, p, why, sizeof why), "'%s' does not parse back: %s", fen,
               why);
    return true;
}

/* Writes a move of pos in each notation that can, reads it back and plays it: the same
 * successor as `after`. */
static void check_move_notations(const struct guti_position *pos, const struct game *g,
                                 const struct position *p, const char *text,
                                 const struct position *after)
{
    for (int nt = GUTI_NOTATION_GUTI; nt <= GUTI_NOTATION_OBX; nt++) {
        char buf[GUTI_MOVE_MAX + 16], why[300];
        if (guti_format_move(pos, text, (enum guti_notation)nt, buf, sizeof buf, NULL)) continue;
        struct move m;
        int mover;
        enum notation n = (enum notation)(nt - 1);
        FUZZ_CHECK(!notation_read_move(n, g, buf, &m, &mover, why, sizeof why),
                   "move %s written in %s as '%s' does not read back: %s", text, notation_name(n),
                   buf, why);
        FUZZ_CHECK(mover < 0 || mover == p->side, "move %s written as '%s' names the other side",
                   text, buf);
        FUZZ_CHECK(notation_detect_move(buf) == (int)n, "move '%s' is not told as %s", buf,
                   notation_name(n));
        struct position q;
        FUZZ_CHECK(!g->ops->play(g, p, &m, &q, why, sizeof why),
                   "move %s written in %s as '%s' does not play: %s", text, notation_name(n), buf,
                   why);
        FUZZ_CHECK(position_same(&q, after) && q.clock == after->clock,
                   "move %s written in %s as '%s' leads elsewhere", text, notation_name(n), buf);
    }
}

/* Everything that can be asked of a position that reads: it writes and reads back, its
 * moves play; then the input's moves are played in it. */
static void check_position(const struct guti_position *pos, char **lines, int nlines)
{
    char fen[GUTI_FEN_MAX], why[300];
    struct guti_position back;
    struct guti_error err;
    FUZZ_CHECK(!guti_format_fen(pos, fen, sizeof fen, &err), "a position read does not write: %s",
               err.message);
    FUZZ_CHECK(!guti_parse_fen(fen, &pos->variant, &back, &err), "'%s' does not read back: %s", fen,
               err.message);
    FUZZ_CHECK(same_position(pos, &back, false), "'%s' reads back as another position", fen);
    for (int nt = GUTI_NOTATION_GUTI; nt <= GUTI_NOTATION_OBX; nt++) {
        char text[256];
        enum guti_notation found;
        if (guti_format_position(pos, (enum guti_notation)nt, text, sizeof text, NULL)) continue;
        FUZZ_CHECK(
            !guti_parse_position(text, (enum guti_notation)nt, &pos->variant, &back, &found, &err),
            "'%s' (%s) does not read back: %s", text, guti_notation_name((enum guti_notation)nt),
            err.message);
        FUZZ_CHECK(same_position(pos, &back, nt != GUTI_NOTATION_GUTI),
                   "'%s' (%s) reads back as another position", text,
                   guti_notation_name((enum guti_notation)nt));
        /* told from its shape: that notation, or an error (some texts fit two) */
        if (!guti_parse_position(text, 0, &pos->variant, &back, &found, NULL))
            FUZZ_CHECK(same_position(pos, &back, nt != GUTI_NOTATION_GUTI),
                       "'%s' told as %s reads as another position", text,
                       guti_notation_name(found));
    }
    char material[200], reason[64];
    FUZZ_CHECK(!guti_material(pos, material, sizeof material, &err), "material: %s", err.message);
    int winner = -2;
    bool reachable = true;
    int over = guti_over(pos, &winner, reason, sizeof reason, &reachable, &err);
    FUZZ_CHECK(over == 0 || over == 1, "guti_over: %d", over);
    FUZZ_CHECK(!over || winner == -1 || winner == 0 || winner == 1, "winner %d", winner);
    struct guti_board b;
    FUZZ_CHECK(!guti_board_info(&pos->variant, &b, &err), "board: %s", err.message);
    for (int p = -1; p <= b.npoints; p++) {
        char name[3];
        int rc = guti_point_name(&pos->variant, p, name, NULL);
        FUZZ_CHECK((rc == 0) == (p >= 0 && p < b.npoints), "point %d: %d", p, rc);
    }

    struct game g;
    struct position p;
    FUZZ_CHECK(internal(pos, &g, &p), "no internal position for '%s'", fen);
    int n = 0;
    int rc = guti_legal_moves(pos, moves, MAX_MOVES, &n, &err);
    FUZZ_CHECK(rc == 0 || rc == GUTI_ERANGE, "legal moves of '%s': %s", fen, err.message);
    if (rc) n = MAX_MOVES;
    FUZZ_CHECK(over ? n == 0 : n > 0, "'%s': %d moves but over %d", fen, n, over);
    for (int i = 0; i < n; i++) {
        struct guti_position after;
        FUZZ_CHECK(!guti_play(pos, moves[i].text, &after, &err), "'%s': legal move %s: %s", fen,
                   moves[i].text, err.message);
        FUZZ_CHECK(same_position(&after, &moves[i].after, false),
                   "'%s': move %s plays elsewhere than the list says", fen, moves[i].text);
        for (int k = 0; k < i && n <= 256; k++)
            FUZZ_CHECK(!same_position(&moves[k].after, &after, true),
                       "'%s': moves %s and %s lead to one position", fen, moves[k].text,
                       moves[i].text);
        struct position q = {
            {after.pieces[0], after.pieces[1]}, after.side, after.inhand, after.clock};
        if (i < 64) check_move_notations(pos, &g, &p, moves[i].text, &q);
    }

    /* The input's moves, as written: those that play lead to a legal move's successor. */
    for (int k = 0; k < nlines; k++) {
        const char *text = lines[k];
        struct guti_position after;
        if (!guti_play(pos, text, &after, NULL)) {
            bool found = false;
            for (int i = 0; i < n && !found; i++)
                found = same_position(&after, &moves[i].after, false);
            FUZZ_CHECK(found || rc, "'%s': move '%s' plays to no legal move's position", fen, text);
        }
        for (int nt = GUTI_NOTATION_GUTI; nt <= GUTI_NOTATION_OBX; nt++) {
            char buf[GUTI_MOVE_MAX + 16];
            guti_format_move(pos, text, (enum guti_notation)nt, buf, sizeof buf, NULL);
        }
        /* in every notation: its syntax, and playing it */
        int told = notation_detect_move(text);
        for (int nt = 0; nt < NOTATIONS; nt++) {
            struct move m;
            int mover;
            struct position q;
            if (notation_read_move((enum notation)nt, &g, text, &m, &mover, why, sizeof why))
                continue;
            if (told >= 0)
                FUZZ_CHECK(told == nt, "move '%s' reads in %s but is told as %s", text,
                           notation_name((enum notation)nt), notation_name((enum notation)told));
            if (g.ops->play(&g, &p, &m, &q, why, sizeof why)) continue;
            bool found = false;
            for (int i = 0; i < n && !found; i++)
                found = q.men[0] == moves[i].after.pieces[0] &&
                        q.men[1] == moves[i].after.pieces[1] && q.side == moves[i].after.side &&
                        q.inhand == moves[i].after.inhand;
            FUZZ_CHECK(found || over || rc,
                       "'%s': move '%s' (%s) plays to no legal move's position", fen, text,
                       notation_name((enum notation)nt));
        }
    }
}

static void text_mode(int notation, const struct guti_variant *hint, char *text)
{
    char *lines[MAX_LINES];
    int nlines = fuzz_lines(text, lines, MAX_LINES);
    struct guti_position pos[4];
    enum guti_notation found[4];
    int rc[4];
    for (int nt = 0; nt < 4; nt++)
        rc[nt] =
            guti_parse_position(lines[0], (enum guti_notation)nt, hint, &pos[nt], &found[nt], NULL);
    /* Also through the notation layer with what a foreign notation says besides. */
    enum notation n;
    char why[300];
    if (!notation_detect_position(lines[0], &n, why, sizeof why)) {
        struct game g;
        struct position p;
        struct notation_extra x;
        if (!notation_game(n, lines[0], NULL, NULL, NULL, &g, why, sizeof why) &&
            !notation_read_position(n, &g, lines[0], &p, &x, why, sizeof why)) {
            char out[256];
            notation_write_position(n, &g, &p, &x, out, sizeof out, why, sizeof why);
        }
    }
    if (rc[0] == 0) {
        FUZZ_CHECK(rc[found[0]] == 0, "'%s' is told as %s but does not read in it", lines[0],
                   guti_notation_name(found[0]));
        FUZZ_CHECK(same_position(&pos[0], &pos[found[0]], false), "'%s' reads two ways as %s",
                   lines[0], guti_notation_name(found[0]));
    }
    int use = rc[notation] == 0 ? notation : rc[0] == 0 ? 0 : -1;
    for (int nt = 1; use < 0 && nt < 4; nt++)
        if (rc[nt] == 0) use = nt;
    if (use >= 0) check_position(&pos[use], lines + 1, nlines - 1);
}

static int32_t get32(const uint8_t *p)
{
    return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                     (uint32_t)p[3] << 24);
}

static void binary_mode(const uint8_t *data, size_t size)
{
    uint8_t b[22] = {0};
    memcpy(b, data, size < sizeof b ? size : sizeof b);
    struct guti_position pos;
    memset(&pos, 0, sizeof pos);
    pos.variant = variants[b[0] & 15];
    if (b[0] & 0x10) pos.variant.rules[sizeof pos.variant.rules - 1] = 'x'; /* unterminated */
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 5; k++) pos.pieces[s] |= (uint64_t)b[1 + 5 * s + k] << (8 * k);
    /* the upper bits, for pieces beyond a board: from one byte */
    pos.pieces[b[0] >> 7] |= (uint64_t)b[11] << 40;
    pos.side = (int8_t)b[12];
    pos.inhand = (int8_t)b[13];
    pos.clock = get32(b + 14);
    if (b[0] & 0x20) pos.clock &= 0x7f;
    if (b[0] & 0x40) pos.side &= 1, pos.inhand &= 0x1f;
    char fen[GUTI_FEN_MAX];
    char *text = fuzz_string(data + (size < sizeof b ? size : sizeof b),
                             size < sizeof b ? 0 : size - sizeof b);
    char *lines[MAX_LINES];
    int nlines = *text ? fuzz_lines(text, lines, MAX_LINES) : 0;
    struct guti_move m1[1];
    int n = 0;
    guti_legal_moves(&pos, m1, 1, &n, NULL);
    struct guti_position after;
    for (int k = 0; k < nlines; k++) guti_play(&pos, lines[k], &after, NULL);
    if (!guti_format_fen(&pos, fen, sizeof fen, NULL)) {
        struct guti_position back;
        struct guti_error err;
        struct guti_variant v = pos.variant;
        FUZZ_CHECK(!guti_parse_fen(fen, &v, &back, &err), "'%s' does not read back: %s", fen,
                   err.message);
        FUZZ_CHECK(back.pieces[0] == pos.pieces[0] && back.pieces[1] == pos.pieces[1] &&
                       back.side == pos.side && back.inhand == pos.inhand &&
                       back.clock == pos.clock,
                   "'%s' is not the position the caller gave", fen);
        check_position(&back, lines, nlines);
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096) return 0;
    uint8_t control = data[0];
    if (control & 0x80) {
        binary_mode(data + 1, size - 1);
        return 0;
    }
    int h = (control >> 2) & 7;
    char *text = fuzz_string(data + 1, size - 1);
    text_mode(control & 3, h ? &hints[h] : NULL, text);
    free(text);
    return 0;
}
