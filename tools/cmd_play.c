/* guti play: a game against the tables in the terminal, the machine playing perfectly. A
 * client of the library's public interface (guti.h) alone. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "guti.h"
#include "query_json.h"

static const char help[] =
    "usage: guti play [GAME] [--side S] [--dir DIR] [--rules R] [--board B] [--fen FEN]\n"
    "                 [--json]\n"
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
    "game does: a win, the third repetition of a position, or the clock (100 half-moves with\n"
    "no capture and no placement in Bagh-Chal, 80 with no capture in Sixteen Soldiers). At\n"
    "the end the result is printed (result: tigers win (5 goats captured)), with each side's\n"
    "mistakes by the tables (moves that threw a win or a draw away).\n"
    "\n"
    "The tables must hold the start: when they do not, a one-line message names the table\n"
    "and the guti solve command that makes it, before the game starts. Without --rules the\n"
    "rules are those of the tables in DIR, as with guti query.\n"
    "\n"
    "  GAME        baghchal (default) or sixteen\n"
    "  --side S    baghchal: goats or tigers; sixteen: red or blue; none or both (the side\n"
    "              the person plays, by default the side to move at the start; with none\n"
    "              the machine plays both sides, a game by itself, and reads no input;\n"
    "              with both the person plays both)\n"
    "  --dir DIR   the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --rules R   baghchal: standard or goat-pass; sixteen: optional or forced (default:\n"
    "              the rule set whose tables are in DIR, the game's default rules when\n"
    "              several are there)\n"
    "  --board B   baghchal: 5x5, 4x4 or 3x3 (default: the board of the tables in DIR when\n"
    "              they are of one board, else 5x5)\n"
    "  --fen FEN   start from this position instead of the game's start\n"
    "  --json      no diagram and no prompt: one object per line for each event, with\n"
    "              \"event\" naming it. \"position\" (each position reached, and again after\n"
    "              undo): \"fen\", \"side\", \"turn\" (person or machine), \"value\" (win,\n"
    "              draw, loss or unknown, for the side to move), \"dtm\" (null for a draw,\n"
    "              without DTM tables or unknown), \"clock\", \"limit\", \"material\",\n"
    "              \"moves\" (the moves made so far); \"move\" (each move made): \"by\"\n"
    "              (person or machine), \"side\", \"move\", \"value\" and \"dtm\" for its\n"
    "              maker, \"fen\" (the position it leads to); \"hint\": \"fen\", \"moves\":\n"
    "              [{\"move\", \"value\", \"dtm\", \"value_now\"}], best first; \"fen\":\n"
    "              \"fen\"; \"record\": \"record\" (the text of moves); \"undo\": \"undone\"\n"
    "              (the moves taken back); \"help\": \"text\"; \"error\": \"input\",\n"
    "              \"error\"; \"end\": \"result\" (the winner's side or draw), \"winner\"\n"
    "              (or null), \"reason\", \"fen\", \"moves\", \"mistakes\" ({side: count});\n"
    "              \"quit\": \"fen\", \"moves\"\n"
    "\n"
    "At the prompt: a move in notation (a placement c3, a step a1-b2, a capture a1xc3, a\n"
    "chain c4xc6xe6 by any of its paths, pass where the rules allow it; points in either\n"
    "case), or a command:\n"
    "\n"
    "  hint        every legal move with the value and DTM it gives its maker, best first,\n"
    "              as guti query lists them\n"
    "  undo        takes back the person's last move and the machine's reply to it, so that\n"
    "              it is the person's turn again (with --side both, the last move)\n"
    "  fen         the current position's FEN\n"
    "  moves       the game so far as a game record (tags Game, Rules, Board, FEN and\n"
    "              Result), which guti game --analyze reads\n"
    "  help        these commands\n"
    "  quit        ends the game unfinished, as the end of the input does\n"
    "\n"
    "An illegal move or an unknown command gets a one-line message naming it, and the prompt\n"
    "again.\n"
    "\n"
    "Exit status 0 when the game ends or the person quits, 1 when the tables lack a position\n"
    "the game needs (the start, or a position the machine must move from) or a position is\n"
    "malformed, 2 for a usage error.\n";

static const char commands_help[] =
    "a move in notation: a placement c3, a step a1-b2, a capture a1xc3, a chain c4xc6xe6, pass\n"
    "hint   every legal move with its value and DTM, best first\n"
    "undo   take back your last move and the machine's reply\n"
    "fen    the position's FEN\n"
    "moves  the game so far as a game record\n"
    "help   this list\n"
    "quit   end the game unfinished\n";

/* Room for every move: a Sixteen Soldiers position has at most a few hundred. */
#define MAX_MOVES 4096

/* Who plays a side. */
enum { PERSON_NONE = -1, PERSON_BOTH = 2 };

struct session {
    guti_tables *t;
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
};

static const struct guti_position *current(const struct session *g)
{
    return &g->pos[g->n];
}

static const char *side_name(const struct session *g, int side)
{
    return guti_side_name(g->start.variant.game, side);
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

/* Adjudicates the game so far: *over, with the winner and the reason in g->a. */
static int adjudicate(struct session *g, bool *over, struct guti_error *err)
{
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
    if (r->value == GUTI_UNKNOWN)
        printf(" (%s)\n", why);
    else
        printf("%s; clock %d of %d\n", r->dtm >= 0 && r->value != GUTI_DRAW ? " (DTM)" : "",
               p->clock, r->limit);
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
    if (v->game == GUTI_BAGHCHAL && strcmp(v->board, "5x5")) ADD("[Board \"%s\"]\n", v->board);
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

static void show_end(struct session *g)
{
    const struct guti_analysis *a = g->a;
    char fen[GUTI_FEN_MAX];
    guti_format_fen(current(g), fen, sizeof fen, NULL);
    const char *s0 = side_name(g, 0), *s1 = side_name(g, 1);
    if (g->json) {
        printf("{\"event\": \"end\", \"result\": \"%s\", \"winner\": ", result_word(g));
        if (a->winner < 0)
            printf("null");
        else
            printf("\"%s\"", side_name(g, a->winner));
        printf(", \"reason\": ");
        json_str(stdout, a->reason);
        printf(", \"fen\": ");
        json_str(stdout, fen);
        printf(", \"moves\": ");
        print_played(g);
        printf(", \"mistakes\": {\"%s\": %d, \"%s\": %d}}\n", s0, a->mistakes[0], s1,
               a->mistakes[1]);
        return;
    }
    printf("\n");
    cli_draw(current(g), stdout);
    printf("\n%s\n", fen);
    if (a->winner < 0)
        printf("result: draw (%s)\n", a->reason);
    else
        printf("result: %s win%s (%s)\n", side_name(g, a->winner),
               g->start.variant.game == GUTI_BAGHCHAL ? "" : "s", a->reason);
    printf("mistakes by the tables: %s %d, %s %d\n", s0, a->mistakes[0], s1, a->mistakes[1]);
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

static void show_move(const struct session *g, bool machine, int side, const char *move,
                      const struct guti_result *r)
{
    char value[40];
    value_text(r, value, sizeof value);
    if (g->json) {
        char fen[GUTI_FEN_MAX];
        guti_format_fen(current(g), fen, sizeof fen, NULL);
        printf("{\"event\": \"move\", \"by\": \"%s\", \"side\": \"%s\", \"move\": \"%s\", "
               "\"value\": \"%s\", \"dtm\": ",
               machine ? "machine" : "person", side_name(g, side), move, guti_value_name(r->value));
        print_dtm(r->value == GUTI_UNKNOWN ? -1 : r->dtm);
        printf(", \"fen\": ");
        json_str(stdout, fen);
        printf("}\n");
    } else if (machine)
        printf("%s play%s %s (%s: %s)\n", side_name(g, side),
               g->start.variant.game == GUTI_BAGHCHAL ? "" : "s", move, side_name(g, side), value);
}

/* The hint: every move with its value for the mover, best first, as guti query's text. */
static void show_hint(struct session *g, const char *input)
{
    struct guti_error err;
    int n = 0;
    if (guti_probe_moves(g->t, current(g), g->scored, MAX_MOVES, &n, &err)) {
        input_error(g, input, err.message);
        return;
    }
    struct guti_scored_move *m = g->scored;
    if (g->json) {
        char fen[GUTI_FEN_MAX];
        guti_format_fen(current(g), fen, sizeof fen, NULL);
        printf("{\"event\": \"hint\", \"fen\": ");
        json_str(stdout, fen);
        printf(", \"moves\": [");
        for (int i = 0; i < n; i++) {
            printf("%s", i ? ", " : "");
            query_json_move(&m[i], false, false, stdout);
        }
        printf("]}\n");
        return;
    }
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

/* Whether the person meant a move: a point's name first (a1, c4xc6), or pass. */
static bool looks_like_move(const char *s)
{
    return (isalpha((unsigned char)s[0]) && isdigit((unsigned char)s[1])) || !strcasecmp(s, "pass");
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
        if (looks_like_move(input)) {
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
    if (guti_probe_move(g->t, p, text, &sm, &err)) sm.result.value = GUTI_UNKNOWN;
    int side = p->side;
    if (push(g, text, &after)) return cli_error("play: out of memory");
    show_move(g, false, side, g->moves[g->n - 1], &sm.result);
    *made = true;
    return 0;
}

static int machine_move(struct session *g)
{
    struct guti_scored_move best;
    struct guti_error err;
    int side = current(g)->side;
    if (guti_best_move(g->t, current(g), &best, &err)) return cli_error("play: %s", err.message);
    if (push(g, best.move.text, &best.move.after)) return cli_error("play: out of memory");
    show_move(g, true, side, best.move.text, &best.result);
    return 0;
}

/* One line of input, without its end of line and surrounding blanks, or NULL at the end
 * of the input. */
static char *read_line(char **line, size_t *cap)
{
    ssize_t len = getline(line, cap, stdin);
    if (len < 0) return NULL;
    char *s = *line;
    s[strcspn(s, "\r\n")] = 0;
    while (*s == ' ' || *s == '\t') s++;
    size_t end = strlen(s);
    while (end > 0 && (s[end - 1] == ' ' || s[end - 1] == '\t')) s[--end] = 0;
    return s;
}

/* The game: returns the exit status. */
static int play(struct session *g)
{
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    for (;;) {
        bool over;
        struct guti_error err;
        if ((rc = adjudicate(g, &over, &err))) {
            rc = cli_error("play: %s", err.message);
            break;
        }
        if (over) {
            show_end(g);
            break;
        }
        const struct guti_position *p = current(g);
        bool person = persons_turn(g, p->side);
        struct guti_result r;
        char why[sizeof err.message] = "";
        if (guti_probe(g->t, p, &r, &err)) {
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
        /* the person's turn: commands until a move is made */
        bool made = false, quit = false;
        while (!made && !quit) {
            if (!g->json) printf("%s> ", side_name(g, p->side));
            fflush(stdout);
            char *in = read_line(&line, &cap);
            if (!in) {
                if (!g->json) printf("\n");
                quit = true;
                break;
            }
            if (g->echo) printf("%s\n", in);
            if (!*in) continue;
            if (!strcasecmp(in, "quit") || !strcasecmp(in, "exit")) {
                quit = true;
            } else if (!strcasecmp(in, "hint")) {
                show_hint(g, in);
            } else if (!strcasecmp(in, "undo")) {
                int n = g->n;
                undo(g, in);
                if (g->n != n) break; /* the position again */
            } else if (!strcasecmp(in, "fen")) {
                char fen[GUTI_FEN_MAX];
                guti_format_fen(p, fen, sizeof fen, NULL);
                if (g->json) {
                    printf("{\"event\": \"fen\", \"fen\": ");
                    json_str(stdout, fen);
                    printf("}\n");
                } else
                    printf("%s\n", fen);
            } else if (!strcasecmp(in, "moves")) {
                size_t len = 200 + (size_t)g->n * (GUTI_MOVE_MAX + 8) + GUTI_FEN_MAX;
                char *rec = malloc(len);
                if (!rec) {
                    rc = cli_error("play: out of memory");
                    break;
                }
                record_text(g, "*", rec, len);
                if (g->json) {
                    printf("{\"event\": \"record\", \"record\": ");
                    json_str(stdout, rec);
                    printf("}\n");
                } else
                    fputs(rec, stdout);
                free(rec);
            } else if (!strcasecmp(in, "help") || !strcmp(in, "?")) {
                if (g->json) {
                    printf("{\"event\": \"help\", \"text\": ");
                    json_str(stdout, commands_help);
                    printf("}\n");
                } else
                    fputs(commands_help, stdout);
            } else if ((rc = person_move(g, in, &made))) {
                break;
            }
        }
        if (rc) break;
        if (quit) {
            char fen[GUTI_FEN_MAX];
            guti_format_fen(current(g), fen, sizeof fen, NULL);
            if (g->json) {
                printf("{\"event\": \"quit\", \"fen\": ");
                json_str(stdout, fen);
                printf(", \"moves\": ");
                print_played(g);
                printf("}\n");
            } else
                printf("quit: the game unfinished after %d move%s\n", g->n, g->n == 1 ? "" : "s");
            break;
        }
    }
    free(line);
    return rc;
}

int cmd_play(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL, *side_opt = NULL, *fen_opt = NULL;
    const struct cli_option opts[] = {CLI_OPTION("side", CLI_TEXT, &side_opt),
                                      CLI_OPTION("dir", CLI_TEXT, &dir_opt),
                                      CLI_OPTION("rules", CLI_RULES, &o.rules),
                                      CLI_OPTION("board", CLI_BOARD, &o.board),
                                      CLI_OPTION("fen", CLI_TEXT, &fen_opt),
                                      CLI_OPTION("json", CLI_FLAG, &o.json),
                                      CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("play", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return fputs(help, stdout), 0;
    if (argc - first > 1)
        return cli_usage_error("play", "expected at most one GAME, got %d operands", argc - first);
    struct guti_variant v = {0};
    if (first < argc && !(v.game = guti_game_named(argv[first]))) {
        char shown[80];
        cli_quote(argv[first], shown, sizeof shown);
        return cli_usage_error("play", "unknown game '%s' (baghchal or sixteen)", shown);
    }
    if (o.rules && !strncmp(o.rules, "no-repeat", 9))
        return cli_usage_error("play", "rules no-repeat have no tables: a position's value "
                                       "under them depends on the game's history");
    snprintf(v.rules, sizeof v.rules, "%s", o.rules ? o.rules : "");
    snprintf(v.board, sizeof v.board, "%s", o.board ? o.board : "");
    struct session g = {.json = o.json};
    struct guti_error err;
    if (fen_opt) {
        if (guti_parse_fen(fen_opt, &v, &g.start, &err)) {
            fprintf(stderr, "guti: play: %s\n", err.message);
            /* a game, rules or board that do not go together is a usage error */
            return strncmp(err.message, "position", 8) ? EXIT_USAGE : EXIT_BAD;
        }
    } else {
        if (!v.game) v.game = GUTI_BAGHCHAL;
        if (guti_start(&v, &g.start, &err)) return cli_usage_error("play", "%s", err.message);
    }
    enum guti_game game = g.start.variant.game;
    g.person = g.start.side;
    if (side_opt) {
        if (!strcasecmp(side_opt, "none"))
            g.person = PERSON_NONE;
        else if (!strcasecmp(side_opt, "both"))
            g.person = PERSON_BOTH;
        else if (!strcasecmp(side_opt, guti_side_name(game, 0)))
            g.person = 0;
        else if (!strcasecmp(side_opt, guti_side_name(game, 1)))
            g.person = 1;
        else {
            char shown[80];
            cli_quote(side_opt, shown, sizeof shown);
            return cli_usage_error("play", "--side '%s': expected %s, %s, none or both", shown,
                                   guti_side_name(game, 0), guti_side_name(game, 1));
        }
    }
    int open_rc = cli_open_tables("play", dir_opt, 0, true, &g.t);
    if (open_rc) return open_rc;
    /* Bagh-Chal with no board named: the board of the tables there, when they have one */
    if (!fen_opt && !o.board && game == GUTI_BAGHCHAL) {
        struct guti_variant have[64];
        int n = guti_variants(g.t, have, 64), boards = 0;
        const char *board = NULL;
        for (int i = 0; i < n && i < 64; i++)
            if (have[i].game == game && (!board || strcmp(board, have[i].board)))
                board = have[i].board, boards++;
        if (boards == 1) {
            snprintf(v.board, sizeof v.board, "%s", board);
            guti_start(&v, &g.start, NULL);
        }
    }
    /* The start's value, which also tells the rules of the tables there when none are
     * named; a missing table ends it here, before the game. */
    struct guti_result r;
    if (!o.rules) g.start.variant.rules[0] = 0;
    if (guti_probe(g.t, &g.start, &r, &err)) {
        guti_close(g.t);
        return cli_error("play: %s", err.message);
    }
    if (!o.rules) memcpy(g.start.variant.rules, r.variant.rules, sizeof g.start.variant.rules);
    g.a = malloc(sizeof *g.a);
    g.scored = malloc(MAX_MOVES * sizeof *g.scored);
    g.legal = malloc(MAX_MOVES * sizeof *g.legal);
    if (!g.a || !g.scored || !g.legal || grow(&g))
        rc = cli_error("play: out of memory");
    else {
        g.pos[0] = g.start;
        g.echo = !g.json && !isatty(STDIN_FILENO);
        rc = play(&g);
    }
    guti_close(g.t);
    free(g.a);
    free(g.scored);
    free(g.legal);
    free(g.moves);
    free(g.texts);
    free(g.pos);
    free(g.an);
    return rc;
}
