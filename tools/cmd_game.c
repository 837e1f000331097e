/* guti game: replays a game record and adjudicates its end. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_game.h"
#include "notation.h"
#include "record.h"

static const char help[] =
    "usage: guti game FILE|- [--json]\n"
    "\n"
    "Replays a game record (tags, then moves; see notation.md), reports the first illegal\n"
    "move with its number and the reason, and adjudicates the end under the record's rules:\n"
    "wins, and the draw rules of play, the third repetition of a position and the clock\n"
    "(100 half-moves with no capture and no placement in Bagh-Chal, 80 half-moves with no\n"
    "capture in Sixteen Soldiers, read as half-moves); a win on the deciding move comes\n"
    "first. Under rules no-repeat there are no draw rules and a move that recreates a board\n"
    "seen since the last placement is illegal.\n"
    "Moves are numbered from 1 in the order played (half-moves). The record's result, from\n"
    "its Result tag or a result word after the moves, must agree with the rules' verdict\n"
    "when the game is over by the rules; an unfinished game keeps the recorded result.\n"
    "Exit status: 0 when the record is sound, 1 otherwise.\n"
    "\n"
    "  --json   {\"game\", \"rules\", \"board\", \"start\", \"played\", \"final\", \"result\",\n"
    "           \"winner\", \"reason\", \"recorded\", \"error\"}\n";

#define MAX_RECORD (16 << 20)

static char *read_all(const char *path, char *err, size_t errlen)
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

static bool result_allowed(const struct game *g, const char *w)
{
    return !strcmp(w, g->ops->side_name[0]) || !strcmp(w, g->ops->side_name[1]) ||
           !strcmp(w, "draw") || !strcmp(w, "*");
}

int cmd_game(int argc, char **argv)
{
    struct game_opts o = {0};
    const struct cli_option opts[] = {CLI_OPTION("json", CLI_FLAG, &o.json), CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("game", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return fputs(help, stdout), 0;
    if (argc - first != 1)
        return cli_usage_error("game", "expected one FILE or -, got %d operands", argc - first);
    char err[240];
    char *text = read_all(argv[first], err, sizeof err);
    if (!text) return cli_error("game: %s", err);
    struct record r;
    struct game g;
    struct position start;
    if (record_parse(text, &r, err, sizeof err)) {
        free(text);
        return cli_error("game: record: %s", err);
    }
    free(text);
    if (record_game(&r, &g, &start, err, sizeof err)) {
        record_free(&r);
        return cli_error("game: %s", err);
    }
    struct replay rp;
    if (record_replay(&g, &start, &r, &rp)) {
        rc = cli_error("game: %s", rp.why);
        replay_free(&rp);
        record_free(&r);
        return rc;
    }

    const struct outcome *out = &rp.outcome;
    const char *word = outcome_word(&g, out);
    const char *reason = out->reason == END_NONE
                             ? "unfinished"
                             : end_reason_text(&g, out, out->winner < 0 ? -1 : 1 - out->winner);
    const char *recorded = r.result ? r.result : record_tag(&r, "Result");
    char error[400] = "";
    const char *bad_word = NULL;
    if (r.result && !result_allowed(&g, r.result)) bad_word = r.result;
    if (record_tag(&r, "Result") && !result_allowed(&g, record_tag(&r, "Result")))
        bad_word = record_tag(&r, "Result");
    struct outcome start_over;
    bool start_unreachable =
        game_over_at(&g, &start, &start_over) && !outcome_reachable(&start, &start_over);
    if (start_unreachable)
        snprintf(error, sizeof error,
                 "the start position is a finished game with the winner to move: no game "
                 "reaches it");
    else if (bad_word)
        snprintf(error, sizeof error, "result '%s' is not a result of %s (%s, %s, draw or *)",
                 QUOTE(bad_word), g.ops->name, g.ops->side_name[0], g.ops->side_name[1]);
    else if (rp.bad_move >= 0)
        snprintf(error, sizeof error, "move %d (%s): %s", rp.bad_move + 1,
                 QUOTE(r.moves[rp.bad_move]), rp.why);
    else if (r.result && record_tag(&r, "Result") && strcmp(r.result, record_tag(&r, "Result")))
        snprintf(error, sizeof error, "the Result tag says %s but the moves end with %s",
                 QUOTE(record_tag(&r, "Result")), QUOTE(r.result));
    else if (recorded && out->reason != END_NONE && strcmp(recorded, word) != 0)
        snprintf(error, sizeof error, "the record says %s, but by the rules the result is %s (%s)",
                 QUOTE(recorded), word, reason);

    char startfen[256], final[256], rules[32];
    g.ops->format(&g, &start, startfen, sizeof startfen);
    g.ops->format(&g, &rp.h.p[rp.h.n - 1], final, sizeof final);
    game_rules_name(&g, rules, sizeof rules);
    if (o.json) {
        printf("{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"start\": ", g.ops->name,
               rules, g.board->name);
        json_str(stdout, startfen);
        printf(", \"played\": %d, \"final\": ", rp.played);
        json_str(stdout, final);
        printf(", \"result\": \"%s\", \"winner\": ", word);
        if (out->winner >= 0)
            printf("\"%s\"", g.ops->side_name[out->winner]);
        else
            printf("null");
        printf(", \"reason\": ");
        json_str(stdout, reason);
        printf(", \"recorded\": ");
        if (recorded)
            json_str(stdout, recorded);
        else
            printf("null");
        printf(", \"error\": ");
        if (*error)
            json_str(stdout, error);
        else
            printf("null");
        printf("}\n");
    } else {
        printf("game: %s (rules %s, board %s)\n", g.ops->name, rules, g.board->name);
        printf("played: %d of %d moves\n", rp.played, r.nmoves);
        printf("final: %s\n", final);
        if (out->reason == END_NONE)
            printf("result: %s (unfinished by the rules)%s%s\n", recorded ? QUOTE(recorded) : "*",
                   recorded ? "; as recorded" : "", "");
        else
            printf("result: %s (%s)\n", word, reason);
    }
    if (*error) cli_error("game: %s", error);
    replay_free(&rp);
    record_free(&r);
    return *error ? EXIT_BAD : 0;
}
