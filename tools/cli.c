#include "cli.h"

#include <getopt.h>
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

enum {
    OPT_GAME = 1000,
    OPT_RULES,
    OPT_BOARD,
    OPT_JSON,
    OPT_HELP,
    OPT_QUIET,
    OPT_THREADS,
    OPT_EXTRA
};

int cli_parse(const char *cmd, int argc, char **argv, struct game_opts *o, const char *const *extra,
              const char **extra_val, int *first)
{
    struct option opts[32] = {
        {"game", required_argument, 0, OPT_GAME},
        {"rules", required_argument, 0, OPT_RULES},
        {"board", required_argument, 0, OPT_BOARD},
        {"json", no_argument, 0, OPT_JSON},
        {"help", no_argument, 0, OPT_HELP},
        {"quiet", no_argument, 0, OPT_QUIET},
        {"threads", required_argument, 0, OPT_THREADS},
    };
    char names[24][32];
    int n = 7;
    for (int i = 0; extra && extra[i]; i++, n++) {
        size_t len = strlen(extra[i]);
        bool arg = len > 0 && extra[i][len - 1] == '=';
        snprintf(names[i], sizeof names[i], "%.*s", (int)(len - arg), extra[i]);
        opts[n] =
            (struct option){names[i], arg ? required_argument : no_argument, 0, OPT_EXTRA + i};
        extra_val[i] = NULL;
    }
    opts[n] = (struct option){0, 0, 0, 0};
    memset(o, 0, sizeof *o);
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case OPT_GAME:
            o->game = optarg;
            break;
        case OPT_RULES:
            o->rules = optarg;
            break;
        case OPT_BOARD:
            o->board = optarg;
            break;
        case OPT_JSON:
            o->json = true;
            break;
        case 'h':
        case OPT_HELP:
            o->help = true;
            break;
        case OPT_QUIET:
            o->quiet = true;
            break;
        case OPT_THREADS: {
            char err[100];
            if (notation_parse_int(optarg, 1, 1024, "--threads", &o->threads, err, sizeof err))
                return cli_usage_error(cmd, "%s", err);
            break;
        }
        case '?':
            if (optopt) return cli_usage_error(cmd, "option '-%c' is unknown", optopt);
            return cli_usage_error(cmd, "option '%s' is unknown", argv[optind - 1]);
        case ':':
            return cli_usage_error(cmd, "option '%s' needs a value", argv[optind - 1]);
        default:
            extra_val[c - OPT_EXTRA] = optarg ? optarg : "1";
        }
    }
    *first = optind;
    return 0;
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
            return cli_error("position: %d row%s, which is no game's board (3, 4 or 5 rows for "
                             "Bagh-Chal, 9 for Sixteen Soldiers)",
                             *fen && *fen != ' ' ? rows : 0,
                             rows == 1 && *fen != ' ' && *fen ? "" : "s");
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
