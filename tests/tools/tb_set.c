/* tb_set FILE INDEX ENTRY: rewrites a table with entry INDEX set to ENTRY, every checksum
 * right, so that only a re-derivation (guti verify --full) can tell the table is wrong;
 * prints the entry it replaced. For the tests of verify (tests/cli.d); never for tables
 * anyone uses. */
#include <stdio.h>
#include <stdlib.h>

#include "tb.h"

int main(int argc, char **argv)
{
    char err[600];
    struct tb *t;
    if (argc != 4) return fprintf(stderr, "usage: tb_set FILE INDEX ENTRY\n"), 2;
    if (tb_open(argv[1], &t, err, sizeof err)) return fprintf(stderr, "tb_set: %s\n", err), 1;
    struct tb_meta meta = *tb_get_meta(t);
    uint64_t i = strtoull(argv[2], NULL, 10);
    uint16_t *e = malloc((meta.npositions ? meta.npositions : 1) * sizeof *e);
    if (!e || i >= meta.npositions || tb_read_all(t, e, err, sizeof err))
        return fprintf(stderr, "tb_set: %s\n", e && i < meta.npositions ? err : "bad index"), 1;
    tb_close(t);
    printf("%u\n", e[i]);
    e[i] = (uint16_t)atoi(argv[3]);
    if (tb_write(argv[1], &meta, e, NULL, err, sizeof err))
        return fprintf(stderr, "tb_set: %s\n", err), 1;
    free(e);
    return 0;
}
