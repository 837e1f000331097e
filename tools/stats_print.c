/* guti stats' output: the tallies of stats.h as Markdown, CSV or JSON. */
#include "stats_print.h"

#include <ctype.h>
#include <string.h>

#include "cli_game.h"
#include "values.h"

/* A side's man in a row's words ("goat", "tiger"): the game's. */
static const char *piece(const struct game *g, int side)
{
    return g->ops->piece_name[side];
}

static uint64_t changed_classes(const struct bc_change *x, bool raw)
{
    uint64_t n = 0;
    for (int v = 0; v < 3; v++)
        for (int u = 0; u < 3; u++)
            if (u != v) n += raw ? x->raw[v][u] : x->n[v][u];
    return n;
}

/* Three shares of a total as "a% | b% | c% | ", or dashes when the total is 0 (a layer no
 * game reaches). */
static void shares(FILE *f, const uint64_t n[3], uint64_t total)
{
    for (int v = 0; v < 3; v++)
        if (total)
            fprintf(f, "%.2f%% | ", 100.0 * n[v] / total);
        else
            fprintf(f, "- | ");
}

/* A DTM as JSON: null for none (-1) or unknown (no DTM table). */
static void json_dtm(FILE *f, bool known, int dtm)
{
    if (known && dtm >= 0)
        fprintf(f, "%d", dtm);
    else
        fprintf(f, "null");
}

/* A DTM in a Markdown cell: "-" for none or unknown. */
static void md_dtm(FILE *f, bool known, int dtm)
{
    if (known && dtm >= 0)
        fprintf(f, "%d", dtm);
    else
        fprintf(f, "-");
}

/* The layers whose DTM table is missing, as a JSON list of names ("h5-c1-t", "h0-c1"). */
static void json_bc_dtm_missing(FILE *f, const struct bc_stats *s)
{
    fprintf(f, "\"dtm_missing\": [");
    bool first = true;
    for (int k = 0; k < s->nrows; k++) {
        const struct bc_row *r = &s->rows[k];
        if (!r->dtm_missing || (r->inhand == 0 && r->side == 1)) continue;
        if (r->inhand)
            fprintf(f, "%s\"h%d-c%d-%c\"", first ? "" : ", ", r->inhand, r->captured,
                    r->side ? 't' : 'g');
        else
            fprintf(f, "%s\"h0-c%d\"", first ? "" : ", ", r->captured);
        first = false;
    }
    fprintf(f, "]");
}

/* The columns from "changed" to "loss->draw" of the comparison table. */
static void print_change(FILE *f, const struct bc_change *x)
{
    fprintf(f, "| %llu | %llu | %llu | %llu | %llu | %llu | %llu | %llu |",
            (unsigned long long)changed_classes(x, false),
            (unsigned long long)changed_classes(x, true), (unsigned long long)x->n[0][1],
            (unsigned long long)x->n[0][2], (unsigned long long)x->n[1][0],
            (unsigned long long)x->n[1][2], (unsigned long long)x->n[2][0],
            (unsigned long long)x->n[2][1]);
}

/* The rows and the total as CSV. */
static void bc_csv(FILE *f, const struct bc_stats *s)
{
    const struct bc_row *rows = s->rows;
    const struct bc_row total = s->total;
    int nrows = s->nrows;
    fprintf(f, "inhand,captured,side,classes,win,draw,loss,positions,win_raw,draw_raw,loss_raw,"
               "max_dtm_win,max_dtm_loss\n");
    for (int k = 0; k <= nrows; k++) {
        const struct bc_row *r = k < nrows ? &rows[k] : &total;
        if (k < nrows)
            fprintf(f, "%d,%d,%s,", r->inhand, r->captured, piece(s->g, r->side));
        else
            fprintf(f, "all,all,all,");
        fprintf(f, "%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,",
                (unsigned long long)(r->n[0] + r->n[1] + r->n[2]), (unsigned long long)r->n[0],
                (unsigned long long)r->n[1], (unsigned long long)r->n[2],
                (unsigned long long)(r->raw[0] + r->raw[1] + r->raw[2]),
                (unsigned long long)r->raw[0], (unsigned long long)r->raw[1],
                (unsigned long long)r->raw[2]);
        if (r->dtm)
            fprintf(f, "%d,%d\n", r->max_win, r->max_loss);
        else
            fprintf(f, ",\n");
    }
}

/* The rules compared with, and per layer compared the classes that change value. */
static void bc_json_changes(FILE *f, const struct bc_stats *s)
{
    const struct bc_row *rows = s->rows;
    const struct bc_change *ch = s->ch;
    int nrows = s->nrows;
    bool compare = s->compare;
    const char *other_rules = s->other_rules;
    if (compare) {
        fprintf(f, ", \"compared_with\": \"%s\", \"changes\": [", other_rules);
        bool first = true;
        for (int k = 0; k < nrows; k++) {
            const struct bc_change *x = &ch[k];
            if (!x->present) continue;
            fprintf(f,
                    "%s{\"inhand\": %d, \"captured\": %d, \"side\": \"%s\", \"changed\": "
                    "%llu, \"changed_raw\": %llu, \"matrix\": [",
                    first ? "" : ", ", rows[k].inhand, rows[k].captured, piece(s->g, rows[k].side),
                    (unsigned long long)changed_classes(x, false),
                    (unsigned long long)changed_classes(x, true));
            first = false;
            for (int v = 0; v < 3; v++)
                fprintf(f, "%s[%llu, %llu, %llu]", v ? ", " : "", (unsigned long long)x->n[v][0],
                        (unsigned long long)x->n[v][1], (unsigned long long)x->n[v][2]);
            fprintf(f, "], \"example\": ");
            if (x->example != UINT64_MAX)
                json_str(f, x->example_fen);
            else
                fprintf(f, "null");
            fprintf(f, "}");
        }
        fprintf(f, "]");
    }
}

/* The rows, the total and the comparison as one JSON object. */
static void bc_json(FILE *f, const struct bc_stats *s)
{
    const struct game *g = s->g;
    const struct bc_row *rows = s->rows;
    const struct bc_row total = s->total;
    int nrows = s->nrows;
    const char *rules = s->rules;
    fprintf(
        f,
        "{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"reachable\": %s, \"rows\": [",
        g->ops->name, rules, g->board->name, s->reachable ? "true" : "false");
    /* the layers, then the total as an object of its own */
    for (int k = 0; k <= nrows; k++) {
        const struct bc_row *r = k < nrows ? &rows[k] : &total;
        if (k < nrows)
            fprintf(f, "%s{\"inhand\": %d, \"captured\": %d, \"side\": \"%s\", ", k ? ", " : "",
                    r->inhand, r->captured, piece(s->g, r->side));
        else
            fprintf(f, "], \"total\": {");
        fprintf(f,
                "\"classes\": %llu, \"win\": %llu, \"draw\": %llu, \"loss\": %llu, "
                "\"positions\": %llu, "
                "\"win_raw\": %llu, \"draw_raw\": %llu, \"loss_raw\": %llu, ",
                (unsigned long long)(r->n[0] + r->n[1] + r->n[2]), (unsigned long long)r->n[0],
                (unsigned long long)r->n[1], (unsigned long long)r->n[2],
                (unsigned long long)(r->raw[0] + r->raw[1] + r->raw[2]),
                (unsigned long long)r->raw[0], (unsigned long long)r->raw[1],
                (unsigned long long)r->raw[2]);
        fprintf(f, "\"max_dtm_win\": ");
        json_dtm(f, r->dtm, r->max_win);
        fprintf(f, ", \"max_dtm_loss\": ");
        json_dtm(f, r->dtm, r->max_loss);
        fprintf(f, ", \"longest_win\": ");
        const struct bc_row *longest = r;
        if (k == nrows) /* the first layer with the longest win of all */
            for (int j = nrows - 1; j >= 0; j--)
                if (rows[j].dtm && rows[j].max_win == r->max_win) longest = &rows[j];
        if (r->dtm && r->max_win >= 0 && longest != &total)
            json_str(f, longest->longest_fen);
        else
            fprintf(f, "null");
        fprintf(f, "}");
    }
    fprintf(f, ", ");
    json_bc_dtm_missing(f, s);
    bc_json_changes(f, s);
    fprintf(f, "}\n");
}

/* The layers whose DTM is not known, named under the Markdown table. */
static void bc_md_missing(FILE *f, const struct bc_stats *s)
{
    const struct bc_row *rows = s->rows;
    int nrows = s->nrows;
    int missing = 0;
    for (int k = 0; k < nrows; k++)
        missing += rows[k].dtm_missing && !(rows[k].inhand == 0 && rows[k].side == 1);
    if (missing) {
        fprintf(f,
                "\n**DTM missing**: the DTM of %d layer%s is not known, its table%s not in "
                "the directory (for a %s' placement layer, the %s' table of the layer "
                "below), so %s longest wins and losses, and those of all, are not known:",
                missing, missing == 1 ? "" : "s", missing == 1 ? "" : "s", s->g->ops->side_name[0],
                s->g->ops->side_name[1], missing == 1 ? "its" : "their");
        for (int k = 0, n = 0; k < nrows; k++) {
            const struct bc_row *r = &rows[k];
            if (!r->dtm_missing || (r->inhand == 0 && r->side == 1)) continue;
            fprintf(f, "%s %s", n++ ? "," : "", r->layer);
        }
        fprintf(f, ".\n");
    }
}

/* The placement phase summed over captures and sides, by goats in hand (Markdown). */
static void bc_md_draws(FILE *f, const struct bc_stats *s)
{
    const char *a = s->g->ops->side_name[0], *b = s->g->ops->side_name[1];
    const struct bc_row *rows = s->rows;
    int nrows = s->nrows;
    int top = s->top, most = 0;
    for (int k = 0; k < nrows; k++)
        if (rows[k].inhand > most) most = rows[k].inhand;
    if (nrows > 2 * (top + 1)) {
        /* the placement phase, summed over captures and sides */
        fprintf(f,
                "\n## Draws through the game, by %s in hand\n\n| in hand | classes | draw "
                "(classes) | win for the side to move (classes) | positions | draw (positions) "
                "| %s to move: win (positions) | %s to move: win (positions) "
                "|\n|---:|---:|---:|---:|---:|---:|---:|---:|\n",
                a, a, b);
        for (int inhand = most; inhand >= 0; inhand--) {
            uint64_t n[3] = {0, 0, 0}, raw[3] = {0, 0, 0}, side_n[2] = {0, 0}, side_w[2] = {0, 0};
            for (int k = 0; k < nrows; k++) {
                if (rows[k].inhand != inhand) continue;
                for (int v = 0; v < 3; v++) {
                    n[v] += rows[k].n[v];
                    raw[v] += rows[k].raw[v];
                    side_n[rows[k].side] += rows[k].raw[v];
                }
                side_w[rows[k].side] += rows[k].raw[0];
            }
            uint64_t cl = n[0] + n[1] + n[2], rw = raw[0] + raw[1] + raw[2];
            if (!cl) continue;
            fprintf(f, "| %d | %llu | %.2f%% | %.2f%% | %llu | %.2f%% | ", inhand,
                    (unsigned long long)cl, 100.0 * n[1] / cl, 100.0 * n[0] / cl,
                    (unsigned long long)rw, 100.0 * raw[1] / rw);
            for (int sd = 0; sd < 2; sd++) {
                if (side_n[sd])
                    fprintf(f, "%.2f%% |", 100.0 * side_w[sd] / side_n[sd]);
                else
                    fprintf(f, "- |");
                fprintf(f, sd ? "\n" : " ");
            }
        }
    }
}

/* The longest wins of each phase and side, and of each layer (Markdown). */
static void bc_md_longest(FILE *f, const struct bc_stats *s)
{
    const struct bc_row *rows = s->rows;
    const struct bc_row total = s->total;
    int nrows = s->nrows;
    if (total.dtm) {
        fprintf(f, "\n## Longest wins\n\n");
        for (int phase = 1; phase >= 0; phase--)
            for (int side = 0; side < 2; side++) {
                int best = -1;
                bool every = true; /* a longest win needs the DTM of every layer */
                for (int k = 0; k < nrows; k++) {
                    if ((rows[k].inhand > 0) != phase || rows[k].side != side) continue;
                    every &= rows[k].dtm;
                    if (rows[k].max_win >= 0 && (best < 0 || rows[k].max_win > rows[best].max_win))
                        best = k;
                }
                if (best >= 0 && every)
                    fprintf(f, "- %s phase: the %ss' longest forced win, %d plies: `%s`\n",
                            phase ? "Placement" : "Movement", piece(s->g, side), rows[best].max_win,
                            rows[best].longest_fen);
            }
        fprintf(f, "\n| in hand | captured | to move | DTM | example "
                   "|\n|---:|---:|---|---:|---|\n");
        for (int k = 0; k < nrows; k++)
            if (rows[k].max_win >= 0)
                fprintf(f, "| %d | %d | %ss | %d | `%s` |\n", rows[k].inhand, rows[k].captured,
                        piece(s->g, rows[k].side), rows[k].max_win, rows[k].longest_fen);
    }
}

/* The classes whose value differs under the other rule set, by layer (Markdown). */
static void bc_md_compare(FILE *f, const struct bc_stats *s)
{
    const struct bc_row *rows = s->rows;
    const struct bc_change *ch = s->ch;
    int nrows = s->nrows;
    bool compare = s->compare;
    const char *rules = s->rules;
    const char *other_rules = s->other_rules;
    if (compare) {
        fprintf(f, "\n## %s against %s\n\n", rules, other_rules);
        fprintf(f,
                "Classes whose value for the side to move differs (value under %s -> under "
                "%s).",
                rules, other_rules);
        const struct bc_change *all = &s->change_total;
        int compared = 0, listed = 0;
        for (int k = 0; k < nrows; k++) {
            compared += ch[k].present;
            listed += ch[k].present && changed_classes(&ch[k], false) > 0;
        }
        fprintf(f,
                " Listed: the %d of the %d layers (by side to move) compared that have one; "
                "the JSON output has them all.\n\n",
                listed, compared);
        fprintf(f, "| in hand | captured | to move | changed | changed positions | win->draw | "
                   "win->loss | draw->win | draw->loss | loss->win | loss->draw | example |\n");
        fprintf(f, "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (int k = 0; k < nrows; k++) {
            const struct bc_change *x = &ch[k];
            if (!x->present || !changed_classes(x, false)) continue;
            fprintf(f, "| %d | %d | %ss ", rows[k].inhand, rows[k].captured,
                    piece(s->g, rows[k].side));
            print_change(f, x);
            fprintf(f, " `%s` |\n", x->example_fen);
        }
        if (all->present) {
            fprintf(f, "| **all** | | ");
            print_change(f, all);
            fprintf(f, " |\n");
        }
    }
}

/* The rows and the total as Markdown, then the sections that follow them. */
static void bc_md(FILE *f, const struct bc_stats *s)
{
    const struct game *g = s->g;
    const struct bc_row *rows = s->rows;
    const struct bc_row total = s->total;
    int nrows = s->nrows;
    bool reachable = s->reachable;
    const char *rules = s->rules;
    fprintf(f, "# %s %s, rules %s: values for the side to move%s\n\n", g->ops->name, g->board->name,
            rules, reachable ? ", positions reached from the start" : ", all legal positions");
    fprintf(f, "| in hand | captured | to move | classes | win (classes) | draw (classes) | "
               "loss (classes) | positions | win (positions) | draw (positions) | "
               "loss (positions) | longest win | longest loss |\n");
    fprintf(f, "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int k = 0; k <= nrows; k++) {
        const struct bc_row *r = k < nrows ? &rows[k] : &total;
        uint64_t cl = r->n[0] + r->n[1] + r->n[2], raw = r->raw[0] + r->raw[1] + r->raw[2];
        if (k < nrows)
            fprintf(f, "| %d | %d | %ss ", r->inhand, r->captured, piece(s->g, r->side));
        else
            fprintf(f, "| **all** | | ");
        fprintf(f, "| %llu | ", (unsigned long long)cl);
        shares(f, r->n, cl);
        fprintf(f, "%llu | ", (unsigned long long)raw);
        shares(f, r->raw, raw);
        md_dtm(f, r->dtm, r->max_win);
        fprintf(f, " | ");
        md_dtm(f, r->dtm, r->max_loss);
        fprintf(f, " |\n");
    }
    fprintf(f, "\nClasses are positions up to the board's symmetries; positions count every "
               "symmetric image. Percentages are of the row's total. A longest win or loss "
               "of - is none, or not known without the layer's DTM table.\n");
    bc_md_missing(f, s);
    bc_md_draws(f, s);
    bc_md_longest(f, s);
    bc_md_compare(f, s);
}

void stats_bc_print(FILE *f, const char *format, const struct bc_stats *s)
{
    if (!strcmp(format, "csv"))
        bc_csv(f, s);
    else if (!strcmp(format, "json"))
        bc_json(f, s);
    else
        bc_md(f, s);
}

/* Whether material rows have both sides to move, each side's men counted apart (a hunter
 * alone against many): each row then names its side to move. Rows all of one side (a game
 * whose tables are by the side to move, whatever its colour) do not. */
static bool ss_by_side(const struct ss_table_stats *s)
{
    for (int k = 1; k < s->nrows; k++)
        if (s->rows[k].side != s->rows[0].side) return true;
    return false;
}

static bool dtc_by_side(const struct dtc_stats *s)
{
    for (int k = 1; k < s->nrows; k++)
        if (s->rows[k].side != s->rows[0].side) return true;
    return false;
}

/* The materials as CSV. */
static void ss_csv(FILE *f, const struct ss_table_stats *s)
{
    const struct ss_row *rows = s->rows;
    int nrows = s->nrows;
    bool by_side = ss_by_side(s);
    fprintf(f,
            "%spieces_to_move,pieces_other,classes,win,draw,loss,positions,win_raw,draw_raw,"
            "loss_raw,max_dtm_win,max_dtm_loss\n",
            by_side ? "side," : "");
    for (int k = 0; k < nrows; k++) {
        const struct ss_row *r = &rows[k];
        if (by_side) fprintf(f, "%s,", s->g->ops->side_name[r->side]);
        fprintf(f, "%d,%d,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,", r->m, r->n,
                (unsigned long long)(r->cl[0] + r->cl[1] + r->cl[2]), (unsigned long long)r->cl[0],
                (unsigned long long)r->cl[1], (unsigned long long)r->cl[2],
                (unsigned long long)(r->raw[0] + r->raw[1] + r->raw[2]),
                (unsigned long long)r->raw[0], (unsigned long long)r->raw[1],
                (unsigned long long)r->raw[2]);
        if (r->max_win >= 0 || r->max_loss >= 0)
            fprintf(f, "%d,%d\n", r->max_win, r->max_loss);
        else
            fprintf(f, ",\n");
    }
}

/* The materials, their total and the materials without DTM as one JSON object. */
static void ss_json(FILE *f, const struct ss_table_stats *s)
{
    const struct ss_row *rows = s->rows;
    int nrows = s->nrows;
    const char *rules = s->rules;
    /* the materials, then their total as an object of its own */
    const struct ss_row tot = s->total;
    bool by_side = ss_by_side(s);
    fprintf(f, "{\"game\": \"%s\", \"rules\": \"%s\", \"reachable\": %s, \"rows\": [",
            s->g->ops->name, rules, s->reachable ? "true" : "false");
    for (int k = 0; k <= nrows; k++) {
        const struct ss_row *r = k < nrows ? &rows[k] : &tot;
        if (k < nrows && by_side)
            fprintf(f, "%s{\"side\": \"%s\", ", k ? ", " : "", s->g->ops->side_name[r->side]);
        else if (k < nrows)
            fprintf(f, "%s{", k ? ", " : "");
        if (k < nrows)
            fprintf(f, "\"pieces_to_move\": %d, \"pieces_other\": %d, ", r->m, r->n);
        else
            fprintf(f, "], \"total\": {");
        fprintf(f,
                "\"classes\": %llu, \"win\": %llu, \"draw\": %llu, \"loss\": %llu, "
                "\"positions\": %llu, \"win_raw\": %llu, \"draw_raw\": %llu, \"loss_raw\": "
                "%llu, \"max_dtm_win\": ",
                (unsigned long long)(r->cl[0] + r->cl[1] + r->cl[2]), (unsigned long long)r->cl[0],
                (unsigned long long)r->cl[1], (unsigned long long)r->cl[2],
                (unsigned long long)(r->raw[0] + r->raw[1] + r->raw[2]),
                (unsigned long long)r->raw[0], (unsigned long long)r->raw[1],
                (unsigned long long)r->raw[2]);
        json_dtm(f, r->dtm, r->max_win);
        fprintf(f, ", \"max_dtm_loss\": ");
        json_dtm(f, r->dtm, r->max_loss);
        fprintf(f, ", \"mean_dtm_win\": ");
        if (r->dtm && r->cl[0])
            fprintf(f, "%.2f", r->win_dtm_sum / r->cl[0]);
        else
            fprintf(f, "null");
        fprintf(f, ", \"longest_win\": ");
        if (r->dtm && r->max_win >= 0)
            json_str(f, r->longest_fen);
        else
            fprintf(f, "null");
        fprintf(f, "}");
    }
    fprintf(f, ", \"dtm_missing\": [");
    for (int k = 0, n = 0; k < nrows; k++)
        if (rows[k].dtm_missing) fprintf(f, "%s\"%d+%d\"", n++ ? ", " : "", rows[k].m, rows[k].n);
    fprintf(f, "]}\n");
}

/* Who wins, m pieces to move against n: a Markdown matrix. */
static void ss_md_matrix(FILE *f, const struct ss_table_stats *s)
{
    const struct ss_row *rows = s->rows;
    int nrows = s->nrows;
    int top = 0;
    for (int k = 0; k < nrows; k++) top = rows[k].m > top ? rows[k].m : top;
    fprintf(f,
            "\n## Who wins: m pieces to move against n\n\nShare of positions (raw) won by the side "
            "to move; rows m, columns n.\n\n| m \\ n |");
    for (int n = 1; n <= top; n++) fprintf(f, " %d |", n);
    fprintf(f, "\n|---:|");
    for (int n = 1; n <= top; n++) fprintf(f, "---:|");
    fprintf(f, "\n");
    for (int m = 1; m <= top; m++) {
        fprintf(f, "| %d |", m);
        for (int n = 1; n <= top; n++) {
            const struct ss_row *r = NULL;
            for (int k = 0; k < nrows; k++)
                if (rows[k].m == m && rows[k].n == n) r = &rows[k];
            uint64_t raw = r ? r->raw[0] + r->raw[1] + r->raw[2] : 0;
            if (r && raw)
                fprintf(f, " %.1f%% |", 100.0 * r->raw[0] / raw);
            else
                fprintf(f, " |");
        }
        fprintf(f, "\n");
    }
}

/* Who wins, by the men of each side (rows by side, ss_by_side): a Markdown table, a row per
 * material with the share won by each side to move. */
static void ss_md_sides(FILE *f, const struct ss_table_stats *s)
{
    const char *const *side = s->g->ops->side_name;
    fprintf(f,
            "\n## Who wins: by the men of each side\n\nShare of positions (raw) won by the side "
            "to move.\n\n| %s | %s | %s to move | %s to move |\n|---:|---:|---:|---:|\n",
            side[0], side[1], side[0], side[1]);
    for (int k = 0; k < s->nrows; k++) {
        const struct ss_row *r = &s->rows[k];
        int men[2] = {r->side ? r->n : r->m, r->side ? r->m : r->n};
        bool seen = false; /* the material's row is that of its first side to move */
        for (int j = 0; j < k; j++) {
            const struct ss_row *q = &s->rows[j];
            seen = seen || (q->side != r->side && q->m == r->n && q->n == r->m);
        }
        if (seen) continue;
        fprintf(f, "| %d | %d |", men[0], men[1]);
        for (int to_move = 0; to_move < 2; to_move++) {
            const struct ss_row *w = NULL;
            for (int j = 0; j < s->nrows; j++) {
                const struct ss_row *q = &s->rows[j];
                if (q->side == to_move && q->m == men[to_move] && q->n == men[1 - to_move]) w = q;
            }
            uint64_t raw = w ? w->raw[0] + w->raw[1] + w->raw[2] : 0;
            if (raw)
                fprintf(f, " %.1f%% |", 100.0 * (double)w->raw[0] / (double)raw);
            else
                fprintf(f, " |");
        }
        fprintf(f, "\n");
    }
}

/* The materials as Markdown, the materials without DTM, then who wins. A game solved as
 * endgames (game_layers.pieces_most) says so in the title; rows by side name theirs, and
 * their examples are each of its own side to move. */
static void ss_md(FILE *f, const struct ss_table_stats *s)
{
    const struct ss_row *rows = s->rows;
    int nrows = s->nrows;
    const char *rules = s->rules;
    const char *first = s->g->ops->side_name[0];
    const struct game_layers *gl = s->g->ops->layers;
    bool by_side = ss_by_side(s);
    fprintf(f, "# %s%s, rules %s: values for the side to move%s\n\n", s->g->ops->title,
            gl && gl->pieces_most ? " endgames" : "", rules,
            s->reachable ? ", positions reached from the start" : "");
    fprintf(f,
            "%s| to move | other | classes | win (classes) | draw (classes) | loss (classes) | "
            "positions | win (positions) | draw (positions) | loss (positions) | longest "
            "win | mean win | longest loss | longest win, example",
            by_side ? "| side to move " : "");
    if (!by_side) fprintf(f, " (%c%s to move)", toupper((unsigned char)first[0]), first + 1);
    fprintf(f, " |\n%s|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n",
            by_side ? "|---" : "");
    int missing = 0;
    for (int k = 0; k < nrows; k++) {
        const struct ss_row *r = &rows[k];
        uint64_t cl = r->cl[0] + r->cl[1] + r->cl[2], raw = r->raw[0] + r->raw[1] + r->raw[2];
        missing += r->dtm_missing;
        if (by_side) fprintf(f, "| %s ", s->g->ops->side_name[r->side]);
        fprintf(f, "| %d | %d | %llu | ", r->m, r->n, (unsigned long long)cl);
        shares(f, r->cl, cl);
        fprintf(f, "%llu | ", (unsigned long long)raw);
        shares(f, r->raw, raw);
        if (r->max_win >= 0)
            fprintf(f, "%d | %.1f | ", r->max_win, r->win_dtm_sum / r->cl[0]);
        else
            fprintf(f, "- | - | ");
        md_dtm(f, r->dtm, r->max_loss);
        fprintf(f, " | ");
        if (r->max_win >= 0)
            fprintf(f, "`%s` |\n", r->longest_fen);
        else
            fprintf(f, "|\n");
    }
    if (missing) {
        fprintf(f,
                "\n**DTM missing**: the DTM tables of %d material%s are not in the "
                "directory, so their longest and mean wins are not known:",
                missing, missing == 1 ? "" : "s");
        for (int k = 0, n = 0; k < nrows; k++)
            if (rows[k].dtm_missing) fprintf(f, "%s %d+%d", n++ ? "," : "", rows[k].m, rows[k].n);
        fprintf(f, ".\n");
    }
    if (by_side)
        ss_md_sides(f, s);
    else
        ss_md_matrix(f, s);
}

void stats_ss_print(FILE *f, const char *format, const struct ss_table_stats *s)
{
    if (!strcmp(format, "csv"))
        ss_csv(f, s);
    else if (!strcmp(format, "json"))
        ss_json(f, s);
    else
        ss_md(f, s);
}

/* ---- The counting rule (stats --dtc) ------------------------------------------------ */

static const char *const dtc_class_names[5] = {"win", "cursed_win", "draw", "blessed_loss", "loss"};

/* The columns from classes on, every game's rows. */
static void dtc_csv_counts(FILE *f, const struct dtc_row *r)
{
    uint64_t cl = 0, raw = 0;
    for (int k = 0; k < 5; k++) cl += r->n[k], raw += r->raw[k];
    fprintf(f, ",%llu", (unsigned long long)cl);
    for (int k = 0; k < 5; k++) fprintf(f, ",%llu", (unsigned long long)r->n[k]);
    fprintf(f, ",%llu", (unsigned long long)raw);
    for (int k = 0; k < 5; k++) fprintf(f, ",%llu", (unsigned long long)r->raw[k]);
    fprintf(f, ",%d,%d\n", r->max_win, r->max_loss);
}

static void dtc_csv_row(FILE *f, const struct game *g, const struct dtc_row *r, int limit,
                        bool total)
{
    if (total)
        fprintf(f, "all,all,all,%d", limit);
    else
        fprintf(f, "%d,%d,%s,%d", r->inhand, r->captured, piece(g, r->side), limit);
    dtc_csv_counts(f, r);
}

/* A row's members from classes on, and its closing brace: every game's rows. */
static void dtc_json_counts(FILE *f, const struct dtc_row *r)
{
    uint64_t cl = 0, raw = 0;
    for (int k = 0; k < 5; k++) cl += r->n[k], raw += r->raw[k];
    fprintf(f, "\"classes\": %llu", (unsigned long long)cl);
    for (int k = 0; k < 5; k++)
        fprintf(f, ", \"%s\": %llu", dtc_class_names[k], (unsigned long long)r->n[k]);
    fprintf(f, ", \"positions\": %llu", (unsigned long long)raw);
    for (int k = 0; k < 5; k++)
        fprintf(f, ", \"%s_raw\": %llu", dtc_class_names[k], (unsigned long long)r->raw[k]);
    fprintf(f, ", \"max_dtc_win\": ");
    if (r->max_win < 0)
        fputs("null", f);
    else
        fprintf(f, "%d", r->max_win);
    fprintf(f, ", \"max_dtc_loss\": ");
    if (r->max_loss < 0)
        fputs("null", f);
    else
        fprintf(f, "%d", r->max_loss);
    fprintf(f, ", \"longest_win\": ");
    if (r->max_win >= 0 && r->longest_fen[0])
        json_str(f, r->longest_fen);
    else
        fputs("null", f);
    fputc('}', f);
}

static void dtc_json_row(FILE *f, const struct game *g, const struct dtc_row *r, bool total)
{
    fputc('{', f);
    if (!total)
        fprintf(f, "\"inhand\": %d, \"captured\": %d, \"side\": \"%s\", ", r->inhand, r->captured,
                piece(g, r->side));
    dtc_json_counts(f, r);
}

static void dtc_share(FILE *f, uint64_t k, uint64_t n)
{
    if (n)
        fprintf(f, " %.2f%% |", 100.0 * (double)k / (double)n);
    else
        fprintf(f, " - |");
}

/* A Markdown row's cells after its labels and class count: the five shares, the longest
 * DTCs and the example of the longest win. */
static void dtc_md_cells(FILE *f, const struct dtc_row *r, uint64_t cl)
{
    for (int j = 0; j < 5; j++) dtc_share(f, r->n[j], cl);
    if (r->max_win >= 0)
        fprintf(f, " %d |", r->max_win);
    else
        fprintf(f, " - |");
    if (r->max_loss >= 0)
        fprintf(f, " %d |", r->max_loss);
    else
        fprintf(f, " - |");
    fprintf(f, " %s%s%s |\n", r->max_win >= 0 && r->longest_fen[0] ? "`" : "",
            r->max_win >= 0 ? r->longest_fen : "", r->max_win >= 0 && r->longest_fen[0] ? "`" : "");
}

/* What the Markdown's numbers mean, and how many wins and losses the rule draws over all
 * classes, or, with over, over all classes of that ("the whole game"). */
static void dtc_md_footer(FILE *f, const struct dtc_row *t, const char *over)
{
    fprintf(f,
            "\nShares are of the row's classes (positions up to symmetry). A cursed win is a win "
            "without the rule that the rule draws; a blessed loss, a loss it draws. Over all "
            "classes%s%s the rule turns %llu wins (%.2f%% of the wins) and %llu losses (%.2f%% "
            "of the losses) into draws. The longest DTC is the most half-moves the side to "
            "move needs (win) or can hold out (loss) before the next capture or the end.\n",
            over ? " of " : "", over ? over : "", (unsigned long long)t->n[1],
            t->n[0] + t->n[1] ? 100.0 * (double)t->n[1] / (double)(t->n[0] + t->n[1]) : 0,
            (unsigned long long)t->n[3],
            t->n[3] + t->n[4] ? 100.0 * (double)t->n[3] / (double)(t->n[3] + t->n[4]) : 0);
}

/* The start's class in words for the Markdown: "a loss for the goats, DTC 12". */
static void dtc_md_start(FILE *f, const struct dtc_stats *s)
{
    const struct game *g = s->g;
    int j = class_column(s->start_class), d = dtc_of(dtc_of_class(s->start_class));
    const char *side = g->ops->side_name[0]; /* the start's side to move */
    fprintf(f, "\nThe start, `%s` (%s to move), is under the %d half-move rule ", s->start_fen,
            side, s->limit);
    switch (j) {
    case 0:
    case 4:
        fprintf(f, "a %s for the %s, DTC %d.\n", j ? "loss" : "win", side, d);
        break;
    case 2:
        fprintf(f, "a draw.\n");
        break;
    default:
        fprintf(f, "a %s for the %s (a %s without the rule).\n",
                j == 1 ? "cursed win" : "blessed loss", side, j == 1 ? "win" : "loss");
    }
}

void stats_dtc_print(FILE *f, const char *format, const struct dtc_stats *s)
{
    const struct game *g = s->g;
    if (!strcmp(format, "csv")) {
        fprintf(f, "inhand,captured,side,limit,classes,win,cursed_win,draw,blessed_loss,loss,"
                   "positions,win_raw,cursed_win_raw,draw_raw,blessed_loss_raw,loss_raw,"
                   "max_dtc_win,max_dtc_loss\n");
        for (int k = 0; k < s->nrows; k++) dtc_csv_row(f, s->g, &s->rows[k], s->limit, false);
        dtc_csv_row(f, s->g, &s->total, s->limit, true);
        return;
    }
    if (!strcmp(format, "json")) {
        fprintf(f, "{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"limit\": %d, ",
                g->ops->name, s->rules, g->board->name, s->limit);
        /* the movement phase alone, as before the placement phase had DTC tables, has no
         * "phase" */
        if (s->whole) {
            fprintf(f, "\"phase\": \"all\", \"start\": ");
            json_str(f, s->start_fen);
            int j = class_column(s->start_class), d = dtc_of(dtc_of_class(s->start_class));
            fprintf(f, ", \"start_class\": \"%s\", \"start_dtc\": ", dtc_class_names[j]);
            if (j == 0 || j == 4)
                fprintf(f, "%d, ", d);
            else
                fputs("null, ", f);
        }
        fputs("\"rows\": [", f);
        for (int k = 0; k < s->nrows; k++) {
            if (k) fputs(", ", f);
            dtc_json_row(f, s->g, &s->rows[k], false);
        }
        fputs("], \"total\": ", f);
        dtc_json_row(f, s->g, &s->total, true);
        fputs("}\n", f);
        return;
    }
    fprintf(f, "# %s %s, rules %s: classes under the %d half-move counting rule, at clock 0%s\n\n",
            g->ops->name, g->board->name, s->rules, s->limit,
            s->whole ? ", over the whole game" : "");
    fprintf(f, "| in hand | captured | to move | classes | win | cursed win | draw | blessed loss "
               "| loss | longest DTC, win | longest DTC, loss | longest win, example |\n");
    fprintf(f, "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (int k = 0; k <= s->nrows; k++) {
        const struct dtc_row *r = k < s->nrows ? &s->rows[k] : &s->total;
        uint64_t cl = 0;
        for (int j = 0; j < 5; j++) cl += r->n[j];
        if (k < s->nrows)
            fprintf(f, "| %d | %d | %s | %llu |", r->inhand, r->captured,
                    g->ops->side_name[r->side], (unsigned long long)cl);
        else
            fprintf(f, "| **all** | | | %llu |", (unsigned long long)cl);
        dtc_md_cells(f, r, cl);
    }
    if (s->whole) dtc_md_start(f, s);
    dtc_md_footer(f, &s->total, s->whole ? "the whole game (placement and movement)" : NULL);
}

/* As stats_dtc_print, a row per material (m to move against n), for a game without a
 * placement phase, with its side to move when the rows have both (dtc_by_side). */
void stats_ss_dtc_print(FILE *f, const char *format, const struct dtc_stats *s)
{
    bool by_side = dtc_by_side(s);
    if (!strcmp(format, "csv")) {
        fprintf(f,
                "%spieces_to_move,pieces_other,limit,classes,win,cursed_win,draw,blessed_loss,"
                "loss,positions,win_raw,cursed_win_raw,draw_raw,blessed_loss_raw,loss_raw,"
                "max_dtc_win,max_dtc_loss\n",
                by_side ? "side," : "");
        for (int k = 0; k < s->nrows; k++) {
            if (by_side) fprintf(f, "%s,", s->g->ops->side_name[s->rows[k].side]);
            fprintf(f, "%d,%d,%d", s->rows[k].m, s->rows[k].other, s->limit);
            dtc_csv_counts(f, &s->rows[k]);
        }
        fprintf(f, "%sall,all,%d", by_side ? "all," : "", s->limit);
        dtc_csv_counts(f, &s->total);
        return;
    }
    if (!strcmp(format, "json")) {
        fprintf(f, "{\"game\": \"%s\", \"rules\": \"%s\", \"limit\": %d, \"rows\": [",
                s->g->ops->name, s->rules, s->limit);
        for (int k = 0; k < s->nrows; k++) {
            fprintf(f, "%s{", k ? ", " : "");
            if (by_side) fprintf(f, "\"side\": \"%s\", ", s->g->ops->side_name[s->rows[k].side]);
            fprintf(f, "\"pieces_to_move\": %d, \"pieces_other\": %d, ", s->rows[k].m,
                    s->rows[k].other);
            dtc_json_counts(f, &s->rows[k]);
        }
        fputs("], \"total\": {", f);
        dtc_json_counts(f, &s->total);
        fputs("}\n", f);
        return;
    }
    fprintf(f, "# %s, rules %s: classes under the %d half-move counting rule, at clock 0\n\n",
            s->g->ops->name, s->rules, s->limit);
    fprintf(f,
            "%s| to move | other | classes | win | cursed win | draw | blessed loss | loss "
            "| longest DTC, win | longest DTC, loss | longest win, example |\n",
            by_side ? "| side to move " : "");
    fprintf(f, "%s|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n",
            by_side ? "|---" : "");
    for (int k = 0; k <= s->nrows; k++) {
        const struct dtc_row *r = k < s->nrows ? &s->rows[k] : &s->total;
        uint64_t cl = 0;
        for (int j = 0; j < 5; j++) cl += r->n[j];
        if (by_side) fprintf(f, "| %s ", k < s->nrows ? s->g->ops->side_name[r->side] : "**all**");
        if (k < s->nrows)
            fprintf(f, "| %d | %d | %llu |", r->m, r->other, (unsigned long long)cl);
        else
            fprintf(f, by_side ? "| | | %llu |" : "| **all** | | %llu |", (unsigned long long)cl);
        dtc_md_cells(f, r, cl);
    }
    dtc_md_footer(f, &s->total, NULL);
}

void stats_histogram_print(FILE *f, const char *format, const struct dtm_histogram *h)
{
    const struct game *g = h->g;
    const char *a = g->ops->side_name[0], *b = g->ops->side_name[1];
    if (!strcmp(format, "csv")) {
        fprintf(f, "dtm,value,%s,%s,%s_raw,%s_raw\n", a, b, a, b);
        for (int d = 0; d <= h->max_dtm; d++)
            fprintf(f, "%d,%s,%llu,%llu,%llu,%llu\n", d, d % 2 ? "win" : "loss",
                    (unsigned long long)h->n[d][0], (unsigned long long)h->n[d][1],
                    (unsigned long long)h->raw[d][0], (unsigned long long)h->raw[d][1]);
        fprintf(f, "draw,draw,%llu,%llu,%llu,%llu\n", (unsigned long long)h->draws[0],
                (unsigned long long)h->draws[1], (unsigned long long)h->draws_raw[0],
                (unsigned long long)h->draws_raw[1]);
        return;
    }
    if (!strcmp(format, "json")) {
        fprintf(f,
                "{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"phase\": "
                "\"movement\", \"max_dtm\": %d, \"rows\": [",
                g->ops->name, h->rules, g->board->name, h->max_dtm);
        for (int d = 0; d <= h->max_dtm; d++)
            fprintf(f,
                    "%s{\"dtm\": %d, \"value\": \"%s\", \"%s\": %llu, \"%s\": %llu, "
                    "\"%s_raw\": %llu, \"%s_raw\": %llu}",
                    d ? ", " : "", d, d % 2 ? "win" : "loss", a, (unsigned long long)h->n[d][0], b,
                    (unsigned long long)h->n[d][1], a, (unsigned long long)h->raw[d][0], b,
                    (unsigned long long)h->raw[d][1]);
        fprintf(f,
                "], \"draws\": {\"%s\": %llu, \"%s\": %llu, \"%s_raw\": %llu, "
                "\"%s_raw\": %llu}}\n",
                a, (unsigned long long)h->draws[0], b, (unsigned long long)h->draws[1], a,
                (unsigned long long)h->draws_raw[0], b, (unsigned long long)h->draws_raw[1]);
        return;
    }
    fprintf(f, "# %s %s, rules %s: positions by DTM, movement phase\n\n", g->ops->name,
            g->board->name, h->rules);
    fprintf(f, "Symmetry classes (raw positions in parentheses) whose side to move wins (odd "
               "DTM) or loses (even DTM) in exactly DTM half-moves.\n\n");
    fprintf(f, "| DTM | value | %s to move | %s to move |\n|---:|---|---:|---:|\n", a, b);
    for (int d = 0; d <= h->max_dtm; d++) {
        if (!h->n[d][0] && !h->n[d][1]) continue;
        fprintf(f, "| %d | %s | %llu (%llu) | %llu (%llu) |\n", d, d % 2 ? "win" : "loss",
                (unsigned long long)h->n[d][0], (unsigned long long)h->raw[d][0],
                (unsigned long long)h->n[d][1], (unsigned long long)h->raw[d][1]);
    }
    fprintf(f, "| - | draw | %llu (%llu) | %llu (%llu) |\n", (unsigned long long)h->draws[0],
            (unsigned long long)h->draws_raw[0], (unsigned long long)h->draws[1],
            (unsigned long long)h->draws_raw[1]);
}
