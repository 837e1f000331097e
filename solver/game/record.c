#include "record.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"

/* A copy of s[0..n-1], or NULL when memory runs out. */
static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d) return NULL;
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

/* One tag line "[Name "value"]" at s (after '['); advances *s past ']'. */
static int parse_tag(struct record *r, const char **s, int line, char *err, size_t errlen)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t') p++;
    const char *name = p;
    while (isalnum((unsigned char)*p) || *p == '_') p++;
    size_t nname = (size_t)(p - name);
    while (*p == ' ' || *p == '\t') p++;
    if (nname == 0 || *p != '"')
        return snprintf(err, errlen, "line %d: malformed tag, expected [Name \"value\"]", line), -1;
    const char *value = ++p;
    while (*p && *p != '"' && *p != '\n') p++;
    if (*p != '"')
        return snprintf(err, errlen, "line %d: tag value has no closing quote", line), -1;
    size_t nvalue = (size_t)(p - value);
    p++;
    while (*p == ' ' || *p == '\t') p++;
    if (*p != ']') return snprintf(err, errlen, "line %d: tag has no closing ']'", line), -1;
    if (r->ntags == RECORD_MAX_TAGS)
        return snprintf(err, errlen, "line %d: more than %d tags", line, RECORD_MAX_TAGS), -1;
    char *tn = dup_n(name, nname), *tv = dup_n(value, nvalue);
    if (!tn || !tv) {
        free(tn);
        free(tv);
        return snprintf(err, errlen, "line %d: out of memory", line), -1;
    }
    r->tag_name[r->ntags] = tn;
    r->tag_value[r->ntags] = tv;
    r->ntags++;
    *s = p + 1;
    return 0;
}

bool record_result_word(const char *w)
{
    for (int i = 0; game_registry(i); i++)
        if (!strcmp(w, game_registry(i)->side_name[0]) ||
            !strcmp(w, game_registry(i)->side_name[1]))
            return true;
    return !strcmp(w, "draw") || !strcmp(w, "*");
}

/* Whether w is a result: one of words, or with words NULL one of guti's. */
static bool is_result_word(const char *const *words, const char *w)
{
    if (!words) return record_result_word(w);
    for (size_t i = 0; words[i]; i++)
        if (strcmp(w, words[i]) == 0) return true;
    return false;
}

/* Appends a move's text (and, when written is not NULL, how another notation wrote it); 0,
 * or -1 when memory runs out (the record stays whole, for record_free). The arrays double
 * whenever the count of moves reaches a power of two. */
static int add_move(struct record *r, const char *s, size_t n, int line, const char *written)
{
    if ((r->nmoves & (r->nmoves - 1)) == 0) {
        size_t cap = r->nmoves ? 2 * (size_t)r->nmoves : 1;
        char **mv = realloc(r->moves, cap * sizeof *mv);
        if (!mv) return -1;
        r->moves = mv;
        int *ln = realloc(r->move_line, cap * sizeof *ln);
        if (!ln) return -1;
        r->move_line = ln;
        char **wr = realloc(r->written, cap * sizeof *wr);
        if (!wr) return -1;
        r->written = wr;
    }
    char *d = dup_n(s, n), *w = written ? dup_n(written, strlen(written)) : NULL;
    if (!d || (written && !w)) {
        free(d);
        free(w);
        return -1;
    }
    r->moves[r->nmoves] = d;
    r->move_line[r->nmoves] = line;
    r->written[r->nmoves] = w;
    r->nmoves++;
    return 0;
}

int record_add_move(struct record *r, const char *text, int line, const char *written)
{
    return add_move(r, text, strlen(text), line, written);
}

int record_add_tag(struct record *r, const char *name, const char *value)
{
    if (r->ntags == RECORD_MAX_TAGS) return -1;
    char *tn = dup_n(name, strlen(name)), *tv = dup_n(value, strlen(value));
    if (!tn || !tv) {
        free(tn);
        free(tv);
        return -1;
    }
    r->tag_name[r->ntags] = tn;
    r->tag_value[r->ntags] = tv;
    r->ntags++;
    return 0;
}

const char *record_move_text(const struct record *r, int i)
{
    return r->written && r->written[i] ? r->written[i] : r->moves[i];
}

/* record_scan's work; on failure r holds what was read so far, for the caller to free. */
static int scan_text(const char *text, const char *const *results, struct record *r, char *err,
                     size_t errlen)
{
    const char *s = text;
    int line = 1;
    bool in_moves = false;
    while (*s) {
        if (*s == '\n') line++;
        if (isspace((unsigned char)*s)) {
            s++;
            continue;
        }
        if (*s == '[') {
            if (in_moves) return snprintf(err, errlen, "line %d: a tag after the moves", line), -1;
            s++;
            if (parse_tag(r, &s, line, err, errlen)) return -1;
            continue;
        }
        if (*s == '{') {
            int start = line;
            while (*s && *s != '}') line += *s++ == '\n';
            if (!*s)
                return snprintf(err, errlen, "line %d: comment '{' is never closed", start), -1;
            s++;
            continue;
        }
        in_moves = true;
        const char *w = s;
        while (*s && !isspace((unsigned char)*s) && *s != '{' && *s != '[') s++;
        size_t n = (size_t)(s - w);
        /* Move numbers: digits then one or more dots ("12." or "12..."), maybe joined to
         * the move ("12.c3"). */
        size_t d = 0;
        while (d < n && isdigit((unsigned char)w[d])) d++;
        if (d > 0 && d < n && w[d] == '.') {
            while (d < n && w[d] == '.') d++;
            w += d;
            n -= d;
            if (n == 0) continue;
        }
        if (r->result)
            return snprintf(err, errlen, "line %d: '%s' after the result '%s'", line,
                            notation_quote(w, n, (char[NOTATION_QUOTE_LEN]){0}, NOTATION_QUOTE_LEN),
                            QUOTE(r->result)),
                   -1;
        char *word = dup_n(w, n);
        if (!word) return snprintf(err, errlen, "line %d: out of memory", line), -1;
        if (is_result_word(results, word)) {
            r->result = word;
            continue;
        }
        free(word);
        if (add_move(r, w, n, line, NULL))
            return snprintf(err, errlen, "line %d: out of memory", line), -1;
    }
    return 0;
}

int record_scan(const char *text, const char *const *results, struct record *r, char *err,
                size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (scan_text(text, results, r, err, errlen) == 0) return 0;
    /* A failed read leaves nothing for the caller to free. */
    record_free(r);
    return -1;
}

bool record_empty(const struct record *r)
{
    return r->ntags == 0 && r->nmoves == 0 && !r->result;
}

int record_parse(const char *text, struct record *r, char *err, size_t errlen)
{
    if (record_scan(text, NULL, r, err, errlen)) return -1;
    /* Nothing at all is more likely the wrong file than a record without its tags. */
    if (record_empty(r))
        snprintf(err, errlen, "empty");
    else if (!record_tag(r, "Game"))
        snprintf(err, errlen, "missing tag [Game \"...\"]");
    else if (!record_tag(r, "Rules"))
        snprintf(err, errlen, "missing tag [Rules \"...\"]");
    else
        return 0;
    record_free(r);
    return -1;
}

void record_free(struct record *r)
{
    for (int i = 0; i < r->ntags; i++) {
        free(r->tag_name[i]);
        free(r->tag_value[i]);
    }
    for (int i = 0; i < r->nmoves; i++) {
        free(r->moves[i]);
        free(r->written[i]);
    }
    free(r->moves);
    free(r->written);
    free(r->move_line);
    free(r->result);
    memset(r, 0, sizeof *r);
}

const char *record_tag(const struct record *r, const char *name)
{
    for (int i = r->ntags - 1; i >= 0; i--)
        if (strcmp(r->tag_name[i], name) == 0) return r->tag_value[i];
    return NULL;
}

int record_game(const struct record *r, struct game *g, struct position *start, char *err,
                size_t errlen)
{
    if (game_setup(g, record_tag(r, "Game"), record_tag(r, "Rules"), record_tag(r, "Board"), err,
                   errlen))
        return -1;
    const char *fen = record_tag(r, "FEN");
    if (!fen) {
        *start = g->ops->start(g);
        return 0;
    }
    char why[200];
    if (g->ops->parse(g, fen, start, why, sizeof why) == 0) return 0;
    snprintf(err, errlen, "FEN tag: %s", why);
    return -1;
}

int record_replay(const struct game *g, const struct position *start, const struct record *r,
                  struct replay *rp)
{
    memset(rp, 0, sizeof *rp);
    rp->bad_move = -1;
    if (history_start(&rp->h, start) || history_over(g, &rp->h, &rp->outcome) < 0)
        return snprintf(rp->why, sizeof rp->why, "out of memory"), -1;
    for (int i = 0; i < r->nmoves; i++) {
        struct position succ;
        const struct position *cur = &rp->h.p[rp->h.n - 1];
        if (rp->outcome.reason != END_NONE) {
            snprintf(rp->why, sizeof rp->why, "the game is already over");
            rp->bad_move = i;
            break;
        }
        if (game_play_text(g, cur, r->moves[i], &succ, rp->why, sizeof rp->why)) {
            rp->bad_move = i;
            break;
        }
        if (history_refuses(g, &rp->h, &succ)) {
            snprintf(rp->why, sizeof rp->why,
                     "recreates a board seen since the last placement (rules no-repeat)");
            rp->bad_move = i;
            break;
        }
        if (history_push(&rp->h, &succ) || history_over(g, &rp->h, &rp->outcome) < 0)
            return snprintf(rp->why, sizeof rp->why, "out of memory"), -1;
        rp->played++;
    }
    return 0;
}

void replay_free(struct replay *rp)
{
    history_free(&rp->h);
}

const char *outcome_word(const struct game *g, const struct outcome *o)
{
    if (o->reason == END_NONE) return "*";
    if (o->winner < 0) return "draw";
    return g->ops->side_name[o->winner];
}
