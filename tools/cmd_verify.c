/* guti verify: checks every table file of a directory; --full re-derives every value. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "notation.h"
#include "progress.h"
#include "tables.h"

static const char help[] =
    "usage: guti verify [--dir DIR] [--full [--sample N]] [--quiet] [--json]\n"
    "\n"
    "Checks every table (*.wdl, *.dtm) in DIR: its header, the checksum of every block and\n"
    "of the whole file, and that every block decompresses to valid values.\n"
    "With --full, also re-derives every position of every solved layer from its successors:\n"
    "its value and DTM must follow from theirs (a win has a move to a loss one half-move\n"
    "shorter and none faster, a loss has only moves to wins, the longest one half-move\n"
    "shorter, a finished game is lost in 0, a draw has no move to a loss and one to a draw),\n"
    "and the WDL table must agree with the DTM table. The first inconsistencies are shown.\n"
    "Placement-phase tables are re-derived from their successors' tables with the rules'\n"
    "moves, for a sample of positions of each layer (--sample N, default 1000; 0: all).\n"
    "Exit status 1 on any error.\n"
    "\n"
    "  --dir DIR   the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --json      {\"files\": [{\"path\", \"ok\", \"error\"}], \"layers\": [{\"game\", "
    "\"rules\",\n"
    "              \"board\", \"inhand\", \"captured\", \"positions\", \"inconsistent\",\n"
    "              \"examples\"}], \"ok\"}\n";

struct full_result {
    char game[16], rules[24], board[16];
    int captured;
    uint64_t positions, inconsistent;
    char examples[3][420];
    int nexamples;
};

/* Re-derives every layer of one game's movement tables, from the top layer down. */
static int verify_full(const struct game *g, const char *dir, struct full_result *res, int *nres,
                       struct progress *prog)
{
    struct symmap *sm = malloc(sizeof *sm);
    symmap_init(sm, g->board);
    struct bc_layer layers[TABLES_MAX_LAYERS];
    bool live[TABLES_MAX_LAYERS] = {false};
    int top = g->captures_to_win - 1, errors = 0;
    char path[1024], err[400];
    for (int c = top; c >= 0; c--) {
        struct full_result *r = &res[(*nres)++];
        memset(r, 0, sizeof *r);
        snprintf(r->game, sizeof r->game, "%s", g->ops->name);
        game_rules_name(g, r->rules, sizeof r->rules);
        snprintf(r->board, sizeof r->board, "%s", g->board->name);
        r->captured = c;
        bc_layer_init(&layers[c], g, sm, c);
        live[c] = true;
        layers[c].next = c < top ? &layers[c + 1] : NULL;
        uint64_t n = 2 * layers[c].ix.size;
        r->positions = n;
        layers[c].res = malloc(n * sizeof *layers[c].res);
        uint16_t *wdl = malloc(n * sizeof *wdl);
        struct tb *t = NULL;
        int bad = 0;
        for (int k = 0; k < 2 && !bad; k++) {
            enum tb_kind kind = k == 0 ? TB_DTM : TB_WDL;
            tables_name(path, sizeof path, dir, g, 0, c, kind);
            struct tb_meta want = tables_meta(g, 0, c, kind, n);
            if (tables_open(path, &want, &t, err, sizeof err) ||
                tb_read_all(t, k == 0 ? layers[c].res : wdl, err, sizeof err)) {
                snprintf(r->examples[r->nexamples++], sizeof r->examples[0], "%s", err);
                bad = 1;
            }
            tb_close(t);
            t = NULL;
        }
        if (bad) {
            r->positions = 0; /* not re-derived */
            errors++;
            free(wdl);
            for (int k = c - 1; k >= 0; k--) {
                struct full_result *s = &res[(*nres)++];
                *s = *r;
                s->captured = k;
                snprintf(s->examples[0], sizeof s->examples[0],
                         "not checked: layer c%d is unreadable", c);
                s->nexamples = 1;
            }
            break;
        }
        char label[64];
        snprintf(label, sizeof label, "verify h0-c%d", c);
        progress_begin(prog, label);
        struct retro_layer R = bc_layer_retro(&layers[c]);
        uint64_t badi[3];
        int nbad;
        r->inconsistent = retro_verify(&R, layers[c].res, badi, 3, &nbad);
        progress_end(prog);
        for (int k = 0; k < nbad; k++) {
            bits_t T, G;
            pair_index_unrank(&layers[c].ix, badi[k] / 2, &T, &G);
            struct position pos = {.men = {G, T}, .side = (int)(badi[k] % 2)};
            char fen[128];
            g->ops->format(g, &pos, fen, sizeof fen);
            snprintf(r->examples[r->nexamples++], sizeof r->examples[0], "%s: stored %s %d", fen,
                     layers[c].res[badi[k]] ? (code_win(layers[c].res[badi[k]]) ? "win" : "loss")
                                            : "draw",
                     code_dtm(layers[c].res[badi[k]]));
        }
        uint64_t wdl_wrong = 0, first_wrong = 0;
        for (uint64_t i = 0; i < n; i++) {
            retro_code x = layers[c].res[i];
            uint16_t want = x == 0 ? TB_ENTRY_DRAW : code_win(x) ? TB_ENTRY_WIN : TB_ENTRY_LOSS;
            if (wdl[i] != want && wdl_wrong++ == 0) first_wrong = i;
        }
        if (wdl_wrong) {
            r->inconsistent += wdl_wrong;
            if (r->nexamples < 3)
                snprintf(r->examples[r->nexamples++], sizeof r->examples[0],
                         "the WDL table disagrees with the DTM table at %llu positions, the first "
                         "at index %llu",
                         (unsigned long long)wdl_wrong, (unsigned long long)first_wrong);
        }
        errors += r->inconsistent > 0;
        free(wdl);
        if (c < top) {
            bc_layer_free(&layers[c + 1]);
            live[c + 1] = false;
        }
    }
    for (int c = 0; c <= top; c++)
        if (live[c]) bc_layer_free(&layers[c]);
    free(sm);
    return errors;
}

/* Sixteen Soldiers: re-derives every material's table from its successors, smallest
 * material first, as long as the tables go. */
static int verify_sixteen(const struct game *g, const char *dir, bool json, bool *first)
{
    struct ss_db db;
    if (ss_db_init(&db, g)) return cli_error("verify: out of memory");
    char rules[32], path[1024], err[400];
    game_rules_name(g, rules, sizeof rules);
    int errors = 0;
    for (int total = 2; total <= 2 * SS_MAX_PIECES; total++) {
        bool any = false;
        for (int m = total - 1; 2 * m >= total; m--) {
            int n = total - m;
            if (m > SS_MAX_PIECES) continue;
            tables_ss_name(path, sizeof path, dir, g, m, n, TB_DTM);
            if (access(path, F_OK) != 0) continue;
            any = true;
            struct ss_layer *l = malloc(sizeof *l);
            uint64_t wrong = 0;
            char example[420] = "";
            if (!l || ss_layer_init(l, &db, m, n)) return cli_error("verify: out of memory");
            l->res = malloc(l->size * sizeof *l->res + 2);
            uint16_t *wdl = malloc(l->size * sizeof *wdl + 2);
            struct tb *t = NULL;
            struct tb_meta want = tables_ss_meta(g, m, n, TB_DTM, l->size);
            int bad = tables_open(path, &want, &t, err, sizeof err) ||
                      tb_read_all(t, l->res, err, sizeof err);
            tb_close(t);
            t = NULL;
            tables_ss_name(path, sizeof path, dir, g, m, n, TB_WDL);
            want = tables_ss_meta(g, m, n, TB_WDL, l->size);
            if (!bad)
                bad = tables_open(path, &want, &t, err, sizeof err) ||
                      tb_read_all(t, wdl, err, sizeof err);
            tb_close(t);
            if (bad) {
                snprintf(example, sizeof example, "%s", err);
                wrong = l->size;
            } else {
                struct retro_layer R = ss_layer_retro(l);
                uint64_t badi[1];
                int nbad;
                wrong = retro_verify(&R, l->res, badi, 1, &nbad);
                if (nbad) {
                    bits_t A, B;
                    ss_layer_position(l, badi[0], &A, &B);
                    struct position pos = {.men = {A, B}, .side = 0};
                    char fen[128];
                    g->ops->format(g, &pos, fen, sizeof fen);
                    snprintf(example, sizeof example, "%s: stored code %d", fen, l->res[badi[0]]);
                }
                for (uint64_t i = 0; i < l->size; i++) {
                    retro_code x = l->res[i];
                    uint16_t w = x == 0        ? TB_ENTRY_DRAW
                                 : code_win(x) ? TB_ENTRY_WIN
                                               : TB_ENTRY_LOSS;
                    if (wdl[i] != w && !wrong++)
                        snprintf(example, sizeof example,
                                 "the WDL table disagrees with the DTM table");
                }
            }
            free(wdl);
            errors += wrong > 0;
            if (json) {
                printf("%s{\"game\": \"sixteen\", \"rules\": \"%s\", \"m\": %d, \"n\": %d, "
                       "\"positions\": %llu, \"inconsistent\": %llu, \"examples\": [",
                       *first ? "" : ", ", rules, m, n, (unsigned long long)l->size,
                       (unsigned long long)wrong);
                if (wrong) json_str(stdout, example);
                printf("]}");
                *first = false;
            } else {
                printf("%s sixteen %s %d+%d: %llu positions re-derived, %llu inconsistent\n",
                       wrong ? "FAIL" : "ok  ", rules, m, n, (unsigned long long)l->size,
                       (unsigned long long)wrong);
                if (wrong) printf("     %s\n", example);
            }
            if (bad) {
                ss_layer_free(l);
                free(l);
                ss_db_free(&db);
                return errors; /* the larger materials read this one */
            }
            ss_db_add(&db, l);
        }
        if (!any) break;
    }
    ss_db_free(&db);
    return errors;
}

static const char *value_name(retro_code c)
{
    return c == RETRO_DRAW ? "draw" : code_win(c) ? "win" : "loss";
}

/* What a position's moves give: a DTM code when every successor's DTM is known, else a
 * value (win in 1, loss in 0, draw). */
static retro_code derive(struct prober *p, const struct movelist *l, int moves, bool *exact,
                         char *err, size_t errlen)
{
    int win = -1, loss = -1, draw = 0;
    *exact = true;
    for (int j = 0; j < moves; j++) {
        retro_code sc;
        bool known;
        if (prober_probe(p, &l->succ[j], &sc, &known, err, errlen)) return (retro_code)-1;
        *exact &= known;
        if (sc == RETRO_DRAW)
            draw = 1;
        else if (code_loss(sc)) {
            if (win < 0 || code_dtm(sc) < win) win = code_dtm(sc);
        } else if (code_dtm(sc) > loss)
            loss = code_dtm(sc);
    }
    if (win >= 0) return (retro_code)(win + 2);
    if (draw) return RETRO_DRAW;
    return (retro_code)(loss + 2);
}

/* Re-derives positions of every placement table from their successors' tables, with
 * the rules engine's moves: a sample of each layer (every position when sample is 0).
 * Where the layer has a DTM table, the DTM is re-derived (when its successors' are known)
 * and the WDL table is checked against it. */
static int verify_placement(const struct game *g, const char *dir, uint64_t sample, bool json,
                            bool *first)
{
    struct prober p;
    prober_init(&p, g, dir);
    struct movelist l;
    movelist_init(&l);
    int errors = 0;
    char rules[32], path[1024];
    game_rules_name(g, rules, sizeof rules);
    for (int h = 1; h <= g->ngoats; h++)
        for (int c = 0; c < g->captures_to_win && c <= g->ngoats - h; c++)
            for (int side = 0; side < 2; side++) {
                tables_place_name(path, sizeof path, dir, g, h, c, side, TB_WDL);
                if (access(path, F_OK) != 0) continue;
                int goats = g->ngoats - h - c;
                struct pair_index ix;
                struct symmap *sm = &p.sm;
                if (pair_index_init(&ix, g->board, sm, g->ntigers, goats))
                    return cli_error("verify: out of memory");
                uint64_t n = ix.size, m = sample && sample < n ? sample : n, wrong = 0;
                char example[400] = "", err[400];
                /* the WDL table itself, when the prober answers from the DTM table */
                struct tb *wdl = NULL;
                char dtm_path[1024];
                tables_place_name(dtm_path, sizeof dtm_path, dir, g, h, c, side, TB_DTM);
                struct tb_meta want_wdl = tables_place_meta(g, h, c, side, TB_WDL, n);
                bool wdl_bad = access(dtm_path, F_OK) == 0 &&
                               tables_open(path, &want_wdl, &wdl, err, sizeof err);
                if (wdl_bad) {
                    snprintf(example, sizeof example, "%s", err);
                    wrong = m;
                }
                for (uint64_t k = 0; k < m && !wdl_bad; k++) {
                    uint64_t i = m == n ? k : k * n / m;
                    bits_t T, G;
                    pair_index_unrank(&ix, i, &T, &G);
                    struct position pos = {.men = {G, T}, .side = side, .inhand = h};
                    retro_code stored, want = 0;
                    uint16_t entry = 0;
                    bool known, exact = false;
                    int moves = g->ops->moves(g, &pos, &l), bad = 0;
                    if (prober_probe(&p, &pos, &stored, &known, err, sizeof err) ||
                        (wdl && tb_probe(wdl, i, &entry, err, sizeof err)))
                        bad = 1;
                    else if ((want = derive(&p, &l, moves, &exact, err, sizeof err)) ==
                             (retro_code)-1)
                        bad = 1;
                    exact &= known;
                    bool same = exact ? want == stored
                                      : (want == RETRO_DRAW) == (stored == RETRO_DRAW) &&
                                            code_win(want) == code_win(stored);
                    retro_code table_value = entry == TB_ENTRY_DRAW  ? RETRO_DRAW
                                             : entry == TB_ENTRY_WIN ? 2
                                                                     : 1;
                    bool agree = !wdl || ((table_value == RETRO_DRAW) == (stored == RETRO_DRAW) &&
                                          code_win(table_value) == code_win(stored));
                    if (!bad && same && agree) continue;
                    if (!wrong++) {
                        char fen[128];
                        g->ops->format(g, &pos, fen, sizeof fen);
                        if (bad)
                            snprintf(example, sizeof example, "%s", err);
                        else if (!agree)
                            snprintf(example, sizeof example, "%s: DTM table %s, WDL table %s", fen,
                                     value_name(stored), value_name(table_value));
                        else if (exact)
                            snprintf(example, sizeof example,
                                     "%s: stored %s in %d, its moves give %s in %d", fen,
                                     value_name(stored), code_dtm(stored), value_name(want),
                                     code_dtm(want));
                        else
                            snprintf(example, sizeof example, "%s: stored %s, its moves give %s",
                                     fen, value_name(stored), value_name(want));
                    }
                    if (bad) {
                        wrong = m;
                        break;
                    }
                }
                tb_close(wdl);
                pair_index_free(&ix);
                errors += wrong > 0;
                if (json) {
                    printf(
                        "%s{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", "
                        "\"inhand\": %d, \"captured\": %d, \"side\": \"%s\", \"positions\": %llu, "
                        "\"inconsistent\": %llu, \"examples\": [",
                        *first ? "" : ", ", g->ops->name, rules, g->board->name, h, c,
                        side ? "tiger" : "goat", (unsigned long long)m, (unsigned long long)wrong);
                    if (wrong) json_str(stdout, example);
                    printf("]}");
                    *first = false;
                } else {
                    printf("%s %s %s %s h%d-c%d-%c: %llu of %llu positions re-derived, %llu "
                           "inconsistent\n",
                           wrong ? "FAIL" : "ok  ", g->ops->name, g->board->name, rules, h, c,
                           side ? 't' : 'g', (unsigned long long)m, (unsigned long long)n,
                           (unsigned long long)wrong);
                    if (wrong) printf("     %s\n", example);
                }
            }
    movelist_free(&l);
    prober_free(&p);
    return errors;
}

int cmd_verify(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL;
    bool full = false;
    int sample = -1;
    const struct cli_option opts[] = {CLI_OPTION("dir", CLI_TEXT, &dir_opt),
                                      CLI_OPTION("full", CLI_FLAG, &full),
                                      CLI_OPTION_INT("sample", &sample, 0, 1000000000),
                                      CLI_OPTION_INT("threads", &o.threads, 1, 1024),
                                      CLI_OPTION("quiet", CLI_FLAG, &o.quiet),
                                      CLI_OPTION("json", CLI_FLAG, &o.json),
                                      CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("verify", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return fputs(help, stdout), 0;
    if (sample >= 0 && !full) return cli_usage_error("verify", "--sample goes with --full");
    if (first < argc) return cli_usage_error("verify", "unexpected operand '%s'", argv[first]);
    if (o.threads) omp_set_num_threads(o.threads);
    const char *dir = tables_dir(dir_opt);
    char **files;
    int nfiles = tables_list(dir, &files);
    if (nfiles < 0) return cli_error("verify: cannot read directory %s", dir);
    if (nfiles == 0) return cli_error("verify: no tables in %s", dir);
    struct progress prog;
    progress_init(&prog, o.quiet);
    int errors = 0;
    char err[400];
    /* The games whose tables are here, for --full. */
    struct game games[8];
    int ngames = 0;
    if (o.json) printf("{\"files\": [");
    for (int k = 0; k < nfiles; k++) {
        struct tb *t = NULL;
        int bad = tb_open(files[k], &t, err, sizeof err) || tb_verify(t, err, sizeof err);
        errors += bad;
        if (o.json) {
            printf("%s{\"path\": ", k ? ", " : "");
            json_str(stdout, files[k]);
            printf(", \"ok\": %s, \"error\": ", bad ? "false" : "true");
            if (bad)
                json_str(stdout, err);
            else
                printf("null");
            printf("}");
        } else if (bad) {
            printf("FAIL %s\n", err);
        } else {
            printf("ok   %s\n", files[k]);
        }
        const struct tb_meta *m = t ? tb_get_meta(t) : NULL;
        struct game g;
        char why[200];
        if (m && game_setup(&g, m->game, m->rules, m->board, why, sizeof why) == 0) {
            bool seen = false;
            for (int j = 0; j < ngames; j++)
                seen |=
                    games[j].ops == g.ops && games[j].board == g.board && games[j].rules == g.rules;
            if (!seen && ngames < 8) games[ngames++] = g;
        }
        tb_close(t);
    }
    tables_list_free(files, nfiles);
    if (o.json) printf("], \"layers\": [");
    bool first_row = true;
    if (full) {
        struct full_result res[TABLES_MAX_LAYERS];
        for (int k = 0; k < ngames; k++) {
            int nres = 0;
            if (games[k].ops != &baghchal_ops) continue;
            errors += verify_full(&games[k], dir, res, &nres, &prog);
            for (int j = 0; j < nres; j++) {
                struct full_result *r = &res[j];
                if (o.json) {
                    printf(
                        "%s{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"inhand\": 0, "
                        "\"captured\": %d, \"positions\": %llu, \"inconsistent\": %llu, "
                        "\"examples\": [",
                        first_row ? "" : ", ", r->game, r->rules, r->board, r->captured,
                        (unsigned long long)r->positions, (unsigned long long)r->inconsistent);
                    for (int e = 0; e < r->nexamples; e++) {
                        if (e) printf(", ");
                        json_str(stdout, r->examples[e]);
                    }
                    printf("]}");
                    first_row = false;
                    continue;
                }
                if (!r->positions)
                    printf("FAIL %s %s %s h0-c%d: not re-derived\n", r->game, r->board, r->rules,
                           r->captured);
                else
                    printf("%s %s %s %s h0-c%d: %llu positions re-derived, %llu inconsistent\n",
                           r->inconsistent ? "FAIL" : "ok  ", r->game, r->board, r->rules,
                           r->captured, (unsigned long long)r->positions,
                           (unsigned long long)r->inconsistent);
                for (int e = 0; e < r->nexamples; e++) printf("     %s\n", r->examples[e]);
            }
        }
        if (sample < 0) sample = 1000;
        for (int k = 0; k < ngames; k++)
            if (games[k].ops == &baghchal_ops)
                errors += verify_placement(&games[k], dir, (uint64_t)sample, o.json, &first_row);
            else
                errors += verify_sixteen(&games[k], dir, o.json, &first_row);
        if (ngames == 0 && !o.json) printf("full: no tables to re-derive\n");
    }
    if (o.json) printf("], \"ok\": %s}\n", errors ? "false" : "true");
    if (errors) cli_error("verify: %d error%s", errors, errors == 1 ? "" : "s");
    return errors ? EXIT_BAD : 0;
}
