/* libguti for guti's own commands, beside guti.h: not exported from the shared library
 * (libguti.map exports guti_* alone), not part of the public interface. */
#ifndef GUTI_INTERNAL_H
#define GUTI_INTERNAL_H

#include "guti.h"

/* guti_open, but a directory that does not exist opens as an empty one (its probes fail
 * with GUTI_ENOTABLE) rather than failing "DIR: no such directory": guti play and guti
 * serve start without tables, unvalued, when the default directory is not there. A path
 * that is there but is not a directory still fails. */
int libguti_open_absent(const char *dir, size_t cache_bytes, guti_tables **out,
                        struct guti_error *err);

/* What the tools say of a game without naming it (help texts, errors, the explorer): the
 * fields of its module (game.h's struct game_ops) that list its variants and word its
 * messages. Games are numbered from 1 as in enum guti_game, a third game's number being
 * the next: iterate until this returns false. */
struct libguti_game_info {
    const char *name, *title;       /* "baghchal", "Bagh-Chal" */
    const char *const *boards;      /* the default first, NULL-terminated */
    const char *const *rules;       /* the default first, NULL-terminated */
    const char *const *table_rules; /* those tables are made for, NULL-terminated */
    const char *clock_reset;        /* " or placement", or "" */
    const char *partial_tables;     /* "movement phase": the part samples answer */
    int clock_limit;                /* the draw rule's half-moves: 100, 80; 0 for none */
    const char *piece_name[2];      /* "goat", "tiger" */
    char piece_letter[2];           /* 'G', 'T' */
    bool has_hand, capture_goal;
    /* each side's number and article in a sentence (game_ops.side_plural, side_article):
     * "the goats have", "the jaguar has", "red has" */
    bool side_plural[2], side_article[2];
};
bool libguti_game_info(enum guti_game game, struct libguti_game_info *out);

/* The i-th position (from 0) of variant v the explorer may open on when its tables do not
 * answer the start (game_ops.sample); false past the last, or for a bad variant. */
bool libguti_sample(const struct guti_variant *v, int i, struct guti_position *pos);
#endif
