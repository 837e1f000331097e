/* guti stats: wins, draws and losses per layer and side to move, from the tables. The
 * library makes the statistics (solver/solve/stats.h); this reads the options, checks
 * the tables are there, shows the progress and writes the outputs (stats_print.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_game.h"
#include "progress.h"
#include "reach.h"
#include "stats.h"
#include "stats_print.h"
#include "tables.h"

static const char help[] =
    "usage: guti stats [--dir DIR] [--rules R] [--captures K] [--board B]\n"
    "                  [--reachable | --dtc [--limit L] | --histogram]\n"
    "                  [--format md|csv|json | --json | --out P] [--threads N] [--quiet]\n"
    "\n"
    "Counts, for each layer and side to move (a game with a placement phase: men in hand,\n"
    "men captured), the positions won, drawn and lost by the side to move: over symmetry\n"
    "classes (classes, win, draw, loss) and over raw positions, each class counting as many\n"
    "as its symmetric images (positions, win_raw, draw_raw, loss_raw); and the longest win\n"
    "and loss (DTM). A game without a placement phase: one row per material (the men of\n"
    "the side to move and the other side's) and who wins with which material; where its\n"
    "rows have both sides to move (the men of each side counted apart), each row names its\n"
    "side. The game, rules and board are read from the tables' headers; where the tables\n"
    "of both its default rules and the rule set the game compares them with are there, it\n"
    "also counts the positions whose value differs between them, with an example per layer\n"
    "(Markdown and JSON).\n"
    "\n"
    "Missing tables. The statistics cover the whole set of tables in DIR (guti verify says\n"
    "what a complete set is): if a WDL table is missing (or, with --reachable, a REACH\n"
    "table), stats makes none, exits with status 1 and names the missing tables and the\n"
    "command that makes them. If only DTM tables are missing, it makes the statistics and\n"
    "warns on stderr: those layers' longest win and loss are left empty (CSV), '-'\n"
    "(Markdown, which also lists them) or null (JSON, listed in \"dtm_missing\"), and so\n"
    "are those of the total row.\n"
    "\n"
    "  --dir DIR      the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --rules R      {table-rules};\n"
    "                 which rule set's tables, when DIR holds several (default: the game's\n"
    "                 default rules; else the one there); naming one that is not there is an\n"
    "                 error that lists those there\n"
    "  --captures K   {capture-games}: the hunter wins with K captures (1 to 8) rather than\n"
    "                 the board's own: the rules R-kK, as \"standard-k3\", which name its\n"
    "                 tables\n"
    "  --board B      {boards}\n"
    "                 which board's tables, when DIR holds several; likewise\n"
    "  --reachable    count only the positions a game from the start reaches (needs the\n"
    "                 REACH tables of guti reach: {titles-reach})\n"
    "  --dtc          the counting rule's statistics instead, from the DTC tables of guti\n"
    "                 solve --dtc: per layer and side (or material) the five classes at\n"
    "                 clock 0 (win, cursed win, draw, blessed loss, loss) over classes and\n"
    "                 raw positions, and the longest DTC of a win and of a loss with an\n"
    "                 example. A game with a placement phase: the movement phase's layers;\n"
    "                 the whole game's when DIR also holds the placement phase's DTC\n"
    "                 tables of that limit (the placement layers from the start, then the\n"
    "                 movement's, as without --dtc), with the start's class (Markdown;\n"
    "                 JSON \"phase\": \"all\", \"start_class\", \"start_dtc\"; no \"phase\": the\n"
    "                 movement phase alone).\n"
    "                 A missing movement table, or some placement tables there but not all,\n"
    "                 is an error naming the first missing and the command that makes it\n"
    "  --limit L      with --dtc: the tables of that limit (default: the game's)\n"
    "  --histogram    a game with a placement phase: the movement phase's DTM histogram\n"
    "                 instead, from its DTM tables: per DTM, the classes (and raw\n"
    "                 positions) whose side to move wins (odd DTM) or loses (even DTM) in\n"
    "                 exactly that many half-moves, each side to move apart, then the\n"
    "                 draws. CSV columns: dtm, value, the sides' names, the same with\n"
    "                 _raw (\"goats, tigers, goats_raw, tigers_raw\"; a last row \"draw\")\n"
    "  --format F     md (default), csv (the columns below, one row per layer and side, then\n"
    "                 a total row) or json (\"reachable\": whether over the positions\n"
    "                 reached alone, the rows, then \"total\"); the Markdown's title says\n"
    "                 it too, the CSV does not\n"
    "  --json         the same as --format json\n"
    "  --out P        write all three at once, to P.md, P.csv and P.json (one pass over\n"
    "                 the tables; P's directory is made if missing; each file is renamed\n"
    "                 into place when complete)\n"
    "  --threads N    threads to use (default: all cores)\n"
    "  --quiet        no progress on stderr (shown only on a terminal)\n"
    "CSV columns, in order: inhand, captured, side, classes, win, draw, loss, positions,\n"
    "win_raw, draw_raw, loss_raw, max_dtm_win, max_dtm_loss (DTM columns empty when\n"
    "unknown; -1 for none); by material: pieces_to_move, pieces_other, then the same\n"
    "from classes on. With --dtc: inhand, captured, side, limit, classes, win, cursed_win,\n"
    "draw, blessed_loss, loss, positions, win_raw, cursed_win_raw, draw_raw,\n"
    "blessed_loss_raw, loss_raw, max_dtc_win, max_dtc_loss (-1 for none); by material:\n"
    "pieces_to_move, pieces_other for the first three. Rows by material that name their\n"
    "side to move have a side column first (JSON \"side\").\n";

/* Where the statistics go: stdout in one format, or P.md, P.csv and P.json, each written
 * under a temporary name and renamed when complete. */
struct outputs {
    int n;
    const char *format[3];
    FILE *f[3];
    char path[3][1024], tmp[3][1040];
};

/* Closes the files and, if ok (rc 0) and every one was written whole, renames them all
 * into place; else removes them all, so that no new file ends up beside old ones.
 * Returns rc, or 1 after a write error. */
static int outputs_close(struct outputs *o, int rc)
{
    for (int k = 0; k < o->n; k++) {
        if (o->f[k] == stdout) {
            if ((ferror(stdout) | fflush(stdout)) && !rc)
                rc = cli_error("stats: cannot write the output");
            continue;
        }
        /* the reason (a full disk, a file-size limit) from the flush that fails again */
        errno = 0;
        bool bad = fflush(o->f[k]) != 0;
        bad |= ferror(o->f[k]) != 0; /* both asked, whatever the first says */
        int why = errno;
        bad |= fclose(o->f[k]) != 0;
        if (!why) why = errno;
        if (!rc && bad)
            rc = cli_error("stats: cannot write %s: %s", o->tmp[k],
                           why ? strerror(why) : "write error");
    }
    for (int k = 0; k < o->n && !rc; k++)
        if (o->f[k] != stdout && rename(o->tmp[k], o->path[k]) != 0)
            rc = cli_error("stats: cannot rename %s to %s: %s", o->tmp[k], o->path[k],
                           strerror(errno));
    for (int k = 0; k < o->n && rc; k++)
        if (o->f[k] != stdout) unlink(o->tmp[k]);
    return rc;
}

/* Makes the directories of a path's prefix that are not there, as mkdir -p does: the
 * files of --out DIR/name go into DIR. */
static int make_dirs(const char *prefix)
{
    char path[1024];
    if (snprintf(path, sizeof path, "%s", prefix) >= (int)sizeof path) return 0;
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(path, 0777) && errno != EEXIST)
            return cli_error("stats: cannot make directory %s: %s", path, strerror(errno));
        *p = '/';
    }
    return 0;
}

static int outputs_open(struct outputs *o, const char *format, const char *prefix)
{
    memset(o, 0, sizeof *o);
    if (!prefix) {
        o->n = 1;
        o->format[0] = format;
        o->f[0] = stdout;
        return 0;
    }
    static const char *const all[] = {"md", "csv", "json"};
    for (int k = 0; k < 3; k++) {
        o->format[k] = all[k];
        int n = snprintf(o->path[k], sizeof o->path[k], "%s.%s", prefix, all[k]);
        int t = snprintf(o->tmp[k], sizeof o->tmp[k], "%s.%s.tmp", prefix, all[k]);
        if (n < 0 || t < 0 || (size_t)n >= sizeof o->path[k] || (size_t)t >= sizeof o->tmp[k])
            return cli_usage_error("stats", "--out: the name is too long");
    }
    int rc = make_dirs(prefix);
    for (int k = 0; k < 3 && !rc; k++) {
        if (!(o->f[k] = fopen(o->tmp[k], "w")))
            rc = cli_error("stats: cannot write %s: %s", o->tmp[k], strerror(errno));
        else
            o->n = k + 1;
    }
    return rc ? outputs_close(o, rc) : 0;
}

/* The options of guti stats, as read. */
struct stats_opts {
    struct game_opts o;
    const char *dir, *format, *out;
    bool reachable, dtc, histogram;
    int limit;
};

/* Reads the options: 0, or the exit status (*stop: 0 when --help was printed). */
static int stats_parse(int argc, char **argv, struct stats_opts *s, bool *stop)
{
    const char *dir_opt = NULL, *format_opt = NULL;
    const struct cli_option opts[] = {
        CLI_OPTION("dir", CLI_TEXT, &dir_opt),
        CLI_OPTION("dtc", CLI_FLAG, &s->dtc),
        CLI_OPTION("histogram", CLI_FLAG, &s->histogram),
        CLI_OPTION_INT("limit", &s->limit, 1, 30000),
        CLI_OPTION("rules", CLI_RULES, &s->o.rules),
        CLI_OPTION_INT("captures", &s->o.captures, 1, GAME_MAX_CAPTURE_GOAL),
        CLI_OPTION("board", CLI_BOARD, &s->o.board),
        CLI_OPTION("reachable", CLI_FLAG, &s->reachable),
        CLI_OPTION("format", CLI_TEXT, &format_opt),
        CLI_OPTION("out", CLI_TEXT, &s->out),
        CLI_OPTION_INT("threads", &s->o.threads, 1, 1024),
        CLI_OPTION("quiet", CLI_FLAG, &s->o.quiet),
        CLI_OPTION("json", CLI_FLAG, &s->o.json),
        CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("stats", argc, argv, opts, &help_wanted, &first);
    *stop = true;
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if ((rc = cli_fold_captures("stats", &s->o))) return rc;
    if (first < argc) return cli_usage_error("stats", "unexpected operand '%s'", argv[first]);
    s->format = format_opt ? format_opt : s->o.json ? "json" : "md";
    if (strcmp(s->format, "md") && strcmp(s->format, "csv") && strcmp(s->format, "json"))
        return cli_usage_error("stats", "--format '%s', expected md, csv or json", s->format);
    if (s->out && (format_opt || s->o.json))
        return cli_usage_error("stats", "--out writes every format; drop --format and --json");
    if ((rc = cli_threads("stats", s->o.threads))) return rc;
    s->dir = tables_dir(dir_opt);
    *stop = false;
    return 0;
}

/* The games of the registry that have something (has: stats_by_layer, a game with a
 * placement phase; reach_supported), for people ("baghchal and adugo"), into buf; and the
 * name of their cyclic layers' phase, the first one's ("movement"). */
static const char *games_with(bool (*has)(const struct game *), char *buf, size_t len)
{
    const char *names[64], *phase = "cyclic";
    buf[0] = 0;
    int n = 0;
    for (int i = 0; game_registry(i) && n < 63; i++) {
        struct game g;
        char err[200];
        const struct game_ops *ops = game_registry(i);
        if (game_setup(&g, ops->name, NULL, NULL, err, sizeof err) || !has(&g)) continue;
        if (!n && ops->layers && ops->layers->kind_names[0]) phase = ops->layers->kind_names[0];
        names[n++] = ops->name;
    }
    names[n] = NULL;
    cli_word_list(names, buf, len);
    return phase;
}

/* The options that go together, and with the game of the tables: 0 or the exit status. */
static int stats_check(const struct stats_opts *s, const struct game *g)
{
    char games[200];
    if (s->limit && !s->dtc) return cli_usage_error("stats", "--limit goes with --dtc");
    if (s->dtc && !s->limit && !g->ops->clock_limit)
        return cli_usage_error("stats", "--dtc: %s has no counting rule: name one, --limit L",
                               g->ops->name);
    if (s->dtc && s->reachable)
        return cli_usage_error("stats", "--dtc: the counting rule's statistics are made over all "
                                        "positions only so far");
    if (s->histogram && (s->dtc || s->reachable))
        return cli_usage_error("stats", "--histogram goes with neither --dtc nor --reachable");
    if (s->histogram && !stats_by_layer(g)) {
        const char *phase = games_with(stats_by_layer, games, sizeof games);
        return cli_usage_error("stats", "--histogram is for %s's %s phase (%s holds %s tables)",
                               games, phase, s->dir, g->ops->name);
    }
    if (s->reachable && !reach_supported(g)) {
        games_with(reach_supported, games, sizeof games);
        return cli_usage_error("stats", "--reachable is for %s (%s holds %s tables)", games, s->dir,
                               g->ops->name);
    }
    return 0;
}

/* The layers whose DTM a missing DTM table takes too, for the warning, into buf: those
 * stored without DTM (game_layers.dtm_by_fold) read it from their children, "(and of the
 * goats' placement layers above, whose DTM comes from them)": the side to move of the first
 * listed, by its first position, and the acyclic layers' kind name. Empty for a game
 * without such layers. */
static void folded_layers(const struct game *g, char *buf, size_t len)
{
    const struct game_layers *gl = g->ops->layers;
    buf[0] = 0;
    if (!gl->dtm_by_fold) return;
    int n = gl->list(g, NULL, 0);
    struct layer_entry *e = calloc((size_t)(n ? n : 1), sizeof *e);
    void *ix = gl->index_new(g, 0);
    if (e && ix) {
        gl->list(g, e, n);
        for (int j = 0; j < n; j++) {
            struct position p;
            char err[200];
            uint64_t size;
            if (!gl->dtm_by_fold(g, &e[j].k) || gl->size(g, ix, &e[j].k, &size, err, sizeof err) ||
                !size || gl->unrank(g, ix, &e[j].k, 0, &p, err, sizeof err))
                continue;
            snprintf(buf, len, " (and of the %s%s %s layers above, whose DTM comes from them)",
                     g->ops->side_name[p.side], g->ops->side_plural[p.side] ? "'" : "'s",
                     gl->kind_names[1] ? gl->kind_names[1] : "acyclic");
            break;
        }
    }
    if (ix) gl->index_free(ix);
    free(e);
}

/* The tables of the plain statistics, into set: a missing WDL or REACH table leaves
 * positions out, no statistics (the exit status); a missing DTM table only leaves its
 * layer's longest wins out: statistics, said loudly. */
static int stats_tables(const struct game *g, const char *dir, bool reachable,
                        struct tables_set *set)
{
    if (tables_expected(dir, g, reachable ? TABLES_KIND(TB_REACH) : 0, set))
        return cli_error("stats: out of memory");
    char name[80], list[600], make[2600];
    tables_game_name(g, name, sizeof name);
    unsigned kinds[3] = {TABLES_KIND(TB_WDL), TABLES_KIND(TB_REACH), TABLES_KIND(TB_DTM)};
    for (int k = 0; k < 3; k++) {
        int n = tables_missing(set, kinds[k]);
        if (!n || (kinds[k] == TABLES_KIND(TB_REACH) && !reachable)) continue;
        /* with a WDL table, its DTM table if that is missing too: one command makes both */
        unsigned both = kinds[k] == TABLES_KIND(TB_WDL) ? kinds[k] | TABLES_KIND(TB_DTM) : kinds[k];
        n = tables_missing(set, both);
        tables_missing_text(set, both, 3, list, sizeof list);
        tables_make_command(set, dir, both, make, sizeof make);
        bool one = n == 1;
        if (kinds[k] != TABLES_KIND(TB_DTM)) {
            int rc = cli_error("stats: %s%d %stable%s of %s missing from %s: %s; make %s with: %s",
                               kinds[k] == TABLES_KIND(TB_REACH) ? "--reachable: " : "", n,
                               kinds[k] == TABLES_KIND(TB_REACH) ? "REACH " : "", one ? "" : "s",
                               name, dir, list, one ? "it" : "them", make);
            tables_set_free(set);
            return rc;
        }
        char folded[200];
        folded_layers(g, folded, sizeof folded);
        fprintf(stderr,
                "guti: stats: warning: %d DTM table%s of %s missing from %s (%s): the statistics "
                "leave out the longest wins of %s%s; make %s with: %s\n",
                n, one ? "" : "s", name, dir, list, one ? "its layer" : "their layers", folded,
                one ? "it" : "them", make);
    }
    return 0;
}

/* The progress line, as the library's hooks. */
static struct stats_hooks progress_hooks(struct progress *prog, bool quiet)
{
    progress_init(prog, quiet);
    return (struct stats_hooks){.begin = progress_begin_hook,
                                .progress = progress_update,
                                .end = progress_end_hook,
                                .arg = prog};
}

/* The kind of statistics s asks for, made and written to out: 0 or the exit status. */
static int stats_run(const struct stats_opts *s, const struct game *g, const struct tables_set *set,
                     const struct outputs *out)
{
    struct progress prog;
    struct stats_hooks h = progress_hooks(&prog, s->o.quiet);
    char err[4096];
    if (s->histogram) {
        struct dtm_histogram st;
        if (stats_histogram(g, s->dir, &h, &st, err, sizeof err))
            return cli_error("stats: %s", err);
        for (int k = 0; k < out->n; k++) stats_histogram_print(out->f[k], out->format[k], &st);
        stats_histogram_free(&st);
    } else if (s->dtc) {
        struct dtc_stats st;
        int limit = s->limit ? s->limit : g->ops->clock_limit;
        if (stats_dtc(g, s->dir, limit, &h, &st, err, sizeof err))
            return cli_error("stats: %s", err);
        for (int k = 0; k < out->n; k++)
            (st.materials ? stats_ss_dtc_print : stats_dtc_print)(out->f[k], out->format[k], &st);
        stats_dtc_free(&st);
    } else {
        struct stats_wdl st;
        if (stats_wdl(g, s->dir, set, s->reachable, &h, &st, err, sizeof err))
            return cli_error("stats: %s", err);
        for (int k = 0; k < out->n; k++)
            if (st.materials)
                stats_ss_print(out->f[k], out->format[k], &st.ss);
            else
                stats_bc_print(out->f[k], out->format[k], &st.bc);
        stats_wdl_free(&st);
    }
    return 0;
}

int cmd_stats(int argc, char **argv)
{
    struct stats_opts s = {0};
    bool stop;
    int rc = stats_parse(argc, argv, &s, &stop);
    if (stop) return rc;
    if ((rc = cli_check_tables_dir("stats", s.dir))) return rc;
    struct game g;
    char err[400];
    if (tables_choose(s.dir, NULL, s.o.rules, s.o.board, &g, err, sizeof err))
        return cli_error("stats: %s", err);
    if ((rc = stats_check(&s, &g))) return rc;
    /* the plain statistics need their tables, looked for before any output is opened */
    struct tables_set set = {0};
    bool plain = !s.histogram && !s.dtc;
    if (plain && (rc = stats_tables(&g, s.dir, s.reachable, &set))) return rc;
    struct outputs out;
    if ((rc = outputs_open(&out, s.format, s.out))) {
        if (plain) tables_set_free(&set);
        return rc;
    }
    rc = stats_run(&s, &g, &set, &out);
    if (plain) tables_set_free(&set);
    return outputs_close(&out, rc);
}
