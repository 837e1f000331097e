/* guti verify: checks every table file of a directory; --full re-derives every value. */
#include <ctype.h>
#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_game.h"
#include "notation.h"
#include "progress.h"
#include "selftest.h"
#include "symmap.h"
#include "tables.h"

static const char help[] =
    "usage: guti verify [--dir DIR] [--full [--sample N]] [--threads N] [--quiet|--verbose]\n"
    "                   [--json]\n"
    "       guti verify --moves [--game G [--rules R] [--captures K] [--board B]]\n"
    "                   [--pieces N] [--sample N] [--dir DIR] [--quiet] [--json]\n"
    "\n"
    "Checks every table (*.wdl, *.dtm, *.reach) in DIR: its header, the checksum of every\n"
    "block and of the whole file, and that every block decompresses to valid values.\n"
    "Then checks that the set of tables of each game there (rules, board) is complete for\n"
    "what it holds: every layer of the movement phase; every layer of the placement phase\n"
    "if any placement table is there; a DTM table beside each WDL table of a phase that has\n"
    "any DTM table (in the placement phase the tigers' layers': a goats' position's DTM is\n"
    "its placements'); a REACH table for every layer if any is there; for Sixteen Soldiers,\n"
    "every material up to the most pieces there. A missing table is named, with the\n"
    "command that makes it, and is an error.\n"
    "With --full, also re-derives every position of every solved layer from its successors:\n"
    "its value and DTM must follow from theirs (a win has a move to a loss one half-move\n"
    "shorter and none faster, a loss has only moves to wins, the longest one half-move\n"
    "shorter, a finished game is lost in 0, a draw has no move to a loss and one to a draw),\n"
    "and the WDL table must agree with the DTM table. The first inconsistencies are shown.\n"
    "Placement-phase tables are re-derived from their successors' tables with the rules'\n"
    "moves, for a sample of positions of each layer; with --sample, Sixteen Soldiers'\n"
    "materials too (re-deriving every position takes about as long as the solve: hours\n"
    "at 9 pieces). Positions whose successors' table is missing or unreadable are not\n"
    "checked, said so and counted apart, never called inconsistent.\n"
    "A damaged table is named on a line of its own; the sound ones are summed up in one\n"
    "line (--verbose lists each, in natural order: h1, h2, ..., h10).\n"
    "The last line of the output sums it up: tables ok, damaged and missing; with --full,\n"
    "layers re-derived, positions inconsistent and not checked.\n"
    "Exit status 1 on any damaged or missing table or inconsistent position.\n"
    "\n"
    "With --moves, reads no table but tests the solvers' move graph (no tables needed): for\n"
    "a sample of the positions of every layer, the successors and predecessors the solvers\n"
    "walk must agree with each other (every successor's predecessors include the position,\n"
    "every predecessor's successors too) and with the rules' legal moves: the same\n"
    "successors within the layer, and each capture's successor read where the move leads,\n"
    "nothing else. Bagh-Chal: the movement layers and the placement layers (which have no\n"
    "predecessors: each is solved from the layers its moves lead to, and the positions it\n"
    "reads there must be its moves' successors); Sixteen Soldiers: every material of 2 to\n"
    "N pieces. The game is --game's (with --rules, --board); without --game, every game\n"
    "(rules, board) that has tables in DIR, Sixteen Soldiers up to the most pieces there;\n"
    "with neither, a usage error. One line per layer and the first faulty positions.\n"
    "Exit status 1 with --moves when any position is faulty.\n"
    "\n"
    "  --dir DIR     the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --full        re-derive the values from the successors, as above\n"
    "  --sample N    with --full, re-derive N positions of each placement layer (default\n"
    "                1000) and of each Sixteen Soldiers material (default: all), spread\n"
    "                evenly over its index, 0: all of them (a material's WDL table is\n"
    "                still checked against its DTM table everywhere); with --moves, test\n"
    "                N positions of every layer (default 1000; 0: all of them)\n"
    "  --moves       test the move graph, as above, instead of the tables\n"
    "  --game G      baghchal or sixteen (with --moves)\n"
    "  --rules R     baghchal: standard (default) or goat-pass; sixteen: optional\n"
    "                (default) or forced (with --game)\n"
    "  --captures K  baghchal: the tigers win with K captures (1 to 8) rather than 5 (4x4:\n"
    "                3, 3x3: 1): the rules R-kK, as \"standard-k3\", which name its tables\n"
    "  --board B     baghchal: 5x5 (default), 4x4, 3x3 (with --game baghchal)\n"
    "  --pieces N    with --moves, Sixteen Soldiers: materials of up to N pieces, 2..12\n"
    "                (default: the most pieces of its tables in DIR, else 5)\n"
    "  --threads N   threads to use (default: all cores)\n"
    "  --quiet       print only what fails (and the last line); no progress on stderr\n"
    "  --verbose     list every sound table, one line each, rather than their count\n"
    "  --json        {\"files\": [{\"path\", \"ok\", \"error\"}], \"sets\": [{\"game\", "
    "\"rules\",\n"
    "                \"board\", \"tables\", \"present\", \"missing\": [names], \"make\"}],\n"
    "                \"layers\": [{\"game\", \"rules\", \"board\", \"inhand\", \"captured\",\n"
    "                (\"side\"), \"positions\" (re-derived), \"layer_positions\",\n"
    "                \"inconsistent\", \"not_checked\", \"examples\"}],\n"
    "                \"tables_ok\", \"tables_damaged\", \"tables_missing\",\n"
    "                \"layers_rederived\", \"inconsistent\", \"not_checked\", \"ok\"};\n"
    "                with --moves {\"layers\": [{\"game\", \"rules\", \"board\", \"layer\",\n"
    "                \"kind\", \"positions\", \"checked\", \"links\", \"faults\", "
    "\"examples\"}],\n"
    "                \"checked\", \"links\", \"faults\", \"ok\"}\n";

/* What verify found, for the last line and the JSON. */
struct counts {
    int tables_ok, tables_damaged, tables_missing, layers;
    uint64_t inconsistent, not_checked;
};

struct full_result {
    char game[16], rules[24], board[16];
    int captured;
    bool unreadable;    /* the layer's tables could not be read: an error */
    uint64_t positions; /* re-derived */
    uint64_t layer_positions;
    uint64_t inconsistent;
    uint64_t not_checked; /* positions that could not be re-derived */
    char examples[3][1100];
    int nexamples;
};

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Re-derives every layer of one game's movement tables, from the top layer down. A layer
 * whose tables are missing or unreadable is not checked, and neither are the layers below
 * it, whose captures lead into it. */
static int verify_full(const struct game *g, const char *dir, const struct tables_set *set,
                       struct full_result *res, int *nres)
{
    struct symmap *sm = malloc(sizeof *sm);
    if (!sm) return cli_error("verify: out of memory");
    symmap_init(sm, g->board);
    struct bc_layer layers[TABLES_MAX_LAYERS];
    bool live[TABLES_MAX_LAYERS] = {false};
    int top = g->captures_to_win - 1, errors = 0;
    char err[400], broken[1100] = ""; /* why the layers from here down are not checked */
    for (int c = top; c >= 0; c--) {
        struct full_result *r = &res[(*nres)++];
        memset(r, 0, sizeof *r);
        snprintf(r->game, sizeof r->game, "%s", g->ops->name);
        game_rules_name(g, r->rules, sizeof r->rules);
        snprintf(r->board, sizeof r->board, "%s", g->board->name);
        r->captured = c;
        if (bc_layer_init(&layers[c], g, sm, c)) {
            errors += cli_error("verify: out of memory for the index of layer c%d", c);
            break;
        }
        live[c] = true;
        layers[c].next = c < top ? &layers[c + 1] : NULL;
        uint64_t n = 2 * layers[c].ix.size;
        r->layer_positions = n;
        const struct tables_want *want[2] = {tables_set_find(set, TB_DTM, 0, c, 0),
                                             tables_set_find(set, TB_WDL, 0, c, 0)};
        for (int k = 0; k < 2; k++)
            if (!want[k] || !want[k]->present) {
                char name[1024];
                tables_name(name, sizeof name, dir, g, 0, c, k == 0 ? TB_DTM : TB_WDL);
                snprintf(r->examples[r->nexamples++], sizeof r->examples[0],
                         "not checked: table missing (%s)", base_name(name));
                if (!*broken)
                    snprintf(broken, sizeof broken, "not checked: successor table missing (%s)",
                             base_name(name));
                r->not_checked = n;
            }
        if (*broken && !r->not_checked) {
            snprintf(r->examples[r->nexamples++], sizeof r->examples[0], "%s", broken);
            r->not_checked = n;
        }
        if (r->not_checked) {
            bc_layer_free(&layers[c]);
            live[c] = false;
            continue;
        }
        layers[c].res = malloc(n * sizeof *layers[c].res);
        uint16_t *wdl = malloc(n * sizeof *wdl);
        if (!layers[c].res || !wdl) {
            free(wdl);
            errors += cli_error("verify: out of memory for layer c%d", c);
            break;
        }
        for (int k = 0; k < 2 && !r->unreadable; k++) {
            struct tb *t = NULL;
            struct tb_meta m = tables_meta(g, 0, c, k == 0 ? TB_DTM : TB_WDL, n);
            if (tables_open(want[k]->path, &m, &t, err, sizeof err) ||
                tb_read_all(t, k == 0 ? layers[c].res : wdl, err, sizeof err)) {
                snprintf(r->examples[r->nexamples++], sizeof r->examples[0], "%s", err);
                r->unreadable = true;
            }
            tb_close(t);
        }
        if (r->unreadable) {
            r->not_checked = n;
            errors++;
            free(wdl);
            snprintf(broken, sizeof broken, "not checked: layer c%d is unreadable", c);
            bc_layer_free(&layers[c]);
            live[c] = false;
            continue;
        }
        r->positions = n;
        struct retro_layer R = bc_layer_retro(&layers[c]);
        uint64_t badi[3];
        int nbad;
        r->inconsistent = retro_verify(&R, layers[c].res, 0, badi, 3, &nbad);
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
            if (wdl[i] != wdl_of_code(x) && wdl_wrong++ == 0) first_wrong = i;
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
        if (c < top && live[c + 1]) {
            bc_layer_free(&layers[c + 1]);
            live[c + 1] = false;
        }
    }
    for (int c = 0; c <= top; c++)
        if (live[c]) bc_layer_free(&layers[c]);
    free(sm);
    return errors;
}

/* One re-derived layer's line (or JSON object); side -1 for none. Adds to the counts. */
static void print_layer(const struct game *g, int inhand, int captured, int side, int limit,
                        uint64_t done, uint64_t of, uint64_t wrong, uint64_t not_checked,
                        bool failed, const char (*examples)[1100], int nexamples, bool json,
                        bool quiet, bool *first, struct counts *cnt)
{
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    cnt->layers += done > 0;
    cnt->inconsistent += wrong;
    cnt->not_checked += not_checked;
    bool ss = g->ops == &sixteen_ops;
    if (json) {
        printf("%s{\"game\": \"%s\", \"rules\": \"%s\", ", *first ? "" : ", ", g->ops->name, rules);
        if (ss)
            printf("\"m\": %d, \"n\": %d, ", inhand, captured);
        else
            printf("\"board\": \"%s\", \"inhand\": %d, \"captured\": %d, ", g->board->name, inhand,
                   captured);
        if (side >= 0) printf("\"side\": \"%s\", ", side ? "tiger" : "goat");
        if (limit) printf("\"limit\": %d, ", limit);
        printf("\"positions\": %llu, \"layer_positions\": %llu, \"inconsistent\": %llu, "
               "\"not_checked\": %llu, \"examples\": [",
               (unsigned long long)done, (unsigned long long)of, (unsigned long long)wrong,
               (unsigned long long)not_checked);
        for (int e = 0; e < nexamples; e++) {
            if (e) printf(", ");
            json_str(stdout, examples[e]);
        }
        printf("]}");
        *first = false;
        return;
    }
    const char *tag = wrong || failed ? "FAIL" : not_checked ? "SKIP" : "ok  ";
    if (quiet && !wrong && !failed && !not_checked) return;
    char layer[32];
    if (ss)
        snprintf(layer, sizeof layer, "%d+%d", inhand, captured);
    else if (side >= 0)
        snprintf(layer, sizeof layer, "h%d-c%d-%c", inhand, captured, side ? 't' : 'g');
    else
        snprintf(layer, sizeof layer, "h%d-c%d", inhand, captured);
    if (limit) snprintf(layer + strlen(layer), sizeof layer - strlen(layer), " L%d", limit);
    if (ss)
        printf("%s sixteen %s %s: ", tag, rules, layer);
    else
        printf("%s %s %s %s %s: ", tag, g->ops->name, g->board->name, rules, layer);
    if (!done && (not_checked || failed))
        printf("not re-derived");
    else if (side >= 0 || done < of) /* a sample of the layer */
        printf("%llu of %llu positions re-derived", (unsigned long long)done,
               (unsigned long long)of);
    else
        printf("%llu positions re-derived", (unsigned long long)done);
    if (done) printf(", %llu inconsistent", (unsigned long long)wrong);
    if (not_checked && done) printf(", %llu not checked", (unsigned long long)not_checked);
    printf("\n");
    for (int e = 0; e < nexamples; e++) printf("     %s\n", examples[e]);
}

/* A DTC table's layer read: its entries as the engine's DTC codes into res (n of them),
 * each class checked against the DTM table's value; the count of disagreements, with the
 * first in example; -1 with example set when a table cannot be read. */
static int64_t read_dtc_layer(const char *dtc_path, const struct tb_meta *dtc_want,
                              const char *dtm_path, const struct tb_meta *dtm_want, uint64_t n,
                              uint16_t **cls, retro_code *res, char *example, size_t len)
{
    char err[600];
    retro_code *dtm = NULL;
    if (!(*cls = tables_read(dtc_path, dtc_want, err, sizeof err)) ||
        !(dtm = tables_read(dtm_path, dtm_want, err, sizeof err))) {
        snprintf(example, len, "%s", err);
        return -1;
    }
    int64_t wrong = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint16_t e = (*cls)[i];
        res[i] = dtc_of_class(e);
        int j = class_column(e); /* win, cursed win, draw, blessed loss, loss */
        bool agrees = j <= 1 ? code_win(dtm[i]) : j == 2 ? dtm[i] == RETRO_DRAW : code_loss(dtm[i]);
        if (!agrees && !wrong++)
            snprintf(example, len, "position %llu: class %u, but DTM code %u without the rule",
                     (unsigned long long)i, e, dtm[i]);
    }
    free(dtm);
    return wrong;
}

/* The counting rule's tables of Bagh-Chal's movement phase, for every limit there: each
 * layer's classes agree with its DTM table (a win under the rule is a win without it, a
 * cursed win a win, a draw a draw, ...), and each position's DTC re-derives from its
 * successors' (retro_verify with the limit), the captures reading the layer above's
 * classes. A layer without its DTC table is not checked, nor those below it. */
static int verify_dtc(const struct game *g, const char *dir, bool json, bool quiet, bool *first,
                      struct counts *cnt)
{
    int limits[16], nl = tables_dtc_limits(dir, g, limits, 16), errors = 0,
                    top = g->captures_to_win - 1;
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    struct symmap *sm = malloc(sizeof *sm);
    if (!sm) return cli_error("verify: out of memory");
    symmap_init(sm, g->board);
    for (int li = 0; li < nl; li++) {
        int L = limits[li];
        struct bc_layer layers[TABLES_MAX_LAYERS];
        uint16_t *cls[TABLES_MAX_LAYERS] = {NULL};
        bool broken = false;
        for (int c = top; c >= 0; c--) {
            if (bc_layer_init(&layers[c], g, sm, c)) {
                errors++;
                break;
            }
            uint64_t n = 2 * layers[c].ix.size, wrong = 0;
            char path[1024], example[1100] = "";
            tables_dtc_name(path, sizeof path, dir, g, 0, c, -1, L);
            struct tb_meta want = tables_dtc_meta(g, 0, c, -1, L, n);
            retro_code *dtc = NULL;
            bool done = false;
            if (broken) {
                snprintf(example, sizeof example, "not checked: the layer above was not");
            } else if (access(path, F_OK) != 0) {
                snprintf(example, sizeof example, "not checked: DTC table missing (%s)", path);
                broken = true;
            } else {
                char dpath[1024];
                tables_name(dpath, sizeof dpath, dir, g, 0, c, TB_DTM);
                struct tb_meta dwant = tables_meta(g, 0, c, TB_DTM, n);
                int64_t w = (dtc = malloc(n * sizeof *dtc))
                                ? read_dtc_layer(path, &want, dpath, &dwant, n, &cls[c], dtc,
                                                 example, sizeof example)
                                : -1;
                if (w < 0) {
                    if (!*example) snprintf(example, sizeof example, "out of memory");
                    broken = true;
                    errors++;
                } else {
                    wrong = (uint64_t)w;
                    layers[c].next = c < top ? &layers[c + 1] : NULL;
                    if (c < top) { /* the layer above as classes, for the captures */
                        uint64_t m = 2 * layers[c + 1].ix.size;
                        layers[c + 1].res = malloc(m * sizeof *layers[c + 1].res);
                        for (uint64_t i = 0; layers[c + 1].res && i < m; i++) {
                            retro_code d = dtc_of_class(cls[c + 1][i]);
                            layers[c + 1].res[i] = !d ? RETRO_DRAW : dtc_win(d) ? 2 : 1;
                        }
                    }
                    struct retro_layer R = bc_layer_retro(&layers[c]);
                    R.dtc_limit = L;
                    uint64_t bad[1];
                    int nbad;
                    uint64_t v = retro_verify(&R, dtc, 0, bad, 1, &nbad);
                    if (v && !wrong)
                        snprintf(example, sizeof example,
                                 "position %llu: stored DTC code %u, its moves give another",
                                 (unsigned long long)bad[0], dtc[bad[0]]);
                    wrong += v;
                    done = true;
                }
            }
            free(dtc);
            if (wrong) errors++;
            cnt->layers += done;
            cnt->inconsistent += wrong;
            if (!done) cnt->not_checked += n;
            const char *tag = wrong || (!done && !strstr(example, "not checked")) ? "FAIL"
                              : done                                              ? "ok  "
                                                                                  : "SKIP";
            if (json) {
                printf("%s{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"inhand\": 0, "
                       "\"captured\": %d, \"limit\": %d, \"positions\": %llu, "
                       "\"layer_positions\": %llu, \"inconsistent\": %llu, "
                       "\"not_checked\": %llu, \"examples\": [",
                       *first ? "" : ", ", g->ops->name, rules, g->board->name, c, L,
                       (unsigned long long)(done ? n : 0), (unsigned long long)n,
                       (unsigned long long)wrong, (unsigned long long)(done ? 0 : n));
                if (*example) json_str(stdout, example);
                printf("]}");
                *first = false;
            } else if (!quiet || strcmp(tag, "ok  ")) {
                printf("%s %s %s %s h0-c%d L%d: ", tag, g->ops->name, g->board->name, rules, c, L);
                if (done)
                    printf("%llu positions re-derived, %llu inconsistent\n", (unsigned long long)n,
                           (unsigned long long)wrong);
                else
                    printf("not re-derived\n");
                if (*example) printf("     %s\n", example);
            }
            if (c < top) {
                bc_layer_free(&layers[c + 1]);
                free(cls[c + 1]);
                cls[c + 1] = NULL;
            }
        }
        bc_layer_free(&layers[0]);
        free(cls[0]);
    }
    free(sm);
    return errors;
}

/* Sixteen Soldiers' counting-rule tables, for every limit there: each material's classes
 * agree with its DTM table, and each DTC re-derives from its successors', the captures
 * reading the smaller materials' classes (held in the db as class codes). A material
 * without its DTC table is not checked, nor the larger ones. */
static int verify_sixteen_dtc(const struct game *g, const char *dir, int pieces, bool json,
                              bool quiet, bool *first, struct counts *cnt)
{
    int limits[16], nl = tables_dtc_limits(dir, g, limits, 16), errors = 0;
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    for (int li = 0; li < nl; li++) {
        int L = limits[li];
        struct ss_db db;
        if (ss_db_init(&db, g)) return errors + cli_error("verify: out of memory");
        bool broken = false;
        for (int total = 2; total <= pieces; total++)
            for (int m = total - 1; 2 * m >= total; m--) {
                int n = total - m;
                struct ss_layer *l = malloc(sizeof *l);
                if (!l || ss_layer_init(l, &db, m, n)) {
                    free(l);
                    ss_db_free(&db);
                    return errors + cli_error("verify: out of memory");
                }
                char path[1024], dpath[1024], example[1100] = "";
                tables_dtc_name(path, sizeof path, dir, g, m, n, -1, L);
                tables_ss_name(dpath, sizeof dpath, dir, g, m, n, TB_DTM);
                uint64_t wrong = 0;
                bool done = false, failed = false;
                uint16_t *cls = NULL;
                l->res = malloc(l->size * sizeof *l->res + 2);
                if (broken) {
                    snprintf(example, sizeof example, "not checked: a smaller material was not");
                } else if (access(path, F_OK) != 0) {
                    snprintf(example, sizeof example, "not checked: DTC table missing (%s)",
                             base_name(path));
                    broken = true;
                } else {
                    struct tb_meta want = tables_dtc_meta(g, m, n, -1, L, l->size),
                                   dwant = tables_ss_meta(g, m, n, TB_DTM, l->size);
                    int64_t w = l->res ? read_dtc_layer(path, &want, dpath, &dwant, l->size, &cls,
                                                        l->res, example, sizeof example)
                                       : -1;
                    if (w < 0) {
                        failed = broken = true;
                    } else {
                        struct retro_layer R = ss_layer_retro(l);
                        R.dtc_limit = L;
                        uint64_t bad[1];
                        int nbad;
                        uint64_t v = retro_verify(&R, l->res, 0, bad, 1, &nbad);
                        if (v && !w)
                            snprintf(example, sizeof example,
                                     "position %llu: stored DTC code %u, its moves give another",
                                     (unsigned long long)bad[0], l->res[bad[0]]);
                        wrong = (uint64_t)w + v;
                        done = true;
                        /* the larger materials' captures read this one's classes */
                        for (uint64_t i = 0; i < l->size; i++)
                            l->res[i] = !l->res[i] ? RETRO_DRAW : dtc_win(l->res[i]) ? 2 : 1;
                    }
                }
                free(cls);
                errors += wrong > 0 || failed;
                cnt->layers += done;
                cnt->inconsistent += wrong;
                if (!done) cnt->not_checked += l->size;
                const char *tag = wrong || failed ? "FAIL" : done ? "ok  " : "SKIP";
                if (json) {
                    printf("%s{\"game\": \"sixteen\", \"rules\": \"%s\", \"m\": %d, \"n\": %d, "
                           "\"limit\": %d, \"positions\": %llu, \"layer_positions\": %llu, "
                           "\"inconsistent\": %llu, \"not_checked\": %llu, \"examples\": [",
                           *first ? "" : ", ", rules, m, n, L,
                           (unsigned long long)(done ? l->size : 0), (unsigned long long)l->size,
                           (unsigned long long)wrong, (unsigned long long)(done ? 0 : l->size));
                    if (*example) json_str(stdout, example);
                    printf("]}");
                    *first = false;
                } else if (!quiet || strcmp(tag, "ok  ")) {
                    printf("%s sixteen %s %d+%d L%d: ", tag, rules, m, n, L);
                    if (done)
                        printf("%llu positions re-derived, %llu inconsistent\n",
                               (unsigned long long)l->size, (unsigned long long)wrong);
                    else
                        printf("not re-derived\n");
                    if (*example) printf("     %s\n", example);
                }
                if (done) {
                    ss_db_add(&db, l);
                } else {
                    ss_layer_free(l);
                    free(l);
                }
            }
        ss_db_free(&db);
    }
    return errors;
}

/* Sixteen Soldiers: re-derives every material's table from its successors, smallest
 * material first: every position, or sample of each material (0: all) spread evenly over
 * its index; the WDL table is checked against the DTM table at every position either way.
 * A material whose tables are missing or unreadable is not checked, and neither are those
 * with more pieces, whose captures lead into it. */
static int verify_sixteen(const struct game *g, const char *dir, const struct tables_set *set,
                          uint64_t sample, struct progress *prog, bool json, bool quiet,
                          bool *first, struct counts *cnt)
{
    struct ss_db db;
    if (ss_db_init(&db, g)) return cli_error("verify: out of memory");
    char err[400], broken[1100] = "", now[1100] = "";
    int errors = 0;
    for (int total = 2; total <= set->pieces; total++) {
        for (int m = total - 1; 2 * m >= total; m--) {
            int n = total - m;
            if (m > SS_MAX_PIECES) continue;
            const struct tables_want *d = tables_set_find(set, TB_DTM, m, n, 0),
                                     *w = tables_set_find(set, TB_WDL, m, n, 0);
            struct ss_layer *l = malloc(sizeof *l);
            if (!l || ss_layer_init(l, &db, m, n)) {
                free(l);
                ss_db_free(&db);
                return errors + cli_error("verify: out of memory");
            }
            uint64_t wrong = 0, not_checked = 0,
                     derived = sample && sample < l->size ? sample : l->size;
            char example[1100] = "";
            bool failed = false;
            if (!d || !d->present || !w || !w->present) {
                char name[1024];
                tables_ss_name(name, sizeof name, dir, g, m, n,
                               !d || !d->present ? TB_DTM : TB_WDL);
                snprintf(example, sizeof example, "not checked: %s (%s)",
                         !d ? "no DTM table" : "table missing", base_name(name));
                if (!*now)
                    snprintf(now, sizeof now, "not checked: successor table missing (%s)",
                             base_name(name));
                not_checked = l->size;
            } else if (*broken) {
                snprintf(example, sizeof example, "%s", broken);
                not_checked = l->size;
            } else {
                l->res = malloc(l->size * sizeof *l->res + 2);
                /* the WDL table is read a block at a time as it is compared below, not
                 * whole: at 9 pieces 5+4's would be 15.7 GB more */
                struct tb *t = NULL, *wt = NULL;
                struct tb_meta want = tables_ss_meta(g, m, n, TB_DTM, l->size);
                bool bad = !l->res;
                if (bad) snprintf(err, sizeof err, "out of memory");
                bad = bad || tables_open(d->path, &want, &t, err, sizeof err) ||
                      tb_read_all(t, l->res, err, sizeof err);
                tb_close(t);
                want = tables_ss_meta(g, m, n, TB_WDL, l->size);
                bad = bad || tables_open(w->path, &want, &wt, err, sizeof err);
                if (bad) {
                    snprintf(example, sizeof example, "%s", err);
                    failed = true;
                    not_checked = l->size;
                    if (!*now)
                        snprintf(now, sizeof now, "not checked: material %d+%d is unreadable", m,
                                 n);
                } else {
                    struct retro_layer R = ss_layer_retro(l);
                    R.progress = progress_update;
                    R.progress_arg = prog;
                    char label[64], rules[32];
                    game_rules_name(g, rules, sizeof rules);
                    snprintf(label, sizeof label, "sixteen %s %d+%d", rules, m, n);
                    progress_begin(prog, label);
                    uint64_t badi[1];
                    int nbad;
                    wrong = retro_verify(&R, l->res, sample, badi, 1, &nbad);
                    if (nbad) {
                        bits_t A, B;
                        ss_layer_position(l, badi[0], &A, &B);
                        struct position pos = {.men = {A, B}, .side = 0};
                        char fen[128];
                        g->ops->format(g, &pos, fen, sizeof fen);
                        snprintf(example, sizeof example, "%s: stored code %d", fen,
                                 l->res[badi[0]]);
                    }
                    progress_begin(prog, label); /* the WDL pass's rate and ETA */
                    for (uint64_t i = 0; i < l->size && !failed; i++) {
                        uint16_t e;
                        if (!(i & 0xfffff)) progress_update(prog, "WDL", i, l->size);
                        if (tb_probe(wt, i, &e, err, sizeof err)) {
                            snprintf(example, sizeof example, "%s", err);
                            failed = true;
                        } else if (e != wdl_of_code(l->res[i]) && !wrong++) {
                            snprintf(example, sizeof example,
                                     "the WDL table disagrees with the DTM table");
                        }
                    }
                    progress_end(prog);
                }
                tb_close(wt);
            }
            errors += wrong > 0 || failed;
            char ex[1][1100];
            snprintf(ex[0], sizeof ex[0], "%s", example);
            print_layer(g, m, n, -1, 0, not_checked ? 0 : derived, l->size, wrong, not_checked,
                        failed, (const char(*)[1100])ex, *example != 0, json, quiet, first, cnt);
            if (not_checked || total == set->pieces) { /* nothing larger reads it */
                ss_layer_free(l);
                free(l);
            } else {
                ss_db_add(&db, l); /* the larger materials read this one */
            }
        }
        /* the materials of one size do not lead into each other: the next size is where a
         * missing one is missed */
        if (*now && !*broken) snprintf(broken, sizeof broken, "%s", now);
    }
    ss_db_free(&db);
    return errors;
}

/* What a position's moves give (values.h's fold): a DTM code when every successor's DTM
 * is known, else a value (win in 1, loss in 0, draw). */
static retro_code derive(struct prober *p, const struct movelist *l, int moves, bool *exact,
                         char *err, size_t errlen)
{
    struct move_fold f = {0};
    *exact = true;
    for (int j = 0; j < moves; j++) {
        retro_code sc;
        bool known;
        if (prober_probe(p, &l->succ[j], &sc, &known, err, errlen)) return (retro_code)-1;
        *exact &= known;
        move_fold_add(&f, sc);
    }
    return move_fold_code(&f);
}

/* Which layers have a table the prober can answer from (DTM or WDL), and the name of the
 * one to make when not. */
struct presence {
    bool place[BOARD_MAX_POINTS + 1][TABLES_MAX_LAYERS][2], move[TABLES_MAX_LAYERS];
};

static void presence_init(struct presence *pr, const struct game *g, const char *dir)
{
    char w[1024], d[1024];
    memset(pr, 0, sizeof *pr);
    for (int c = 0; c < g->captures_to_win && c < TABLES_MAX_LAYERS; c++) {
        tables_name(w, sizeof w, dir, g, 0, c, TB_WDL);
        tables_name(d, sizeof d, dir, g, 0, c, TB_DTM);
        pr->move[c] = access(w, F_OK) == 0 || access(d, F_OK) == 0;
        for (int h = 1; h <= g->ngoats && h <= BOARD_MAX_POINTS; h++)
            for (int s = 0; s < 2; s++) {
                tables_place_name(w, sizeof w, dir, g, h, c, s, TB_WDL);
                tables_place_name(d, sizeof d, dir, g, h, c, s, TB_DTM);
                pr->place[h][c][s] = access(w, F_OK) == 0 || access(d, F_OK) == 0;
            }
    }
}

/* Whether every successor whose value needs a table has one; if not, the name of the
 * first missing one in name. */
static bool successors_there(const struct game *g, const struct presence *pr,
                             const struct movelist *l, int moves, const char *dir, char *name,
                             size_t len)
{
    for (int j = 0; j < moves; j++) {
        const struct position *s = &l->succ[j];
        struct outcome o;
        if (g->ops->over(g, s, &o)) continue; /* no table: the game is over */
        int c = g->ngoats - s->inhand - bits_count(s->men[0]);
        if (c < 0 || c >= TABLES_MAX_LAYERS) continue;
        bool there = s->inhand ? pr->place[s->inhand][c][s->side] : pr->move[c];
        if (there) continue;
        char path[1024];
        if (s->inhand)
            tables_place_name(path, sizeof path, dir, g, s->inhand, c, s->side, TB_WDL);
        else
            tables_name(path, sizeof path, dir, g, 0, c, TB_WDL);
        snprintf(name, len, "%s", base_name(path));
        return false;
    }
    return true;
}

/* Re-derives positions of every placement table from their successors' tables, with
 * the rules engine's moves: a sample of each layer (every position when sample is 0).
 * Where the layer has a DTM table, the DTM is re-derived (when its successors' are known)
 * and the WDL table is checked against it. A position with a successor whose table is
 * missing is not checked. */
static int verify_placement(const struct game *g, const char *dir, uint64_t sample, bool json,
                            bool quiet, bool *first, struct counts *cnt)
{
    struct prober p;
    prober_init(&p, g, dir);
    struct symmap sm; /* the placement layers' indexes are built here, one at a time */
    symmap_init(&sm, g->board);
    struct movelist l;
    movelist_init(&l);
    struct presence *pr = malloc(sizeof *pr);
    if (!pr) {
        movelist_free(&l);
        prober_free(&p);
        return cli_error("verify: out of memory");
    }
    presence_init(pr, g, dir);
    int errors = 0;
    char path[1024];
    for (int h = 1; h <= g->ngoats; h++)
        for (int c = 0; c < g->captures_to_win && c <= g->ngoats - h; c++)
            for (int side = 0; side < 2; side++) {
                tables_place_name(path, sizeof path, dir, g, h, c, side, TB_WDL);
                if (access(path, F_OK) != 0) continue;
                int goats = g->ngoats - h - c;
                struct pair_index ix;
                if (pair_index_init(&ix, g->board, &sm, g->ntigers, goats)) {
                    errors += cli_error("verify: out of memory");
                    goto done;
                }
                uint64_t n = ix.size, m = sample && sample < n ? sample : n, wrong = 0,
                         not_checked = 0;
                char example[1100] = "", err[400], gone[1024] = "";
                /* the WDL table itself, when the prober answers from the DTM table */
                struct tb *wdl = NULL;
                char dtm_path[1024];
                tables_place_name(dtm_path, sizeof dtm_path, dir, g, h, c, side, TB_DTM);
                struct tb_meta want_wdl = tables_place_meta(g, h, c, side, TB_WDL, n);
                bool wdl_bad = access(dtm_path, F_OK) == 0 &&
                               tables_open(path, &want_wdl, &wdl, err, sizeof err);
                bool failed = false; /* a table could not be read: the rest is not checked */
                if (wdl_bad) {
                    snprintf(example, sizeof example, "%s", err);
                    failed = true;
                    not_checked = m;
                }
                for (uint64_t k = 0; k < m && !wdl_bad; k++) {
                    uint64_t i = retro_sample_index(k, n, m);
                    bits_t T, G;
                    pair_index_unrank(&ix, i, &T, &G);
                    struct position pos = {.men = {G, T}, .side = side, .inhand = h};
                    retro_code stored, want = 0;
                    uint16_t entry = 0;
                    bool known, exact = false;
                    int moves = g->ops->moves(g, &pos, &l), bad = 0;
                    char name[1024];
                    if (moves < 0) {
                        errors += cli_error("verify: out of memory");
                        tb_close(wdl);
                        pair_index_free(&ix);
                        goto done;
                    }
                    if (!successors_there(g, pr, &l, moves, dir, name, sizeof name)) {
                        if (!not_checked++) snprintf(gone, sizeof gone, "%s", name);
                        continue;
                    }
                    if (prober_probe(&p, &pos, &stored, &known, err, sizeof err) ||
                        (wdl && tb_probe(wdl, i, &entry, err, sizeof err)))
                        bad = 1;
                    else if ((want = derive(&p, &l, moves, &exact, err, sizeof err)) ==
                             (retro_code)-1)
                        bad = 1;
                    exact &= known;
                    bool same = exact ? want == stored : wdl_of_code(want) == wdl_of_code(stored);
                    retro_code table_value = code_of_wdl(entry);
                    bool agree = !wdl || entry == wdl_of_code(stored);
                    if (bad) {
                        snprintf(example, sizeof example, "%s", err);
                        failed = true;
                        not_checked += m - k;
                        break;
                    }
                    if (same && agree) continue;
                    if (!wrong++) {
                        char fen[128];
                        g->ops->format(g, &pos, fen, sizeof fen);
                        if (!agree)
                            snprintf(example, sizeof example, "%s: DTM table %s, WDL table %s", fen,
                                     code_word(stored), code_word(table_value));
                        else if (exact)
                            snprintf(example, sizeof example,
                                     "%s: stored %s in %d, its moves give %s in %d", fen,
                                     code_word(stored), code_dtm(stored), code_word(want),
                                     code_dtm(want));
                        else
                            snprintf(example, sizeof example, "%s: stored %s, its moves give %s",
                                     fen, code_word(stored), code_word(want));
                    }
                }
                tb_close(wdl);
                pair_index_free(&ix);
                errors += wrong > 0 || failed;
                char ex[2][1100];
                int nex = 0;
                if (*example) snprintf(ex[nex++], sizeof ex[0], "%s", example);
                if (*gone)
                    snprintf(ex[nex++], sizeof ex[0], "not checked: successor table missing (%s)",
                             gone);
                print_layer(g, h, c, side, 0, m - not_checked, n, wrong, not_checked, failed,
                            (const char(*)[1100])ex, nex, json, quiet, first, cnt);
            }
done:
    free(pr);
    movelist_free(&l);
    prober_free(&p);
    return errors;
}

/* One placement position's DTC code re-derived from its moves with the rules engine and
 * the prober (at the prober's limit), as the definition reads: a move that ends the game is
 * worth its result; a placement or capture zeroes the clock, so it is worth only the class
 * at clock 0 of where it leads; a step keeps the clock running, so its successor's DTC
 * counts (retro_derive_dtc folds them). PROBER_MISSING when a successor's DTC table is
 * missing (its name in err); -1 with err when one cannot be read. */
static int derive_place_dtc(const struct game *g, struct prober *p, const struct position *pos,
                            const struct movelist *l, int moves, retro_code *want, char *err,
                            size_t errlen)
{
    struct move_fold ex = {0};
    retro_code steps[4 * BOARD_MAX_DEGREE]; /* a tiger's steps: four tigers, each neighbour */
    uint64_t which[4 * BOARD_MAX_DEGREE];
    int ns = 0;
    for (int j = 0; j < moves; j++) {
        const struct position *s = &l->succ[j];
        struct outcome o;
        if (g->ops->over(g, s, &o)) {
            move_fold_add(&ex, o.winner < 0 ? RETRO_DRAW : o.winner == pos->side ? 1 : 2);
            continue;
        }
        retro_code code;
        bool known;
        uint16_t cls;
        int rc = prober_probe(p, s, &code, &known, err, errlen);
        if (!rc) rc = prober_probe_class(p, s, &cls, err, errlen);
        if (rc == PROBER_MISSING) {
            char path[1024];
            int c = g->ngoats - s->inhand - bits_count(s->men[0]);
            tables_dtc_name(path, sizeof path, "", g, s->inhand, c, s->inhand ? s->side : -1,
                            p->limit);
            snprintf(err, errlen, "%s", path + 1);
        }
        if (rc) return rc;
        retro_code d = dtc_of_class(cls);
        bool zeroing = s->inhand < pos->inhand || bits_count(s->men[0]) < bits_count(pos->men[0]);
        if (zeroing) {
            move_fold_add(&ex, !d ? RETRO_DRAW : dtc_win(d) ? 2 : 1);
        } else if (ns == 4 * BOARD_MAX_DEGREE) {
            return snprintf(err, errlen, "more steps than four tigers have"), -1;
        } else {
            steps[ns] = d;
            which[ns] = (uint64_t)ns;
            ns++;
        }
    }
    *want = retro_derive_dtc(ns, which, steps, &ex, p->limit);
    return 0;
}

/* The counting rule's tables of Bagh-Chal's placement phase, for every limit there: a
 * sample of each layer's positions (every one when sample is 0) re-derived from the rules'
 * moves and the tables of their successors (derive_place_dtc), independently of the
 * driver that made them, and each class checked against the value without the rule. A
 * position whose successors' tables are missing is not checked. */
static int verify_placement_dtc(const struct game *g, const char *dir, uint64_t sample, bool json,
                                bool quiet, bool *first, struct counts *cnt)
{
    int limits[16], nl = tables_dtc_limits(dir, g, limits, 16), errors = 0;
    struct symmap sm; /* the placement layers' indexes are built here, one at a time */
    symmap_init(&sm, g->board);
    struct movelist l;
    movelist_init(&l);
    for (int li = 0; li < nl; li++) {
        struct prober p;
        prober_init(&p, g, dir);
        p.limit = limits[li];
        for (int h = 1; h <= g->ngoats; h++)
            for (int c = 0; c < g->captures_to_win && c <= g->ngoats - h; c++)
                for (int side = 0; side < 2; side++) {
                    char path[1024], err[1100], example[1100] = "", gone[1100] = "";
                    tables_dtc_name(path, sizeof path, dir, g, h, c, side, p.limit);
                    if (access(path, F_OK) != 0) continue;
                    struct pair_index ix;
                    if (pair_index_init(&ix, g->board, &sm, g->ntigers, g->ngoats - h - c)) {
                        errors += cli_error("verify: out of memory");
                        continue;
                    }
                    uint64_t n = ix.size, m = sample && sample < n ? sample : n, wrong = 0,
                             not_checked = 0;
                    struct tb_meta want_meta = tables_dtc_meta(g, h, c, side, p.limit, n);
                    struct tb *t = NULL;
                    bool failed = tables_open(path, &want_meta, &t, err, sizeof err) != 0;
                    if (failed) {
                        snprintf(example, sizeof example, "%s", err);
                        not_checked = m;
                    }
                    for (uint64_t k = 0; k < m && !failed; k++) {
                        uint64_t i = retro_sample_index(k, n, m);
                        bits_t T, G;
                        pair_index_unrank(&ix, i, &T, &G);
                        struct position pos = {.men = {G, T}, .side = side, .inhand = h};
                        uint16_t entry;
                        retro_code S, want;
                        bool known;
                        int moves = g->ops->moves(g, &pos, &l), rc;
                        if (moves < 0 || tb_probe(t, i, &entry, err, sizeof err) ||
                            prober_probe(&p, &pos, &S, &known, err, sizeof err))
                            rc = -1;
                        else
                            rc = derive_place_dtc(g, &p, &pos, &l, moves, &want, err, sizeof err);
                        if (rc == PROBER_MISSING) {
                            if (!not_checked++)
                                snprintf(gone, sizeof gone,
                                         "not checked: successor table missing (%.900s)", err);
                            continue;
                        }
                        if (rc) {
                            snprintf(example, sizeof example, "%s",
                                     moves < 0 ? "out of memory" : err);
                            failed = true;
                            not_checked += m - k;
                            break;
                        }
                        uint16_t cls = class_code(S, want);
                        if (cls == entry || wrong++) continue;
                        char fen[128];
                        g->ops->format(g, &pos, fen, sizeof fen);
                        snprintf(example, sizeof example,
                                 "%s: stored %s (class code %u), its moves give %s (class code "
                                 "%u)",
                                 fen, class_word(entry), entry, class_word(cls), cls);
                    }
                    tb_close(t);
                    pair_index_free(&ix);
                    errors += wrong > 0 || failed;
                    char ex[2][1100];
                    int nex = 0;
                    if (*example) snprintf(ex[nex++], sizeof ex[0], "%s", example);
                    if (*gone) snprintf(ex[nex++], sizeof ex[0], "%s", gone);
                    print_layer(g, h, c, side, p.limit, m - not_checked, n, wrong, not_checked,
                                failed, (const char(*)[1100])ex, nex, json, quiet, first, cnt);
                }
        prober_free(&p);
    }
    movelist_free(&l);
    return errors;
}

/* --moves: one layer's line or JSON object, as the self-test finishes it. */
struct moves_out {
    bool json, quiet, first;
};

static int moves_layer(void *arg, const struct game *g, const struct selftest_layer *l)
{
    struct moves_out *o = arg;
    char rules[32];
    game_rules_name(g, rules, sizeof rules);
    if (o->json) {
        printf("%s{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"layer\": \"%s\", "
               "\"kind\": \"%s\", \"positions\": %llu, \"checked\": %llu, \"links\": %llu, "
               "\"faults\": %llu, \"examples\": [",
               o->first ? "" : ", ", g->ops->name, rules, g->board->name, l->name, l->kind,
               (unsigned long long)l->positions, (unsigned long long)l->checked,
               (unsigned long long)l->links, (unsigned long long)l->faults);
        for (int e = 0; e < l->nexamples; e++) {
            if (e) printf(", ");
            json_str(stdout, l->examples[e]);
        }
        printf("]}");
        o->first = false;
    } else if (l->faults || !o->quiet) {
        printf("%s %s ", l->faults ? "FAIL" : "ok  ", g->ops->name);
        if (g->ops == &baghchal_ops) printf("%s ", g->board->name);
        printf("%s %s (%s): %llu of %llu positions, %llu links followed, %llu faulty\n", rules,
               l->name, l->kind, (unsigned long long)l->checked, (unsigned long long)l->positions,
               (unsigned long long)l->links, (unsigned long long)l->faults);
        for (int e = 0; e < l->nexamples; e++) printf("     %s\n", l->examples[e]);
    }
    fflush(stdout);
    return 0;
}

/* guti verify --moves: the games to test are o's, or those with tables in dir. */
static int verify_moves(const struct game_opts *o, const char *dir, int pieces, int sample)
{
    struct game games[32];
    int pieces_of[32], ngames;
    if (o->game) {
        if ((ngames = cli_game(o, NULL, &games[0]))) return ngames;
        if (games[0].ops == &baghchal_ops && games[0].rules == BC_NO_REPEAT)
            return cli_usage_error("verify", "rules no-repeat depend on the history, not the "
                                             "position: they have no layers to test");
        ngames = 1;
        pieces_of[0] = pieces ? pieces : 5;
    } else {
        ngames = tables_games(dir, games, 32);
        if (ngames <= 0)
            return cli_usage_error("verify",
                                   "--moves: %s has no tables to choose the games from; name one "
                                   "with --game",
                                   dir);
        if (ngames > 32) ngames = 32;
        for (int k = 0; k < ngames; k++) {
            struct tables_set set;
            pieces_of[k] = pieces;
            if (games[k].ops != &sixteen_ops || pieces) continue;
            if (tables_expected(dir, &games[k], 0, &set)) return cli_error("verify: out of memory");
            pieces_of[k] = set.pieces < 2 ? 2 : set.pieces;
            tables_set_free(&set);
        }
    }
    struct moves_out out = {o->json, o->quiet, true};
    struct selftest_result sum = {0};
    if (o->json) printf("{\"layers\": [");
    for (int k = 0; k < ngames; k++) {
        struct selftest_result r;
        char err[200];
        if (selftest_moves(&games[k], pieces_of[k], (uint64_t)sample, moves_layer, &out, &r, err,
                           sizeof err)) {
            if (o->json) printf("]}\n");
            return cli_error("verify: %s", err);
        }
        sum.layers += r.layers;
        sum.positions += r.positions;
        sum.checked += r.checked;
        sum.links += r.links;
        sum.faults += r.faults;
    }
    if (o->json)
        printf("], \"checked\": %llu, \"links\": %llu, \"faults\": %llu, \"ok\": %s}\n",
               (unsigned long long)sum.checked, (unsigned long long)sum.links,
               (unsigned long long)sum.faults, sum.faults ? "false" : "true");
    else
        printf("verify --moves: %d layer%s, %llu of %llu positions checked, %llu links followed, "
               "%llu faulty\n",
               sum.layers, sum.layers == 1 ? "" : "s", (unsigned long long)sum.checked,
               (unsigned long long)sum.positions, (unsigned long long)sum.links,
               (unsigned long long)sum.faults);
    if (sum.faults)
        return cli_error("verify: the move graph has %llu faulty position%s",
                         (unsigned long long)sum.faults, sum.faults == 1 ? "" : "s");
    return 0;
}

/* Orders names as a reader counts: a run of digits by its number, so that layer h2 comes
 * before h10 and material 2+2 before 10+2. */
static int cmp_natural(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    while (*x && *y) {
        if (isdigit((unsigned char)*x) && isdigit((unsigned char)*y)) {
            while (*x == '0') x++;
            while (*y == '0') y++;
            size_t nx = strspn(x, "0123456789"), ny = strspn(y, "0123456789");
            if (nx != ny) return nx < ny ? -1 : 1;
            int c = strncmp(x, y, nx);
            if (c) return c;
            x += nx;
            y += ny;
        } else if (*x != *y) {
            return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
        } else {
            x++, y++;
        }
    }
    return (unsigned char)*x - (unsigned char)*y;
}

int cmd_verify(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL;
    bool full = false, moves = false, verbose = false;
    int sample = -1, pieces = 0;
    const struct cli_option opts[] = {
        CLI_OPTION("dir", CLI_TEXT, &dir_opt),
        CLI_OPTION("full", CLI_FLAG, &full),
        CLI_OPTION_INT("sample", &sample, 0, 1000000000),
        CLI_OPTION("moves", CLI_FLAG, &moves),
        CLI_OPTION("game", CLI_TEXT, &o.game),
        CLI_OPTION("rules", CLI_RULES, &o.rules),
        CLI_OPTION_INT("captures", &o.captures, 1, GAME_MAX_CAPTURE_GOAL),
        CLI_OPTION("board", CLI_BOARD, &o.board),
        CLI_OPTION_INT("pieces", &pieces, 2, 12),
        CLI_OPTION_INT("threads", &o.threads, 1, 1024),
        CLI_OPTION("quiet", CLI_FLAG, &o.quiet),
        CLI_OPTION("verbose", CLI_FLAG, &verbose),
        CLI_OPTION("json", CLI_FLAG, &o.json),
        CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("verify", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return fputs(help, stdout), 0;
    if ((rc = cli_fold_captures("verify", &o))) return rc;
    if (sample >= 0 && !full && !moves)
        return cli_usage_error("verify", "--sample goes with --full or --moves");
    if (full && moves)
        return cli_usage_error("verify", "--full checks the tables, --moves the move graph: one "
                                         "at a time");
    const char *moves_only = o.game    ? "--game"
                             : o.rules ? "--rules"
                             : o.board ? "--board"
                             : pieces  ? "--pieces"
                                       : NULL;
    if (moves_only && !moves) return cli_usage_error("verify", "%s goes with --moves", moves_only);
    if ((o.rules || o.board) && !o.game)
        return cli_usage_error("verify", "%s goes with --game", o.rules ? "--rules" : "--board");
    if (verbose && o.quiet)
        return cli_usage_error("verify", "--quiet and --verbose: one or the other");
    if (verbose && moves)
        return cli_usage_error("verify", "--verbose is for the tables' check, not --moves");
    if (first < argc) return cli_usage_error("verify", "unexpected operand '%s'", argv[first]);
    if ((rc = cli_threads("verify", o.threads))) return rc;
    const char *dir = tables_dir(dir_opt);
    if (moves) return verify_moves(&o, dir, pieces, sample < 0 ? 1000 : sample);
    char **files;
    int nfiles = tables_list_all(dir, &files);
    if (nfiles < 0) return cli_error("verify: cannot read directory %s: %s", dir, strerror(errno));
    if (nfiles == 0) {
        tables_list_free(files, nfiles);
        return cli_error("verify: no tables in %s", dir);
    }
    qsort(files, (size_t)nfiles, sizeof *files, cmp_natural);
    struct counts cnt = {0};
    int errors = 0;
    char err[400];
    if (o.json) printf("{\"files\": [");
    for (int k = 0; k < nfiles; k++) {
        struct tb *t = NULL;
        int bad = tb_open(files[k], &t, err, sizeof err) || tb_verify(t, err, sizeof err);
        tb_close(t);
        errors += bad;
        cnt.tables_damaged += bad;
        cnt.tables_ok += !bad;
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
        } else if (verbose) {
            printf("ok   %s\n", files[k]);
        }
    }
    tables_list_free(files, nfiles);
    /* One line for the sound tables: listing them all buries the few lines that matter. */
    if (!o.json && !o.quiet && !verbose && cnt.tables_ok)
        printf("ok   %d table%s in %s: headers, checksums and values sound (--verbose lists "
               "them)\n",
               cnt.tables_ok, cnt.tables_ok == 1 ? "" : "s", dir);

    /* Each game's set of tables must be complete. */
    struct game games[32];
    int ngames = tables_games(dir, games, 32);
    if (ngames > 32) ngames = 32;
    if (ngames < 0) ngames = 0;
    struct tables_set *sets = calloc((size_t)(ngames ? ngames : 1), sizeof *sets);
    if (!sets) return cli_error("verify: out of memory");
    if (o.json) printf("], \"sets\": [");
    for (int k = 0; k < ngames; k++) {
        struct tables_set *set = &sets[k];
        if (tables_expected(dir, &games[k], 0, set)) {
            for (int j = 0; j < k; j++) tables_set_free(&sets[j]);
            free(sets);
            return cli_error("verify: out of memory");
        }
        char name[80], rules[32], make[2600], list[600];
        tables_game_name(&games[k], name, sizeof name);
        game_rules_name(&games[k], rules, sizeof rules);
        tables_make_command(set, dir, TABLES_ALL_KINDS, make, sizeof make);
        errors += set->nmissing;
        cnt.tables_missing += set->nmissing;
        if (o.json) {
            printf("%s{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"tables\": %d, "
                   "\"present\": %d, \"missing\": [",
                   k ? ", " : "", games[k].ops->name, rules, games[k].board->name, set->n,
                   set->n - set->nmissing);
            for (int j = 0, listed = 0; j < set->n; j++)
                if (!set->t[j].present) {
                    printf("%s", listed++ ? ", " : "");
                    json_str(stdout, set->t[j].name);
                }
            printf("], \"make\": ");
            if (*make)
                json_str(stdout, make);
            else
                printf("null");
            printf("}");
        } else if (set->nmissing) {
            tables_missing_text(set, TABLES_ALL_KINDS, 3, list, sizeof list);
            printf("FAIL %s: %d of %d tables; missing: %s; make %s with: %s\n", name,
                   set->n - set->nmissing, set->n, list, set->nmissing == 1 ? "it" : "them", make);
        } else if (!o.quiet) {
            printf("ok   %s: %d of %d tables\n", name, set->n, set->n);
        }
    }
    if (o.json) printf("], \"layers\": [");
    bool first_row = true;
    if (full) {
        struct progress prog;
        progress_init(&prog, o.quiet);
        struct full_result res[TABLES_MAX_LAYERS];
        for (int k = 0; k < ngames; k++) {
            int nres = 0;
            if (games[k].ops != &baghchal_ops) continue;
            progress_begin(&prog, "verify");
            errors += verify_full(&games[k], dir, &sets[k], res, &nres);
            progress_end(&prog);
            for (int j = 0; j < nres; j++) {
                struct full_result *r = &res[j];
                print_layer(&games[k], 0, r->captured, -1, 0, r->positions, r->layer_positions,
                            r->inconsistent, r->not_checked, r->unreadable,
                            (const char(*)[1100])r->examples, r->nexamples, o.json, o.quiet,
                            &first_row, &cnt);
            }
        }
        for (int k = 0; k < ngames; k++)
            if (games[k].ops == &baghchal_ops)
                errors += verify_dtc(&games[k], dir, o.json, o.quiet, &first_row, &cnt);
        uint64_t ss_sample = sample < 0 ? 0 : (uint64_t)sample;
        if (sample < 0) sample = 1000;
        for (int k = 0; k < ngames; k++)
            if (games[k].ops == &baghchal_ops)
                errors += verify_placement(&games[k], dir, (uint64_t)sample, o.json, o.quiet,
                                           &first_row, &cnt) +
                          verify_placement_dtc(&games[k], dir, (uint64_t)sample, o.json, o.quiet,
                                               &first_row, &cnt);
            else
                errors += verify_sixteen(&games[k], dir, &sets[k], ss_sample, &prog, o.json,
                                         o.quiet, &first_row, &cnt) +
                          verify_sixteen_dtc(&games[k], dir, sets[k].pieces, o.json, o.quiet,
                                             &first_row, &cnt);
        if (ngames == 0 && !o.json) printf("full: no tables to re-derive\n");
    }
    for (int k = 0; k < ngames; k++) tables_set_free(&sets[k]);
    free(sets);
    if (o.json) {
        printf("], \"tables_ok\": %d, \"tables_damaged\": %d, \"tables_missing\": %d",
               cnt.tables_ok, cnt.tables_damaged, cnt.tables_missing);
        if (full)
            printf(", \"layers_rederived\": %d, \"inconsistent\": %llu, \"not_checked\": %llu",
                   cnt.layers, (unsigned long long)cnt.inconsistent,
                   (unsigned long long)cnt.not_checked);
        printf(", \"ok\": %s}\n", errors ? "false" : "true");
    } else {
        printf("verify: %d table%s ok, %d damaged, %d missing", cnt.tables_ok,
               cnt.tables_ok == 1 ? "" : "s", cnt.tables_damaged, cnt.tables_missing);
        if (full)
            printf("; %d layer%s re-derived, %llu position%s inconsistent, %llu not checked",
                   cnt.layers, cnt.layers == 1 ? "" : "s", (unsigned long long)cnt.inconsistent,
                   cnt.inconsistent == 1 ? "" : "s", (unsigned long long)cnt.not_checked);
        printf("\n");
    }
    if (errors) cli_error("verify: %d error%s", errors, errors == 1 ? "" : "s");
    return errors ? EXIT_BAD : 0;
}
