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

/* The capture goal, when the rules' name carries one: "standard-k3" is the standard rules
 * with three captures to win. It rides on the name so that everything keyed by the rules
 * (table names and headers, records' Rules tags, the library's variants) tells the goals
 * apart with no field of its own. Returns the goal (0: none) and the name's length without
 * it, or -1 for a suffix that is no number. */
int game_capture_goal(const char *rules, size_t *base_len)
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
    if (game_capture_goal(rules, &base_len) != 0) {
        snprintf(err, errlen, "rules '%s' name a capture goal already", QUOTE(rules));
        return -1;
    }
    if (snprintf(buf, len, "%s-k%d", rules, goal) >= (int)len) {
        snprintf(err, errlen, "rules '%s': name too long", QUOTE(rules));
        return -1;
    }
    return 0;
}

/* "baghchal or sixteen": the games' names, for messages. */
static void game_names(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; game_registry(i) && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s",
                                 i == 0                 ? ""
                                 : game_registry(i + 1) ? ", "
                                                        : " or ",
                                 game_registry(i)->name);
}

static bool named(const struct game_ops *o, const char *name)
{
    if (strcasecmp(name, o->name) == 0) return true;
    for (const char *const *a = o->aliases; a && *a; a++)
        if (strcasecmp(name, *a) == 0) return true;
    return false;
}

int game_setup(struct game *g, const char *name, const char *rules, const char *board, char *err,
               size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (!name) name = "";
    for (int i = 0; game_registry(i); i++)
        if (named(game_registry(i), name)) {
            g->ops = game_registry(i);
            return g->ops->setup(g, rules, board, err, errlen);
        }
    char names[200];
    game_names(names, sizeof names);
    snprintf(err, errlen, "unknown game '%s' (%s)", QUOTE(name), names);
    return -1;
}

int game_setup_for_fen(struct game *g, const char *fen, const char *name, const char *rules,
                       const char *board, char *err, size_t errlen)
{
    if (fen) {
        /* The number of rows tells the game and its board (each game's board_for_rows). A
         * game or board named explicitly wins; a FEN that disagrees fails to parse. */
        while (*fen == ' ') fen++; /* as the parsers do */
        int rows = *fen ? 1 : 0;
        for (const char *c = fen; *c && *c != ' '; c++) rows += *c == '/';
        const struct game_ops *by_rows = NULL;
        for (int i = 0; game_registry(i) && !by_rows; i++)
            if (game_registry(i)->board_for_rows && game_registry(i)->board_for_rows(rows))
                by_rows = game_registry(i);
        if (!name && by_rows) name = by_rows->name;
        if (!name) {
            char known[200];
            size_t used = 0;
            known[0] = 0;
            for (int i = 0; game_registry(i) && used < sizeof known; i++)
                if (game_registry(i)->fen_rows)
                    used += (size_t)snprintf(known + used, sizeof known - used, "%s%s%s for %s",
                                             used ? ", " : "", game_registry(i)->fen_rows,
                                             used ? "" : " rows", game_registry(i)->title);
            snprintf(err, errlen, "position: %d row%s, which is no game's board (%s)", rows,
                     rows == 1 ? "" : "s", known);
            return -1;
        }
        if (!board && game_setup(g, name, NULL, NULL, err, errlen) == 0 && g->ops->board_for_rows)
            board = g->ops->board_for_rows(rows);
    }
    return game_setup(g, name, rules, board, err, errlen);
}

bool game_same(const struct game *a, const struct game *b)
{
    return a->ops == b->ops && a->board == b->board && a->rules == b->rules &&
           a->repeat_window == b->repeat_window && a->capture_goal == b->capture_goal &&
           game_clock_limit(a) == game_clock_limit(b) && a->side_men[0] == b->side_men[0] &&
           a->side_men[1] == b->side_men[1] && a->start_on_board[0] == b->start_on_board[0] &&
           a->start_on_board[1] == b->start_on_board[1];
}

int game_clock_limit(const struct game *g)
{
    return g->limit ? g->limit : g->ops->clock_limit;
}

/* Draw rules are all rules' but no-repeat's (docs/rules.md); the clock is one of them only
 * where the game, or the caller through g->limit, gives it a limit. */
bool game_has_clock(const struct game *g)
{
    return !g->no_repeat && game_clock_limit(g) > 0;
}

void game_rules_name(const struct game *g, char *buf, size_t len)
{
    g->ops->rules_name(g, buf, len);
}

int game_play_text(const struct game *g, const struct position *pos, const char *text,
                   struct position *succ, char *why, size_t whylen)
{
    struct move m;
    if (notation_parse_move(g->board, text, &m, why, whylen)) return -1;
    return g->ops->play(g, pos, &m, succ, why, whylen);
}

/* The loser in a sentence, with the verb "has" in its number: "the goats have", "the jaguar
 * has", "red has" (game_ops.side_plural, side_article). */
static void side_has(const struct game *g, int side, char *buf, size_t len)
{
    bool article = side >= 0 && g->ops->side_article[side];
    bool plural = side >= 0 && g->ops->side_plural[side];
    snprintf(buf, len, "%s%s %s", article ? "the " : "", side >= 0 ? g->ops->side_name[side] : "",
             plural ? "have" : "has");
}

const char *end_reason_text(const struct game *g, const struct outcome *o, int loser)
{
    static _Thread_local char buf[120];
    const char *who = loser >= 0 ? g->ops->side_name[loser] : "";
    char subject[60];
    side_has(g, loser, subject, sizeof subject);
    switch (o->reason) {
    case END_NONE:
        return "the game goes on";
    case END_CAPTURES:
        /* the loser's men were taken: "5 goats captured" */
        snprintf(buf, sizeof buf, "%d %s%s captured", g->capture_goal,
                 g->ops->piece_name[loser >= 0 ? loser : 0], g->capture_goal == 1 ? "" : "s");
        return buf;
    case END_NO_MOVES:
        snprintf(buf, sizeof buf, "%s no legal move", subject);
        return buf;
    case END_NO_PIECES:
        snprintf(buf, sizeof buf, "%s no pieces left", subject);
        return buf;
    case END_REPETITION:
        return "third repetition of the position";
    case END_CLOCK:
        snprintf(buf, sizeof buf, "%d half-moves without capture%s", game_clock_limit(g),
                 g->ops->clock_reset ? g->ops->clock_reset : "");
        return buf;
    case END_REFUSED:
        snprintf(buf, sizeof buf, "every move of the %s recreates an earlier board (no-repeat)",
                 who);
        return buf;
    }
    return "?";
}

int game_check_clock(const struct game *g, const struct position *pos, char *err, size_t errlen)
{
    int limit = game_clock_limit(g);
    if (game_has_clock(g) && pos->clock > limit) {
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
    if (game_has_clock(g) && pos->clock >= game_clock_limit(g)) {
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
