/* The built-in boards, each written as its list of lines (docs/rules.md). */
#include <string.h>

#include "board.h"

#define LINES(...)                                                                                 \
    (const char *const[])                                                                          \
    {                                                                                              \
        __VA_ARGS__                                                                                \
    }
#define COUNT(...) (int)(sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *))
#define BOARD(name, ...)                                                                           \
    {                                                                                              \
        name, LINES(__VA_ARGS__), COUNT(__VA_ARGS__)                                               \
    }

static const struct {
    const char *name;
    const char *const *lines;
    int nlines;
} defs[] = {
    BOARD("5x5", /* Bagh-Chal: the Alquerque board */
          "a1 b1 c1 d1 e1", "a2 b2 c2 d2 e2", "a3 b3 c3 d3 e3", "a4 b4 c4 d4 e4", "a5 b5 c5 d5 e5",
          "a1 a2 a3 a4 a5", "b1 b2 b3 b4 b5", "c1 c2 c3 c4 c5", "d1 d2 d3 d4 d5", "e1 e2 e3 e4 e5",
          "a1 b2 c3 d4 e5", "e1 d2 c3 b4 a5", "a3 b4 c5", "c5 d4 e3", "e3 d2 c1", "c1 b2 a3"),
    BOARD("4x4", /* rows and columns only */
          "a1 b1 c1 d1", "a2 b2 c2 d2", "a3 b3 c3 d3", "a4 b4 c4 d4", "a1 a2 a3 a4", "b1 b2 b3 b4",
          "c1 c2 c3 c4", "d1 d2 d3 d4"),
    BOARD("3x3", /* rows, columns and both diagonals */
          "a1 b1 c1", "a2 b2 c2", "a3 b3 c3", "a1 a2 a3", "b1 b2 b3", "c1 c2 c3", "a1 b2 c3",
          "c1 b2 a3"),
    BOARD("sixteen", /* Sixteen Soldiers: the 5x5 square on rows 3..7 and two triangles */
          "a3 b3 c3 d3 e3", "a4 b4 c4 d4 e4", "a5 b5 c5 d5 e5", "a6 b6 c6 d6 e6", "a7 b7 c7 d7 e7",
          "a3 a4 a5 a6 a7", "b3 b4 b5 b6 b7", "d3 d4 d5 d6 d7", "e3 e4 e5 e6 e7",
          "c1 c2 c3 c4 c5 c6 c7 c8 c9", "a3 b4 c5 d6 e7", "e3 d4 c5 b6 a7", "a5 b6 c7 d8 e9",
          "e5 d6 c7 b8 a9", "a5 b4 c3 d2 e1", "e5 d4 c3 b2 a1", "b8 c8 d8", "a9 c9 e9", "b2 c2 d2",
          "a1 c1 e1"),
};

#define NDEFS (int)(sizeof defs / sizeof defs[0])

const struct board *board_named(const char *name)
{
    static struct board built[NDEFS];
    static int state[NDEFS]; /* 0 not built yet, 1 built, -1 failed */
    for (int i = 0; i < NDEFS; i++) {
        if (strcmp(defs[i].name, name) != 0) continue;
            /* Built once, on first use. The built-in lines are known good (a unit test
             * builds every one), so a failure is a programming error; the library still
             * neither prints nor aborts: the board is unknown, and game_setup says so. */
#pragma omp critical(board_named)
        if (!state[i]) {
            char err[200];
            state[i] =
                board_build(&built[i], defs[i].name, defs[i].lines, defs[i].nlines, err, sizeof err)
                    ? -1
                    : 1;
        }
        return state[i] == 1 ? &built[i] : NULL;
    }
    return NULL;
}
