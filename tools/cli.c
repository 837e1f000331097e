#include "cli.h"

#include <errno.h>
#include <omp.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "guti_internal.h"
#include "notation.h"
#include "tables.h"

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
    /* "guti-mpi solve": another program's command, whose help is its own */
    const char *space = strchr(cmd, ' ');
    int program = space ? (int)(space - cmd) : 4;
    const char *name = space ? cmd : "guti", *sub = space ? space + 1 : cmd;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "guti: %s: ", sub);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "; see '%.*s %s --help'\n", program, name, sub);
    va_end(ap);
    return EXIT_USAGE;
}

/* Appends to buf (len bytes, NUL-terminated) what fmt says. */
static void append(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

/* Appends a list's words for people: "a, b or c", or with sep "," as "a, b, c"; the first
 * one marked " (default)" when mark_default. */
static void append_list(char *buf, size_t len, const char *const *words, bool comma,
                        bool mark_default)
{
    int n = 0;
    while (words[n]) n++;
    for (int i = 0; i < n; i++)
        append(buf, len, "%s%s%s",
               i == 0               ? ""
               : comma || i < n - 1 ? ", "
                                    : " or ",
               words[i], i == 0 && mark_default ? " (default)" : "");
}

void cli_word_list(const char *const *words, char *buf, size_t len)
{
    append_list(buf, len, words, false, false);
}

const char *cli_default_game(void)
{
    return game_registry(0)->name;
}

void cli_game_list(char *buf, size_t len)
{
    const char *names[64];
    int n = 0;
    for (; game_registry(n) && n < 63; n++) names[n] = game_registry(n)->name;
    names[n] = NULL;
    buf[0] = 0;
    append_list(buf, len, names, false, false);
}

/* Whether some game has rules by this name (with its parameter, as no-repeat:12); if not,
 * the reason in err: a game's when the name is one of its rules with a bad parameter. */
static bool rules_known(const char *rules, char *err, size_t errlen)
{
    struct game g;
    char why[200];
    for (int i = 0; game_registry(i); i++)
        if (game_setup(&g, game_registry(i)->name, rules, NULL, why, sizeof why) == 0) return true;
    for (int i = 0; game_registry(i); i++)
        if (game_setup(&g, game_registry(i)->name, rules, NULL, why, sizeof why) &&
            !strncmp(why, "rules ", 6)) { /* a bad window or capture goal */
            snprintf(err, errlen, "%s", why);
            return false;
        }
    snprintf(err, errlen, "unknown rules '%s' (", QUOTE(rules));
    for (int i = 0; game_registry(i); i++) {
        const struct game_ops *o = game_registry(i);
        append(err, errlen, "%s%s: ", i ? "; " : "", o->name);
        append_list(err, errlen, o->rules_list, true, false);
        if (o->capture_goal) append(err, errlen, ", each with -kN for N captures to win");
    }
    append(err, errlen, ")");
    return false;
}

/* Whether a board is one --board takes: a board of a game that has several. */
static bool board_known(const char *board, char *boards, size_t len)
{
    const char *names[64];
    int n = 0;
    bool found = false;
    for (int i = 0; game_registry(i); i++) {
        const char *const *b = game_registry(i)->boards;
        if (!b[1]) continue;
        for (int j = 0; b[j] && n < 63; j++) {
            names[n++] = b[j];
            found = found || !strcmp(b[j], board);
        }
    }
    names[n] = NULL;
    boards[0] = 0;
    append_list(boards, len, names, false, false);
    return found;
}

int cli_fold_captures(const char *cmd, struct game_opts *o)
{
    if (!o->captures) return 0;
    struct game g;
    char why[200];
    if (o->game && game_setup(&g, o->game, NULL, NULL, why, sizeof why) == 0 &&
        !g.ops->capture_goal) {
        char games[100] = "";
        for (int i = 0, used = 0; game_registry(i); i++)
            if (game_registry(i)->capture_goal)
                used += snprintf(games + used, sizeof games - (size_t)used, "%s%s",
                                 used ? ", " : "", game_registry(i)->name);
        return cli_usage_error(cmd, "--captures is for %s", games);
    }
    /* the goal goes with the game's default rules when none are named, not another game's */
    const char *rules = o->rules;
    if (!rules && o->game && game_setup(&g, o->game, NULL, NULL, why, sizeof why) == 0)
        rules = g.ops->rules_list[0];
    if (game_rules_with_goal(rules, o->captures, o->rules_goal, sizeof o->rules_goal, why,
                             sizeof why))
        return cli_usage_error(cmd, "--captures: %s", why);
    o->rules = o->rules_goal;
    return 0;
}

static int set_value(const char *cmd, const struct cli_option *opt, const char *value)
{
    char err[600]; /* a message listing every game's rules */
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
    case CLI_COUNT: { /* node budgets and the like, past what an int holds */
        uint64_t v = 0;
        const char *t = value;
        for (; *t >= '0' && *t <= '9' && v <= 1000000000000000000ull; t++)
            v = v * 10 + (uint64_t)(*t - '0');
        if (!*value || *t || v == 0 || v > 1000000000000000000ull || value[0] == '0')
            return cli_usage_error(cmd, "--%s '%s' is not a whole number from 1 to 10^18",
                                   opt->name, QUOTE(value));
        *(uint64_t *)opt->dest = v;
        return 0;
    }
    case CLI_RULES:
        if (!rules_known(value, err, sizeof err)) return cli_usage_error(cmd, "%s", err);
        break;
    case CLI_BOARD:
        if (!board_known(value, err, sizeof err))
            return cli_usage_error(cmd, "unknown board '%s' (%s)", QUOTE(value), err);
        break;
    case CLI_NOTATION:
        if (!guti_notation_named(value)) {
            const char *names[8];
            int n = 0;
            while (n < 7 && guti_notation_name((enum guti_notation)(n + 1)))
                names[n] = guti_notation_name((enum guti_notation)(n + 1)), n++;
            names[n] = NULL;
            err[0] = 0;
            append_list(err, sizeof err, names, false, false);
            return cli_usage_error(cmd, "--%s '%s': expected %s", opt->name, QUOTE(value), err);
        }
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
        } else if (opt->kind == CLI_TEXT && !*(eq ? eq + 1 : argv[k + 1])) {
            rc = cli_usage_error(cmd, "option '--%s' needs a value, not an empty one", opt->name);
        } else {
            rc = set_value(cmd, opt, eq ? eq + 1 : opt->kind == CLI_FLAG ? NULL : argv[++k]);
        }
    }
    *first = argc - nops;
    for (int j = 0; j < nops; j++) argv[*first + j] = operands[j];
    free(operands);
    return rc;
}

void cli_outcome_text(const struct guti_position *pos, const struct guti_result *r, char *buf,
                      size_t len)
{
    enum guti_game game = pos->variant.game;
    if (r->winner < 0) {
        snprintf(buf, len, "game over: draw (%s)", r->reason);
        return;
    }
    int n = snprintf(buf, len, "game over: %s win%s (%s)", guti_side_name(game, r->winner),
                     cli_side_plural(game, r->winner) ? "" : "s", r->reason);
    if (!r->reachable && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n,
                 "; no game reaches this position, since a game ends on the winner's move and "
                 "here the winner is to move");
}

static void *no_work(void *arg)
{
    return arg;
}

int cli_threads(const char *cmd, int threads)
{
    if (threads) omp_set_num_threads(threads);
    int n = omp_get_max_threads(), started = 0, rc = 0;
    /* The team's threads are started once as plain threads, which can fail cleanly, then
     * joined: libgomp's, started at once after, reuse their stacks, and stay for every
     * parallel region of the run. */
    pthread_t *t = calloc((size_t)n, sizeof *t);
    if (!t) return cli_error("%s: out of memory", cmd);
    while (started < n - 1 && !(rc = pthread_create(&t[started], NULL, no_work, NULL))) started++;
    for (int k = 0; k < started; k++) pthread_join(t[k], NULL);
    free(t);
    if (rc)
        return cli_error("%s: cannot start %d threads, only %d: out of memory or of processes "
                         "(%s); try --threads %d",
                         cmd, n, started + 1, strerror(rc), started + 1);
#pragma omp parallel
    {
    }
    return 0;
}

const char *cli_tables_dir(const char *opt)
{
    return tables_dir(opt);
}

/* Whether the tables' directory is the default one, ./tables, named by no one. */
static bool default_dir(const char *dir_opt)
{
    const char *env = getenv("GUTI_TABLES");
    return !dir_opt && !(env && *env);
}

int cli_check_tables_dir(const char *cmd, const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0 ? S_ISDIR(st.st_mode) : errno != ENOENT && errno != ENOTDIR) return 0;
    char shown[160];
    cli_quote(dir, shown, sizeof shown);
    return cli_error("%s: %s: no such directory", cmd, shown);
}

int cli_open_tables(const char *cmd, const char *dir_opt, size_t cache_bytes, bool absent_ok,
                    guti_tables **t)
{
    const char *dir = cli_tables_dir(dir_opt);
    struct guti_error e;
    /* only the default directory may be absent: a named one is a mistyped one */
    int rc = absent_ok && default_dir(dir_opt) ? libguti_open_absent(dir, cache_bytes, t, &e)
                                               : guti_open(dir, cache_bytes, t, &e);
    return rc ? cli_error("%s: %s", cmd, e.message) : 0;
}

bool cli_same_terminal(void)
{
    struct stat out, err;
    return isatty(1) && isatty(2) && fstat(1, &out) == 0 && fstat(2, &err) == 0 &&
           out.st_rdev == err.st_rdev;
}

double cli_checkpoint_seconds(int opt)
{
    return opt < 0 ? 0 : opt == 0 ? -1 : opt;
}

void cli_quote(const char *s, char *buf, size_t len)
{
    notation_quote(s, (size_t)-1, buf, len);
}

#define MAX_RECORD (16 << 20)

char *cli_read_file(const char *path, char *err, size_t errlen)
{
    char quoted[160];
    const char *name = strcmp(path, "-") == 0
                           ? "standard input"
                           : notation_quote(path, (size_t)-1, quoted, sizeof quoted);
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return snprintf(err, errlen, "%s: cannot open: %s", name, strerror(errno)), NULL;
    /* fopen opens a directory for reading; only reading it fails, with a vaguer EISDIR */
    struct stat sb;
    if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
        if (f != stdin) fclose(f);
        return snprintf(err, errlen, "%s: is a directory, not a record", name), NULL;
    }
    char *buf = malloc(MAX_RECORD + 1);
    size_t n = buf ? fread(buf, 1, MAX_RECORD + 1, f) : 0;
    int why = errno;
    bool bad = ferror(f);
    if (f != stdin) fclose(f);
    if (!buf) return snprintf(err, errlen, "out of memory"), NULL;
    if (bad || n > MAX_RECORD || memchr(buf, 0, n)) {
        if (bad)
            snprintf(err, errlen, "%s: read error: %s", name, strerror(why));
        else
            snprintf(err, errlen, "%s: %s", name,
                     n > MAX_RECORD ? "larger than 16 MiB" : "not a text file");
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    return buf;
}

/* The length of the valid UTF-8 sequence at s (1 to 4), or 0 when it is not one. */
static int utf8_length(const unsigned char *s)
{
    int n = s[0] < 0x80             ? 1
            : (s[0] & 0xe0) == 0xc0 ? 2
            : (s[0] & 0xf0) == 0xe0 ? 3
            : (s[0] & 0xf8) == 0xf0 ? 4
                                    : 0;
    if (n == 2 && s[0] < 0xc2) return 0; /* overlong */
    for (int k = 1; k < n; k++)
        if ((s[k] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0))) return 0;
    if (n == 4 && ((s[0] == 0xf0 && s[1] < 0x90) || s[0] > 0xf4 || (s[0] == 0xf4 && s[1] >= 0x90)))
        return 0;
    return n;
}

void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    const unsigned char *u = (const unsigned char *)s;
    while (*u) {
        unsigned char c = *u;
        int n = utf8_length(u);
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            fprintf(f, "\\u%04x", c);
        else if (n == 0)
            fputs("\\ufffd", f); /* not UTF-8: JSON must be */
        else
            fwrite(u, 1, (size_t)n, f);
        u += n ? n : 1;
    }
    fputc('"', f);
}

void cli_draw(const struct guti_position *pos, FILE *out)
{
    struct guti_board b;
    if (guti_board_info(&pos->variant, &b, NULL)) return;
    int w = 4 * (b.ncols - 1) + 1, h = 2 * (b.nrows - 1) + 1;
    char canvas[2 * 9][4 * 9 + 1]; /* boards have at most 9 rows and 9 columns */
    if (b.nrows > 9 || b.ncols > 9) return;
    memset(canvas, ' ', sizeof canvas);
    for (int p = 0; p < b.npoints; p++) {
        int x = 4 * b.col[p], y = 2 * (b.nrows - 1 - b.row[p]);
        for (int k = 0; k < b.degree[p]; k++) {
            int q = b.adjacent[p][k], dx = b.col[q] - b.col[p], dy = b.row[q] - b.row[p];
            if (dy == 0 && dx > 0)
                for (int i = x + 1; i < 4 * b.col[q]; i++) canvas[y][i] = '-';
            else if (dx == 0 && dy == 1)
                canvas[y - 1][x] = '|';
            else if (dy == 1 && (dx == 1 || dx == -1)) {
                char *c = &canvas[y - 1][x + 2 * dx], mark = dx > 0 ? '/' : '\\';
                *c = *c == ' ' || *c == mark ? mark : 'X';
            }
        }
        uint64_t bit = (uint64_t)1 << p;
        int side = pos->pieces[0] & bit ? 0 : pos->pieces[1] & bit ? 1 : -1;
        canvas[y][x] = side < 0 ? '.' : guti_piece_letter(pos->variant.game, side);
    }
    for (int y = 0; y < h; y++) {
        int end = w;
        while (end > 0 && canvas[y][end - 1] == ' ') end--;
        if (y % 2 == 0)
            fprintf(out, "%3d  %.*s\n", b.nrows - y / 2, end, canvas[y]);
        else
            fprintf(out, "     %.*s\n", end, canvas[y]);
    }
    fprintf(out, "     ");
    for (int c = 0; c < b.ncols; c++) fprintf(out, "%c%s", 'a' + c, c + 1 < b.ncols ? "   " : "\n");
}

bool cli_side_plural(enum guti_game game, int side)
{
    const struct game_ops *o = game_registry((int)game - 1);
    return o && side >= 0 && side < 2 && o->side_plural[side];
}

bool cli_side_article(enum guti_game game, int side)
{
    const struct game_ops *o = game_registry((int)game - 1);
    return o && side >= 0 && side < 2 && o->side_article[side];
}

/* The per-game text of help placeholder key for game o into buf, "" when o has none (a
 * single board), or false for a key that is not per game. */
static bool help_game_part(const char *key, const struct game_ops *o, char *buf, size_t len)
{
    buf[0] = 0;
    if (!strcmp(key, "rules")) {
        append(buf, len, "%s: ", o->name);
        append_list(buf, len, o->rules_list, true, true);
    } else if (!strcmp(key, "table-rules")) {
        append(buf, len, "%s: ", o->name);
        append_list(buf, len, o->table_rules ? o->table_rules : o->rules_list, false, false);
    } else if (!strcmp(key, "boards")) {
        if (o->boards[1]) append(buf, len, "%s: ", o->name);
        if (o->boards[1]) append_list(buf, len, o->boards, true, true);
    } else if (!strcmp(key, "phases")) {
        /* a game with both kinds of layers, each named: guti solve --phase */
        const struct game_layers *gl = o->layers;
        if (gl && gl->kind_names[0] && gl->kind_names[1]) {
            const char *const phases[] = {"all", gl->kind_names[0], gl->kind_names[1], NULL};
            append(buf, len, "%s: ", o->name);
            append_list(buf, len, phases, true, true);
        }
    } else if (!strcmp(key, "sides")) {
        append(buf, len, "%s: %s or %s", o->name, o->side_name[0], o->side_name[1]);
    } else if (!strcmp(key, "fen-rows")) {
        if (o->fen_rows) append(buf, len, "%s: %s", o->fen_rows, o->title);
    } else if (!strcmp(key, "pieces")) {
        if (o->layers && o->layers->pieces_most)
            append(buf, len, "%s, 2..%d", o->title, o->layers->pieces_most);
    } else if (!strcmp(key, "clocks")) {
        /* a game without a counting rule is left out */
        if (o->clock_limit) append(buf, len, "%d half-moves in %s", o->clock_limit, o->title);
    } else if (!strcmp(key, "capture-games")) {
        if (o->capture_goal) append(buf, len, "%s", o->name);
    } else {
        return false;
    }
    return true;
}

/* Whether game o has the feature a help text's {titles-FEATURE} names its games by: "" every
 * game, "-reach" reachability, "-need" a layer's needs (guti solve --memory's error, --plan),
 * "-pieces" a solve by --pieces N, "-acyclic" layers of both kinds (a placement phase),
 * "-cyclic-only" cyclic layers alone; -1 for no such feature. */
static int help_feature(const char *feature, const struct game_ops *o)
{
    const struct game_layers *gl = o->layers;
    if (!*feature) return 1;
    if (!strcmp(feature, "-reach")) return gl && gl->reach;
    if (!strcmp(feature, "-need")) return gl && gl->need;
    if (!strcmp(feature, "-pieces")) return gl && gl->pieces_most;
    if (!strcmp(feature, "-acyclic")) return gl && gl->fold;
    if (!strcmp(feature, "-cyclic-only")) return gl && !gl->fold;
    return -1;
}

/* Writes the titles of the games with feature (help_feature) for people, "Bagh-Chal,
 * Sixteen Soldiers and Adugo"; false for no such feature. */
static bool help_titles(const char *feature, FILE *out)
{
    const char *titles[64];
    int n = 0;
    for (int i = 0; game_registry(i) && n < 63; i++) {
        int has = help_feature(feature, game_registry(i));
        if (has < 0) return false;
        if (has) titles[n++] = game_registry(i)->title;
    }
    for (int i = 0; i < n; i++)
        fprintf(out, "%s%s", i == 0 ? "" : i < n - 1 ? ", " : " and ", titles[i]);
    return true;
}

/* Writes the text of help placeholder key (its '{' in column indent); false for no key. */
static bool help_placeholder(const char *key, int indent, FILE *out)
{
    char buf[400];
    if (!strcmp(key, "games") || !strcmp(key, "games-default")) {
        cli_game_list(buf, sizeof buf);
        size_t first = strlen(cli_default_game());
        if (key[5]) return fprintf(out, "%.*s (default)%s", (int)first, buf, buf + first) > 0;
        return fputs(buf, out) >= 0;
    }
    if (!strncmp(key, "titles", 6)) return help_titles(key + 6, out);
    /* one game's part a line ("rules": "baghchal: ...;" then "sixteen: ..."), or inline
     * ("clocks": "100 in Bagh-Chal, 80 in ...") */
    bool semicolon = !strcmp(key, "fen-rows") || !strcmp(key, "pieces");
    bool lines = strcmp(key, "clocks") && strcmp(key, "capture-games") && !semicolon;
    int written = 0;
    for (int i = 0; game_registry(i); i++) {
        if (!help_game_part(key, game_registry(i), buf, sizeof buf)) return false;
        if (!buf[0]) continue;
        if (written++)
            fprintf(out, lines ? ";\n%*s" : semicolon ? "; " : ", ", lines ? indent : 0, "");
        fputs(buf, out);
    }
    return true;
}

void cli_help(const char *text, FILE *out)
{
    int column = 0;
    for (const char *c = text; *c; c++) {
        const char *end = *c == '{' ? strchr(c, '}') : NULL;
        if (end && end - c < 20 && c[1] >= 'a' && c[1] <= 'z') {
            char key[20];
            snprintf(key, sizeof key, "%.*s", (int)(end - c - 1), c + 1);
            if (help_placeholder(key, column, out)) {
                c = end;
                continue;
            }
        }
        fputc(*c, out);
        column = *c == '\n' ? 0 : column + 1;
    }
}
