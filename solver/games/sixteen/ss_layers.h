/*
 * Sixteen Soldiers' endgames as layers for the retrograde engine.
 *
 * A position is (A, B): A the pieces of the side to move, B the other side's; the colour
 * does not matter (docs/rules.md, "Solving"). Positions are symmetry classes under the board's
 * 4 symmetries, numbered by the pair index with a = |A|, b = |B|.
 *
 * The material {m, n}, m >= n >= 1, is one engine layer: a step swaps the roles, so
 * (m, n) and (n, m) are solved together, as part 0 (the side to move has m pieces) and
 * part 1 (it has n), the latter absent when m = n. Position i of the layer is class
 * i - part[p].offset of part p's index. A capture (a whole chain) leaves the layer for
 * less material, solved before; taking the opponent's last piece ends the game, an exit
 * to a position lost in 0.
 *
 * Moves are docs/rules.md's: under optional, steps and every prefix of every chain; under
 * forced, only maximal chains, and only captures when any capture exists. Successors and
 * predecessors inside the layer are distinct classes; exits are not deduplicated (an
 * exit met twice changes no value; move_fold.n counts chains found, not moves).
 */
#ifndef GUTI_SS_LAYERS_H
#define GUTI_SS_LAYERS_H

#include "game.h"
#include "index.h"
#include "retro.h"
#include "symmap.h"

#define SS_MAX_PIECES 16

struct ss_part {
    int m, n;             /* pieces of the side to move, of the other side */
    struct pair_index ix; /* a = m, b = n */
    uint64_t offset;      /* the part's first position in the layer */
    /* The first orbit of the index met in each block of 2^block_shift classes: finding
     * a class's orbit quickly (ss_layers.c). */
    uint32_t *block_orbit;
    int block_shift;
};

struct ss_db;

struct ss_layer {
    const struct game *g;
    const struct ss_db *db; /* the symmetries, and the solved layers the exits read */
    int m, n;               /* m >= n */
    int nparts;             /* 2, or 1 when m = n */
    struct ss_part part[2]; /* part[0]: (m, n); part[1]: (n, m) */
    uint64_t size;          /* positions of both parts */
    retro_code *res;        /* the codes, once solved (size entries); NULL before */
};

/* The solved layers, by material, and what they share. */
struct ss_db {
    const struct game *g; /* Sixteen Soldiers, its rules and board */
    struct symmap *sm;
    /* layer[m][n]: the layer holding (m, n), registered by ss_db_add; the same layer
     * appears as [m][n] and [n][m]. Owned by the db (freed by ss_db_free). */
    struct ss_layer *layer[SS_MAX_PIECES + 1][SS_MAX_PIECES + 1];
    int index_threads; /* the threads a layer's indexes are built with (pair_index_init) */
};

/* 0, or -1 when memory runs out. */
int ss_db_init(struct ss_db *db, const struct game *g);
/* Frees the db and every layer registered in it. */
void ss_db_free(struct ss_db *db);
/* Registers a layer (allocated with malloc, solved) under (m, n) and (n, m). */
void ss_db_add(struct ss_db *db, struct ss_layer *l);
/* The layer holding material (m, n), or NULL. */
const struct ss_layer *ss_db_find(const struct ss_db *db, int m, int n);

/* Sets up the layer {m, n} (either order); its exits read db's layers. 0 or -1. */
int ss_layer_init(struct ss_layer *l, const struct ss_db *db, int m, int n);
void ss_layer_free(struct ss_layer *l);

/* The engine's view of the layer; every layer with fewer pieces must be in db, solved. */
struct retro_layer ss_layer_retro(struct ss_layer *l);

/* The position number of (mover, other) in the layer (the material must be the layer's),
 * and back: the canonical representative of position i. */
uint64_t ss_layer_position_index(const struct ss_layer *l, bits_t mover, bits_t other);
void ss_layer_position(const struct ss_layer *l, uint64_t i, bits_t *mover, bits_t *other);

/* The code of (mover, other) from the solved layers: 1 (lost now) when the mover has no
 * piece. The layer of the material must be in db, solved, and other not empty. */
retro_code ss_db_code(const struct ss_db *db, bits_t mover, bits_t other);
/* The same for a position of the game (side to move pos->side). */
retro_code ss_position_code(const struct ss_db *db, const struct position *pos);

/* Whether a capture from material {m, n} (either side to move) can lead to material
 * {a, b}: the mover taking j of the other's pieces, 0 < j < the other's, makes
 * {mover, other - j}; taking the last piece ends the game instead. */
bool ss_material_reads(int m, int n, int a, int b);

/* The materials {m, n}, m >= n >= 1, m + n <= max_pieces (m <= SS_MAX_PIECES), in the
 * order they are solved: total pieces ascending, then m descending. A capture lowers the
 * total, so every material comes after all it reads. Writes up to max of them into out
 * (out[k][0] = m, out[k][1] = n); returns how many there are. */
int ss_material_order(int max_pieces, int (*out)[2], int max);

#endif
