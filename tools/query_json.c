/* guti query's answer for one position as JSON members (query_json.h). */
#include "query_json.h"

#include "cli.h"

static void print_dtm(FILE *out, int dtm)
{
    if (dtm < 0)
        fprintf(out, "null");
    else
        fprintf(out, "%d", dtm);
}

static void print_now(FILE *out, int value_now)
{
    if (value_now == GUTI_UNKNOWN)
        fprintf(out, "null");
    else
        fprintf(out, "\"%s\"", guti_value_name(value_now));
}

/* The counting rule's class and DTC, or nulls where its tables are not there. */
static void print_class(FILE *out, const struct guti_result *r)
{
    if (r->dtc_class == GUTI_CLASS_UNKNOWN) {
        fprintf(out, ", \"class\": null, \"dtc\": null");
        return;
    }
    fprintf(out, ", \"class\": \"%s\", \"dtc\": ", guti_class_name(r->dtc_class));
    print_dtm(out, r->dtc);
}

void query_json_members(const struct query_answer *a, FILE *out)
{
    const struct guti_result *r = a->result;
    fprintf(out, "\"fen\": ");
    json_str(out, a->fen);
    fprintf(out, ", \"value\": \"%s\", \"dtm\": ", guti_value_name(r->value));
    print_dtm(out, r->dtm);
    fprintf(out, ", \"value_now\": ");
    print_now(out, r->value_now);
    fprintf(out, ", \"clock\": %d, \"limit\": %d, \"over\": %s", r->clock, r->limit,
            r->over ? "true" : "false");
    if (r->over) {
        fprintf(out, ", \"result\": \"%s\", \"reason\": ",
                r->winner < 0 ? "draw" : guti_side_name(a->pos->variant.game, r->winner));
        json_str(out, r->reason);
        fprintf(out, ", \"reachable\": %s", r->reachable ? "true" : "false");
    }
    fprintf(out, ", \"moves\": [");
    for (int i = 0; i < a->nmoves; i++) {
        fprintf(out, "%s", i ? ", " : "");
        query_json_move(&a->moves[i], r->dtc_class != GUTI_CLASS_UNKNOWN, a->move_fens, out);
    }
    fprintf(out, "]");
    if (a->want_pv) {
        fprintf(out, ", \"pv\": [");
        for (int i = 0; i < a->npv; i++) {
            fprintf(out, "%s", i ? ", " : "");
            json_str(out, a->pv[i]);
        }
        fprintf(out, "]");
        if (*a->pv_error) {
            fprintf(out, ", \"pv_error\": ");
            json_str(out, a->pv_error);
        }
    }
    print_class(out, r);
}

void query_json_move(const struct guti_scored_move *m, bool with_class, bool with_fen, FILE *out)
{
    fprintf(out, "{\"move\": ");
    json_str(out, m->move.text);
    fprintf(out, ", \"value\": \"%s\", \"dtm\": ", guti_value_name(m->result.value));
    print_dtm(out, m->result.dtm);
    fprintf(out, ", \"value_now\": ");
    print_now(out, m->result.value_now);
    if (with_class) print_class(out, &m->result);
    if (with_fen) {
        char fen[GUTI_FEN_MAX];
        if (guti_format_fen(&m->move.after, fen, sizeof fen, NULL)) fen[0] = 0;
        fprintf(out, ", \"fen\": ");
        json_str(out, fen);
    }
    fprintf(out, "}");
}

void query_text_move(const struct guti_scored_move *m, FILE *out)
{
    fprintf(out, "  %-16s %-5s ", m->move.text, guti_value_name(m->result.value));
    if (m->result.dtm < 0)
        fprintf(out, "-");
    else
        fprintf(out, "%d", m->result.dtm);
    if (m->result.value != GUTI_DRAW && m->result.value_now == GUTI_DRAW)
        fprintf(out, "  (a draw by the clock)");
    else if (m->result.value != GUTI_DRAW && m->result.value_now == GUTI_UNKNOWN)
        fprintf(out, "  (the clock may draw)");
    fprintf(out, "\n");
}

/* "a win", "a draw", "a loss" */
static const char *value_words(int value)
{
    return value == GUTI_WIN ? "a win" : value == GUTI_LOSS ? "a loss" : "a draw";
}

void query_text_rule(const struct guti_position *pos, const struct guti_result *r, FILE *out)
{
    char rule[300], limit_opt[32] = "";
    if (!r->limit) return; /* no counting rule: the value is the value at any clock */
    if (pos->limit) snprintf(limit_opt, sizeof limit_opt, " --limit %d", pos->limit);
    if (query_text_class(r, rule, sizeof rule))
        fprintf(out, "%s\n", rule);
    else if (r->clock > 0 && r->value_now != GUTI_UNKNOWN)
        fprintf(out, "clock %d of %d: the clock does not change this value\n", r->clock, r->limit);
    else if (r->value_now == GUTI_UNKNOWN)
        fprintf(out,
                "clock %d of %d: this value ignores the counting rule, which may make it a "
                "draw (no counting-rule table here for this position; guti solve --dtc%s makes "
                "them)\n",
                r->clock, r->limit, limit_opt);
}

bool query_text_class(const struct guti_result *r, char *buf, size_t len)
{
    if (len) buf[0] = 0;
    if (r->dtc_class == GUTI_CLASS_UNKNOWN || !len) return false;
    int k = snprintf(buf, len, "under the %d half-move rule: ", r->limit);
    if (k < 0 || (size_t)k >= len) return true;
    char *at = buf + k;
    size_t left = len - (size_t)k;
    bool win = r->dtc_class == GUTI_CLASS_WIN, cursed = r->dtc_class == GUTI_CLASS_CURSED_WIN;
    if (r->over && r->dtc_class == GUTI_CLASS_DRAW)
        snprintf(at, left, "a draw (the game is over)");
    else if (r->over)
        snprintf(at, left, "%s, DTC 0 (the game is over)", win ? "a win" : "a loss");
    else if (r->dtc_class == GUTI_CLASS_DRAW)
        snprintf(at, left, "a draw");
    else if (cursed || r->dtc_class == GUTI_CLASS_BLESSED_LOSS) {
        /* decided without the rule, drawn by it from any clock */
        char dtm[32] = "";
        if (r->dtm >= 0) snprintf(dtm, sizeof dtm, " in %d", r->dtm);
        snprintf(at, left, "a draw at any clock, a %s (%s%s without the rule)",
                 cursed ? "cursed win" : "blessed loss", cursed ? "a win" : "a loss", dtm);
    } else {
        /* decided while DTC + clock <= limit (docs/rules.md): the last clock that keeps it */
        int last = r->limit - r->dtc;
        const char *word = win ? "a win" : "a loss";
        if (last > 0)
            k = snprintf(at, left, "%s if the clock is at most %d, else a draw (DTC %d)", word,
                         last, r->dtc);
        else
            k = snprintf(at, left, "%s at clock 0, else a draw (DTC %d)", word, r->dtc);
        if (k >= 0 && (size_t)k < left && r->value_now != GUTI_UNKNOWN)
            snprintf(at + k, left - (size_t)k, "; at clock %d: %s", r->clock,
                     value_words(r->value_now));
    }
    return true;
}
