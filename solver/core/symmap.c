#include "symmap.h"

#include <stdbool.h>
#include <string.h>

void symmap_init(struct symmap *m, const struct board *b)
{
    memset(m, 0, sizeof *m);
    m->nsyms = b->nsyms;
    m->nchunks = (b->npoints + 7) / 8;
    for (int s = 0; s < b->nsyms; s++)
        for (int c = 0; c < m->nchunks; c++)
            for (int v = 0; v < 256; v++) {
                bits_t x = (bits_t)v << (8 * c), y = 0;
                for (int p = 8 * c; p < 8 * c + 8 && p < b->npoints; p++)
                    if (x & BIT(p)) y |= BIT(b->sym[s][p]);
                m->t[s][c][v] = y;
            }
    for (int s = 0; s < b->nsyms; s++)
        for (int t = 0; t < b->nsyms; t++)
            for (int u = 0; u < b->nsyms; u++) {
                bool same = true;
                for (int p = 0; p < b->npoints && same; p++)
                    same = b->sym[u][p] == b->sym[s][b->sym[t][p]];
                if (same) m->compose[s][t] = u;
                if (same && u == 0) m->inverse[s] = t;
            }
}
