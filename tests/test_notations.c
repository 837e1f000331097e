/* Other notations (notations.h): positions, moves and records round-trip between guti's,
 * the baghchal package's and OBX's, on positions of both phases reached by random legal
 * play; the mappings are those of the sources; detection and errors. */
#include <stdlib.h>

#include "guti.h"
#include "helpers.h"
#include "notations.h"
#include "record.h"

static const enum notation all[NOTATIONS] = {NOTATION_GUTI, NOTATION_BAGHCHAL, NOTATION_OBX};

static struct position read_as(const struct game *g, enum notation n, const char *text)
{
    struct position pos;
    char err[300];
    ck_assert_msg(notation_read_position(n, g, text, &pos, NULL, err, sizeof err) == 0,
                  "%s as %s: %s", text, notation_name(n), err);
    return pos;
}

static const char *write_as(const struct game *g, enum notation n, const struct position *pos)
{
    static char buf[4][256];
    static int k;
    char err[300], *out = buf[k++ % 4];
    ck_assert_msg(notation_write_position(n, g, pos, NULL, out, 256, err, sizeof err) == 0, "%s",
                  err);
    return out;
}

static const char *read_error(const struct game *g, enum notation n, const char *text)
{
    static char err[300];
    struct position pos;
    err[0] = 0;
    ck_assert_msg(notation_read_position(n, g, text, &pos, NULL, err, sizeof err) != 0,
                  "accepted as %s: %s", notation_name(n), text);
    return err;
}

static const char *detect_error(const char *text)
{
    static char err[300];
    enum notation n;
    ck_assert_msg(notation_detect_position(text, &n, err, sizeof err) != 0, "detected: %s", text);
    return err;
}

static enum notation detected(const char *text)
{
    enum notation n;
    char err[300];
    ck_assert_msg(notation_detect_position(text, &n, err, sizeof err) == 0, "%s: %s", text, err);
    return n;
}

#define ck_assert_has(s, part) ck_assert_msg(strstr((s), (part)), "'%s' lacks '%s'", (s), (part))

/* Plays random legal games from the start; calls f on every position before each move
 * (clock set to 0: no foreign notation has one) with its moves. */
static int random_positions(const struct game *g, int games, unsigned seed,
                            void (*f)(const struct game *, const struct position *,
                                      const struct movelist *))
{
    struct movelist l;
    movelist_init(&l);
    srand(seed);
    int seen = 0;
    for (int k = 0; k < games; k++) {
        struct position pos = g->ops->start(g);
        for (int ply = 0; ply < 200; ply++) {
            int n = g->ops->moves(g, &pos, &l);
            ck_assert_int_ge(n, 0);
            struct position p = pos;
            p.clock = 0;
            f(g, &p, &l);
            seen++;
            if (n == 0) break;
            pos = l.succ[rand() % n];
        }
    }
    movelist_free(&l);
    return seen;
}

static void position_round_trip(const struct game *g, const struct position *pos,
                                const struct movelist *l)
{
    char text[NOTATIONS][256];
    for (int a = 0; a < NOTATIONS; a++) {
        snprintf(text[a], sizeof text[a], "%s", write_as(g, all[a], pos));
        ck_assert_int_eq(detected(text[a]), all[a]);
        struct position back = read_as(g, all[a], text[a]);
        ck_assert_msg(position_same(&back, pos) && back.clock == 0, "%s", text[a]);
    }
    /* Every way round: a's text read, written as b, read back. */
    for (int a = 0; a < NOTATIONS; a++)
        for (int b = 0; b < NOTATIONS; b++) {
            struct position p = read_as(g, all[a], text[a]);
            const char *t = write_as(g, all[b], &p);
            ck_assert_str_eq(t, text[b]);
        }
    /* Moves: written in each notation, told apart, read back, played to the same place. */
    char err[300];
    for (int i = 0; i < l->n; i++)
        for (int a = 0; a < NOTATIONS; a++) {
            char mv[80];
            struct move m;
            struct position succ;
            int mover;
            ck_assert_msg(
                notation_write_move(all[a], g, pos, &l->mv[i], mv, sizeof mv, err, sizeof err) == 0,
                "%s", err);
            ck_assert_int_eq(notation_detect_move(mv), all[a]);
            ck_assert_msg(notation_read_move(all[a], g, mv, &m, &mover, err, sizeof err) == 0,
                          "%s: %s", mv, err);
            ck_assert_msg(move_equal(&m, &l->mv[i]), "%s", mv);
            ck_assert(mover == -1 || mover == pos->side);
            ck_assert_int_eq(g->ops->play(g, pos, &m, &succ, err, sizeof err), 0);
            ck_assert(position_same(&succ, &l->succ[i]));
        }
}

START_TEST(random_positions_round_trip)
{
    struct game g = setup("baghchal", NULL, NULL);
    int placing = 0, moving = 0;
    /* Enough games that both phases and every capture count come up. */
    int n = random_positions(&g, 80, 11, position_round_trip);
    ck_assert_int_ge(n, 4000);
    struct movelist l;
    movelist_init(&l);
    srand(11);
    for (int k = 0; k < 80; k++) {
        struct position pos = g.ops->start(&g);
        for (int ply = 0; ply < 200; ply++) {
            int m = g.ops->moves(&g, &pos, &l);
            placing += pos.inhand > 0;
            moving += pos.inhand == 0;
            if (m == 0) break;
            pos = l.succ[rand() % m];
        }
    }
    movelist_free(&l);
    ck_assert_int_eq(placing + moving, n); /* the same games */
    ck_assert_int_ge(placing, 2000);
    ck_assert_int_ge(moving, 1000);
}
END_TEST

/* What the sources say, point by point (notation_baghchal.c and notation_obx.c give the
 * lines). */
START_TEST(mappings)
{
    struct game g = setup("baghchal", NULL, NULL);
    struct position start = g.ops->start(&g);
    struct position bc_start = read_as(&g, NOTATION_BAGHCHAL, "B3B/5/5/5/B3B G 0");
    ck_assert(position_same(&start, &bc_start));
    ck_assert_str_eq(write_as(&g, NOTATION_BAGHCHAL, &start), "B3B/5/5/5/B3B G 0");
    ck_assert_str_eq(write_as(&g, NOTATION_OBX, &start),
                     "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #");
    /* the package's row 1 is the top: "11" is a5, "51" a1 */
    struct position p = read_as(&g, NOTATION_BAGHCHAL, "BG2B/5/5/5/B3B B 1");
    ck_assert_str_eq(write_as(&g, NOTATION_GUTI, &p), "TG2T/5/5/5/T3T t 19");
    p = read_as(&g, NOTATION_BAGHCHAL, "B3B/5/5/5/BG2B B 1");
    ck_assert_str_eq(write_as(&g, NOTATION_GUTI, &p), "T3T/5/5/5/TG2T t 19");
    /* the goat moves made: 20 - in hand while placing, any number from 20 after */
    p = read_as(&g, NOTATION_BAGHCHAL, "BGGGB/GG1GG/G1G1G/GG1GG/BGGGB B 57");
    ck_assert_str_eq(write_as(&g, NOTATION_GUTI, &p), "TGGGT/GG1GG/G1G1G/GG1GG/TGGGT t 0");
    ck_assert_str_eq(write_as(&g, NOTATION_BAGHCHAL, &p), "BGGGB/GG1GG/G1G1G/GG1GG/BGGGB B 20");
    char buf[128], err[200];
    struct notation_extra x = NOTATION_EXTRA_NONE;
    x.goat_moves = 57;
    ck_assert_int_eq(
        notation_write_position(NOTATION_BAGHCHAL, &g, &p, &x, buf, sizeof buf, err, sizeof err),
        0);
    ck_assert_str_eq(buf, "BGGGB/GG1GG/G1G1G/GG1GG/BGGGB B 57");
    /* OBX: the README's examples that keep the rules, rows from the top */
    p = read_as(&g, NOTATION_OBX, "TXXXT/XXXXX/XXGXX/XXXXX/TXXXT t c0 mC3 #g1");
    ck_assert_str_eq(write_as(&g, NOTATION_GUTI, &p), "T3T/5/2G2/5/T3T t 19");
    p = read_as(&g, NOTATION_OBX, "TXXXT/XGXXX/XXXXX/XXXXX/TXXXT t @19 c0 mB2 #g1");
    ck_assert_str_eq(write_as(&g, NOTATION_GUTI, &p), "T3T/1G3/5/5/T3T t 19");
    p = read_as(&g, NOTATION_OBX, "GGGGG/GTTTG/GXTXG/GXXXG/GGGGG t c1 mC5 -");
    ck_assert_str_eq(write_as(&g, NOTATION_GUTI, &p), "GGGGG/GTTTG/G1T1G/G3G/GGGGG t 3");
    ck_assert_int_eq(notation_read_position(NOTATION_OBX, &g,
                                            "TXXXT/XXXXX/XXGXX/XXXXX/TXXXT t @19 c0 mC3 #g1", &p,
                                            &x, err, sizeof err),
                     0);
    ck_assert(x.has_last && x.number == 1);
    ck_assert_int_eq(
        notation_write_position(NOTATION_OBX, &g, &p, &x, buf, sizeof buf, err, sizeof err), 0);
    ck_assert_str_eq(buf, "TXXXT/XXXXX/XXGXX/XXXXX/TXXXT t @19 c0 mC3 #g1");

    /* moves */
    static const char *const moves[][3] = {
        {"c3", "G33", "mC3"},
        {"a5", "G11", "mA1"},
        {"a1", "G51", "mA5"},
        {"e1", "G55", "mE5"},
        {"a5-b4", "B1122", "mA1B2"},
        {"a5-b5", "B1112", "mA1B1"},
        {"a5xc3", "Bx1133", "mA1C3(B2)"},
        {"e1xe3", "Bx5535", "mE5E3(E4)"},
    };
    for (size_t i = 0; i < sizeof moves / sizeof *moves; i++)
        for (int a = 1; a < NOTATIONS; a++) {
            struct move want, got;
            int mover;
            ck_assert_int_eq(notation_parse_move(g.board, moves[i][0], &want, err, sizeof err), 0);
            ck_assert_msg(
                notation_read_move(all[a], &g, moves[i][a], &got, &mover, err, sizeof err) == 0,
                "%s: %s", moves[i][a], err);
            ck_assert_msg(move_equal(&want, &got), "%s is not %s", moves[i][a], moves[i][0]);
        }
    /* a step written in OBX without its jumped point is still a capture */
    struct move m, c;
    int mover;
    ck_assert_int_eq(notation_read_move(NOTATION_OBX, &g, "mA1C3", &m, &mover, err, sizeof err), 0);
    ck_assert_int_eq(notation_parse_move(g.board, "a5xc3", &c, err, sizeof err), 0);
    ck_assert(move_equal(&m, &c));
    /* the package's letters name the side; its '#' marks the last move */
    ck_assert_int_eq(
        notation_read_move(NOTATION_BAGHCHAL, &g, "G1213", &m, &mover, err, sizeof err), 0);
    ck_assert_int_eq(mover, 0);
    ck_assert_int_eq(
        notation_read_move(NOTATION_BAGHCHAL, &g, "Bx4424#", &m, &mover, err, sizeof err), 0);
    ck_assert_int_eq(mover, 1);
}
END_TEST

START_TEST(contradictions_refused)
{
    struct game g = setup("baghchal", NULL, NULL);
    struct move m;
    int mover;
    char err[300];
    /* OBX's README: a capture from A1 to C3 does not jump B1 */
    ck_assert_int_ne(notation_read_move(NOTATION_OBX, &g, "mA1C3(B1)", &m, &mover, err, sizeof err),
                     0);
    ck_assert_str_eq(err, "B1 is not the point between A1 and C3, B2 is: a capture jumps the point "
                          "between its ends");
    ck_assert_has(
        read_error(&g, NOTATION_OBX, "XXTXT/XXXXX/XXGXX/XXXXX/TXXXX g @19 c1 mA1C3(B1) #t1"),
        "19 in hand (@19), 1 on the board and 1 captured (c1) make 21 goats, not 20");
    ck_assert_has(read_error(&g, NOTATION_OBX, "TXTXT/TXXXX/XXXXX/XXXXX/TXXXT g c0 mA1B2 #t1"),
                  "6 tigers, expected 4");
    ck_assert_has(read_error(&g, NOTATION_OBX, "GGGGG/GTTTG/GXTXG/GXXXG/GGGGG g c2 mA3B3 12"),
                  "last move mA3B3: no tiger on B3 after it");
    ck_assert_has(read_error(&g, NOTATION_OBX, "TXXXT/XGXXX/XXXXX/XXXXX/TXXXT t @19 c0 mB2 #t1"),
                  "move number #t1 names the tigers, but they are to move");
    ck_assert_has(read_error(&g, NOTATION_OBX, "TXXXT/XGXXX/XXXXX/XXXXX/TXXXT g @19 c0 mB2 #g1"),
                  "last move mB2 is a placement, but the goats are to move");
    ck_assert_int_ne(notation_read_move(NOTATION_OBX, &g, "mA1B3(B2)", &m, &mover, err, sizeof err),
                     0);
    ck_assert_str_eq(err, "no line leads from A1 over one point to B3");
}
END_TEST

START_TEST(detection)
{
    ck_assert_int_eq(detected("T3T/5/5/5/T3T g 20"), NOTATION_GUTI);
    ck_assert_int_eq(detected("T3T/5/5/5/T3T g 20 7"), NOTATION_GUTI);
    ck_assert_int_eq(detected("B3B/5/5/5/B3B G 0"), NOTATION_BAGHCHAL);
    ck_assert_int_eq(detected("TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #"), NOTATION_OBX);
    ck_assert_int_eq(detected("TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g c0 - #"), NOTATION_OBX);
    ck_assert_int_eq(detected("TGGGT/GGGGG/GGGGG/GGGGG/TGGGT t c0"), NOTATION_OBX);
    /* other boards and Sixteen Soldiers are guti's, B for blue included */
    ck_assert_int_eq(detected("BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r"), NOTATION_GUTI);
    ck_assert_int_eq(detected("T2T/4/4/T2T g 12"), NOTATION_GUTI);
    /* a letter none has leaves it to the one the rest fits, whose reader names the fault */
    ck_assert_int_eq(detected("T3Q/5/5/5/T3T g 20"), NOTATION_GUTI);
    ck_assert_str_eq(detect_error("GGGGG/GGGGG/GGGGG/GGGGG/GGGGG"),
                     "position: ambiguous: it could be in guti's, baghchal's or obx's notation; "
                     "name it");
    ck_assert_str_eq(detect_error("5/5/5/5/5"),
                     "position: ambiguous: it could be in guti's or baghchal's notation; name it");
    ck_assert_str_eq(detect_error("XXXXX/5/5/5/5 G c0"),
                     "position: mixes notations: the board's letter X is obx's, a digit on the "
                     "board guti's or baghchal's");
    /* a fault in one notation's text: most of its features are that notation's */
    ck_assert_int_eq(detected("T3T/5/5/5/T3T G 0"), NOTATION_GUTI);
    ck_assert_int_eq(detected("B3B/5/5/5/B3B g 20"), NOTATION_BAGHCHAL);
    ck_assert_int_eq(detected("T3X/5/5/5/T3T g 20"), NOTATION_GUTI);
    ck_assert_int_eq(detected("T3T/5/5/5/T3T g 20 0 9"), NOTATION_GUTI);
    ck_assert_int_eq(detected("TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g 20"), NOTATION_OBX);
    ck_assert_int_eq(detected("T3T/5/5/5/T3T g c0"), NOTATION_GUTI);
    ck_assert_int_eq(detected("TXXXT/5/5/5/TXXXT g 0"), NOTATION_GUTI);
    ck_assert_int_eq(detected(""), NOTATION_GUTI); /* whose reader says what is wrong */

    ck_assert_int_eq(notation_detect_move("c3"), NOTATION_GUTI);
    ck_assert_int_eq(notation_detect_move("B2"), NOTATION_GUTI);
    ck_assert_int_eq(notation_detect_move("c4xc6xe6"), NOTATION_GUTI);
    ck_assert_int_eq(notation_detect_move("pass"), NOTATION_GUTI);
    ck_assert_int_eq(notation_detect_move("B22"), NOTATION_BAGHCHAL);
    ck_assert_int_eq(notation_detect_move("Bx1133"), NOTATION_BAGHCHAL);
    ck_assert_int_eq(notation_detect_move("G1213#"), NOTATION_BAGHCHAL);
    ck_assert_int_eq(notation_detect_move("mA1C3(B2)"), NOTATION_OBX);
    ck_assert_int_eq(notation_detect_move("x"), -1);
    ck_assert_int_eq(notation_detect_move(""), -1);
}
END_TEST

START_TEST(bad_positions)
{
    struct game g = setup("baghchal", NULL, NULL);
    /* truncated, wrong sizes, bad letters, impossible counts */
    ck_assert_str_eq(read_error(&g, NOTATION_BAGHCHAL, "B3B/5/5/5/B3B G"),
                     "position (baghchal): 2 fields, expected BOARD SIDE GOATMOVES (as in "
                     "B3B/5/5/5/B3B G 0)");
    ck_assert_str_eq(read_error(&g, NOTATION_BAGHCHAL, "B3B/5/5/5 G 0"),
                     "position (baghchal): 4 rows, expected 5");
    ck_assert_str_eq(read_error(&g, NOTATION_BAGHCHAL, "B3B/6/5/5/B3B G 0"),
                     "position (baghchal): row 2 (from the top) has 6 points, expected 5");
    ck_assert_str_eq(read_error(&g, NOTATION_BAGHCHAL, "T3B/5/5/5/B3B G 0"),
                     "position (baghchal): row 1 (from the top): unknown letter 'T', expected G, "
                     "B or a digit");
    ck_assert_str_eq(read_error(&g, NOTATION_BAGHCHAL, "B3B/5/5/5/B3B g 0"),
                     "position (baghchal): side 'g', expected G or B");
    ck_assert_str_eq(read_error(&g, NOTATION_BAGHCHAL, "B3B/5/5/5/B3B G x"),
                     "position (baghchal): goat moves made 'x' is not a whole number");
    ck_assert_str_eq(read_error(&g, NOTATION_BAGHCHAL, "B3B/GGGGG/5/5/B3B B 3"),
                     "position (baghchal): 5 goats on the board but 3 goat moves made, each a "
                     "placement while fewer than 20");
    ck_assert_str_eq(read_error(&g, NOTATION_BAGHCHAL, "B3B/G4/5/5/B3B B 9"),
                     "position (baghchal): 8 goats captured, at most 5");
    ck_assert_str_eq(read_error(&g, NOTATION_BAGHCHAL, "B3B/5/5/5/BB2B G 0"),
                     "position (baghchal): 5 tigers, expected 4");
    ck_assert_str_eq(read_error(&g, NOTATION_OBX, "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g"),
                     "position (obx): 2 fields, expected BOARD SIDE [@N] cY [MOVE [NUMBER]] (as "
                     "in TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #)");
    ck_assert_str_eq(read_error(&g, NOTATION_OBX, "TXXXT/XXXX/XXXXX/XXXXX/TXXXT g c0"),
                     "position (obx): row 2 (from the top) has 4 points, expected 5");
    ck_assert_str_eq(read_error(&g, NOTATION_OBX, "TXXXT/XXXXX/XXXXX/XXXXX/T3T g c0"),
                     "position (obx): row 5 (from the top): unknown letter '3', expected G, T or "
                     "X");
    ck_assert_str_eq(read_error(&g, NOTATION_OBX, "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT G c0"),
                     "position (obx): side 'G', expected g or t");
    ck_assert_str_eq(read_error(&g, NOTATION_OBX, "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 0"),
                     "position (obx): field 4, '0', is not the goats captured, cY");
    ck_assert_str_eq(read_error(&g, NOTATION_OBX, "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @21 c0"),
                     "position (obx): goats in hand (@N) 21, expected 0..20");
    ck_assert_str_eq(read_error(&g, NOTATION_OBX, "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g c6"),
                     "position (obx): 6 goats captured, at most 5");
    ck_assert_str_eq(read_error(&g, NOTATION_OBX, "TGGGT/GGGGG/GGGGG/GGGGG/TGGGT g c1"),
                     "position (obx): 21 goats on the board and 1 captured make more than 20");
    ck_assert_str_eq(read_error(&g, NOTATION_OBX, "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g c0 - # x"),
                     "position (obx): 6 fields, expected at most BOARD SIDE @N cY MOVE NUMBER");
    ck_assert_str_eq(read_error(&g, NOTATION_OBX, "TXXXT/XXXXX/XXGXX/XXXXX/TXXXT t c0 mZ9 #g1"),
                     "position (obx): last move 'mZ9': 'Z9' is not a point of the board (A1-E5)");
    ck_assert_str_eq(read_error(&g, NOTATION_OBX, "TXXXT/XXXXX/XXGXX/XXXXX/TXXXT t c0 mC3 #x1"),
                     "position (obx): move number '#x1', expected #g<n>, #t<n>, # or -");
    /* the foreign notations are Bagh-Chal's on 5x5 */
    struct game small = setup("baghchal", NULL, "4x4");
    ck_assert_str_eq(read_error(&small, NOTATION_OBX, "TXXT/XXXX/XXXX/TXXT g c0"),
                     "position: the obx notation is Bagh-Chal's on the 5x5 board, not the 4x4 "
                     "board");
    struct game six = setup("sixteen", NULL, NULL);
    ck_assert_str_eq(read_error(&six, NOTATION_BAGHCHAL, "B3B/5/5/5/B3B G 0"),
                     "position: the baghchal notation is Bagh-Chal's on the 5x5 board, not "
                     "Sixteen Soldiers");
    struct move m;
    int mover;
    char err[300];
    static const char *const bad[][2] = {
        {"G3", "not a move of the baghchal notation"},
        {"G333", "not a move of the baghchal notation"},
        {"Gx1133", "goats never capture"},
        {"B33", "B with one point: tigers are never placed"},
        {"G66", "'66' is not a point of the board"},
        {"Bx33", "not a move of the baghchal notation"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        ck_assert_int_ne(
            notation_read_move(NOTATION_BAGHCHAL, &g, bad[i][0], &m, &mover, err, sizeof err), 0);
        ck_assert_has(err, bad[i][1]);
    }
    ck_assert_int_ne(notation_read_move(NOTATION_OBX, &g, "mC", &m, &mover, err, sizeof err), 0);
    ck_assert_has(err, "not a move of OBX");
    ck_assert_int_ne(notation_read_move(NOTATION_OBX, &g, "C3", &m, &mover, err, sizeof err), 0);
    ck_assert_has(err, "not a move of OBX");
    ck_assert_int_ne(notation_read_move(NOTATION_OBX, &g, "mA1C3[B2]", &m, &mover, err, sizeof err),
                     0);
    ck_assert_has(err, "not a move of OBX");
    /* no pass in either */
    struct move pass = {.kind = MOVE_PASS};
    struct position any = g.ops->start(&g);
    char buf[40];
    ck_assert_int_ne(
        notation_write_move(NOTATION_OBX, &g, &any, &pass, buf, sizeof buf, err, sizeof err), 0);
    ck_assert_str_eq(err, "OBX has no pass (rules goat-pass)");
    ck_assert_int_ne(
        notation_write_move(NOTATION_BAGHCHAL, &g, &any, &pass, buf, sizeof buf, err, sizeof err),
        0);
    ck_assert_str_eq(err, "the baghchal notation has no pass (rules goat-pass)");
}
END_TEST

/* A record of moves (guti's texts) replayed; fails the test if it does not read. */
static struct game replay_record(enum notation n, const char *text, struct record *r,
                                 struct replay *rp)
{
    struct game g;
    struct position start;
    char err[400];
    ck_assert_msg(notation_read_record(n, text, NULL, NULL, r, err, sizeof err) == 0, "%s\n%s", err,
                  text);
    ck_assert_msg(record_game(r, &g, &start, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(record_replay(&g, &start, r, rp), 0);
    ck_assert_msg(rp->bad_move < 0, "move %d: %s", rp->bad_move + 1, rp->why);
    return g;
}

static char *write_record(enum notation n, const struct game *g, const struct record *r,
                          const struct replay *rp)
{
    char *out, err[400];
    ck_assert_msg(notation_write_record(n, g, r, rp, &out, err, sizeof err) == 0, "%s", err);
    return out;
}

/* Random games as guti records, written in each notation, told apart, read back: the same
 * positions, the same end; and written back in guti's, the same text. */
START_TEST(records_round_trip)
{
    struct game g = setup("baghchal", NULL, NULL);
    struct movelist l;
    movelist_init(&l);
    srand(5);
    int over = 0;
    for (int k = 0; k < 60; k++) {
        struct record r = {0};
        record_add_tag(&r, "Game", "baghchal");
        record_add_tag(&r, "Rules", "standard");
        record_add_tag(&r, "Event", "random");
        struct position pos = g.ops->start(&g);
        /* a few games from another start: a position reached, clock 0 */
        for (int ply = 0; k % 4 == 3 && ply < 10 + 5 * k; ply++) {
            int n = g.ops->moves(&g, &pos, &l);
            if (n <= 0) break;
            pos = l.succ[rand() % n];
            pos.clock = 0;
        }
        if (k % 4 == 3) {
            char fen[128];
            g.ops->format(&g, &pos, fen, sizeof fen);
            record_add_tag(&r, "FEN", fen);
        }
        for (int ply = 0; ply < 250; ply++) {
            struct outcome o;
            int n = g.ops->moves(&g, &pos, &l);
            if (n <= 0 || game_over_at(&g, &pos, &o)) break;
            int i = rand() % n;
            char mv[80];
            notation_format_move(g.board, &l.mv[i], mv, sizeof mv);
            record_add_move(&r, mv, 1, NULL);
            pos = l.succ[i];
        }
        struct replay rp;
        struct position start;
        char err[300];
        ck_assert_int_eq(record_game(&r, &g, &start, err, sizeof err), 0);
        ck_assert_int_eq(record_replay(&g, &start, &r, &rp), 0);
        /* the game may end by a draw rule before the moves do: keep what was played */
        while (r.nmoves > rp.played) free(r.moves[--r.nmoves]);
        over += rp.outcome.reason != END_NONE;
        char *guti = write_record(NOTATION_GUTI, &g, &r, &rp);
        for (int a = 0; a < NOTATIONS; a++) {
            char *text = write_record(all[a], &g, &r, &rp);
            enum notation n;
            ck_assert_int_eq(notation_detect_record(text, &n, err, sizeof err), 0);
            ck_assert_int_eq(n, all[a]);
            struct record r2;
            struct replay rp2;
            replay_record(all[a], text, &r2, &rp2);
            ck_assert_int_eq(rp2.played, rp.played);
            for (int i = 0; i <= rp.played; i++) ck_assert(position_same(&rp.h.p[i], &rp2.h.p[i]));
            ck_assert_int_eq(rp2.outcome.reason, rp.outcome.reason);
            ck_assert_int_eq(rp2.outcome.winner, rp.outcome.winner);
            /* every way round: read as a, written as b, read back */
            for (int b = 0; b < NOTATIONS; b++) {
                char *other = write_record(all[b], &g, &r2, &rp2),
                     *mine = write_record(all[b], &g, &r, &rp);
                if (all[a] != NOTATION_OBX || all[b] == NOTATION_OBX)
                    ck_assert_str_eq(other, mine); /* OBX keeps no tags */
                free(other);
                free(mine);
            }
            char *back = write_record(NOTATION_GUTI, &g, &r2, &rp2);
            if (all[a] != NOTATION_OBX) ck_assert_str_eq(back, guti);
            free(back);
            replay_free(&rp2);
            record_free(&r2);
            free(text);
        }
        free(guti);
        replay_free(&rp);
        record_free(&r);
    }
    ck_assert_int_ge(over, 10);
    movelist_free(&l);
}
END_TEST

START_TEST(bad_records)
{
    char err[400];
    struct record r;
    enum notation n;
    /* detection */
    ck_assert_int_ne(notation_detect_record("1. c3 B1122", &n, err, sizeof err), 0);
    ck_assert_str_eq(err, "the moves mix notations: move 1 (c3) is guti's, move 2 (B1122) "
                          "baghchal's");
    ck_assert_int_eq(notation_detect_record("  \n", &n, err, sizeof err), 0);
    ck_assert_int_eq(n, NOTATION_GUTI); /* whose reader says a tag is missing */
    ck_assert_int_ne(notation_detect_record("T3T/5/5/5/T3T g 20\nc3\n", &n, err, sizeof err), 0);
    ck_assert_str_eq(err, "the moves mix notations: OBX position lines, and guti's moves");
    ck_assert_int_eq(notation_detect_record("TXXXT/XXXXX/XX\n", &n, err, sizeof err), 0);
    ck_assert_int_eq(n, NOTATION_OBX);
    ck_assert_int_eq(notation_detect_record("[Event \"x\"]\n1. G33 B1122 2. G44 Bx2244# 0-1", &n,
                                            err, sizeof err),
                     0);
    ck_assert_int_eq(n, NOTATION_BAGHCHAL);
    ck_assert_int_eq(notation_detect_record("mC3 mA1B1\n", &n, err, sizeof err), 0);
    ck_assert_int_eq(n, NOTATION_OBX);
    ck_assert_int_eq(notation_detect_record("[FEN \"B3B/5/5/5/B3B G 0\"]\n", &n, err, sizeof err),
                     0);
    ck_assert_int_eq(n, NOTATION_BAGHCHAL);
    ck_assert_int_eq(notation_detect_record("[Game \"baghchal\"]\n{G33} c3", &n, err, sizeof err),
                     0);
    ck_assert_int_eq(n, NOTATION_GUTI);
    /* reading: side letters, positions after the moves, syntax */
    static const char *const bad[][3] = {
        {"b", "1. G33 G1122", "line 1: move 2 (G1122) is the goats', but the tigers are to move"},
        {"b", "1. G33 B1122 2. G66", "line 1: move 3 (G66): '66' is not a point of the board"},
        {"b", "[Game \"sixteen\"]\n1. G33",
         "tag Game \"sixteen\": the baghchal notation is "
         "Bagh-Chal's"},
        {"b", "[Board \"4x4\"]\n1. G33",
         "tag Board \"4x4\": the baghchal notation has the 5x5 "
         "board only"},
        {"b", "[FEN \"B3B/5/5/5/B3B g 0\"]\n1. G33", "FEN tag: position (baghchal): side 'g'"},
        {"b", "[Rules \"chess\"]\n1. G33", "unknown rules 'chess'"},
        {"b", "1. G33 B1122 1-0 G44", "line 1: 'G44' after the result '1-0'"},
        {"o",
         "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #\nTXXXT/XXXXX/XXGXX/XXXXX/TXXXT t @19 c0 mC2 "
         "#g1\n",
         "line 2: position (obx): last move mC2: no goat on C2 after it"},
        {"o",
         "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #\nTXXXT/XXXXX/XXGXX/XXXXX/TXXXT t @19 c0 - #\n",
         "line 2: a position after the first needs the move that led to it"},
        {"o", "mC3 mZZ\n", "line 1: move 2 (mZZ): 'ZZ' is not a point of the board"},
        {"o", "\n\n", "no position and no move"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        enum notation which = bad[i][0][0] == 'b' ? NOTATION_BAGHCHAL : NOTATION_OBX;
        ck_assert_msg(notation_read_record(which, bad[i][1], NULL, NULL, &r, err, sizeof err) != 0,
                      "read: %s", bad[i][1]);
        ck_assert_has(err, bad[i][2]);
        ck_assert(r.nmoves == 0 && r.ntags == 0 && !r.moves);
    }
    /* An OBX line that the move does not lead to. */
    ck_assert_int_ne(notation_read_record(NOTATION_OBX,
                                          "TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #\n"
                                          "TXXXT/XXXXX/XXGXX/XXXXX/TXXXT t @19 c0 mC3 #g1\n"
                                          "TXXXT/XXXXX/XXXXX/XXGXX/XTXXT g @19 c0 mA5B5 #t1\n",
                                          NULL, NULL, &r, err, sizeof err),
                     0);
    ck_assert_str_eq(err, "line 3: move 2 (mA5B5) leads to TXXXT/XXXXX/XXGXX/XXXXX/XTXXT g @19 c0 "
                          "mA5B5 #t1, not to this line's position");

    /* Writing what a notation cannot hold is refused. */
    struct replay rp;
    struct game g = replay_record(NOTATION_GUTI,
                                  "[Game \"baghchal\"]\n[Rules \"standard\"]\n"
                                  "[FEN \"TGG1T/GGGGG/GGGGG/GGGGG/T3T g 0 90\"]\nc5-d5\n",
                                  &r, &rp);
    char *out;
    ck_assert_int_ne(notation_write_record(NOTATION_OBX, &g, &r, &rp, &out, err, sizeof err), 0);
    ck_assert_str_eq(err, "the obx notation has no clock: the start's, 90, would be lost (a reader "
                          "takes it as 0)");
    replay_free(&rp);
    record_free(&r);
    g = replay_record(NOTATION_GUTI,
                      "[Game \"baghchal\"]\n[Rules \"standard\"]\n[Result \"goats\"]\nc3\n", &r,
                      &rp);
    ck_assert_int_ne(notation_write_record(NOTATION_OBX, &g, &r, &rp, &out, err, sizeof err), 0);
    ck_assert_str_eq(err, "OBX has no result: the record's, goats, is not what the rules give its "
                          "moves (*)");
    ck_assert_int_eq(notation_write_record(NOTATION_BAGHCHAL, &g, &r, &rp, &out, err, sizeof err),
                     0);
    ck_assert_str_eq(out, "1. G33 1-0\n");
    free(out);
    replay_free(&rp);
    record_free(&r);
    g = replay_record(NOTATION_GUTI,
                      "[Game \"baghchal\"]\n[Rules \"goat-pass\"]\n"
                      "[FEN \"GGGGT/GGGGG/GGGGG/TTGGG/1TGGG g 0\"]\npass\n",
                      &r, &rp);
    ck_assert_int_ne(notation_write_record(NOTATION_OBX, &g, &r, &rp, &out, err, sizeof err), 0);
    ck_assert_str_eq(err, "OBX has no rules: a reader takes them as standard, and these are "
                          "goat-pass");
    ck_assert_int_ne(notation_write_record(NOTATION_BAGHCHAL, &g, &r, &rp, &out, err, sizeof err),
                     0);
    ck_assert_str_eq(err, "move 1 (pass): the baghchal notation has no pass (rules goat-pass)");
    replay_free(&rp);
    record_free(&r);
    g = replay_record(NOTATION_GUTI, "[Game \"sixteen\"]\n[Rules \"optional\"]\nc4-c5\n", &r, &rp);
    ck_assert_int_ne(notation_write_record(NOTATION_OBX, &g, &r, &rp, &out, err, sizeof err), 0);
    ck_assert_str_eq(err, "the obx notation is Bagh-Chal's on the 5x5 board, not Sixteen Soldiers");
    replay_free(&rp);
    record_free(&r);
}
END_TEST

/* A bare list of moves is a game from the start, in any notation. */
START_TEST(bare_move_lists)
{
    static const char *const lists[NOTATIONS] = {"c3 a1-b2 c4", "G33 B5142 G23", "mC3 mA5B4 mC2"};
    char *first = NULL;
    for (int a = 0; a < NOTATIONS; a++) {
        struct record r;
        struct replay rp;
        struct game g;
        struct position start;
        char err[300];
        enum notation n;
        ck_assert_int_eq(notation_detect_record(lists[a], &n, err, sizeof err), 0);
        ck_assert_int_eq(n, all[a]);
        ck_assert_msg(notation_read_record(n, lists[a], "baghchal", NULL, &r, err, sizeof err) == 0,
                      "%s", err);
        ck_assert_int_eq(record_game(&r, &g, &start, err, sizeof err), 0);
        ck_assert_int_eq(record_replay(&g, &start, &r, &rp), 0);
        ck_assert_int_eq(rp.played, 3);
        char *text = write_record(NOTATION_GUTI, &g, &r, &rp);
        if (first)
            ck_assert_str_eq(text, first);
        else
            first = text;
        if (text != first) free(text);
        replay_free(&rp);
        record_free(&r);
    }
    ck_assert_str_eq(first, "[Game \"baghchal\"]\n[Rules \"standard\"]\n[Result \"*\"]\n\n"
                            "1. c3 a1-b2 2. c4 *\n");
    free(first);
    /* An empty text is no game, not a game of no moves, in guti's notation and the
     * baghchal package's (OBX's reader has its own words for it). */
    const char *const empty[] = {"", "\n \n", "{nothing}\n"};
    for (size_t k = 0; k < sizeof empty / sizeof *empty; k++)
        for (int a = 0; a < 2; a++) {
            struct record r;
            char err[300];
            ck_assert_int_ne(
                notation_read_record(all[a], empty[k], "baghchal", NULL, &r, err, sizeof err), 0);
            ck_assert_str_eq(err, "empty");
            ck_assert_int_ne(
                notation_read_record(all[a], empty[k], NULL, NULL, &r, err, sizeof err), 0);
            ck_assert_str_eq(err, "empty");
        }
}
END_TEST

/* The library's side of it (guti.h): reading in any notation, writing positions and moves. */
START_TEST(library)
{
    struct guti_position pos;
    struct guti_error e;
    enum guti_notation found = 0;
    char buf[GUTI_FEN_MAX], mv[GUTI_MOVE_MAX];
    ck_assert_int_eq(guti_notation_named("obx"), GUTI_NOTATION_OBX);
    ck_assert_int_eq(guti_notation_named("pgn"), 0);
    ck_assert_str_eq(guti_notation_name(GUTI_NOTATION_BAGHCHAL), "baghchal");
    ck_assert_ptr_null(guti_notation_name(0));
    ck_assert_int_eq(guti_parse_position("B3B/5/5/5/BG2B B 1", 0, NULL, &pos, &found, &e), GUTI_OK);
    ck_assert_int_eq(found, GUTI_NOTATION_BAGHCHAL);
    ck_assert_int_eq(guti_format_fen(&pos, buf, sizeof buf, &e), GUTI_OK);
    ck_assert_str_eq(buf, "T3T/5/5/5/TG2T t 19");
    ck_assert_int_eq(guti_format_position(&pos, GUTI_NOTATION_OBX, buf, sizeof buf, &e), GUTI_OK);
    ck_assert_str_eq(buf, "TXXXT/XXXXX/XXXXX/XXXXX/TGXXT t @19 c0 - #");
    ck_assert_int_eq(guti_format_move(&pos, "a1xc1", GUTI_NOTATION_BAGHCHAL, mv, sizeof mv, &e),
                     GUTI_OK);
    ck_assert_str_eq(mv, "Bx5153");
    ck_assert_int_eq(guti_format_move(&pos, "a1xc1", GUTI_NOTATION_OBX, mv, sizeof mv, &e),
                     GUTI_OK);
    ck_assert_str_eq(mv, "mA5C5(B5)");
    ck_assert_int_eq(guti_format_move(&pos, "e1-d2", GUTI_NOTATION_BAGHCHAL, mv, sizeof mv, &e),
                     GUTI_OK);
    ck_assert_str_eq(mv, "B5544");
    ck_assert_int_eq(guti_format_move(&pos, "e1-d2", GUTI_NOTATION_GUTI, mv, sizeof mv, &e),
                     GUTI_OK);
    ck_assert_str_eq(mv, "e1-d2");
    /* forced notations, and what goes wrong */
    ck_assert_int_eq(
        guti_parse_position("B3B/5/5/5/B3B G 0", GUTI_NOTATION_OBX, NULL, &pos, NULL, &e),
        GUTI_EINPUT);
    ck_assert_str_eq(
        e.message, "position (obx): row 1 (from the top): unknown letter 'B', expected G, T or X");
    ck_assert_int_eq(guti_parse_position("5/5/5/5/5", 0, NULL, &pos, NULL, &e), GUTI_EINPUT);
    ck_assert_int_eq(guti_parse_position("T3T/5/5/5/T3T g 20", 7, NULL, &pos, NULL, &e),
                     GUTI_EINPUT);
    struct guti_variant six = {.game = GUTI_SIXTEEN};
    ck_assert_int_eq(guti_parse_position("B3B/5/5/5/B3B G 0", 0, &six, &pos, NULL, &e),
                     GUTI_EINPUT);
    ck_assert_str_eq(e.message,
                     "the baghchal notation is Bagh-Chal's on the 5x5 board, not Sixteen Soldiers");
    ck_assert_int_eq(guti_parse_position("BBB/BBB/BBBBB/BBBBB/5/RRRRR/RRRRR/RRR/RRR r", 0, NULL,
                                         &pos, &found, &e),
                     GUTI_OK);
    ck_assert_int_eq(found, GUTI_NOTATION_GUTI);
    ck_assert_int_eq(guti_format_position(&pos, GUTI_NOTATION_OBX, buf, sizeof buf, &e),
                     GUTI_EINPUT);
    struct guti_variant pass = {.game = GUTI_BAGHCHAL, .rules = "goat-pass"};
    ck_assert_int_eq(
        guti_parse_position("GGGGT/GGGGG/GGGGG/TTGGG/1TGGG g 0", 0, &pass, &pos, NULL, &e),
        GUTI_OK);
    ck_assert_int_eq(guti_format_move(&pos, "pass", GUTI_NOTATION_OBX, mv, sizeof mv, &e),
                     GUTI_EINPUT);
    ck_assert_str_eq(e.message, "move 'pass': OBX has no pass (rules goat-pass)");
    ck_assert_int_eq(guti_format_position(&pos, GUTI_NOTATION_OBX, buf, 10, &e), GUTI_ERANGE);
}
END_TEST

Suite *notations_suite(void)
{
    Suite *s = suite_create("notations");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, random_positions_round_trip);
    tcase_add_test(tc, mappings);
    tcase_add_test(tc, contradictions_refused);
    tcase_add_test(tc, detection);
    tcase_add_test(tc, bad_positions);
    tcase_add_test(tc, records_round_trip);
    tcase_add_test(tc, bad_records);
    tcase_add_test(tc, bare_move_lists);
    tcase_add_test(tc, library);
    suite_add_tcase(s, tc);
    return s;
}
