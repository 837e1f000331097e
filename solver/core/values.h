/*
 * Values: who wins, in one vocabulary, written once. Three encodings of a position's
 * value for the side to move, and the conversions between them:
 *
 *   a code (retro_code)  0 a draw (and, while solving, not yet known); otherwise d + 1,
 *                        d = DTM, the half-moves to the end of the game with the winner
 *                        hurrying and the loser delaying: the side to move wins when d is
 *                        odd and loses when d is even (d = 0: lost now, no move);
 *   a WDL value          WDL_DRAW 0, WDL_LOSS 1, WDL_WIN 2: the entries of a WDL table
 *                        (tablebase/tb.h's TB_ENTRY_* have these numbers; the library
 *                        checks it at compile time) and of packed arrays (wdl.h); as a
 *                        code it stands for the nearest decision, win in 1 or loss in 0;
 *   a word               "win", "draw", "loss", for people and JSON.
 *
 * And the best value over a position's moves, folded one move at a time (struct
 * move_fold), which the engine, the placement pass, verify and the probe of every move all
 * use: the quickest move to a position lost for the opponent, else a draw, else the
 * slowest loss; no move at all is a loss in 0.
 */
#ifndef GUTI_VALUES_H
#define GUTI_VALUES_H

#include <stdbool.h>
#include <stdint.h>

typedef uint16_t retro_code;

#define RETRO_DRAW 0
#define RETRO_MAX_DTM 65000

static inline bool code_win(retro_code c)
{
    return c && ((c - 1) & 1);
}
static inline bool code_loss(retro_code c)
{
    return c && !((c - 1) & 1);
}
static inline int code_dtm(retro_code c)
{
    return c - 1;
}

enum { WDL_DRAW = 0, WDL_LOSS = 1, WDL_WIN = 2 };

static inline int wdl_of_code(retro_code c)
{
    return c == RETRO_DRAW ? WDL_DRAW : code_win(c) ? WDL_WIN : WDL_LOSS;
}

/* The code a WDL value stands for: win in 1, loss in 0, draw. */
static inline retro_code code_of_wdl(int v)
{
    return v == WDL_WIN ? 2 : v == WDL_LOSS ? 1 : RETRO_DRAW;
}

static inline const char *wdl_word(int v)
{
    return v == WDL_WIN ? "win" : v == WDL_LOSS ? "loss" : "draw";
}

static inline const char *code_word(retro_code c)
{
    return wdl_word(wdl_of_code(c));
}

/* A move's code for the player who makes it, from the code of the position it leads to
 * (the opponent to move there): the opposite value, one half-move further. */
static inline retro_code code_of_move(retro_code succ)
{
    return succ == RETRO_DRAW ? RETRO_DRAW : (retro_code)(succ + 1);
}

/* The order of moves, best first, by their codes for the mover: the quickest wins, then
 * the draws, then the slowest losses. Smaller is better. */
static inline int code_order(retro_code mover)
{
    if (code_win(mover)) return code_dtm(mover);
    if (mover == RETRO_DRAW) return 100000;
    return 200000 - code_dtm(mover);
}

/* Counting-rule codes (the engine's DTC pass, retro.h): 0 a draw under the rule at clock
 * 0; otherwise 2 DTC + 1 for a loss, 2 DTC + 2 for a win, DTC the half-moves to the next
 * zeroing move or the end of the game, the winner hurrying and the loser delaying. Unlike
 * a DTM's, a DTC's parity does not say who wins: a zeroing move counts one half-move,
 * whoever makes it. */
#define RETRO_MAX_DTC 30000

static inline retro_code dtc_code(int dtc, bool win)
{
    return (retro_code)(2 * dtc + (win ? 2 : 1));
}
static inline bool dtc_win(retro_code c)
{
    return c && c % 2 == 0;
}
static inline int dtc_of(retro_code c)
{
    return (c - 1) / 2;
}

/* The five classes at clock 0 with their DTC, as one code (what a DTC table stores,
 * tablebase/tb.h): 0 a draw, 1 a cursed win (a win without the rule, a draw under it), 2 a
 * blessed loss; 3 + 2 DTC a loss and 4 + 2 DTC a win under the rule: the engine's DTC code
 * plus 2. Made from the value without the rule (a DTM code) and the engine's DTC code. */
enum { CLASS_DRAW = 0, CLASS_CURSED_WIN = 1, CLASS_BLESSED_LOSS = 2 };

static inline uint16_t class_code(retro_code dtm, retro_code dtc)
{
    if (dtc) return (uint16_t)(dtc + 2);
    return dtm == RETRO_DRAW ? CLASS_DRAW : code_win(dtm) ? CLASS_CURSED_WIN : CLASS_BLESSED_LOSS;
}

/* The engine's DTC code back from a class code: 0 for the three classes the rule draws. */
static inline retro_code dtc_of_class(uint16_t cls)
{
    return cls > CLASS_BLESSED_LOSS ? (retro_code)(cls - 2) : 0;
}

/* The five classes in the order the statistics count them: 0 win, 1 cursed win, 2 draw,
 * 3 blessed loss, 4 loss. */
static inline int class_column(uint16_t cls)
{
    retro_code d = dtc_of_class(cls);
    if (d) return dtc_win(d) ? 0 : 4;
    return cls == CLASS_CURSED_WIN ? 1 : cls == CLASS_DRAW ? 2 : 3;
}

/* A class in words, for people: "win", "cursed win", "draw", "blessed loss", "loss". */
static inline const char *class_word(uint16_t cls)
{
    static const char *const words[5] = {"win", "cursed win", "draw", "blessed loss", "loss"};
    return words[class_column(cls)];
}

/* What a position's moves give the player to move, folded one move at a time. */
struct move_fold {
    int n;         /* moves folded */
    bool draw;     /* one reaches a draw */
    uint16_t win;  /* the smallest DTM of a win among them; 0 if none */
    uint16_t loss; /* the largest DTM of a loss among them; 0 if none */
};

/* Folds one move, given the code of the position it leads to. */
static inline void move_fold_add(struct move_fold *f, retro_code succ)
{
    f->n++;
    if (succ == RETRO_DRAW)
        f->draw = true;
    else if (code_loss(succ)) {
        uint16_t d = (uint16_t)(code_dtm(succ) + 1);
        if (!f->win || d < f->win) f->win = d;
    } else if (code_dtm(succ) + 1 > f->loss)
        f->loss = (uint16_t)(code_dtm(succ) + 1);
}

/* The code of a position with those moves: the quickest win, else a draw, else the
 * slowest loss (a loss in 0 when there is no move). */
static inline retro_code move_fold_code(const struct move_fold *f)
{
    if (f->win) return (retro_code)(f->win + 1);
    if (f->draw) return RETRO_DRAW;
    return (retro_code)(f->loss + 1);
}

/* The same for WDL values alone (a pass with no distances): returns true once a move
 * wins, after which no other move matters. */
struct wdl_fold {
    bool draw;
};

static inline bool wdl_fold_add(struct wdl_fold *f, int succ)
{
    f->draw |= succ == WDL_DRAW;
    return succ == WDL_LOSS;
}

/* The value of a position whose moves were folded and none won: a draw, else a loss. */
static inline int wdl_fold_value(const struct wdl_fold *f)
{
    return f->draw ? WDL_DRAW : WDL_LOSS;
}

#endif
