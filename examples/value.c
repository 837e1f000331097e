/* The value of one position from the tables, through guti.h alone:
 *   cc value.c $(pkg-config --cflags --libs guti) -o value
 *   ./value tables 'GGGGG/GGGGG/TG1GG/TGGTG/GTG1G t 0'     # win in 137
 * A draw has no distance, and a win or loss has none where no DTM table is there, so
 * only a decided position with a DTM prints one. */
#include <guti.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: value DIR FEN\n");
        return 2;
    }
    guti_tables *t = NULL;
    struct guti_error e;
    struct guti_result r;
    if (guti_open(argv[1], 64 << 20, &t, &e) != GUTI_OK || /* a 64 MiB cache */
        guti_probe_fen(t, argv[2], NULL, NULL, &r, &e) != GUTI_OK) {
        fprintf(stderr, "value: %s\n", e.message); /* one line: what, and how to make a table */
        guti_close(t);
        return 1;
    }
    if (r.dtm >= 0)
        printf("%s in %d\n", guti_value_name(r.value), r.dtm); /* win in 137, loss in 26 */
    else
        printf("%s\n", guti_value_name(r.value)); /* draw */
    guti_close(t);
    return 0;
}
