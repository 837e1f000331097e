/* A game record replayed, adjudicated and analysed (game_report.h). */
#include "game_report.h"

#include <stdlib.h>
#include <string.h>

#include "analysis_print.h"
#include "cli.h"
#include "notations.h"

/* Under rules no-repeat, the first n moves from pos analysed by search: 0, or -1 with the
 * reason in err. */
static int norepeat_run(struct game_report *gr, const struct guti_position *pos, int n,
                        guti_tables *t, uint64_t budget, char *err, size_t errlen)
{
    struct guti_error e;
    gr->norepeat = calloc(1, sizeof *gr->norepeat);
    gr->norepeat_moves = calloc((size_t)(n ? n : 1), sizeof *gr->norepeat_moves);
    if (!gr->norepeat || !gr->norepeat_moves) return snprintf(err, errlen, "out of memory"), -1;
    int rc = guti_norepeat_analyze_game(t, pos, (const char *const *)gr->r.moves, n, budget,
                                        gr->norepeat_moves, gr->norepeat, &e);
    return rc ? snprintf(err, errlen, "%s", e.message), -1 : 0;
}

/* Analyses the first n moves of the record from its start with the tables (under rules
 * no-repeat, by search within budget nodes a move). 0, also when the tables answer no
 * position (gr->analysis_error then says so, and the analysis is there, every value
 * unknown); else -1 with the reason in err. */
static int analysis_run(struct game_report *gr, int n, guti_tables *t, uint64_t budget, char *err,
                        size_t errlen)
{
    const struct game *g = &gr->g;
    char fen[256];
    struct guti_variant hint = {0};
    struct guti_position pos;
    struct guti_error e;
    g->ops->format(g, &gr->start, fen, sizeof fen);
    hint.game = guti_game_named(g->ops->name);
    game_rules_name(g, hint.rules, sizeof hint.rules);
    snprintf(hint.board, sizeof hint.board, "%s", g->board->name);
    if (guti_parse_fen(fen, &hint, &pos, &e)) return snprintf(err, errlen, "%s", e.message), -1;
    if (g->no_repeat) return norepeat_run(gr, &pos, n, t, budget, err, errlen);
    gr->analysis = calloc(1, sizeof *gr->analysis);
    gr->moves = calloc((size_t)(n ? n : 1), sizeof *gr->moves);
    if (!gr->analysis || !gr->moves) return snprintf(err, errlen, "out of memory"), -1;
    int rc = guti_analyze_game(t, &pos, (const char *const *)gr->r.moves, n, gr->moves,
                               gr->analysis, &e);
    if (rc == GUTI_ENOTABLE) {
        snprintf(gr->analysis_error, sizeof gr->analysis_error,
                 "the tables answer none of the game's positions: %s", e.message);
        return 0;
    }
    return rc ? snprintf(err, errlen, "%s", e.message), -1 : 0;
}

static bool result_allowed(const struct game *g, const char *w)
{
    return !strcmp(w, g->ops->side_name[0]) || !strcmp(w, g->ops->side_name[1]) ||
           !strcmp(w, "draw") || !strcmp(w, "*");
}

/* The record's first fault, if any, into gr->error. */
static void find_fault(struct game_report *gr)
{
    const struct game *g = &gr->g;
    const struct record *r = &gr->r;
    const struct replay *rp = &gr->rp;
    const char *bad_word = NULL, *tag = record_tag(r, "Result");
    if (r->result && !result_allowed(g, r->result)) bad_word = r->result;
    if (tag && !result_allowed(g, tag)) bad_word = tag;
    struct outcome start_over;
    bool start_unreachable =
        game_over_at(g, &gr->start, &start_over) && !outcome_reachable(&gr->start, &start_over);
    if (start_unreachable)
        snprintf(gr->error, sizeof gr->error,
                 "the start position is a finished game with the winner to move: no game "
                 "reaches it");
    else if (bad_word)
        snprintf(gr->error, sizeof gr->error,
                 "result '%s' is not a result of %s (%s, %s, draw or *)", QUOTE(bad_word),
                 g->ops->name, g->ops->side_name[0], g->ops->side_name[1]);
    else if (rp->bad_move >= 0)
        snprintf(gr->error, sizeof gr->error, "move %d (%s): %s", rp->bad_move + 1,
                 QUOTE(record_move_text(r, rp->bad_move)), rp->why);
    else if (r->result && tag && strcmp(r->result, tag))
        snprintf(gr->error, sizeof gr->error, "the Result tag says %s but the moves end with %s",
                 QUOTE(tag), QUOTE(r->result));
    else if (gr->recorded && rp->outcome.reason != END_NONE && strcmp(gr->recorded, gr->word))
        snprintf(gr->error, sizeof gr->error,
                 "the record says %s, but by the rules the result is %s (%s)", QUOTE(gr->recorded),
                 gr->word, gr->reason);
}

int game_report_make(const char *text, const char *notation_opt, guti_tables *tables,
                     struct game_report *gr, char *err, size_t errlen)
{
    return game_report_read(text, notation_opt, NULL, NULL, tables, 0, gr, err, errlen);
}

int game_report_read(const char *text, const char *notation_opt, const char *game,
                     const char *rules, guti_tables *tables, uint64_t budget,
                     struct game_report *gr, char *err, size_t errlen)
{
    memset(gr, 0, sizeof *gr);
    char why[240];
    enum notation n = notation_opt ? (enum notation)notation_named(notation_opt) : NOTATION_GUTI;
    if ((!notation_opt && notation_detect_record(text, &n, why, sizeof why)) ||
        notation_read_record(n, text, game, rules, &gr->r, why, sizeof why))
        return snprintf(err, errlen, "record: %s", why), -1;
    if (record_game(&gr->r, &gr->g, &gr->start, why, sizeof why)) {
        record_free(&gr->r);
        return snprintf(err, errlen, "%s", why), -1;
    }
    if (record_replay(&gr->g, &gr->start, &gr->r, &gr->rp)) {
        snprintf(err, errlen, "%s", gr->rp.why);
        replay_free(&gr->rp);
        record_free(&gr->r);
        return -1;
    }
    const struct game *g = &gr->g;
    const struct outcome *out = &gr->rp.outcome;
    gr->notation = n;
    gr->out_notation = notation_opt ? n : NOTATION_GUTI;
    gr->word = outcome_word(g, out);
    gr->reason = out->reason == END_NONE
                     ? "unfinished"
                     : end_reason_text(g, out, out->winner < 0 ? -1 : 1 - out->winner);
    gr->recorded = gr->r.result ? gr->r.result : record_tag(&gr->r, "Result");
    find_fault(gr);

    /* The positions in the notation named, else in guti's. */
    struct notation_extra x0, x1;
    const struct replay *rp = &gr->rp;
    notation_extra_at(g, &gr->r, rp, 0, &x0);
    notation_extra_at(g, &gr->r, rp, rp->h.n - 1, &x1);
    if (notation_write_position(gr->out_notation, g, &gr->start, &x0, gr->startfen,
                                sizeof gr->startfen, why, sizeof why) ||
        notation_write_position(gr->out_notation, g, &rp->h.p[rp->h.n - 1], &x1, gr->final,
                                sizeof gr->final, why, sizeof why)) {
        g->ops->format(g, &gr->start, gr->startfen, sizeof gr->startfen);
        g->ops->format(g, &rp->h.p[rp->h.n - 1], gr->final, sizeof gr->final);
    }
    game_rules_name(g, gr->rules, sizeof gr->rules);

    if (tables) {
        gr->analyzed = true;
        char aerr[600];
        if (analysis_run(gr, rp->played, tables, budget, aerr, sizeof aerr)) {
            snprintf(err, errlen, "--analyze: %s", aerr);
            game_report_free(gr);
            return -1;
        }
    }
    return 0;
}

static void json_str_or_null(FILE *out, const char *s)
{
    if (s)
        json_str(out, s);
    else
        fprintf(out, "null");
}

void game_report_json(const struct game_report *gr, FILE *out)
{
    const struct game *g = &gr->g;
    const struct outcome *o = &gr->rp.outcome;
    fprintf(out,
            "{\"game\": \"%s\", \"rules\": \"%s\", \"board\": \"%s\", \"notation\": \"%s\", "
            "\"start\": ",
            g->ops->name, gr->rules, g->board->name, notation_name(gr->notation));
    json_str(out, gr->startfen);
    fprintf(out, ", \"played\": %d, \"final\": ", gr->rp.played);
    json_str(out, gr->final);
    fprintf(out, ", \"result\": \"%s\", \"winner\": ", gr->word);
    json_str_or_null(out, o->winner >= 0 ? g->ops->side_name[o->winner] : NULL);
    fprintf(out, ", \"reason\": ");
    json_str(out, gr->reason);
    fprintf(out, ", \"recorded\": ");
    json_str_or_null(out, gr->recorded);
    fprintf(out, ", \"error\": ");
    json_str_or_null(out, *gr->error ? gr->error : NULL);
    if (gr->analyzed && gr->norepeat) {
        struct norepeat_view view = {gr->norepeat,
                                     gr->norepeat_moves,
                                     (enum guti_notation)(gr->out_notation + 1),
                                     gr->word,
                                     o->winner >= 0 ? g->ops->side_name[o->winner] : NULL,
                                     gr->reason};
        fprintf(out, ", ");
        norepeat_print_json(&view, out);
    } else if (gr->analyzed) {
        struct analysis_view view = {gr->analysis,
                                     gr->moves,
                                     (enum guti_notation)(gr->out_notation + 1),
                                     gr->word,
                                     o->winner >= 0 ? g->ops->side_name[o->winner] : NULL,
                                     gr->reason};
        fprintf(out, ", ");
        analysis_print_json(&view, out);
    }
    fprintf(out, "}");
}

void game_report_free(struct game_report *gr)
{
    replay_free(&gr->rp);
    record_free(&gr->r);
    free(gr->analysis);
    free(gr->moves);
    free(gr->norepeat);
    free(gr->norepeat_moves);
    gr->analysis = NULL;
    gr->moves = NULL;
    gr->norepeat = NULL;
    gr->norepeat_moves = NULL;
}
