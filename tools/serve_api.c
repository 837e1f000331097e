/* guti serve's answers (serve_api.h). Each answer is written into a memory stream. */
#include "serve_api.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "guti_internal.h"
#include "query_json.h"
#include "game_report.h"
#include "web_assets.h"

#define MAX_MOVES 4096
#define MAX_PV 200
#define DRAW_PV 40 /* a draw never ends: this many half-moves of it show its way */

static const char out_of_memory[] = "{\"error\": \"out of memory\"}\n";

/* A response being written. */
struct answer {
    FILE *f;
    char *buf;
    size_t len;
};

static bool answer_open(struct answer *a)
{
    a->buf = NULL;
    a->len = 0;
    a->f = open_memstream(&a->buf, &a->len);
    return a->f != NULL;
}

/* Finishes the answer into resp with the status; out of memory makes it a 503. */
static void answer_close(struct answer *a, int status, struct api_response *resp)
{
    bool failed = ferror(a->f) != 0;
    failed |= fclose(a->f) != 0;
    resp->content_type = "application/json";
    if (failed || !a->buf) {
        free(a->buf);
        resp->status = 503;
        resp->body = (char *)out_of_memory;
        resp->len = sizeof out_of_memory - 1;
        resp->is_static = 1;
        return;
    }
    resp->status = status;
    resp->body = a->buf;
    resp->len = a->len;
    resp->is_static = 0;
}

/* An error answer: {"error": message} and the status. */
static void error_answer(int status, const char *message, struct api_response *resp)
{
    struct answer a;
    if (!answer_open(&a)) {
        resp->status = 503;
        resp->content_type = "application/json";
        resp->body = (char *)out_of_memory;
        resp->len = sizeof out_of_memory - 1;
        resp->is_static = 1;
        return;
    }
    fprintf(a.f, "{\"error\": ");
    json_str(a.f, message);
    fprintf(a.f, "}\n");
    answer_close(&a, status, resp);
}

/* The HTTP status of a library error. */
static int status_of(int rc)
{
    switch (rc) {
    case GUTI_EINPUT:
        return 400;
    case GUTI_ENOTABLE:
        return 404;
    case GUTI_ENOMEM:
        return 503;
    default:
        return 500; /* a damaged table, a directory that cannot be read */
    }
}

/* ---- /api/position ----------------------------------------------------------------- */

/* The position's members besides the tables' answer: who is to move, the material and the
 * board's geometry, for drawing it. */
static void position_members(const struct guti_position *pos, FILE *f)
{
    enum guti_game game = pos->variant.game;
    char material[160] = "";
    guti_material(pos, material, sizeof material, NULL);
    fprintf(f, ", \"game\": \"%s\", \"board\": ", guti_game_name(game));
    json_str(f, pos->variant.board);
    fprintf(f, ", \"rules\": ");
    json_str(f, pos->variant.rules);
    fprintf(f, ", \"side\": \"%s\", \"sides\": [\"%s\", \"%s\"], \"material\": ",
            guti_side_name(game, pos->side), guti_side_name(game, 0), guti_side_name(game, 1));
    json_str(f, material);
    fprintf(f, ", \"pieces\": [%d, %d], \"inhand\": %d", __builtin_popcountll(pos->pieces[0]),
            __builtin_popcountll(pos->pieces[1]), pos->inhand);
    struct guti_board b;
    if (guti_board_info(&pos->variant, &b, NULL)) return;
    fprintf(f, ", \"geometry\": {\"cols\": %d, \"rows\": %d, \"points\": [", b.ncols, b.nrows);
    for (int p = 0; p < b.npoints; p++) {
        char name[3] = "";
        guti_point_name(&pos->variant, p, name, NULL);
        fprintf(f, "%s{\"name\": \"%s\", \"col\": %d, \"row\": %d}", p ? ", " : "", name, b.col[p],
                b.row[p]);
    }
    fprintf(f, "], \"lines\": [");
    bool first = true;
    for (int p = 0; p < b.npoints; p++)
        for (int k = 0; k < b.degree[p]; k++)
            if (b.adjacent[p][k] > p) {
                fprintf(f, "%s[%d, %d]", first ? "" : ", ", p, b.adjacent[p][k]);
                first = false;
            }
    fprintf(f, "]}");
}

/* Reads the fen argument (any notation guti reads) with the rules argument as a hint. */
static int read_position(const struct api_request *req, struct guti_position *pos,
                         char fen[GUTI_FEN_MAX], struct guti_error *err)
{
    const char *text = req->arg(req->arg_cls, "fen");
    const char *rules = req->arg(req->arg_cls, "rules");
    if (!text) return snprintf(err->message, sizeof err->message, "fen: missing"), GUTI_EINPUT;
    struct guti_variant hint = {0};
    if (rules && strlen(rules) >= sizeof hint.rules)
        return snprintf(err->message, sizeof err->message, "rules: unknown"), GUTI_EINPUT;
    snprintf(hint.rules, sizeof hint.rules, "%s", rules ? rules : "");
    int rc = guti_parse_position(text, 0, &hint, pos, NULL, err);
    if (rc) return rc;
    return guti_format_fen(pos, fen, GUTI_FEN_MAX, err);
}

/* The limit argument: the counting rule's limit whose tables to read, 0 (the game's own)
 * when absent. */
static int read_limit(const struct api_request *req, int *limit, struct guti_error *err)
{
    const char *text = req->arg(req->arg_cls, "limit");
    *limit = 0;
    if (!text) return 0;
    char *end;
    long n = strtol(text, &end, 10);
    if (end == text || *end || n < 1 || n > GUTI_LIMIT_MAX)
        return snprintf(err->message, sizeof err->message,
                        "limit: not a number of half-moves from 1 to %d", GUTI_LIMIT_MAX),
               GUTI_EINPUT;
    *limit = (int)n;
    return 0;
}

/* Reads the position (read_position) and probes it under the rules and limit arguments,
 * as guti query --rules R --limit L does; *pos is set also when its table is missing
 * (GUTI_ENOTABLE). */
static int probe_request(const struct api_context *ctx, const struct api_request *req,
                         struct guti_position *pos, char fen[GUTI_FEN_MAX], struct guti_result *r,
                         struct guti_error *err)
{
    int limit, rc = read_limit(req, &limit, err);
    if (rc || (rc = read_position(req, pos, fen, err))) return rc;
    const char *rules = req->arg(req->arg_cls, "rules");
    struct guti_variant hint = {0};
    snprintf(hint.rules, sizeof hint.rules, "%s", rules ? rules : "");
    if ((rc = guti_parse_fen(fen, &hint, pos, err))) return rc;
    if (!rules || !*rules) pos->variant.rules[0] = 0; /* the tables' rules */
    pos->limit = limit;
    return guti_probe(ctx->tables, pos, r, err);
}

/* A position whose table is missing: the message, and everything but the values (the
 * legal moves and where they lead, whether the game is over), so that the page can
 * still draw and play it. */
static void position_without_table(const struct guti_position *pos, const char *fen,
                                   const char *message, FILE *f)
{
    struct guti_move *moves = malloc(MAX_MOVES * sizeof *moves);
    int n = 0, winner = -1;
    bool reachable = true;
    char reason[64] = "";
    int over = guti_over(pos, &winner, reason, sizeof reason, &reachable, NULL) == 1;
    if (moves && !over && guti_legal_moves(pos, moves, MAX_MOVES, &n, NULL)) n = 0;
    fprintf(f, "{\"error\": ");
    json_str(f, message);
    fprintf(f, ", \"missing_table\": true, \"fen\": ");
    json_str(f, fen);
    fprintf(f, ", \"clock\": %d, \"over\": %s", pos->clock, over ? "true" : "false");
    if (over) {
        fprintf(f, ", \"result\": \"%s\", \"reason\": ",
                winner < 0 ? "draw" : guti_side_name(pos->variant.game, winner));
        json_str(f, reason);
        fprintf(f, ", \"reachable\": %s", reachable ? "true" : "false");
    }
    fprintf(f, ", \"moves\": [");
    for (int i = 0; moves && i < n; i++) {
        char after[GUTI_FEN_MAX] = "";
        guti_format_fen(&moves[i].after, after, sizeof after, NULL);
        fprintf(f, "%s{\"move\": ", i ? ", " : "");
        json_str(f, moves[i].text);
        fprintf(f, ", \"fen\": ");
        json_str(f, after);
        fprintf(f, "}");
    }
    fprintf(f, "]");
    position_members(pos, f);
    fprintf(f, "}\n");
    free(moves);
}

/* ---- /api/position under rules no-repeat --------------------------------------------- */

/* The moves a history may hold, and the search's nodes a move when the request names no
 * budget: a 5x5 position's moves answered in about a second (measured on the 2-core
 * machine guti is developed on, busy with a solve: 0.5 s for 8 to 10 moves, 1.1 s for the
 * start's 21), where 4x4's are mostly decided. */
#define NOREPEAT_MAX_HISTORY 2048
#define NOREPEAT_BUDGET 10000
#define NOREPEAT_BUDGET_MAX 100000000

/* Whether the rules argument asks for a rule answered by search over the history. */
static bool norepeat_rules(const char *rules)
{
    return rules && !strncmp(rules, "no-repeat", 9);
}

/* The budget argument: the search's nodes for each move, NOREPEAT_BUDGET when absent. */
static int read_budget(const struct api_request *req, uint64_t *budget, struct guti_error *err)
{
    const char *text = req->arg(req->arg_cls, "budget");
    *budget = NOREPEAT_BUDGET;
    if (!text) return 0;
    char *end;
    long long n = strtoll(text, &end, 10);
    if (end == text || *end || n < 1 || n > NOREPEAT_BUDGET_MAX)
        return snprintf(err->message, sizeof err->message,
                        "budget: not a number of search nodes from 1 to %d", NOREPEAT_BUDGET_MAX),
               GUTI_EINPUT;
    *budget = (uint64_t)n;
    return 0;
}

/* The moves argument, "M1+M2+..." (spaces or commas also part them), split in place in
 * *text (to free) into moves[0..*n-1]; none when absent. */
static int read_history(const struct api_request *req, char **text, const char **moves, int *n,
                        struct guti_error *err)
{
    const char *arg = req->arg(req->arg_cls, "moves");
    *n = 0;
    *text = NULL;
    if (!arg) return 0;
    if (!(*text = strdup(arg)))
        return snprintf(err->message, sizeof err->message, "out of memory"), GUTI_ENOMEM;
    for (char *save = NULL, *m = strtok_r(*text, "+ ,", &save); m;
         m = strtok_r(NULL, "+ ,", &save)) {
        if (*n == NOREPEAT_MAX_HISTORY)
            return snprintf(err->message, sizeof err->message, "moves: more than %d",
                            NOREPEAT_MAX_HISTORY),
                   GUTI_EINPUT;
        moves[(*n)++] = m;
    }
    return 0;
}

/* Why the rules refuse a move: the board it makes is in the window. */
static void refusal_reason(const char *rules, char *why, size_t len)
{
    const char *window = strchr(rules, ':');
    long n = window ? strtol(window + 1, NULL, 10) : 0;
    if (n > 0)
        snprintf(why, len, "recreates a board among the last %ld boards", n);
    else
        snprintf(why, len, "recreates a board seen since the last placement or capture");
}

/* A value name for a move's or the position's value, "unknown" included. */
static void value_member(FILE *f, const char *name, int value)
{
    fprintf(f, ", \"%s\": \"%s\"", name,
            value == GUTI_UNKNOWN ? "unknown" : guti_value_name(value));
}

/* One move of the answer: where it leads, whether refused and why, its value under the
 * rule and its standard value beside. */
static void norepeat_move_json(const struct guti_norepeat_move *m, const char *reason, FILE *f)
{
    char after[GUTI_FEN_MAX] = "";
    guti_format_fen(&m->move.after, after, sizeof after, NULL);
    fprintf(f, "{\"move\": ");
    json_str(f, m->move.text);
    fprintf(f, ", \"fen\": ");
    json_str(f, after);
    fprintf(f, ", \"refused\": %s", m->refused ? "true" : "false");
    if (m->refused) {
        fprintf(f, ", \"reason\": ");
        json_str(f, reason);
    }
    value_member(f, "value", m->refused ? GUTI_UNKNOWN : m->value);
    fprintf(f, ", \"nodes\": %llu, \"standard\": {\"value\": \"%s\", \"dtm\": ",
            (unsigned long long)m->nodes,
            m->standard.value == GUTI_UNKNOWN ? "unknown" : guti_value_name(m->standard.value));
    if (m->standard.value != GUTI_UNKNOWN && m->standard.dtm >= 0)
        fprintf(f, "%d", m->standard.dtm);
    else
        fprintf(f, "null");
    fprintf(f, "}}");
}

/* The positions after each move of the history from start, {"move", "fen"}, so that a
 * page given only the moves (its address) can step through them. */
static void played_json(const struct guti_position *start, const char *const *moves, int n, FILE *f)
{
    struct guti_position cur = *start, next;
    fprintf(f, ", \"played\": [");
    for (int i = 0; i < n && !guti_play(&cur, moves[i], &next, NULL); i++) {
        char after[GUTI_FEN_MAX] = "";
        guti_format_fen(&next, after, sizeof after, NULL);
        fprintf(f, "%s{\"move\": ", i ? ", " : "");
        json_str(f, moves[i]);
        fprintf(f, ", \"fen\": ");
        json_str(f, after);
        fprintf(f, "}");
        cur = next;
    }
    fprintf(f, "]");
}

/* The answer's members: the position after the history, its value under the rule, the
 * search's nodes and budget, whether the game is over, its moves, then as for other
 * rules the position's members. */
static void norepeat_json(const char *start_fen, const struct guti_position *start,
                          const char *const *history, int nhistory,
                          const struct guti_norepeat_result *r,
                          const struct guti_norepeat_move *moves, int n, FILE *f)
{
    char fen[GUTI_FEN_MAX] = "", reason[96];
    guti_format_fen(&r->position, fen, sizeof fen, NULL);
    refusal_reason(r->position.variant.rules, reason, sizeof reason);
    fprintf(f, "{\"fen\": ");
    json_str(f, fen);
    fprintf(f, ", \"start\": ");
    json_str(f, start_fen);
    fprintf(f, ", \"moves_played\": %d", nhistory);
    value_member(f, "value", r->value);
    fprintf(f, ", \"best\": ");
    if (r->has_best)
        json_str(f, r->best);
    else
        fprintf(f, "null");
    fprintf(f, ", \"nodes\": %llu, \"budget\": %llu, \"bounded\": %s, \"clock\": %d, \"over\": %s",
            (unsigned long long)r->nodes, (unsigned long long)r->budget,
            r->bounded ? "true" : "false", r->position.clock, r->over ? "true" : "false");
    if (r->over) {
        fprintf(f, ", \"result\": \"%s\", \"reason\": ",
                guti_side_name(r->position.variant.game, r->winner));
        json_str(f, r->reason);
    }
    fprintf(f, ", \"moves\": [");
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s", i ? ", " : "");
        norepeat_move_json(&moves[i], reason, f);
    }
    fprintf(f, "]");
    played_json(start, history, nhistory, f);
    position_members(&r->position, f);
    fprintf(f, "}\n");
}

/* /api/position with rules no-repeat[:N]: the position after the moves played from fen,
 * valued by guti_norepeat_moves with that history (the standard tables bound and order
 * the search, and give each move's standard value beside). */
static void api_position_norepeat(const struct api_context *ctx, const struct api_request *req,
                                  struct api_response *resp)
{
    struct guti_position start;
    struct guti_error err;
    char fen[GUTI_FEN_MAX], *text = NULL;
    const char **history = malloc(NOREPEAT_MAX_HISTORY * sizeof *history);
    struct guti_norepeat_move *moves = malloc(MAX_MOVES * sizeof *moves);
    uint64_t budget;
    int nhistory = 0, n = 0, rc = GUTI_ENOMEM;
    snprintf(err.message, sizeof err.message, "out of memory");
    struct guti_norepeat_result r;
    if (history && moves && !(rc = read_budget(req, &budget, &err)) &&
        !(rc = read_position(req, &start, fen, &err)) &&
        !(rc = read_history(req, &text, history, &nhistory, &err))) {
        struct guti_variant hint = {0};
        snprintf(hint.rules, sizeof hint.rules, "%s", req->arg(req->arg_cls, "rules"));
        if (!(rc = guti_parse_fen(fen, &hint, &start, &err)))
            rc = guti_norepeat_moves(ctx->tables, &start, history, nhistory, budget, &r, moves,
                                     MAX_MOVES, &n, &err);
    }
    struct answer a;
    if (!rc && !answer_open(&a))
        rc = GUTI_ENOMEM, snprintf(err.message, sizeof err.message, "out of memory");
    if (!rc) {
        norepeat_json(fen, &start, history, nhistory, &r, moves, n, a.f);
        answer_close(&a, 200, resp);
    } else
        error_answer(status_of(rc), err.message, resp);
    free(text);
    free(history);
    free(moves);
}

static void api_position(const struct api_context *ctx, const struct api_request *req,
                         struct api_response *resp)
{
    if (norepeat_rules(req->arg(req->arg_cls, "rules")))
        return api_position_norepeat(ctx, req, resp);
    struct guti_position pos;
    struct guti_result r;
    struct guti_error err;
    char fen[GUTI_FEN_MAX];
    int rc = probe_request(ctx, req, &pos, fen, &r, &err);
    if (rc && rc != GUTI_ENOTABLE) return error_answer(status_of(rc), err.message, resp);
    struct answer a;
    if (!answer_open(&a)) return error_answer(503, "out of memory", resp);
    if (rc == GUTI_ENOTABLE) {
        position_without_table(&pos, fen, err.message, a.f);
        return answer_close(&a, 404, resp);
    }
    struct guti_scored_move *moves = NULL;
    int n = 0;
    if (!r.over) {
        moves = malloc(MAX_MOVES * sizeof *moves);
        rc = moves ? guti_probe_moves(ctx->tables, &pos, moves, MAX_MOVES, &n, &err)
                   : (snprintf(err.message, sizeof err.message, "out of memory"), GUTI_ENOMEM);
    }
    if (rc) {
        free(moves);
        fclose(a.f);
        free(a.buf);
        return error_answer(status_of(rc), err.message, resp);
    }
    /* the position as the tables answered it: their rules */
    pos.variant = r.variant;
    struct query_answer q = {fen, &pos, &r, moves, n, false, NULL, 0, "", true};
    fprintf(a.f, "{");
    query_json_members(&q, a.f);
    position_members(&pos, a.f);
    fprintf(a.f, "}\n");
    free(moves);
    answer_close(&a, 200, resp);
}

/* ---- /api/pv -------------------------------------------------------------------------- */

static void api_pv(const struct api_context *ctx, const struct api_request *req,
                   struct api_response *resp)
{
    struct guti_position pos;
    struct guti_result r;
    struct guti_error err;
    char fen[GUTI_FEN_MAX];
    int rc = probe_request(ctx, req, &pos, fen, &r, &err);
    if (rc) return error_answer(status_of(rc), err.message, resp);
    char(*pv)[GUTI_MOVE_MAX] = malloc(MAX_PV * sizeof *pv);
    if (!pv) return error_answer(503, "out of memory", resp);
    int npv = 0;
    char pv_error[sizeof err.message] = "";
    if (!r.over && guti_principal_variation(ctx->tables, &pos, pv,
                                            r.value == GUTI_DRAW ? DRAW_PV : MAX_PV, &npv, &err))
        snprintf(pv_error, sizeof pv_error, "%s", err.message);
    struct answer a;
    if (!answer_open(&a)) {
        free(pv);
        return error_answer(503, "out of memory", resp);
    }
    fprintf(a.f, "{\"fen\": ");
    json_str(a.f, fen);
    fprintf(a.f, ", \"pv\": [");
    for (int i = 0; i < npv; i++) {
        fprintf(a.f, "%s", i ? ", " : "");
        json_str(a.f, pv[i]);
    }
    fprintf(a.f, "], \"fens\": [");
    struct guti_position cur = pos, next;
    for (int i = 0; i < npv && !guti_play(&cur, pv[i], &next, NULL); i++) {
        char after[GUTI_FEN_MAX] = "";
        guti_format_fen(&next, after, sizeof after, NULL);
        fprintf(a.f, "%s", i ? ", " : "");
        json_str(a.f, after);
        cur = next;
    }
    fprintf(a.f, "]");
    if (*pv_error) {
        fprintf(a.f, ", \"pv_error\": ");
        json_str(a.f, pv_error);
    }
    fprintf(a.f, "}\n");
    free(pv);
    answer_close(&a, 200, resp);
}

/* ---- /api/info ------------------------------------------------------------------------ */

/* Whether the tables answer pos with a game still to play. */
static bool answered(guti_tables *t, const struct guti_position *pos)
{
    struct guti_result r;
    struct guti_error err;
    return !guti_probe(t, pos, &r, &err) && !r.over;
}

/* A position of the game that the tables answer, for the page's first screen: the start,
 * else, where only the later tables are there, the first of the game's samples they answer
 * (game_ops.sample: Bagh-Chal's movement phase, Sixteen Soldiers' endgames). False when
 * none is answered. */
static bool first_position(guti_tables *t, const struct guti_position *start,
                           char fen[GUTI_FEN_MAX])
{
    struct guti_position pos = *start;
    bool found = answered(t, &pos);
    for (int i = 0; !found && libguti_sample(&start->variant, i, &pos); i++)
        found = answered(t, &pos);
    return found && !guti_format_fen(&pos, fen, GUTI_FEN_MAX, NULL);
}

/* On the entry of a game's default rules, the game's rules that have no tables (rules
 * no-repeat: answered by search over the game's history, the default rules' tables as
 * bounds), "search_rules": ["no-repeat", "no-repeat:N"], N standing for a number; nothing
 * for a game without such rules. */
static void search_rules(const struct libguti_game_info *info, const struct guti_variant *g,
                         FILE *f)
{
    if (strcmp(g->rules, info->rules[0])) return;
    int written = 0;
    for (int r = 0; info->rules[r]; r++) {
        bool tables = false;
        for (int k = 0; info->table_rules[k]; k++)
            tables |= !strcmp(info->rules[r], info->table_rules[k]);
        if (tables) continue;
        fprintf(f, "%s", written++ ? ", " : ", \"search_rules\": [");
        json_str(f, info->rules[r]);
    }
    if (written) fprintf(f, "]");
}

/* One game the page offers, {"game", "board", "rules", "start", "first", ...}: what it
 * needs to draw and word it without knowing it. */
static void info_game(guti_tables *tables, const struct libguti_game_info *info,
                      const struct guti_variant *g, bool comma, FILE *f)
{
    struct guti_position start;
    char fen[GUTI_FEN_MAX] = "";
    if (guti_start(g, &start, NULL) || guti_format_fen(&start, fen, sizeof fen, NULL)) return;
    fprintf(f, "%s{\"game\": \"%s\", \"board\": \"%s\", \"rules\": \"%s\", \"start\": ",
            comma ? ", " : "", info->name, g->board, g->rules);
    json_str(f, fen);
    /* how the page draws and words the game: its title (with the board when it has several),
     * the pieces' letters in a FEN and names, whether its sides are groups ("the tigers
     * win": "plural" for both, as before, "side_plural" each) and have men in hand, its
     * clock (0: none), and what tables answering only its samples hold */
    fprintf(f,
            ", \"title\": \"%s%s%s\", \"letters\": \"%c%c\", \"pieces\": [\"%s\", \"%s\"], "
            "\"plural\": %s, \"hand\": %s, \"clock_limit\": %d, \"clock_reset\": \"%s\", "
            "\"partial\": \"%s\", \"side_plural\": [%s, %s]",
            info->title, info->boards[1] ? " " : "", info->boards[1] ? g->board : "",
            info->piece_letter[0], info->piece_letter[1], info->piece_name[0], info->piece_name[1],
            info->side_plural[0] && info->side_plural[1] ? "true" : "false",
            info->has_hand ? "true" : "false", info->clock_limit, info->clock_reset,
            info->partial_tables, info->side_plural[0] ? "true" : "false",
            info->side_plural[1] ? "true" : "false");
    /* a position the tables answer (the start when they do), null when none */
    char first[GUTI_FEN_MAX];
    fprintf(f, ", \"first\": ");
    if (first_position(tables, &start, first))
        json_str(f, first);
    else
        fprintf(f, "null");
    search_rules(info, g, f);
    fprintf(f, "}");
}

/* Whether variant v is one of those /api/info lists for every game: a board of the game's
 * under rules its tables are made for. */
static bool listed(const struct libguti_game_info *info, const struct guti_variant *v)
{
    for (int b = 0; info->boards[b]; b++)
        for (int r = 0; info->table_rules[r]; r++)
            if (!strcmp(v->board, info->boards[b]) && !strcmp(v->rules, info->table_rules[r]))
                return true;
    return false;
}

static void api_info(const struct api_context *ctx, struct api_response *resp)
{
    struct answer a;
    if (!answer_open(&a)) return error_answer(503, "out of memory", resp);
    struct guti_variant v[64];
    int n = guti_variants(ctx->tables, v, 64);
    fprintf(a.f, "{\"version\": \"%s\", \"dir\": ", GUTI_VERSION);
    json_str(a.f, ctx->dir);
    fprintf(a.f, ", \"variants\": [");
    for (int i = 0; i < n && i < 64; i++) {
        fprintf(a.f, "%s{\"game\": \"%s\", \"board\": ", i ? ", " : "", guti_game_name(v[i].game));
        json_str(a.f, v[i].board);
        fprintf(a.f, ", \"rules\": ");
        json_str(a.f, v[i].rules);
        fprintf(a.f, "}");
    }
    fprintf(a.f, "], \"games\": [");
    /* every registered game's boards, each under the rules its tables are made for */
    struct libguti_game_info info;
    int written = 0;
    for (enum guti_game game = 1; libguti_game_info(game, &info); game++)
        for (int b = 0; info.boards[b]; b++)
            for (int r = 0; info.table_rules[r]; r++) {
                struct guti_variant g = {.game = game};
                snprintf(g.board, sizeof g.board, "%s", info.boards[b]);
                snprintf(g.rules, sizeof g.rules, "%s", info.table_rules[r]);
                info_game(ctx->tables, &info, &g, written++ > 0, a.f);
            }
    /* then the variants whose tables are here under other rules (a capture goal, a smaller
     * game: "standard-k3"), so that the page offers and opens on them too */
    for (int i = 0; i < n && i < 64; i++)
        if (libguti_game_info(v[i].game, &info) && !listed(&info, &v[i]))
            info_game(ctx->tables, &info, &v[i], written++ > 0, a.f);
    fprintf(a.f, "]}\n");
    answer_close(&a, 200, resp);
}

/* ---- /api/analyze --------------------------------------------------------------------- */

static void api_analyze(const struct api_context *ctx, const struct api_request *req,
                        struct api_response *resp)
{
    if (strlen(req->body) != req->body_len)
        return error_answer(400, "record: a NUL byte in the body", resp);
    struct game_report gr;
    char err[700];
    /* under rules no-repeat a search a move, as long as /api/position's (the library's
     * default, 10^6 nodes a move, would hold a thread for minutes on 5x5) */
    uint64_t budget;
    struct guti_error e;
    if (read_budget(req, &budget, &e)) return error_answer(400, e.message, resp);
    if (game_report_read(req->body, NULL, NULL, NULL, ctx->tables, budget, &gr, err, sizeof err))
        return error_answer(strncmp(err, "--analyze: ", 11) ? 400 : 500, err, resp);
    struct answer a;
    if (!answer_open(&a)) {
        game_report_free(&gr);
        return error_answer(503, "out of memory", resp);
    }
    game_report_json(&gr, a.f);
    fprintf(a.f, "\n");
    game_report_free(&gr);
    answer_close(&a, 200, resp);
}

/* ---- Routing -------------------------------------------------------------------------- */

void api_answer(const struct api_context *ctx, const struct api_request *req,
                struct api_response *resp)
{
    const char *path = req->path, *method = req->method;
    bool get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    bool post = !strcmp(method, "POST");
    for (int i = 0; i < web_asset_count; i++)
        if (!strcmp(path, web_assets[i].path) || (!strcmp(path, "/index.html") && i == 0)) {
            if (!get) return error_answer(405, "method not allowed: GET this page", resp);
            resp->status = 200;
            resp->content_type = web_assets[i].content_type;
            resp->body = (char *)web_assets[i].data;
            resp->len = web_assets[i].size;
            resp->is_static = 1;
            return;
        }
    static const struct {
        const char *path;
        bool post;
    } routes[] = {
        {"/api/info", false}, {"/api/position", false}, {"/api/pv", false}, {"/api/analyze", true}};
    for (size_t i = 0; i < sizeof routes / sizeof *routes; i++) {
        if (strcmp(path, routes[i].path)) continue;
        if (routes[i].post ? !post : !get) {
            char why[80];
            snprintf(why, sizeof why, "method not allowed: %s takes %s", path,
                     routes[i].post ? "POST" : "GET");
            return error_answer(405, why, resp);
        }
        switch (i) {
        case 0:
            return api_info(ctx, resp);
        case 1:
            return api_position(ctx, req, resp);
        case 2:
            return api_pv(ctx, req, resp);
        default:
            return api_analyze(ctx, req, resp);
        }
    }
    char shown[120], why[160];
    cli_quote(path, shown, sizeof shown);
    snprintf(why, sizeof why, "no such page: '%s'", shown);
    error_answer(404, why, resp);
}

void api_response_free(struct api_response *resp)
{
    if (!resp->is_static) free(resp->body);
    resp->body = NULL;
}
