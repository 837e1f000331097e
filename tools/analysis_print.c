/* guti game --analyze: the analysis printed (analysis_print.h). */
#include "analysis_print.h"

#include <string.h>

#include "cli.h"

/* A move of pos in the notation (kept in guti's when the notation cannot write it). */
static void move_text(const struct guti_position *pos, const char *move, enum guti_notation n,
                      char out[GUTI_MOVE_MAX])
{
    if (n == GUTI_NOTATION_GUTI || guti_format_move(pos, move, n, out, GUTI_MOVE_MAX, NULL))
        snprintf(out, GUTI_MOVE_MAX, "%s", move);
}

/* A position in the notation (in guti's when the notation cannot write it). */
static void position_text(const struct guti_position *pos, enum guti_notation n, char *out,
                          size_t len)
{
    if (guti_format_position(pos, n, out, len, NULL) &&
        guti_format_position(pos, GUTI_NOTATION_GUTI, out, len, NULL))
        snprintf(out, len, "?");
}

static const char *side_name(const struct guti_analysis *a, int side)
{
    return guti_side_name(a->start.variant.game, side);
}

/* The summary's members both analyses share: the moves judged, analysed and unknown, and
 * the game's verdict (the result word, the winner's side or null, the reason). */
static void json_counts_verdict(int judged, int nmoves, int unknown, const char *result,
                                const char *winner, const char *reason, FILE *out)
{
    fprintf(out,
            ", \"judged\": %d, \"moves\": %d, \"unknown\": %d, \"result\": \"%s\", \"winner\": ",
            judged, nmoves, unknown, result);
    if (winner)
        fprintf(out, "\"%s\"", winner);
    else
        fprintf(out, "null");
    fprintf(out, ", \"reason\": ");
    json_str(out, reason);
}

/* Each side's faster losses (the analysis' summary does not count them: guti.h). */
static void faster_losses(const struct analysis_view *v, int n[2])
{
    n[0] = n[1] = 0;
    for (int i = 0; i < v->a->nmoves; i++)
        n[v->moves[i].position.side & 1] += v->moves[i].faster_loss;
}

/* Whether a move is flagged, with the best move beside it. */
static bool flagged(const struct guti_move_analysis *m)
{
    return m->mistake || m->slower || m->faster_loss;
}

/* ---- Text --------------------------------------------------------------------------- */

/* A result in a few words: "win 13", "loss 26 dtc 1", "win 40 cursed now draw", "unknown":
 * the value without the rule and its DTM, the counting rule's class where it is cursed or
 * blessed and its DTC, and the value at the clock where it is not the value. */
static void cell(const struct guti_result *r, char *buf, size_t len)
{
    int k = snprintf(buf, len, "%s", guti_value_name(r->value));
    if (r->value == GUTI_UNKNOWN) return;
    if (r->dtm >= 0) k += snprintf(buf + k, len - (size_t)k, " %d", r->dtm);
    if (r->dtc_class == GUTI_CLASS_CURSED_WIN || r->dtc_class == GUTI_CLASS_BLESSED_LOSS)
        k += snprintf(buf + k, len - (size_t)k, " %s",
                      r->dtc_class == GUTI_CLASS_CURSED_WIN ? "cursed" : "blessed");
    if (r->dtc >= 0) k += snprintf(buf + k, len - (size_t)k, " dtc %d", r->dtc);
    if (r->value_now != r->value)
        snprintf(buf + k, len - (size_t)k, " now %s", guti_value_name(r->value_now));
}

static const char *thrown(const struct guti_move_analysis *m)
{
    const struct guti_result *b = &m->before, *p = &m->played.result;
    bool now = m->judged == GUTI_JUDGED_VALUE_NOW;
    int before = now ? b->value_now : b->value, after = now ? p->value_now : p->value;
    if (before != GUTI_WIN) return "a draw thrown into a loss";
    return after == GUTI_DRAW ? "a win thrown into a draw" : "a win thrown into a loss";
}

void analysis_print_text(const struct analysis_view *v, FILE *out)
{
    const struct guti_analysis *a = v->a;
    char c1[96], c2[96], mv[GUTI_MOVE_MAX], best[GUTI_MOVE_MAX];
    fprintf(out,
            "analysis: each move's value for its maker, before it -> after it: the value and\n"
            "DTM without the counting rule, \"dtc\" the DTC, \"now\" the value under the rule\n"
            "at the clock where it differs; a move is judged by value_now where it is known\n"
            "before and after the move, else by the value without the rule\n");
    cell(&a->start_result, c1, sizeof c1);
    fprintf(out, "start: %s to move: %s\n", side_name(a, a->start.side), c1);
    for (int i = 0; i < a->nmoves; i++) {
        const struct guti_move_analysis *m = &v->moves[i];
        char line[600];
        size_t k;
        move_text(&m->position, m->played.move.text, v->notation, mv);
        cell(&m->before, c1, sizeof c1);
        cell(&m->played.result, c2, sizeof c2);
        k = (size_t)snprintf(line, sizeof line, "%4d. %-6s %-12s %-22s -> %-22s", i + 1,
                             side_name(a, m->position.side), mv, c1, c2);
        if (m->mistake)
            k += (size_t)snprintf(line + k, sizeof line - k, "  mistake: %s (by %s)", thrown(m),
                                  guti_judged_name(m->judged));
        else if (m->slower)
            k += (size_t)snprintf(line + k, sizeof line - k, "  slower (not an error)");
        else if (m->faster_loss)
            k += (size_t)snprintf(line + k, sizeof line - k, "  faster loss (not an error)");
        if (flagged(m) && m->has_best) {
            move_text(&m->position, m->best.move.text, v->notation, best);
            cell(&m->best.result, c1, sizeof c1);
            k += (size_t)snprintf(line + k, sizeof line - k, "; best %s: %s", best, c1);
        } else if (flagged(m)) {
            k +=
                (size_t)snprintf(line + k, sizeof line - k, "; best: unknown (a table is missing)");
        }
        if (m->played.result.over && m->played.result.reason[0])
            k += (size_t)snprintf(line + k, sizeof line - k, "  (%s)", m->played.result.reason);
        for (k = strlen(line); k > 0 && line[k - 1] == ' ';) line[--k] = 0;
        fprintf(out, "%s\n", line);
    }
    fprintf(out, "mistakes:");
    for (int s = 0; s < 2; s++) {
        fprintf(out, "%s %s %d", s ? "," : "", side_name(a, s), a->mistakes[s]);
        if (a->first_mistake[s] >= 0) {
            const struct guti_move_analysis *m = &v->moves[a->first_mistake[s]];
            move_text(&m->position, m->played.move.text, v->notation, mv);
            fprintf(out, " (the first: move %d, %s)", a->first_mistake[s] + 1, mv);
        }
    }
    int faster[2];
    faster_losses(v, faster);
    fprintf(out, "\nslower moves (not errors): %s %d, %s %d\n", side_name(a, 0), a->slower[0],
            side_name(a, 1), a->slower[1]);
    fprintf(out, "faster losses (not errors): %s %d, %s %d\n", side_name(a, 0), faster[0],
            side_name(a, 1), faster[1]);
    fprintf(out, "judged: %d of %d moves\n", a->judged, a->nmoves);
    cell(&a->start_result, c1, sizeof c1);
    fprintf(out, "value at the start: %s for the %s to move\n", c1, side_name(a, a->start.side));
    fprintf(out, "verdict: %s (%s)\n", v->result, v->reason);
    if (a->unanswered)
        fprintf(out, "unknown: %d position%s, for want of %d table%s%s:\n", a->unanswered,
                a->unanswered == 1 ? "" : "s", a->nmissing, a->nmissing == 1 ? "" : "s",
                a->more_missing ? " and more" : "");
    for (int k = 0; k < a->nmissing; k++) fprintf(out, "  %s\n", a->missing[k]);
}

/* ---- JSON --------------------------------------------------------------------------- */

static void json_int(FILE *out, int x)
{
    if (x < 0)
        fprintf(out, "null");
    else
        fprintf(out, "%d", x);
}

/* A result's members: value, dtm, value_now, class, dtc, clock, over (and, when over, the
 * result and reason), and the missing table's index in the summary's "missing". */
static void json_result(const struct analysis_view *v, const struct guti_result *r, int missing,
                        FILE *out)
{
    fprintf(out, "\"value\": \"%s\", \"dtm\": ", guti_value_name(r->value));
    json_int(out, r->dtm);
    fprintf(out, ", \"value_now\": ");
    if (r->value_now == GUTI_UNKNOWN)
        fprintf(out, "null");
    else
        fprintf(out, "\"%s\"", guti_value_name(r->value_now));
    fprintf(out, ", \"class\": ");
    if (r->dtc_class == GUTI_CLASS_UNKNOWN)
        fprintf(out, "null");
    else
        fprintf(out, "\"%s\"", guti_class_name(r->dtc_class));
    fprintf(out, ", \"dtc\": ");
    json_int(out, r->dtc);
    fprintf(out, ", \"clock\": %d, \"over\": %s", r->clock, r->over ? "true" : "false");
    if (r->over) {
        fprintf(out, ", \"result\": \"%s\", \"reason\": ",
                r->winner < 0 ? "draw" : side_name(v->a, r->winner));
        json_str(out, r->reason);
    }
    if (r->value == GUTI_UNKNOWN) {
        fprintf(out, ", \"missing\": ");
        json_int(out, missing);
    }
}

static void json_sides(const struct guti_analysis *a, const int x[2], bool moves, FILE *out)
{
    fprintf(out, "{");
    for (int s = 0; s < 2; s++) {
        fprintf(out, "%s\"%s\": ", s ? ", " : "", side_name(a, s));
        json_int(out, moves ? (x[s] < 0 ? -1 : x[s] + 1) : x[s]);
    }
    fprintf(out, "}");
}

void analysis_print_json(const struct analysis_view *v, FILE *out)
{
    const struct guti_analysis *a = v->a;
    char text[GUTI_MOVE_MAX], fen[256];
    fprintf(out, "\"moves\": [");
    for (int i = 0; i < a->nmoves; i++) {
        const struct guti_move_analysis *m = &v->moves[i];
        move_text(&m->position, m->played.move.text, v->notation, text);
        position_text(&m->position, v->notation, fen, sizeof fen);
        fprintf(out, "%s{\"number\": %d, \"move\": ", i ? ", " : "", i + 1);
        json_str(out, text);
        fprintf(out, ", \"side\": \"%s\", \"fen\": ", side_name(a, m->position.side));
        json_str(out, fen);
        fprintf(out, ", \"before\": {");
        json_result(v, &m->before, m->before_missing, out);
        fprintf(out, "}, \"after\": {");
        json_result(v, &m->played.result, m->played_missing, out);
        fprintf(out, "}, \"judged\": ");
        if (m->judged == GUTI_JUDGED_NONE)
            fprintf(out, "null");
        else
            fprintf(out, "\"%s\"", guti_judged_name(m->judged));
        fprintf(out, ", \"mistake\": %s, \"slower\": %s, \"faster_loss\": %s, \"best\": ",
                m->mistake ? "true" : "false", m->slower ? "true" : "false",
                m->faster_loss ? "true" : "false");
        if (flagged(m) && m->has_best) {
            move_text(&m->position, m->best.move.text, v->notation, text);
            fprintf(out, "{\"move\": ");
            json_str(out, text);
            fprintf(out, ", ");
            json_result(v, &m->best.result, -1, out);
            fprintf(out, "}");
        } else {
            fprintf(out, "null");
        }
        fprintf(out, "}");
    }
    fprintf(out, "], \"summary\": {\"start\": {\"fen\": ");
    position_text(&a->start, v->notation, fen, sizeof fen);
    json_str(out, fen);
    fprintf(out, ", \"side\": \"%s\", ", side_name(a, a->start.side));
    json_result(v, &a->start_result, a->start_missing, out);
    fprintf(out, "}, \"mistakes\": ");
    json_sides(a, a->mistakes, false, out);
    fprintf(out, ", \"first_mistake\": ");
    json_sides(a, a->first_mistake, true, out);
    fprintf(out, ", \"slower\": ");
    json_sides(a, a->slower, false, out);
    int faster[2];
    faster_losses(v, faster);
    fprintf(out, ", \"faster_loss\": ");
    json_sides(a, faster, false, out);
    json_counts_verdict(a->judged, a->nmoves, a->unanswered, v->result, v->winner, v->reason, out);
    fprintf(out, ", \"missing\": [");
    for (int k = 0; k < a->nmissing; k++) {
        fprintf(out, "%s", k ? ", " : "");
        json_str(out, a->missing[k]);
    }
    fprintf(out, "], \"more_missing\": %s}", a->more_missing ? "true" : "false");
}

/* ---- Rules no-repeat ---------------------------------------------------------------- */

/* A value under the rule in words: "unknown under the rule" where the search ran out of
 * its budget, which is no value at all. */
static const char *rule_value(int value)
{
    return value == GUTI_UNKNOWN ? "unknown under the rule" : guti_value_name(value);
}

/* A move's values: under the rule, and the standard one beside ("loss (std win in 13)"), as
 * guti query --rules no-repeat --moves words a standard value. */
static void norepeat_cell(const struct guti_norepeat_move *m, char *buf, size_t len)
{
    int k =
        snprintf(buf, len, "%s (std %s", rule_value(m->value), guti_value_name(m->standard.value));
    if (m->standard.value != GUTI_UNKNOWN && m->standard.dtm >= 0)
        k += snprintf(buf + k, len - (size_t)k, " in %d", m->standard.dtm);
    snprintf(buf + k, len - (size_t)k, ")");
}

static const char *norepeat_thrown(const struct guti_norepeat_move_analysis *m)
{
    if (m->value != GUTI_WIN) return "a draw thrown into a loss";
    return m->played.value == GUTI_DRAW ? "a win thrown into a draw" : "a win thrown into a loss";
}

static void norepeat_print_move(const struct norepeat_view *v, int i, FILE *out)
{
    const struct guti_norepeat_move_analysis *m = &v->moves[i];
    char line[600], mv[GUTI_MOVE_MAX], best[GUTI_MOVE_MAX], after[96], c[96];
    move_text(&m->position, m->played.move.text, v->notation, mv);
    norepeat_cell(&m->played, after, sizeof after);
    size_t k = (size_t)snprintf(line, sizeof line, "%4d. %-6s %-12s %-22s -> %-30s", i + 1,
                                guti_side_name(m->position.variant.game, m->position.side), mv,
                                rule_value(m->value), after);
    if (m->mistake) {
        k += (size_t)snprintf(line + k, sizeof line - k, "  mistake: %s", norepeat_thrown(m));
        if (m->has_best) {
            move_text(&m->position, m->best.move.text, v->notation, best);
            norepeat_cell(&m->best, c, sizeof c);
            k += (size_t)snprintf(line + k, sizeof line - k, "; best %s: %s", best, c);
        }
    }
    for (k = strlen(line); k > 0 && line[k - 1] == ' ';) line[--k] = 0;
    fprintf(out, "%s\n", line);
}

void norepeat_print_text(const struct norepeat_view *v, FILE *out)
{
    const struct guti_norepeat_analysis *a = v->a;
    enum guti_game game = a->start.variant.game;
    char mv[GUTI_MOVE_MAX];
    fprintf(out,
            "analysis under rules %s: each move's value for its maker, before it -> after it,\n"
            "searched with the game's history (%llu nodes at most a move), the standard value\n"
            "beside (\"std\", with its DTM); a move is judged only where both values under the\n"
            "rule are decided\n",
            a->start.variant.rules, (unsigned long long)a->budget);
    for (int i = 0; i < a->nmoves; i++) norepeat_print_move(v, i, out);
    fprintf(out, "mistakes:");
    for (int s = 0; s < 2; s++) {
        fprintf(out, "%s %s %d", s ? "," : "", guti_side_name(game, s), a->mistakes[s]);
        if (a->first_mistake[s] >= 0) {
            const struct guti_norepeat_move_analysis *m = &v->moves[a->first_mistake[s]];
            move_text(&m->position, m->played.move.text, v->notation, mv);
            fprintf(out, " (the first: move %d, %s)", a->first_mistake[s] + 1, mv);
        }
    }
    fprintf(out, "\njudged: %d of %d moves", a->judged, a->nmoves);
    if (a->unknown)
        fprintf(out,
                " (%d unknown under the rule: the search ran out of its budget; raise "
                "--budget)",
                a->unknown);
    fprintf(out, "\nsearched: %llu nodes\n", (unsigned long long)a->nodes);
    if (a->nmoves)
        fprintf(out, "value at the start: %s for the %s to move\n", rule_value(v->moves[0].value),
                guti_side_name(game, a->start.side));
    fprintf(out, "verdict: %s (%s)\n", v->result, v->reason);
}

/* A move under the rule in JSON: its value under the rule and its standard one with its DTM,
 * as guti query --rules no-repeat --moves --json words them. */
static void norepeat_json_move(const struct guti_norepeat_move *m, FILE *out)
{
    fprintf(out, "\"value\": \"%s\", \"standard\": \"%s\", \"standard_dtm\": ",
            guti_value_name(m->value), guti_value_name(m->standard.value));
    json_int(out, m->standard.value == GUTI_UNKNOWN ? -1 : m->standard.dtm);
}

static void norepeat_json_sides(enum guti_game game, const int x[2], bool moves, FILE *out)
{
    fprintf(out, "{");
    for (int s = 0; s < 2; s++) {
        fprintf(out, "%s\"%s\": ", s ? ", " : "", guti_side_name(game, s));
        json_int(out, moves ? (x[s] < 0 ? -1 : x[s] + 1) : x[s]);
    }
    fprintf(out, "}");
}

static void norepeat_json_one(const struct norepeat_view *v, int i, FILE *out)
{
    const struct guti_norepeat_move_analysis *m = &v->moves[i];
    char text[GUTI_MOVE_MAX], fen[256];
    move_text(&m->position, m->played.move.text, v->notation, text);
    position_text(&m->position, v->notation, fen, sizeof fen);
    fprintf(out, "%s{\"number\": %d, \"move\": ", i ? ", " : "", i + 1);
    json_str(out, text);
    fprintf(out, ", \"side\": \"%s\", \"fen\": ",
            guti_side_name(m->position.variant.game, m->position.side));
    json_str(out, fen);
    fprintf(out, ", \"before\": {\"value\": \"%s\", \"nodes\": %llu}, \"after\": {",
            guti_value_name(m->value), (unsigned long long)m->nodes);
    norepeat_json_move(&m->played, out);
    fprintf(out, "}, \"judged\": %s, \"mistake\": %s, \"best\": ", m->judged ? "true" : "false",
            m->mistake ? "true" : "false");
    if (m->has_best) {
        move_text(&m->position, m->best.move.text, v->notation, text);
        fprintf(out, "{\"move\": ");
        json_str(out, text);
        fprintf(out, ", ");
        norepeat_json_move(&m->best, out);
        fprintf(out, "}");
    } else {
        fprintf(out, "null");
    }
    fprintf(out, "}");
}

void norepeat_print_json(const struct norepeat_view *v, FILE *out)
{
    const struct guti_norepeat_analysis *a = v->a;
    enum guti_game game = a->start.variant.game;
    char fen[256];
    fprintf(out, "\"moves\": [");
    for (int i = 0; i < a->nmoves; i++) norepeat_json_one(v, i, out);
    fprintf(out, "], \"summary\": {\"rules\": ");
    json_str(out, a->start.variant.rules);
    fprintf(out, ", \"budget\": %llu, \"nodes\": %llu, \"start\": {\"fen\": ",
            (unsigned long long)a->budget, (unsigned long long)a->nodes);
    position_text(&a->start, v->notation, fen, sizeof fen);
    json_str(out, fen);
    fprintf(out, ", \"side\": \"%s\", \"value\": ", guti_side_name(game, a->start.side));
    if (a->nmoves)
        fprintf(out, "\"%s\"", guti_value_name(v->moves[0].value));
    else
        fprintf(out, "null");
    fprintf(out, "}, \"mistakes\": ");
    norepeat_json_sides(game, a->mistakes, false, out);
    fprintf(out, ", \"first_mistake\": ");
    norepeat_json_sides(game, a->first_mistake, true, out);
    json_counts_verdict(a->judged, a->nmoves, a->unknown, v->result, v->winner, v->reason, out);
    fprintf(out, "}");
}
