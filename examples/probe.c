/*
 * An outside program that asks guti's tables for the value of positions, as an engine
 * would: it uses guti.h alone.
 *
 *   cc probe.c $(pkg-config --cflags --libs guti) -o probe
 *   ./probe tables 'T3T/5/5/5/T3T g 20'        # or FENs on standard input, one a line
 *
 * One JSON line per position: its value and DTM for the side to move, and every move with
 * the value and DTM it gives its maker, best first (as `guti query --json` has them).
 */
#include <guti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_dtm(int dtm)
{
    if (dtm < 0)
        printf("null");
    else
        printf("%d", dtm);
}

static int probe(guti_tables *t, const char *fen)
{
    struct guti_position pos;
    struct guti_result r;
    struct guti_error e;
    static struct guti_scored_move moves[4096];
    int n = 0;
    if (guti_probe_fen(t, fen, NULL, &pos, &r, &e) ||
        (!r.over && guti_probe_moves(t, &pos, moves, 4096, &n, &e))) {
        fprintf(stderr, "probe: %s: %s\n", fen, e.message);
        return 1;
    }
    char text[GUTI_FEN_MAX];
    guti_format_fen(&pos, text, sizeof text, NULL);
    printf("{\"fen\": \"%s\", \"value\": \"%s\", \"dtm\": ", text, guti_value_name(r.value));
    print_dtm(r.dtm);
    printf(", \"moves\": [");
    for (int i = 0; i < n; i++) {
        printf("%s{\"move\": \"%s\", \"value\": \"%s\", \"dtm\": ", i ? ", " : "",
               moves[i].move.text, guti_value_name(moves[i].result.value));
        print_dtm(moves[i].result.dtm);
        printf("}");
    }
    printf("]}\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: probe DIR [FEN...]\n");
        return 2;
    }
    guti_tables *t;
    struct guti_error e;
    if (guti_open(argv[1], 16 << 20, &t, &e)) {
        fprintf(stderr, "probe: %s\n", e.message);
        return 1;
    }
    int failed = 0;
    if (argc > 2) {
        for (int k = 2; k < argc; k++) failed |= probe(t, argv[k]);
    } else {
        char line[512];
        while (fgets(line, sizeof line, stdin)) {
            line[strcspn(line, "\r\n")] = 0;
            failed |= probe(t, line);
        }
    }
    guti_close(t);
    return failed;
}
