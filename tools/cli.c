#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("guti: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return EXIT_BAD;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "guti: %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "; see 'guti %s --help'\n", cmd);
    va_end(ap);
    return EXIT_USAGE;
}

/* Whether some game has rules by this name (with its parameter, as no-repeat:12); if not,
 * the reason in err: Bagh-Chal's when the name is one of its rules with a bad parameter. */
static bool rules_known(const char *rules, char *err, size_t errlen)
{
    struct game g;
    char why[200];
    if (game_setup(&g, "sixteen", rules, NULL, why, sizeof why) == 0 ||
        game_setup(&g, "baghchal", rules, NULL, why, sizeof why) == 0)
        return true;
    if (!strncmp(rules, "no-repeat", 9))
        snprintf(err, errlen, "%s", why);
    else
        snprintf(err, errlen,
                 "rules: unknown rules '%s' (baghchal: standard, goat-pass, no-repeat, "
                 "no-repeat:N; sixteen: optional, forced)",
                 rules);
    return false;
}

static int set_value(const char *cmd, const struct cli_option *opt, const char *value)
{
    char err[200];
    switch (opt->kind) {
    case CLI_FLAG:
        *(bool *)opt->dest = true;
        return 0;
    case CLI_INT: {
        char what[40];
        snprintf(what, sizeof what, "--%s", opt->name);
        if (notation_parse_int(value, opt->min, opt->max, what, (int *)opt->dest, err, sizeof err))
            return cli_usage_error(cmd, "%s", err);
        return 0;
    }
    case CLI_RULES:
        if (!rules_known(value, err, sizeof err)) return cli_usage_error(cmd, "%s", err);
        break;
    case CLI_BOARD:
        if (!board_named(value) || !strcmp(value, "sixteen"))
            return cli_usage_error(cmd, "board: unknown board '%s' (5x5, 4x4 or 3x3)", value);
        break;
    case CLI_TEXT:
        break;
    }
    *(const char **)opt->dest = value;
    return 0;
}

int cli_parse(const char *cmd, int argc, char **argv, const struct cli_option *opts, bool *help,
              int *first)
{
    *help = false;
    /* Options may come before, between or after the operands (as with getopt_long); the
     * operands are gathered, in order, at the end of argv. */
    char **operands = malloc((size_t)(argc + 1) * sizeof *operands);
    if (!operands) return cli_error("%s: out of memory", cmd);
    int nops = 0, rc = 0;
    bool only_operands = false;
    for (int k = 1; k < argc && !rc; k++) {
        char *a = argv[k];
        if (only_operands || a[0] != '-' || !a[1]) { /* "-" is an operand: stdin */
            operands[nops++] = a;
            continue;
        }
        if (!strcmp(a, "--")) {
            only_operands = true;
            continue;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            *help = true;
            continue;
        }
        if (a[1] != '-') {
            rc = cli_usage_error(cmd, "option '-%c' is unknown", a[1]);
            break;
        }
        const char *name = a + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const struct cli_option *opt = opts;
        while (opt->name && (strlen(opt->name) != len || strncmp(opt->name, name, len))) opt++;
        if (!opt->name) {
            rc = cli_usage_error(cmd, "option '--%.*s' is unknown", (int)(len > 40 ? 40 : len),
                                 name);
        } else if (opt->kind == CLI_FLAG && eq) {
            rc = cli_usage_error(cmd, "option '--%s' takes no value", opt->name);
        } else if (opt->kind != CLI_FLAG && !eq && k + 1 >= argc) {
            rc = cli_usage_error(cmd, "option '--%s' needs a value", opt->name);
        } else {
            rc = set_value(cmd, opt, eq ? eq + 1 : opt->kind == CLI_FLAG ? NULL : argv[++k]);
        }
    }
    *first = argc - nops;
    for (int j = 0; j < nops; j++) argv[*first + j] = operands[j];
    free(operands);
    return rc;
}

int cli_game(const struct game_opts *o, const char *fen, struct game *g)
{
    const char *game = o->game, *board = o->board;
    if (!game && fen) {
        /* Guess from the number of rows: 9 is Sixteen Soldiers, 3 to 5 a Bagh-Chal board. */
        int rows = 1;
        for (const char *s = fen; *s && *s != ' '; s++) rows += *s == '/';
        static const char *const boards[] = {"3x3", "4x4", "5x5"};
        if (rows == 9) {
            game = "sixteen";
        } else if (rows >= 3 && rows <= 5) {
            game = "baghchal";
            if (!board) board = boards[rows - 3];
        } else {
            return cli_error("position: %d rows, which is no game's board (5 for Bagh-Chal, 9 "
                             "for Sixteen Soldiers)",
                             rows);
        }
    }
    char err[200];
    if (game_setup(g, game, o->rules, board, err, sizeof err)) {
        fprintf(stderr, "guti: %s\n", err);
        return EXIT_USAGE;
    }
    return 0;
}

void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void cli_draw(const struct game *g, const struct position *pos, FILE *out)
{
    const struct board *b = g->board;
    int w = 4 * (b->ncols - 1) + 1, h = 2 * (b->nrows - 1) + 1;
    char canvas[2 * BOARD_MAX_ROWS][4 * BOARD_MAX_COLS + 1];
    memset(canvas, ' ', sizeof canvas);
    for (int p = 0; p < b->npoints; p++) {
        int x = 4 * b->col[p], y = 2 * (b->nrows - 1 - b->row[p]);
        for (int k = 0; k < b->degree[p]; k++) {
            int q = b->adj[p][k], dx = b->col[q] - b->col[p], dy = b->row[q] - b->row[p];
            if (dy == 0 && dx > 0)
                for (int i = x + 1; i < 4 * b->col[q]; i++) canvas[y][i] = '-';
            else if (dx == 0 && dy == 1)
                canvas[y - 1][x] = '|';
            else if (dy == 1 && (dx == 1 || dx == -1)) {
                char *c = &canvas[y - 1][x + 2 * dx], mark = dx > 0 ? '/' : '\\';
                *c = *c == ' ' || *c == mark ? mark : 'X';
            }
        }
        int side = pos->men[0] & BIT(p) ? 0 : pos->men[1] & BIT(p) ? 1 : -1;
        canvas[y][x] = side < 0 ? '.' : g->ops->piece_letter[side];
    }
    for (int y = 0; y < h; y++) {
        int end = w;
        while (end > 0 && canvas[y][end - 1] == ' ') end--;
        if (y % 2 == 0)
            fprintf(out, "%3d  %.*s\n", b->nrows - y / 2, end, canvas[y]);
        else
            fprintf(out, "     %.*s\n", end, canvas[y]);
    }
    fprintf(out, "     ");
    for (int c = 0; c < b->ncols; c++)
        fprintf(out, "%c%s", 'a' + c, c + 1 < b->ncols ? "   " : "\n");
}
