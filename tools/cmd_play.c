/* guti play: a game against the tables in the terminal, the machine playing perfectly. A
 * client of the library's public interface (guti.h) alone. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "guti.h"
#include "guti_internal.h"
#include "play_input.h"
#include "query_json.h"
#include "query_norepeat.h"

static const char help[] =
    "usage: guti play [GAME] [--side S] [--dir DIR] [--rules R] [--board B] [--fen FEN]\n"
    "                 [--seed N] [--budget N] [--json]\n"
    "\n"
    "A game against the tables in the terminal: the person types moves, and the machine\n"
    "answers with the best move, guti query's first (the quickest win, else a move that\n"
    "keeps the draw, else the longest loss). Each turn shows the board as guti show draws\n"
    "it, the FEN, the value for the side to move from the tables (win, draw or loss, and the\n"
    "DTM, the half-moves to the end with best play), the clock and the material, then a\n"
    "prompt naming the side to move (goats> ). The game starts from the game's start, or\n"
    "from --fen, whose rows then tell the game and board.\n"
    "\n"
    "After every move the game is adjudicated by the rules and their draw rules, as guti\n"
    "game does: a win, the third repetition of a position, or the clock (no capture, nor a\n"
    "placement where there are men in hand, for {clocks}). At\n"
    "the end the result is printed (result: tigers win (5 goats captured)), with each side's\n"
    "mistakes by the tables. A mistake, a move that throws a win or a draw away, is said when\n"
    "it is played (mistake: a1-a2 threw the tigers' win into a draw (best a1xc1, win in 25)),\n"
    "and quit sums them up as the end does.\n"
    "\n"
    "The tables of a directory named (--dir, $GUTI_TABLES) must hold the start: when they do\n"
    "not, a one-line message names the table and the guti solve command that makes it,\n"
    "before the game starts. With no directory named and no ./tables, or none there for the\n"
    "start, the game is played unvalued, as the explorer plays without tables: the values\n"
    "are unknown, no move is judged, and the machine plays a random legal move. Without\n"
    "--rules the rules are those of the tables in DIR, as with guti query.\n"
    "\n"
    "Under rules no-repeat (no-repeat, no-repeat:N: Bagh-Chal once every goat is placed,\n"
    "no board may come back, or none of the last N) a move's value depends on the game's\n"
    "history, so no table holds it: each turn every move is searched (--budget nodes a\n"
    "move, as guti query --rules no-repeat --moves does), the standard tables in DIR, when\n"
    "there, ordering the search and shown beside. A value the search could not decide is\n"
    "said to be unknown under the rule, never guessed; a move the rule refuses is refused\n"
    "(with why) and the prompt comes again; a side with every move refused loses. The\n"
    "machine plays a decided win when there is one, else the best move by the standard\n"
    "tables of those not decided lost (the first that hint lists); mistakes are judged\n"
    "between decided values only.\n"
    "\n"
    "On a terminal the line is edited with libedit: the arrow keys move in it and through the\n"
    "lines typed before, Ctrl-L clears the screen, and ~/.editrc applies. Input from a pipe\n"
    "or a file is read line by line.\n"
    "\n"
    "  GAME        {games-default}\n"
    "  --side S    {sides};\n"
    "              none or both (the side\n"
    "              the person plays, by default the side to move at the start; with none\n"
    "              the machine plays both sides, a game by itself, and reads no input;\n"
    "              with both the person plays both)\n"
    "  --dir DIR   the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --rules R   {table-rules}\n"
    "              (default: the rule set whose tables are in DIR, the game's default rules when\n"
    "              several are there)\n"
    "  --board B   {boards}\n"
    "              (default: the board of the tables in DIR when they are of one board, else\n"
    "              the game's default)\n"
    "  --fen FEN   start from this position instead of the game's start\n"
    "  --budget N  rules no-repeat: search nodes at most for each move (default 100000)\n"
    "  --seed N    without tables, the seed of the machine's random moves, 0 to 2147483647\n"
    "              (default: from the time; the game's first lines tell it), so that a game\n"
    "              can be played again\n"
    "  --json      no diagram and no prompt: one object per line for each event, with\n"
    "              \"event\" naming it. \"position\" (each position reached, and again after\n"
    "              undo): \"fen\", \"side\", \"turn\" (person or machine), \"value\" (win,\n"
    "              draw, loss or unknown, for the side to move), \"dtm\" (null for a draw,\n"
    "              without DTM tables or unknown), \"clock\", \"limit\", \"material\",\n"
    "              \"moves\" (the moves made so far); \"move\" (each move made): \"by\"\n"
    "              (person or machine), \"side\", \"move\", \"value\" and \"dtm\" for its\n"
    "              maker, \"fen\" (the position it leads to); \"mistake\" (after the move\n"
    "              that threw a win or a draw away): \"side\", \"move\", \"number\" (from 1),\n"
    "              \"before\" (win or draw), \"after\" (as \"draw\" or \"loss in 24\"), \"best\"\n"
    "              (or null); \"hint\": \"fen\", \"class\" and \"dtc\" (as guti query's, or\n"
    "              null), \"moves\": [{\"move\", \"value\", \"dtm\", \"value_now\"}, with\n"
    "              \"class\" and \"dtc\" where counting-rule tables are there], best first;\n"
    "              \"unvalued\" (first, without tables): \"reason\", \"seed\"; \"fen\":\n"
    "              \"fen\"; \"record\": \"record\" (the text of moves); \"undo\": \"undone\"\n"
    "              (the moves taken back); \"help\": \"text\"; \"error\": \"input\",\n"
    "              \"error\"; \"end\": \"result\" (the winner's side or draw), \"winner\"\n"
    "              (or null), \"reason\", \"fen\", \"moves\", \"mistakes\" ({side: count}),\n"
    "              \"mistake_moves\" ([{\"number\", \"side\", \"move\"}]); \"quit\": \"fen\",\n"
    "              \"moves\", \"mistakes\", \"mistake_moves\"\n"
    "\n"
    "At the prompt: a move in notation (a placement c3, a step a1-b2, a capture a1xc3, a\n"
    "chain c4xc6xe6 by any of its paths, pass where the rules allow it; points in either\n"
    "case), or a command:\n"
    "\n"
    "  hint        guti query's line on the counting rule (the class and DTC, where guti\n"
    "              solve --dtc tables are there), then every legal move with the value and\n"
    "              DTM it gives its maker, best first, as guti query lists them\n"
    "  undo        takes back the person's last move and the machine's reply to it, so that\n"
    "              it is the person's turn again (with --side both, the last move)\n"
    "  fen         the current position's FEN\n"
    "  moves       the game so far as a game record (tags Game, Rules, Board, FEN and\n"
    "              Result), which guti game --analyze reads\n"
    "  help        these commands\n"
    "  quit        ends the game unfinished, as the end of the input does, and sums up each\n"
    "              side's mistakes\n"
    "\n"
    "An illegal move or an unknown command gets a one-line message naming it, and the prompt\n"
    "again; a move of the other side's says whose turn it is.\n"
    "\n"
    "Exit status 0 when the game ends or the person quits, 1 when the tables lack a position\n"
    "the game needs (the start, or a position the machine must move from) or a position is\n"
    "malformed, 2 for a usage error.\n";

static const char commands_help[] =
    "a move in notation: a placement c3, a step a1-b2, a capture a1xc3, a chain c4xc6xe6, pass\n"
    "hint   the counting rule's class and DTC, every legal move with its value and DTM\n"
    "undo   take back your last move and the machine's reply\n"
    "fen    the position's FEN\n"
    "moves  the game so far as a game record\n"
    "help   this list\n"
    "quit   end the game unfinished, with its mistakes\n";

/* Room for every move: a Sixteen Soldiers position has at most a few hundred. */
#define MAX_MOVES 4096

/* Who plays a side. */
enum { PERSON_NONE = -1, PERSON_BOTH = 2 };

struct session {
    guti_tables *t; /* NULL: no tables, the game unvalued */
    uint64_t rng;   /* without tables, the machine's random moves (splitmix64's state) */
    struct play_input *in;
    int flagged; /* the moves already checked for a mistake */
    struct guti_position start;
    int person; /* the side the person plays, PERSON_NONE or PERSON_BOTH */
    bool json, echo;
    /* the moves made (texts as guti_legal_moves writes them) and the positions: pos[0] the
     * start, pos[i + 1] after move i */
    char (*moves)[GUTI_MOVE_MAX];
    const char **texts;
    struct guti_position *pos;
    int n, cap;
    struct guti_move_analysis *an; /* guti_analyze_game's, cap of them */
    struct guti_analysis *a;
    struct guti_scored_move *scored; /* MAX_MOVES */
    struct guti_move *legal;         /* MAX_MOVES */
    /* Rules no-repeat: no tables of their own (t, when open, holds the standard ones, which
     * order the search and are shown beside). Each turn's moves as guti_norepeat_moves
     * values them (nr, nnr of them; nr_now the position's value), searched within budget
     * nodes a move; an[i] is filled as each move is made (its value under the rule and the
     * position's before it), for the mistakes, since a search cannot be run again cheaply. */
    bool norepeat;
    uint64_t budget;
    struct guti_norepeat_move *nr; /* MAX_MOVES */
    int nnr;
    struct guti_norepeat_result nr_now;
};

static const struct guti_position *current(const struct session *g)
{
    return &g->pos[g->n];
}

static const char *side_name(const struct session *g, int side)
{
    return guti_side_name(g->start.variant.game, side);
}

/* A side as a noun, "the tigers", "the jaguar" or "blue", and whose, "the goats'", "the
 * jaguar's" or "red's". */
static const char *side_noun(const struct session *g, int side, char *buf, size_t len)
{
    bool the = cli_side_article(g->start.variant.game, side);
    snprintf(buf, len, "%s%s", the ? "the " : "", side_name(g, side));
    return buf;
}

static const char *side_whose(const struct session *g, int side, char *buf, size_t len)
{
    bool the = cli_side_article(g->start.variant.game, side);
    bool many = cli_side_plural(g->start.variant.game, side);
    snprintf(buf, len, "%s%s%s", the ? "the " : "", side_name(g, side), many ? "'" : "'s");
    return buf;
}

/* The verb's ending for a side: "tigers play", "red plays". */
static const char *verb_s(const struct session *g, int side)
{
    return cli_side_plural(g->start.variant.game, side) ? "" : "s";
}

static bool persons_turn(const struct session *g, int side)
{
    return g->person == PERSON_BOTH || g->person == side;
}

static int grow(struct session *g)
{
    if (g->n + 1 < g->cap) return 0;
    int cap = g->cap ? 2 * g->cap : 64;
    void *m = realloc(g->moves, (size_t)cap * sizeof *g->moves);
    if (m) g->moves = m;
    void *t = realloc(g->texts, (size_t)cap * sizeof *g->texts);
    if (t) g->texts = t;
    void *p = realloc(g->pos, (size_t)(cap + 1) * sizeof *g->pos);
    if (p) g->pos = p;
    void *a = realloc(g->an, (size_t)cap * sizeof *g->an);
    if (a) g->an = a;
    if (!m || !t || !p || !a) return -1;
    g->cap = cap;
    return 0;
}

/* Makes a legal move (its text as guti_legal_moves writes it), which led to after. */
static int push(struct session *g, const char *text, const struct guti_position *after)
{
    if (grow(g)) return -1;
    snprintf(g->moves[g->n], GUTI_MOVE_MAX, "%s", text);
    g->pos[++g->n] = *after;
    return 0;
}

static void print_dtm(int dtm)
{
    if (dtm < 0)
        printf("null");
    else
        printf("%d", dtm);
}

static void print_played(const struct session *g)
{
    printf("[");
    for (int i = 0; i < g->n; i++) printf("%s\"%s\"", i ? ", " : "", g->moves[i]);
    printf("]");
}

/* "win in 7", "draw", "loss" (without DTM tables). */
static void value_text(const struct guti_result *r, char *buf, size_t len)
{
    if (r->value != GUTI_DRAW && r->value != GUTI_UNKNOWN && r->dtm >= 0)
        snprintf(buf, len, "%s in %d", guti_value_name(r->value), r->dtm);
    else
        snprintf(buf, len, "%s", guti_value_name(r->value));
}

static bool same(const struct guti_position *x, const struct guti_position *y)
{
    return x->pieces[0] == y->pieces[0] && x->pieces[1] == y->pieces[1] && x->side == y->side &&
           x->inhand == y->inhand;
}

/* Without tables: the end by the rules and the clock (guti_over) or by the third
 * repetition, judged as guti_analyze_game judges them, and no move judged. */
static int adjudicate_unvalued(struct session *g, bool *over, struct guti_error *err)
{
    struct guti_analysis *a = g->a;
    const struct guti_position *p = current(g);
    memset(a, 0, sizeof *a);
    a->first_mistake[0] = a->first_mistake[1] = -1;
    int end = guti_over(p, &a->winner, a->reason, sizeof a->reason, NULL, err);
    if (end < 0) return end;
    if (!end) a->winner = -1;
    int count = 0;
    for (int i = 0; i <= g->n; i++) count += same(&g->pos[i], p);
    if (count >= 3 && (!end || a->winner < 0)) {
        end = 1;
        a->winner = -1;
        snprintf(a->reason, sizeof a->reason, "third repetition of the position");
    }
    *over = a->over = end == 1;
    return 0;
}

/* Under rules no-repeat: the moves of the current position, valued (g->nr, g->nr_now), the
 * end by the rule (every move refused included), and the mistakes of the moves made as
 * they were judged when made. */
static int adjudicate_norepeat(struct session *g, bool *over, struct guti_error *err)
{
    struct guti_analysis *a = g->a;
    for (int i = 0; i < g->n; i++) g->texts[i] = g->moves[i];
    int rc = guti_norepeat_moves(g->t, &g->start, g->texts, g->n, g->budget, &g->nr_now, g->nr,
                                 MAX_MOVES, &g->nnr, err);
    if (rc) return rc;
    memset(a, 0, sizeof *a);
    a->first_mistake[0] = a->first_mistake[1] = -1;
    a->over = *over = g->nr_now.over;
    a->winner = g->nr_now.over ? g->nr_now.winner : -1;
    snprintf(a->reason, sizeof a->reason, "%s", g->nr_now.reason);
    for (int i = 0; i < g->n; i++) {
        int side = g->an[i].position.side;
        if (!g->an[i].mistake) continue;
        if (a->first_mistake[side] < 0) a->first_mistake[side] = i;
        a->mistakes[side]++;
    }
    return 0;
}

/* Adjudicates the game so far: *over, with the winner and the reason in g->a. */
static int adjudicate(struct session *g, bool *over, struct guti_error *err)
{
    if (g->norepeat) return adjudicate_norepeat(g, over, err);
    if (!g->t) return adjudicate_unvalued(g, over, err);
    for (int i = 0; i < g->n; i++) g->texts[i] = g->moves[i];
    int rc = guti_analyze_game(g->t, &g->start, g->texts, g->n, g->an, g->a, err);
    /* a missing table leaves the summary's verdict whole */
    if (rc && rc != GUTI_ENOTABLE) return rc;
    *over = g->a->over;
    return 0;
}

/* The position, for the side to move: drawn, or as a JSON object. */
static void show_position(struct session *g, const struct guti_result *r, const char *why)
{
    const struct guti_position *p = current(g);
    char fen[GUTI_FEN_MAX], material[160], value[40];
    guti_format_fen(p, fen, sizeof fen, NULL);
    guti_material(p, material, sizeof material, NULL);
    value_text(r, value, sizeof value);
    if (g->json) {
        printf("{\"event\": \"position\", \"fen\": ");
        json_str(stdout, fen);
        printf(", \"side\": \"%s\", \"turn\": \"%s\", \"value\": \"%s\", \"dtm\": ",
               side_name(g, p->side), persons_turn(g, p->side) ? "person" : "machine",
               guti_value_name(r->value));
        print_dtm(r->value == GUTI_UNKNOWN ? -1 : r->dtm);
        printf(", \"clock\": %d, \"limit\": %d, \"material\": ", p->clock, r->limit);
        json_str(stdout, material);
        printf(", \"moves\": ");
        print_played(g);
        printf("}\n");
        return;
    }
    printf("\n");
    cli_draw(p, stdout);
    printf("\n%s\n%s to move: %s", fen, side_name(g, p->side), value);
    if (g->norepeat && r->value == GUTI_UNKNOWN)
        printf(" under %s (%s; hint lists the moves)\n", p->variant.rules, why);
    else if (g->norepeat)
        printf(" under %s\n", p->variant.rules);
    else if (r->value == GUTI_UNKNOWN)
        printf(" (%s)\n", why);
    else if (r->limit)
        printf("%s; clock %d of %d\n", r->dtm >= 0 && r->value != GUTI_DRAW ? " (DTM)" : "",
               p->clock, r->limit);
    else /* no counting rule: no clock to count */
        printf("%s\n", r->dtm >= 0 && r->value != GUTI_DRAW ? " (DTM)" : "");
    printf("%s\n", material);
}

/* The game's record, as guti game reads it: tags, then the moves, numbered. */
static void record_text(const struct session *g, const char *result, char *buf, size_t len)
{
    const struct guti_variant *v = &g->start.variant;
    size_t k = 0;
#define ADD(...)                                                                                   \
    do {                                                                                           \
        int w = snprintf(buf + k, k < len ? len - k : 0, __VA_ARGS__);                             \
        if (w > 0) k += (size_t)w;                                                                 \
    } while (0)
    ADD("[Game \"%s\"]\n[Rules \"%s\"]\n", guti_game_name(v->game), v->rules);
    /* the board when the game has several and it is not the default */
    struct libguti_game_info info;
    if (libguti_game_info(v->game, &info) && info.boards[1] && strcmp(v->board, info.boards[0]))
        ADD("[Board \"%s\"]\n", v->board);
    struct guti_position s;
    char fen[GUTI_FEN_MAX], standard[GUTI_FEN_MAX] = "";
    guti_format_fen(&g->start, fen, sizeof fen, NULL);
    if (guti_start(v, &s, NULL) == 0) guti_format_fen(&s, standard, sizeof standard, NULL);
    if (strcmp(fen, standard)) ADD("[FEN \"%s\"]\n", fen);
    ADD("[Result \"%s\"]\n", result);
    size_t line = 0;
    for (int i = 0; i < g->n; i++) {
        char word[GUTI_MOVE_MAX + 16];
        if (i % 2 == 0)
            snprintf(word, sizeof word, "%d. %s", i / 2 + 1, g->moves[i]);
        else
            snprintf(word, sizeof word, "%s", g->moves[i]);
        if (line && line + 1 + strlen(word) > 80) {
            ADD("\n");
            line = 0;
        }
        ADD("%s%s", line ? " " : "", word);
        line += (line ? 1 : 0) + strlen(word);
    }
    ADD("%s%s\n", line ? " " : "", result);
#undef ADD
}

/* The result word: the winner's side, draw, or * for an unfinished game. */
static const char *result_word(const struct session *g)
{
    if (!g->a->over) return "*";
    return g->a->winner < 0 ? "draw" : side_name(g, g->a->winner);
}

/* What move i threw away, and what it left: *before GUTI_WIN or GUTI_DRAW (by the value it
 * was judged by), after as "loss in 24" or "draw by the clock". */
static void mistake_words(const struct session *g, int i, int *before, char *after, size_t len)
{
    const struct guti_move_analysis *m = &g->an[i];
    const struct guti_result *r = &m->played.result;
    bool now = m->judged == GUTI_JUDGED_VALUE_NOW;
    *before = now ? m->before.value_now : m->before.value;
    if (!now || r->value == r->value_now)
        value_text(r, after, len);
    else
        snprintf(after, len, "%s by the clock", guti_value_name(r->value_now));
}

/* Move i, just played, threw a win or a draw away: said at once. */
static void show_mistake(const struct session *g, int i)
{
    const struct guti_move_analysis *m = &g->an[i];
    int before, side = m->position.side;
    char after[64], whose[32], best[40];
    mistake_words(g, i, &before, after, sizeof after);
    if (m->has_best) value_text(&m->best.result, best, sizeof best);
    if (g->json) {
        printf("{\"event\": \"mistake\", \"side\": \"%s\", \"move\": \"%s\", \"number\": %d, "
               "\"before\": \"%s\", \"after\": ",
               side_name(g, side), m->played.move.text, i + 1, guti_value_name(before));
        json_str(stdout, after);
        printf(", \"best\": ");
        if (m->has_best)
            json_str(stdout, m->best.move.text);
        else
            printf("null");
        printf("}\n");
        return;
    }
    printf("mistake: %s threw %s %s into a %s", m->played.move.text,
           side_whose(g, side, whose, sizeof whose), guti_value_name(before), after);
    if (m->has_best) printf(" (best %s, %s)", m->best.move.text, best);
    printf("\n");
}

/* The mistakes of the game so far, each side's: at the end and when the person quits. */
static void show_mistakes(const struct session *g)
{
    const struct guti_analysis *a = g->a;
    if (g->json) {
        printf(", \"mistakes\": {\"%s\": %d, \"%s\": %d}, \"mistake_moves\": [", side_name(g, 0),
               a->mistakes[0], side_name(g, 1), a->mistakes[1]);
        for (int i = 0, k = 0; (g->t || g->norepeat) && i < g->n; i++)
            if (g->an[i].mistake)
                printf("%s{\"number\": %d, \"side\": \"%s\", \"move\": \"%s\"}", k++ ? ", " : "",
                       i + 1, side_name(g, g->an[i].position.side), g->moves[i]);
        printf("]");
        return;
    }
    if (!g->t && !g->norepeat) {
        printf("mistakes by the tables: none judged (no tables)\n");
        return;
    }
    if (g->norepeat)
        printf("mistakes by the values under %s (decided ones only):", g->start.variant.rules);
    else
        printf("mistakes by the tables:");
    for (int side = 0; side < 2; side++) {
        printf("%s %s %d", side ? "," : "", side_name(g, side), a->mistakes[side]);
        const char *sep = " (";
        for (int i = 0; i < g->n; i++) {
            if (!g->an[i].mistake || g->an[i].position.side != side) continue;
            int before;
            char after[64];
            mistake_words(g, i, &before, after, sizeof after);
            printf("%smove %d %s: a %s thrown into a %s", sep, i + 1, g->moves[i],
                   guti_value_name(before), after);
            sep = "; ";
        }
        if (a->mistakes[side]) printf(")");
    }
    printf("\n");
}

/* The end of the end's and quit's JSON objects: the position, the moves played and the
 * mistakes, then the closing brace. */
static void json_game_tail(const struct session *g, const char *fen)
{
    printf(", \"fen\": ");
    json_str(stdout, fen);
    printf(", \"moves\": ");
    print_played(g);
    show_mistakes(g);
    printf("}\n");
}

static void show_end(struct session *g)
{
    const struct guti_analysis *a = g->a;
    char fen[GUTI_FEN_MAX];
    guti_format_fen(current(g), fen, sizeof fen, NULL);
    if (g->json) {
        printf("{\"event\": \"end\", \"result\": \"%s\", \"winner\": ", result_word(g));
        if (a->winner < 0)
            printf("null");
        else
            printf("\"%s\"", side_name(g, a->winner));
        printf(", \"reason\": ");
        json_str(stdout, a->reason);
        json_game_tail(g, fen);
        return;
    }
    printf("\n");
    cli_draw(current(g), stdout);
    printf("\n%s\n", fen);
    if (a->winner < 0)
        printf("result: draw (%s)\n", a->reason);
    else
        printf("result: %s win%s (%s)\n", side_name(g, a->winner), verb_s(g, a->winner), a->reason);
    show_mistakes(g);
}

/* A message about the person's input, and the game goes on. */
static void input_error(const struct session *g, const char *input, const char *text)
{
    if (g->json) {
        printf("{\"event\": \"error\", \"input\": ");
        json_str(stdout, input);
        printf(", \"error\": ");
        json_str(stdout, text);
        printf("}\n");
    } else
        printf("%s\n", text);
}

/* A move made, with its value for its maker (r) and, under rules no-repeat, its standard
 * value (std, else NULL). */
static void show_move(const struct session *g, bool machine, int side, const char *move,
                      const struct guti_result *r, const struct guti_result *std)
{
    char value[40], standard[40] = "";
    value_text(r, value, sizeof value);
    if (std) value_text(std, standard, sizeof standard);
    if (g->json) {
        char fen[GUTI_FEN_MAX];
        guti_format_fen(current(g), fen, sizeof fen, NULL);
        printf("{\"event\": \"move\", \"by\": \"%s\", \"side\": \"%s\", \"move\": \"%s\", "
               "\"value\": \"%s\", \"dtm\": ",
               machine ? "machine" : "person", side_name(g, side), move, guti_value_name(r->value));
        print_dtm(r->value == GUTI_UNKNOWN ? -1 : r->dtm);
        if (std) {
            printf(", \"standard\": \"%s\", \"standard_dtm\": ", guti_value_name(std->value));
            print_dtm(std->value == GUTI_UNKNOWN ? -1 : std->dtm);
        }
        printf(", \"fen\": ");
        json_str(stdout, fen);
        printf("}\n");
    } else if (machine && std)
        printf("%s play%s %s (%s: %s under %s; standard: %s)\n", side_name(g, side),
               verb_s(g, side), move, side_name(g, side), value, g->start.variant.rules, standard);
    else if (machine && !g->t)
        printf("%s play%s %s (at random: no tables)\n", side_name(g, side), verb_s(g, side), move);
    else if (machine)
        printf("%s play%s %s (%s: %s)\n", side_name(g, side), verb_s(g, side), move,
               side_name(g, side), value);
}

/* Without tables: the legal moves, unvalued, in the order of guti_legal_moves. */
static int unvalued_moves(struct session *g, int *n, struct guti_error *err)
{
    int rc = guti_legal_moves(current(g), g->legal, MAX_MOVES, n, err);
    for (int i = 0; !rc && i < *n; i++) {
        struct guti_scored_move *m = &g->scored[i];
        memset(m, 0, sizeof *m);
        m->move = g->legal[i];
        m->result.value = m->result.value_now = GUTI_UNKNOWN;
        m->result.dtm = m->result.dtc = -1;
        m->result.dtc_class = GUTI_CLASS_UNKNOWN;
    }
    return rc;
}

/* Under rules no-repeat: this turn's moves, as guti query --moves lists them. */
static void show_hint_norepeat(const struct session *g)
{
    if (g->json) {
        char fen[GUTI_FEN_MAX];
        guti_format_fen(current(g), fen, sizeof fen, NULL);
        printf("{\"event\": \"hint\", \"fen\": ");
        json_str(stdout, fen);
        query_norepeat_print_moves(&g->nr_now, g->nr, g->nnr, true);
        printf("}\n");
    } else
        query_norepeat_print_moves(&g->nr_now, g->nr, g->nnr, false);
}

static void show_hint(struct session *g, const char *input)
{
    if (g->norepeat) {
        show_hint_norepeat(g);
        return;
    }
    struct guti_error err;
    struct guti_result r = {.value = GUTI_UNKNOWN,
                            .value_now = GUTI_UNKNOWN,
                            .dtm = -1,
                            .dtc_class = GUTI_CLASS_UNKNOWN,
                            .dtc = -1};
    int n = 0, rc = g->t ? guti_probe(g->t, current(g), &r, &err) : 0;
    if (!rc)
        rc = g->t ? guti_probe_moves(g->t, current(g), g->scored, MAX_MOVES, &n, &err)
                  : unvalued_moves(g, &n, &err);
    if (rc) {
        input_error(g, input, err.message);
        return;
    }
    struct guti_scored_move *m = g->scored;
    bool with_class = r.dtc_class != GUTI_CLASS_UNKNOWN;
    if (g->json) {
        char fen[GUTI_FEN_MAX];
        guti_format_fen(current(g), fen, sizeof fen, NULL);
        printf("{\"event\": \"hint\", \"fen\": ");
        json_str(stdout, fen);
        if (with_class) {
            printf(", \"class\": \"%s\", \"dtc\": ", guti_class_name(r.dtc_class));
            print_dtm(r.dtc);
        } else
            printf(", \"class\": null, \"dtc\": null");
        printf(", \"moves\": [");
        for (int i = 0; i < n; i++) {
            printf("%s", i ? ", " : "");
            query_json_move(&m[i], with_class, false, stdout);
        }
        printf("]}\n");
        return;
    }
    if (!g->t) {
        printf("%d legal moves (no tables to value them):\n", n);
        for (int i = 0; i < n; i++) printf("  %s\n", m[i].move.text);
        return;
    }
    query_text_rule(current(g), &r, stdout); /* guti query's words (the test compares) */
    printf("%d moves, best first, with the value and DTM for %s:\n", n,
           side_name(g, current(g)->side));
    for (int i = 0; i < n; i++) query_text_move(&m[i], stdout);
}

/* Takes back the person's last move and what the machine played after it. */
static void undo(struct session *g, const char *input)
{
    int k = g->n - 1;
    if (g->person != PERSON_BOTH)
        while (k >= 0 && g->pos[k].side != g->person) k--;
    if (k < 0) {
        input_error(g, input, "undo: no move of yours to take back");
        return;
    }
    if (g->json) {
        printf("{\"event\": \"undo\", \"undone\": [");
        for (int i = k; i < g->n; i++) printf("%s\"%s\"", i > k ? ", " : "", g->moves[i]);
        printf("]}\n");
    } else {
        printf("taken back:");
        for (int i = k; i < g->n; i++) printf(" %s", g->moves[i]);
        printf("\n");
    }
    g->n = k;
}

/* Under rules no-repeat, m of this turn's moves, about to be made as move g->n: judged by
 * the values under the rule as they were found this turn, a mistake only between decided
 * values (an unknown is never judged), into g->an[g->n]. -1 when memory runs out. */
static int norepeat_judge(struct session *g, const struct guti_norepeat_move *m)
{
    if (grow(g)) return -1;
    struct guti_move_analysis *x = &g->an[g->n];
    memset(x, 0, sizeof *x);
    x->position = *current(g);
    int before = g->nr_now.value;
    x->before.value = x->before.value_now = before;
    x->before.dtm = x->before.dtc = -1;
    x->played.move = m->move;
    x->played.result.value = x->played.result.value_now = m->value;
    x->played.result.dtm = x->played.result.dtc = -1;
    bool decided = before != GUTI_UNKNOWN && m->value != GUTI_UNKNOWN;
    x->judged = decided ? GUTI_JUDGED_VALUE : GUTI_JUDGED_NONE;
    x->mistake = decided && m->value < before;
    const struct guti_norepeat_move *best = &g->nr[0];
    if ((x->has_best = g->nnr > 0 && !best->refused && best->value != GUTI_UNKNOWN)) {
        x->best.move = best->move;
        x->best.result.value = x->best.result.value_now = best->value;
        x->best.result.dtm = x->best.result.dtc = -1;
    }
    return 0;
}

/* The move of this turn's list (rules no-repeat) that leads to after, or NULL. */
static const struct guti_norepeat_move *norepeat_find(const struct session *g,
                                                      const struct guti_position *after)
{
    for (int i = 0; i < g->nnr; i++)
        if (same(&g->nr[i].move.after, after)) return &g->nr[i];
    return NULL;
}

/* Whether the person meant a move: a point's name first (a1, c4xc6), or pass. */
static bool looks_like_move(const char *s)
{
    return (isalpha((unsigned char)s[0]) && isdigit((unsigned char)s[1])) || !strcasecmp(s, "pass");
}

/* The side whose piece stands on the point a step or capture starts from ("a1" of a1xc1),
 * or -1: none, or not such a move. */
static int origin_owner(const struct guti_position *p, const char *move)
{
    if (!looks_like_move(move) || (move[2] != '-' && tolower((unsigned char)move[2]) != 'x'))
        return -1;
    char want[3] = {(char)tolower((unsigned char)move[0]), move[1], 0}, name[3];
    struct guti_board b;
    if (guti_board_info(&p->variant, &b, NULL)) return -1;
    for (int k = 0; k < b.npoints; k++)
        if (!guti_point_name(&p->variant, k, name, NULL) && !strcmp(name, want))
            return (p->pieces[0] >> k & 1) ? 0 : (p->pieces[1] >> k & 1) ? 1 : -1;
    return -1;
}

/* The person's move: *made false when it is not one (the message is printed); an exit
 * status when the game cannot go on. */
static int person_move(struct session *g, const char *input, bool *made)
{
    const struct guti_position *p = current(g);
    struct guti_position after;
    struct guti_error err;
    *made = false;
    if (guti_play(p, input, &after, &err)) {
        char shown[120], text[sizeof err.message + 160];
        cli_quote(input, shown, sizeof shown);
        struct guti_position other = *p, ignored;
        other.side = !p->side;
        char noun[32], whose[32], theirs[32];
        side_whose(g, p->side, whose, sizeof whose);
        /* the other side's move, or a move of their piece: whose turn it is, which the
         * board does not show */
        if (looks_like_move(input) && !guti_play(&other, input, &ignored, NULL))
            snprintf(text, sizeof text, "it is %s turn: %s is a move for %s", whose, shown,
                     side_noun(g, other.side, noun, sizeof noun));
        else if (origin_owner(p, input) == other.side)
            snprintf(text, sizeof text, "it is %s turn: the piece on %c%c is %s", whose,
                     tolower((unsigned char)input[0]), input[1],
                     side_whose(g, other.side, theirs, sizeof theirs));
        else if (looks_like_move(input)) {
            /* "move 'x': why" as "illegal move 'x': why" */
            const char *why = strstr(err.message, "': ");
            snprintf(text, sizeof text, "illegal move '%s': %s", shown,
                     why && !strncmp(err.message, "move '", 6) ? why + 3 : err.message);
        } else
            snprintf(text, sizeof text, "unknown command '%s' (type help for the commands)", shown);
        input_error(g, input, text);
        return 0;
    }
    /* its text as guti_legal_moves writes it: the move to the same position */
    int n = 0;
    if (guti_legal_moves(p, g->legal, MAX_MOVES, &n, &err))
        return cli_error("play: %s", err.message);
    const char *text = input;
    for (int i = 0; i < n; i++) {
        const struct guti_position *q = &g->legal[i].after;
        if (q->pieces[0] == after.pieces[0] && q->pieces[1] == after.pieces[1] &&
            q->side == after.side && q->inhand == after.inhand && q->clock == after.clock)
            text = g->legal[i].text;
    }
    struct guti_scored_move sm;
    const struct guti_result *std = NULL;
    if (g->norepeat) {
        const struct guti_norepeat_move *m = norepeat_find(g, &after);
        if (!m) return cli_error("play: move '%s' is not among the moves searched", text);
        if (m->refused) {
            char shown[120], msg[300];
            cli_quote(input, shown, sizeof shown);
            int window = query_norepeat_window(p->variant.rules);
            if (window)
                snprintf(msg, sizeof msg,
                         "refused under %s: '%s' recreates a board among the last %d",
                         p->variant.rules, shown, window);
            else
                snprintf(msg, sizeof msg,
                         "refused under no-repeat: '%s' recreates a board seen since the last "
                         "placement or capture",
                         shown);
            input_error(g, input, msg);
            return 0;
        }
        if (norepeat_judge(g, m)) return cli_error("play: out of memory");
        sm.result = g->an[g->n].played.result;
        std = &m->standard;
    } else if (!g->t || guti_probe_move(g->t, p, text, &sm, &err))
        sm.result.value = GUTI_UNKNOWN;
    int side = p->side;
    if (push(g, text, &after)) return cli_error("play: out of memory");
    show_move(g, false, side, g->moves[g->n - 1], &sm.result, std);
    *made = true;
    return 0;
}

/* splitmix64: a small generator whose every seed gives a good sequence. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int machine_move(struct session *g)
{
    struct guti_scored_move best;
    const struct guti_result *std = NULL;
    struct guti_error err;
    int side = current(g)->side, n = 0;
    if (!g->t) {
        /* no tables: a legal move at random, as the explorer plays without them */
        if (unvalued_moves(g, &n, &err)) return cli_error("play: %s", err.message);
        if (n == 0) return cli_error("play: no legal move in a game not over");
        best = g->scored[next_random(&g->rng) % (uint64_t)n];
    } else if (g->norepeat) {
        /* the first of the list: a decided win, else the best by the standard tables of the
         * moves not decided lost; never a refused one (the game is over when all are) */
        if (g->nnr == 0 || g->nr[0].refused)
            return cli_error("play: no move the rule allows in a game not over");
        if (norepeat_judge(g, &g->nr[0])) return cli_error("play: out of memory");
        best.move = g->nr[0].move;
        best.result = g->an[g->n].played.result;
        std = &g->nr[0].standard;
    } else if (guti_best_move(g->t, current(g), &best, &err))
        return cli_error("play: %s", err.message);
    struct guti_result standard = std ? *std : (struct guti_result){0};
    if (push(g, best.move.text, &best.move.after)) return cli_error("play: out of memory");
    show_move(g, true, side, best.move.text, &best.result, std ? &standard : NULL);
    return 0;
}

/* A text the person asked for: as it is, or with --json one object {"event": EVENT, KEY:
 * TEXT}. */
static void show_text(const struct session *g, const char *event, const char *key, const char *text)
{
    if (g->json) {
        printf("{\"event\": \"%s\", \"%s\": ", event, key);
        json_str(stdout, text);
        printf("}\n");
    } else
        fputs(text, stdout);
}

static void show_fen(const struct session *g)
{
    char fen[GUTI_FEN_MAX + 1];
    guti_format_fen(current(g), fen, GUTI_FEN_MAX, NULL);
    if (!g->json) strcat(fen, "\n");
    show_text(g, "fen", "fen", fen);
}

static int show_record(const struct session *g)
{
    size_t len = 200 + (size_t)g->n * (GUTI_MOVE_MAX + 8) + GUTI_FEN_MAX;
    char *rec = malloc(len);
    if (!rec) return cli_error("play: out of memory");
    record_text(g, "*", rec, len);
    show_text(g, "record", "record", rec);
    free(rec);
    return 0;
}

static void show_help(const struct session *g)
{
    show_text(g, "help", "text", commands_help);
}

/* The person quit: where the game stands, and the mistakes so far. */
static void show_quit(const struct session *g)
{
    char fen[GUTI_FEN_MAX];
    guti_format_fen(current(g), fen, sizeof fen, NULL);
    if (g->json) {
        printf("{\"event\": \"quit\"");
        json_game_tail(g, fen);
        return;
    }
    printf("quit: the game unfinished after %d move%s\n", g->n, g->n == 1 ? "" : "s");
    show_mistakes(g);
}

/* The person's turn: commands until a move is made (*quit false), the person quits or the
 * input ends (*quit true), or undo takes moves back (*quit false, no move made). Returns
 * an exit status. */
static int persons_turn_input(struct session *g, bool *quit)
{
    int rc = 0;
    bool made = false;
    char prompt[32];
    snprintf(prompt, sizeof prompt, "%s> ", side_name(g, current(g)->side));
    *quit = false;
    while (!made && !*quit && !rc) {
        bool edits = play_input_edits(g->in);
        if (!g->json && !edits) printf("%s", prompt);
        fflush(stdout);
        char *in = play_input_line(g->in, g->json ? "" : prompt);
        if (!in) {
            if (!g->json) printf("\n");
            *quit = true;
            break;
        }
        if (g->echo) printf("%s\n", in);
        if (!*in) continue;
        if (!strcasecmp(in, "quit") || !strcasecmp(in, "exit")) {
            *quit = true;
        } else if (!strcasecmp(in, "hint")) {
            show_hint(g, in);
        } else if (!strcasecmp(in, "undo")) {
            int n = g->n;
            undo(g, in);
            if (g->n != n) break; /* the position again */
        } else if (!strcasecmp(in, "fen")) {
            show_fen(g);
        } else if (!strcasecmp(in, "moves")) {
            rc = show_record(g);
        } else if (!strcasecmp(in, "help") || !strcmp(in, "?")) {
            show_help(g);
        } else
            rc = person_move(g, in, &made);
    }
    return rc;
}

/* The game: returns the exit status. */
static int play(struct session *g)
{
    int rc = 0;
    for (;;) {
        bool over, quit;
        struct guti_error err;
        if ((rc = adjudicate(g, &over, &err))) {
            rc = cli_error("play: %s", err.message);
            break;
        }
        /* a move that threw a win or a draw away, said when it is played (once, though
         * undo and the position shown again come back here) */
        if (g->flagged > g->n) g->flagged = g->n;
        for (; g->flagged < g->n; g->flagged++)
            if ((g->t || g->norepeat) && g->an[g->flagged].mistake) show_mistake(g, g->flagged);
        if (over) {
            show_end(g);
            break;
        }
        const struct guti_position *p = current(g);
        bool person = persons_turn(g, p->side);
        struct guti_result r = {.value = GUTI_UNKNOWN, .dtm = -1};
        char why[sizeof err.message] = "no tables";
        if (g->norepeat) {
            r.value = g->nr_now.value;
            snprintf(why, sizeof why, "undecided within %llu search nodes a move",
                     (unsigned long long)g->budget);
        } else if (g->t && guti_probe(g->t, p, &r, &err)) {
            r.value = GUTI_UNKNOWN;
            r.dtm = -1;
            r.limit = 0;
            snprintf(why, sizeof why, "%s", err.message);
        }
        if (g->json || person || g->person == PERSON_NONE) show_position(g, &r, why);
        if (!person) {
            if ((rc = machine_move(g))) break;
            fflush(stdout);
            continue;
        }
        if ((rc = persons_turn_input(g, &quit))) break;
        if (quit) {
            show_quit(g);
            break;
        }
    }
    return rc;
}

/* --side: the side the person plays, or PERSON_NONE or PERSON_BOTH; -1 - EXIT_USAGE when
 * it names none (the message printed). */
static int parse_side(const char *opt, int start_side, enum guti_game game)
{
    if (!opt) return start_side;
    if (!strcasecmp(opt, "none")) return PERSON_NONE;
    if (!strcasecmp(opt, "both")) return PERSON_BOTH;
    for (int side = 0; side < 2; side++)
        if (!strcasecmp(opt, guti_side_name(game, side))) return side;
    char shown[80];
    cli_quote(opt, shown, sizeof shown);
    return -1 - cli_usage_error("play", "--side '%s': expected %s, %s, none or both", shown,
                                guti_side_name(game, 0), guti_side_name(game, 1));
}

/* Opens the tables and probes the start, which also tells the rules of the tables there
 * when none are named. With a directory named (--dir, $GUTI_TABLES) a missing table is an
 * error, before the game; with none named, and no ./tables or no table of the start in it,
 * the game is played unvalued, as the explorer plays it without tables: g->t NULL, and
 * why in unvalued. Returns an exit status. */
static int open_tables(struct session *g, const char *dir_opt, const struct game_opts *o, bool fen,
                       char *unvalued, size_t len)
{
    struct guti_error err;
    const char *env = getenv("GUTI_TABLES"), *dir = cli_tables_dir(dir_opt);
    bool named = dir_opt || (env && *env);
    struct stat st;
    if (!named && stat(dir, &st) != 0 && errno == ENOENT) {
        snprintf(unvalued, len, "no directory %s here, and no --dir or GUTI_TABLES", dir);
        return 0;
    }
    /* a directory named that is not there: "no such directory" */
    int rc = cli_open_tables("play", dir_opt, 0, true, &g->t);
    if (rc || g->norepeat) return rc; /* no-repeat: the standard tables are hints, if there */
    enum guti_game game = g->start.variant.game;
    /* A game of several boards with none named: the board of the tables there, when they
     * have one */
    struct libguti_game_info info;
    if (!fen && !o->board && libguti_game_info(game, &info) && info.boards[1]) {
        struct guti_variant have[64], v = g->start.variant;
        int n = guti_variants(g->t, have, 64), boards = 0;
        const char *board = NULL;
        for (int i = 0; i < n && i < 64; i++)
            if (have[i].game == game && (!board || strcmp(board, have[i].board)))
                board = have[i].board, boards++;
        if (boards == 1) {
            snprintf(v.board, sizeof v.board, "%s", board);
            guti_start(&v, &g->start, NULL);
        }
    }
    struct guti_position start = g->start;
    struct guti_result r;
    if (!o->rules) g->start.variant.rules[0] = 0;
    if ((rc = guti_probe(g->t, &g->start, &r, &err))) {
        guti_close(g->t);
        g->t = NULL;
        g->start = start;
        if (named || rc != GUTI_ENOTABLE) return cli_error("play: %s", err.message);
        snprintf(unvalued, len, "%s", err.message);
        return 0;
    }
    if (!o->rules) memcpy(g->start.variant.rules, r.variant.rules, sizeof g->start.variant.rules);
    return 0;
}

/* The game unvalued: said once, before it starts, with the seed that plays it again. */
static void show_unvalued(const struct session *g, const char *why, int seed)
{
    if (g->json) {
        printf("{\"event\": \"unvalued\", \"reason\": ");
        json_str(stdout, why);
        printf(", \"seed\": %d}\n", seed);
    } else
        printf("unvalued: %s\nthe machine plays a random legal move "
               "(--seed %d plays the same moves again)\n",
               why, seed);
}

int cmd_play(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL, *side_opt = NULL, *fen_opt = NULL;
    int seed = -1;
    uint64_t budget = 0; /* 0: not given */
    const struct cli_option opts[] = {CLI_OPTION("side", CLI_TEXT, &side_opt),
                                      CLI_OPTION("dir", CLI_TEXT, &dir_opt),
                                      CLI_OPTION("rules", CLI_RULES, &o.rules),
                                      CLI_OPTION("board", CLI_BOARD, &o.board),
                                      CLI_OPTION("fen", CLI_TEXT, &fen_opt),
                                      CLI_OPTION("json", CLI_FLAG, &o.json),
                                      CLI_OPTION_INT("seed", &seed, 0, INT_MAX),
                                      CLI_OPTION("budget", CLI_COUNT, &budget),
                                      CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("play", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if (argc - first > 1)
        return cli_usage_error("play", "expected at most one GAME, got %d operands", argc - first);
    struct guti_variant v = {0};
    if (first < argc && !(v.game = guti_game_named(argv[first]))) {
        char shown[80];
        cli_quote(argv[first], shown, sizeof shown);
        char games[200];
        cli_game_list(games, sizeof games);
        return cli_usage_error("play", "unknown game '%s' (%s)", shown, games);
    }
    snprintf(v.rules, sizeof v.rules, "%s", o.rules ? o.rules : "");
    snprintf(v.board, sizeof v.board, "%s", o.board ? o.board : "");
    struct session g = {.json = o.json, .budget = budget ? budget : 100000};
    struct guti_error err;
    if (fen_opt) {
        if (guti_parse_fen(fen_opt, &v, &g.start, &err)) {
            fprintf(stderr, "guti: play: %s\n", err.message);
            /* a game, rules or board that do not go together is a usage error */
            return strncmp(err.message, "position", 8) ? EXIT_USAGE : EXIT_BAD;
        }
    } else {
        if (!v.game) v.game = guti_game_named(cli_default_game());
        if (guti_start(&v, &g.start, &err)) return cli_usage_error("play", "%s", err.message);
    }
    g.norepeat = !strncmp(g.start.variant.rules, "no-repeat", 9);
    if (budget && !g.norepeat)
        return cli_usage_error("play", "--budget is for rules no-repeat (--rules no-repeat)");
    g.person = parse_side(side_opt, g.start.side, g.start.variant.game);
    if (g.person < PERSON_NONE) return -1 - g.person;
    char unvalued[sizeof err.message] = "";
    if ((rc = open_tables(&g, dir_opt, &o, fen_opt != NULL, unvalued, sizeof unvalued))) return rc;
    /* without --seed, one from the time, which show_unvalued tells */
    if (seed < 0) seed = (int)(((uint64_t)time(NULL) * 2654435761u ^ (uint64_t)getpid()) % INT_MAX);
    g.rng = (uint64_t)seed;
    g.a = malloc(sizeof *g.a);
    g.scored = malloc(MAX_MOVES * sizeof *g.scored);
    g.legal = malloc(MAX_MOVES * sizeof *g.legal);
    g.nr = g.norepeat ? malloc(MAX_MOVES * sizeof *g.nr) : NULL;
    if (!g.a || !g.scored || !g.legal || (g.norepeat && !g.nr) || grow(&g))
        rc = cli_error("play: out of memory");
    else {
        g.pos[0] = g.start;
        g.echo = !g.json && !isatty(STDIN_FILENO);
        /* lines edited on a terminal; a pipe read as it comes */
        bool edit = !g.json && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
        if (!(g.in = play_input_new("guti", edit))) {
            rc = cli_error("play: out of memory");
        } else {
            if (!g.t && !g.norepeat) show_unvalued(&g, unvalued, seed);
            rc = play(&g);
        }
    }
    play_input_free(g.in);
    guti_close(g.t);
    free(g.a);
    free(g.scored);
    free(g.legal);
    free(g.nr);
    free(g.moves);
    free(g.texts);
    free(g.pos);
    free(g.an);
    return rc;
}
