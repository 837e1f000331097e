/* What all games share: move lists, setting up a game by name, playing a move's text. */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "notation.h"

void movelist_init(struct movelist *l)
{
    memset(l, 0, sizeof *l);
}

void movelist_free(struct movelist *l)
{
    free(l->mv);
    free(l->succ);
    free(l->seen);
    movelist_init(l);
}

int movelist_reserve(struct movelist *l, int n)
{
    if (n <= l->cap) return 0;
    int cap = l->cap ? l->cap : 64;
    while (cap < n) cap *= 2;
    struct move *mv = realloc(l->mv, (size_t)cap * sizeof *mv);
    struct position *sc = realloc(l->succ, (size_t)cap * sizeof *sc);
    /* Either array may have moved already: keep what was reallocated, so that the list
     * stays whole and can be freed. */
    if (mv) l->mv = mv;
    if (sc) l->succ = sc;
    if (!mv || !sc) return -1;
    l->cap = cap;
    return 0;
}

int movelist_push(struct movelist *l, const struct move *m, const struct position *succ)
{
    if (l->n == l->cap && movelist_reserve(l, l->cap + 1)) return -1;
    l->mv[l->n] = *m;
    l->succ[l->n] = *succ;
    return l->n++;
}

/* Bagh-Chal's parameters per board: the tigers start on the corners. */
static const struct {
    const char *board;
    const char *tigers[4];
    int ngoats, captures_to_win;
} baghchal_boards[] = {
    {"5x5", {"a1", "e1", "a5", "e5"}, 20, 5},
    {"4x4", {"a1", "d1", "a4", "d4"}, 12, 3},
    {"3x3", {"a1", "c1", "a3", "c3"}, 4, 1},
};

/* The capture goal, when the rules' name carries one: "standard-k3" is the standard rules
 * with three captures to win. It rides on the name so that everything keyed by the rules
 * (table names and headers, records' Rules tags, the library's variants) tells the goals
 * apart with no field of its own. Returns the goal (0: none) and the name's length without
 * it, or -1 for a suffix that is no number. */
static int capture_goal(const char *rules, size_t *base_len)
{
    const char *k = strrchr(rules, '-');
    *base_len = strlen(rules);
    if (!k || k[1] != 'k' || !k[2] || strspn(k + 2, "0123456789") != strlen(k + 2)) return 0;
    *base_len = (size_t)(k - rules);
    /* -k0, a number with a leading zero, or one too long to be a goal */
    if (k[2] == '0' || strlen(k + 2) > 4) return -1;
    return atoi(k + 2);
}

int game_rules_with_goal(const char *rules, int goal, char *buf, size_t len, char *err,
                         size_t errlen)
{
    size_t base_len;
    if (!rules) rules = "standard";
    if (capture_goal(rules, &base_len) != 0) {
        snprintf(err, errlen, "rules '%s' name a capture goal already", QUOTE(rules));
        return -1;
    }
    if (snprintf(buf, len, "%s-k%d", rules, goal) >= (int)len) {
        snprintf(err, errlen, "rules '%s': name too long", QUOTE(rules));
        return -1;
    }
    return 0;
}

static int setup_baghchal(struct game *g, const char *rules_named, const char *board, char *err,
                          size_t errlen)
{
    int i, n = (int)(sizeof baghchal_boards / sizeof baghchal_boards[0]);
    if (!board) board = "5x5";
    for (i = 0; i < n && strcmp(baghchal_boards[i].board, board) != 0; i++) {}
    if (i == n) {
        snprintf(err, errlen, "unknown board '%s' (5x5, 4x4 or 3x3)", QUOTE(board));
        return -1;
    }
    g->ops = &baghchal_ops;
    if (!(g->board = board_named(board))) {
        snprintf(err, errlen, "internal error: board '%s' does not build", board);
        return -1;
    }
    g->ntigers = 4;
    g->ngoats = baghchal_boards[i].ngoats;
    g->captures_to_win = g->captures_default = baghchal_boards[i].captures_to_win;
    char base[64];
    if (rules_named) {
        size_t base_len;
        int goal = capture_goal(rules_named, &base_len);
        int most = g->ngoats < GAME_MAX_CAPTURE_GOAL ? g->ngoats : GAME_MAX_CAPTURE_GOAL;
        if (goal < 0 || goal > most) {
            snprintf(err, errlen, "rules '%s': capture goal %s, expected 1..%d on %s",
                     QUOTE(rules_named), QUOTE(rules_named + base_len + 2), most, board);
            return -1;
        }
        if (goal) g->captures_to_win = goal;
        snprintf(base, sizeof base, "%.*s", (int)(base_len < 63 ? base_len : 63), rules_named);
    }
    const char *rules = rules_named ? base : NULL;
    for (int t = 0; t < 4; t++)
        g->tiger_start |= BIT(board_parse_point(g->board, baghchal_boards[i].tigers[t], 2));
    if (!rules || strcmp(rules, "standard") == 0) {
        g->rules = BC_STANDARD;
    } else if (strcmp(rules, "goat-pass") == 0) {
        g->rules = BC_GOAT_PASS;
    } else if (strncmp(rules, "no-repeat", 9) == 0 && (rules[9] == 0 || rules[9] == ':')) {
        g->rules = BC_NO_REPEAT;
        const char *w = rules[9] ? rules + 10 : "unlimited";
        char why[120];
        if (strcmp(w, "unlimited") != 0 &&
            notation_parse_int(w, 1, 1000000, "window", &g->repeat_window, why, sizeof why)) {
            snprintf(err, errlen, "rules no-repeat: %s (unlimited or a number of boards)", why);
            return -1;
        }
    } else {
        snprintf(err, errlen,
                 "unknown rules '%s' for baghchal (standard, goat-pass, no-repeat, no-repeat:N, "
                 "each with -kN for N captures to win)",
                 QUOTE(rules));
        return -1;
    }
    return 0;
}

int game_setup(struct game *g, const char *name, const char *rules, const char *board, char *err,
               size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (!name) name = "";
    if (strcasecmp(name, "baghchal") == 0 || strcasecmp(name, "bagh-chal") == 0)
        return setup_baghchal(g, rules, board, err, errlen);
    if (strcasecmp(name, "sixteen") == 0 || strcasecmp(name, "sixteen-soldiers") == 0 ||
        strcasecmp(name, "sholo-guti") == 0) {
        if (board && strcmp(board, "sixteen") != 0) {
            snprintf(err, errlen, "board '%s' is for baghchal: Sixteen Soldiers has one board",
                     QUOTE(board));
            return -1;
        }
        g->ops = &sixteen_ops;
        if (!(g->board = board_named("sixteen"))) {
            snprintf(err, errlen, "internal error: board 'sixteen' does not build");
            return -1;
        }
        if (!rules || strcmp(rules, "optional") == 0)
            g->rules = SS_OPTIONAL;
        else if (strcmp(rules, "forced") == 0)
            g->rules = SS_FORCED;
        else {
            snprintf(err, errlen, "unknown rules '%s' for sixteen (optional, forced)",
                     QUOTE(rules));
            return -1;
        }
        return 0;
    }
    snprintf(err, errlen, "unknown game '%s' (baghchal or sixteen)", QUOTE(name));
    return -1;
}

int game_setup_for_fen(struct game *g, const char *fen, const char *name, const char *rules,
                       const char *board, char *err, size_t errlen)
{
    if (fen) {
        /* The number of rows tells the board: 9 is Sixteen Soldiers, 3 to 5 a Bagh-Chal
         * board. A game or board named explicitly wins; a FEN that disagrees fails to parse. */
        while (*fen == ' ') fen++; /* as the parsers do */
        int rows = *fen ? 1 : 0;
        for (const char *c = fen; *c && *c != ' '; c++) rows += *c == '/';
        static const char *const boards[] = {"3x3", "4x4", "5x5"};
        bool bc_rows = rows >= 3 && rows <= 5;
        if (!name && rows == 9)
            name = "sixteen";
        else if (!name && bc_rows)
            name = "baghchal";
        if (!name) {
            snprintf(err, errlen,
                     "position: %d row%s, which is no game's board (3, 4 or 5 rows for "
                     "Bagh-Chal, 9 for Sixteen Soldiers)",
                     rows, rows == 1 ? "" : "s");
            return -1;
        }
        if (!board && bc_rows && game_setup(g, name, NULL, NULL, err, errlen) == 0 &&
            g->ops == &baghchal_ops)
            board = boards[rows - 3];
    }
    return game_setup(g, name, rules, board, err, errlen);
}

bool game_same(const struct game *a, const struct game *b)
{
    return a->ops == b->ops && a->board == b->board && a->rules == b->rules &&
           a->repeat_window == b->repeat_window && a->captures_to_win == b->captures_to_win &&
           game_clock_limit(a) == game_clock_limit(b);
}

int game_clock_limit(const struct game *g)
{
    return g->limit ? g->limit : g->ops->clock_limit;
}

void game_rules_name(const struct game *g, char *buf, size_t len)
{
    if (g->ops == &sixteen_ops)
        snprintf(buf, len, "%s", g->rules == SS_FORCED ? "forced" : "optional");
    else if (g->rules == BC_NO_REPEAT && g->repeat_window)
        snprintf(buf, len, "no-repeat:%d", g->repeat_window);
    else
        snprintf(buf, len, "%s",
                 g->rules == BC_GOAT_PASS   ? "goat-pass"
                 : g->rules == BC_NO_REPEAT ? "no-repeat"
                                            : "standard");
    /* a goal other than the board's own is part of the name (capture_goal) */
    size_t used = strlen(buf);
    if (g->ops == &baghchal_ops && g->captures_to_win != g->captures_default && used < len)
        snprintf(buf + used, len - used, "-k%d", g->captures_to_win);
}

int game_play_text(const struct game *g, const struct position *pos, const char *text,
                   struct position *succ, char *why, size_t whylen)
{
    struct move m;
    if (notation_parse_move(g->board, text, &m, why, whylen)) return -1;
    return g->ops->play(g, pos, &m, succ, why, whylen);
}

const char *end_reason_text(const struct game *g, const struct outcome *o, int loser)
{
    static _Thread_local char buf[120];
    const char *who = loser >= 0 ? g->ops->side_name[loser] : "";
    switch (o->reason) {
    case END_NONE:
        return "the game goes on";
    case END_CAPTURES:
        snprintf(buf, sizeof buf, "%d goat%s captured", g->captures_to_win,
                 g->captures_to_win == 1 ? "" : "s");
        return buf;
    case END_NO_MOVES:
        if (g->ops == &baghchal_ops)
            snprintf(buf, sizeof buf, "the %s have no legal move", who);
        else
            snprintf(buf, sizeof buf, "%s has no legal move", who);
        return buf;
    case END_NO_PIECES:
        snprintf(buf, sizeof buf, "%s has no pieces left", who);
        return buf;
    case END_REPETITION:
        return "third repetition of the position";
    case END_CLOCK:
        snprintf(buf, sizeof buf, "%d half-moves without capture%s", game_clock_limit(g),
                 g->ops == &baghchal_ops ? " or placement" : "");
        return buf;
    case END_REFUSED:
        snprintf(buf, sizeof buf, "every move of the %s recreates an earlier board (no-repeat)",
                 who);
        return buf;
    }
    return "?";
}

/* Whether the rules have draw rules: all but no-repeat (rules.md). */
static bool has_clock(const struct game *g)
{
    return !(g->ops == &baghchal_ops && g->rules == BC_NO_REPEAT);
}

int game_check_clock(const struct game *g, const struct position *pos, char *err, size_t errlen)
{
    int limit = game_clock_limit(g);
    if (has_clock(g) && pos->clock > limit) {
        snprintf(err, errlen,
                 "position: clock %d is past the counting rule's limit, %d half-moves: the game "
                 "was drawn at %d",
                 pos->clock, limit, limit);
        return -1;
    }
    return 0;
}

bool game_over_at(const struct game *g, const struct position *pos, struct outcome *out)
{
    if (g->ops->over(g, pos, out)) return true;
    if (has_clock(g) && pos->clock >= game_clock_limit(g)) {
        *out = (struct outcome){END_CLOCK, -1};
        return true;
    }
    *out = (struct outcome){END_NONE, -1};
    return false;
}

bool outcome_reachable(const struct position *pos, const struct outcome *o)
{
    /* A game ends on the move that decides it: the winner moved last, so the loser is to
     * move. A finished position with the winner to move follows no legal move. */
    return o->winner != pos->side;
}
