/* Fuzzes game records in every notation guti reads (guti's, the baghchal package's PGN,
 * OBX): telling the notation, reading, setting up the game, replaying, writing back in
 * each notation, and guti game's report with its analysis (against an empty directory:
 * every table missing).
 *
 * Input: one control byte, then the record's text.
 *   control & 3         the notation: 0 told from the record (notation_detect_record), 1
 *                       guti, 2 baghchal, 3 obx
 *   (control >> 2) & 3  the game of a bare list of moves (a record with no tags): 0 none,
 *                       1 baghchal, 2 sixteen, 3 baghchal under goat-pass
 *   control & 0x10      guti game's report is analysed (guti_analyze_game, or under rules
 *                       no-repeat guti_norepeat_analyze_game within 1000 nodes a move), with
 *                       no tables
 *
 * Checks, besides no crash, leak or undefined behaviour: a record replayed whole and
 * written in a notation (when the notation can hold it) reads back, in that notation and
 * as told from its text, to the same game: the same start, moves, positions and end;
 * guti game's report is valid JSON. */
#include <stdbool.h>
#include <string.h>

#include "fuzz_util.h"
#include "game.h"
#include "game_report.h"
#include "guti.h"
#include "notations.h"
#include "record.h"

static guti_tables *empty;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    struct guti_error err;
    if (guti_open(fuzz_temp_dir(), 0, &empty, &err))
        return fprintf(stderr, "fuzz: %s\n", err.message), exit(2), 0;
    return 0;
}

/* Reads a written record back and replays it: the same game as rp. */
static void check_read_back(enum notation n, const char *text, const struct game *g,
                            const struct replay *rp, bool told)
{
    char err[400], rules[32];
    struct record r2;
    enum notation found = n;
    game_rules_name(g, rules, sizeof rules);
    if (told)
        FUZZ_CHECK(!notation_detect_record(text, &found, err, sizeof err),
                   "a record written in %s is not told: %s\n%s", notation_name(n), err, text);
    /* a record with no moves may be told as guti's: it is then read as guti's */
    if (told && found != n && rp->played == 0) return;
    FUZZ_CHECK(found == n, "a record written in %s is told as %s\n%s", notation_name(n),
               notation_name(found), text);
    FUZZ_CHECK(!notation_read_record(n, text, NULL, rules, &r2, err, sizeof err),
               "a record written in %s does not read back: %s\n%s", notation_name(n), err, text);
    struct game g2;
    struct position start2;
    FUZZ_CHECK(!record_game(&r2, &g2, &start2, err, sizeof err),
               "a record written in %s sets up no game: %s\n%s", notation_name(n), err, text);
    FUZZ_CHECK(g2.ops == g->ops && g2.board == g->board && g2.rules == g->rules &&
                   g2.repeat_window == g->repeat_window,
               "a record written in %s reads back as another game\n%s", notation_name(n), text);
    struct replay rp2;
    FUZZ_CHECK(!record_replay(&g2, &start2, &r2, &rp2), "replay: %s", rp2.why);
    FUZZ_CHECK(rp2.bad_move < 0, "a record written in %s has an illegal move %d: %s\n%s",
               notation_name(n), rp2.bad_move + 1, rp2.why, text);
    FUZZ_CHECK(rp2.played == rp->played && rp2.h.n == rp->h.n,
               "a record written in %s reads back with %d moves, not %d\n%s", notation_name(n),
               rp2.played, rp->played, text);
    for (int i = 0; i < rp->h.n; i++)
        FUZZ_CHECK(position_same(&rp->h.p[i], &rp2.h.p[i]) && rp->h.p[i].clock == rp2.h.p[i].clock,
                   "a record written in %s reads back with position %d changed\n%s",
                   notation_name(n), i, text);
    FUZZ_CHECK(rp2.outcome.reason == rp->outcome.reason && rp2.outcome.winner == rp->outcome.winner,
               "a record written in %s reads back with another end\n%s", notation_name(n), text);
    replay_free(&rp2);
    record_free(&r2);
}

static void check_record(enum notation n, const char *text, const char *game, const char *rules)
{
    struct record r;
    char err[400];
    if (notation_read_record(n, text, game, rules, &r, err, sizeof err)) return;
    for (int i = 0; i < r.nmoves; i++) record_move_text(&r, i);
    struct game g;
    struct position start;
    if (record_game(&r, &g, &start, err, sizeof err)) {
        record_free(&r);
        return;
    }
    struct replay rp;
    FUZZ_CHECK(!record_replay(&g, &start, &r, &rp), "replay: %s", rp.why);
    outcome_word(&g, &rp.outcome);
    for (int i = 0; i < rp.h.n; i++) {
        struct notation_extra x;
        notation_extra_at(&g, &r, &rp, i, &x);
    }
    if (rp.bad_move < 0)
        for (int nt = 0; nt < NOTATIONS; nt++) {
            char *out;
            if (notation_write_record((enum notation)nt, &g, &r, &rp, &out, err, sizeof err))
                continue;
            check_read_back((enum notation)nt, out, &g, &rp, false);
            check_read_back((enum notation)nt, out, &g, &rp, true);
            free(out);
        }
    replay_free(&rp);
    record_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 8192) return 0;
    uint8_t control = data[0];
    char *text = fuzz_string(data + 1, size - 1);
    static const char *const games[4] = {NULL, "baghchal", "sixteen", "baghchal"};
    const char *game = games[(control >> 2) & 3];
    const char *rules = ((control >> 2) & 3) == 3 ? "goat-pass" : NULL;
    enum notation n = NOTATION_GUTI;
    char err[700];
    int detected = notation_detect_record(text, &n, err, sizeof err);
    if (control & 3) n = (enum notation)((control & 3) - 1);
    if (!detected || (control & 3)) check_record(n, text, game, rules);

    /* guti game's report, as guti game and guti serve's /api/analyze make it; under rules
     * no-repeat its analysis searches, here within 1000 nodes a move (the default, 10^6,
     * takes seconds a move: a fuzzer's timeout, not a finding) */
    struct game_report gr;
    const char *nopt = control & 3 ? notation_name(n) : NULL;
    if (!game_report_read(text, nopt, NULL, NULL, control & 0x10 ? empty : NULL, 1000, &gr, err,
                          sizeof err)) {
        char *json = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&json, &len);
        if (!f) abort();
        game_report_json(&gr, f);
        fclose(f);
        const char *bad = fuzz_json_check(json, len);
        FUZZ_CHECK(!bad, "guti game's report is not JSON: %s\n%s", bad, json);
        free(json);
        game_report_free(&gr);
    }
    free(text);
    return 0;
}
