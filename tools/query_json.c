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
