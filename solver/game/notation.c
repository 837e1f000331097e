#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* How a message shows byte c: into out, returning its length. */
static size_t quoted_byte(unsigned char c, char out[5])
{
    if (c == '\\') return memcpy(out, "\\\\", 2), 2;
    if (c >= 0x20 && c < 0x7f) return out[0] = (char)c, 1;
    return (size_t)snprintf(out, 5, "\\x%02x", c);
}

const char *notation_quote(const char *s, size_t n, char *buf, size_t len)
{
    if (len == 0) return buf;
    char one[5];
    size_t need = 1, k = 0;
    for (size_t i = 0; i < n && s[i]; i++) need += quoted_byte((unsigned char)s[i], one);
    bool cut = need > len;
    for (size_t i = 0; i < n && s[i]; i++) {
        size_t w = quoted_byte((unsigned char)s[i], one);
        if (cut && k + w + 4 > len) break; /* keep room for "..." and the NUL */
        memcpy(buf + k, one, w);
        k += w;
    }
    if (cut && k + 4 <= len) memcpy(buf + k, "...", 3), k += 3;
    buf[k] = 0;
    return buf;
}

int notation_fields(const char *text, char *buf, size_t buflen, char *field[NOTATION_MAX_FIELDS],
                    char *err, size_t errlen)
{
    while (isspace((unsigned char)*text)) text++;
    size_t n = strlen(text);
    while (n > 0 && isspace((unsigned char)text[n - 1])) n--;
    if (n == 0) {
        snprintf(err, errlen, "empty");
        return -1;
    }
    if (n >= buflen) {
        snprintf(err, errlen, "too long (%zu characters)", n);
        return -1;
    }
    memcpy(buf, text, n);
    buf[n] = 0;
    int nf = 0;
    char *s = buf;
    for (;;) {
        if (nf == NOTATION_MAX_FIELDS) {
            snprintf(err, errlen, "too many fields");
            return -1;
        }
        field[nf++] = s;
        char *sp = strpbrk(s, " \t\r\n");
        if (!sp) break;
        /* A tab or a line break inside a position is more likely two things pasted
         * together than one position spaced out, so it is refused, not guessed at. */
        if (*sp != ' ') {
            snprintf(err, errlen, "%s inside the position; fields are separated by spaces",
                     *sp == '\t' ? "a tab" : "a line break");
            return -1;
        }
        *sp = 0;
        s = sp + 1;
        while (*s == ' ') s++; /* a run of spaces is one separator, as a reader expects */
    }
    return nf;
}

/* For an error about a row's length, the board's shape in words (" (the 4x4 board has 4
 * rows of 4 points)"), or "" for a board whose rows differ in length (Sixteen Soldiers,
 * whose number of rows tells no other board). A Bagh-Chal board is read from a position's
 * number of rows, so a 5x5 position one row short meets the 4x4 board: its shape says so. */
static const char *board_shape(const struct board *b, char *buf, size_t len)
{
    int width[BOARD_MAX_ROWS];
    for (int r = 0; r < b->nrows; r++) {
        width[r] = 0;
        for (int c = 0; c < b->ncols; c++) width[r] += b->point_at[r][c] >= 0;
        if (width[r] != width[0]) return "";
    }
    snprintf(buf, len, " (the %s board has %d rows of %d points)", b->name, b->nrows, width[0]);
    return buf;
}

int notation_parse_board(const struct board *b, const char *field, const char letters[2],
                         bits_t men[2], char *err, size_t errlen)
{
    men[0] = men[1] = 0;
    const char *s = field;
    for (int r = b->nrows - 1; r >= 0; r--) {
        int expected = 0;
        for (int c = 0; c < b->ncols; c++) expected += b->point_at[r][c] >= 0;
        int c = 0, covered = 0;
        for (; *s && *s != '/'; s++) {
            if (*s >= '1' && *s <= '9') {
                if (s > field && s[-1] >= '0' && s[-1] <= '9') {
                    snprintf(err, errlen, "row %d: two digits in a row", r + 1);
                    return -1;
                }
                for (int k = 0; k < *s - '0'; k++, covered++) {
                    while (c < b->ncols && b->point_at[r][c] < 0) c++;
                    c++;
                }
                continue;
            }
            /* Letters are case-sensitive: pieces upper case, as docs/notation.md writes them
             * (only point names may be either case); a lower-case 't' is refused. */
            int side = *s == letters[0] ? 0 : *s == letters[1] ? 1 : -1;
            if (side < 0) {
                snprintf(err, errlen,
                         "row %d: unknown letter '%s', expected %c, %c (upper case) or a digit",
                         r + 1, notation_quote(s, 1, (char[8]){0}, 8), letters[0], letters[1]);
                return -1;
            }
            while (c < b->ncols && b->point_at[r][c] < 0) c++;
            if (covered < expected) men[side] |= BIT(b->point_at[r][c]);
            c++;
            covered++;
        }
        if (covered != expected) {
            char shape[80];
            snprintf(err, errlen, "row %d has %d points, expected %d%s", r + 1, covered, expected,
                     board_shape(b, shape, sizeof shape));
            return -1;
        }
        if (r > 0) {
            if (*s != '/') {
                snprintf(err, errlen, "%d rows, expected %d", b->nrows - r, b->nrows);
                return -1;
            }
            s++;
        } else if (*s) {
            snprintf(err, errlen, "more than %d rows", b->nrows);
            return -1;
        }
    }
    return 0;
}

void notation_format_board(const struct board *b, const bits_t men[2], const char letters[2],
                           char *buf, size_t len)
{
    size_t k = 0;
    for (int r = b->nrows - 1; r >= 0 && k + 1 < len; r--) {
        int empty = 0;
        for (int c = 0; c < b->ncols && k + 2 < len; c++) {
            int p = b->point_at[r][c];
            if (p < 0) continue;
            int side = men[0] & BIT(p) ? 0 : men[1] & BIT(p) ? 1 : -1;
            if (side < 0) {
                empty++;
                continue;
            }
            if (empty) buf[k++] = (char)('0' + empty);
            empty = 0;
            buf[k++] = letters[side];
        }
        if (empty && k + 1 < len) buf[k++] = (char)('0' + empty);
        if (r > 0 && k + 1 < len) buf[k++] = '/';
    }
    buf[k] = 0;
}

int notation_parse_int(const char *s, int lo, int hi, const char *what, int *out, char *err,
                       size_t errlen)
{
    long v = 0;
    const char *t = s;
    if (!*t) {
        snprintf(err, errlen, "%s is missing", what);
        return -1;
    }
    for (; *t; t++) {
        if (!isdigit((unsigned char)*t)) {
            snprintf(err, errlen, "%s '%s' is not a whole number", what, QUOTE(s));
            return -1;
        }
        if (v <= 1000000000L) v = v * 10 + (*t - '0');
    }
    if (s[0] == '0' && s[1]) {
        snprintf(err, errlen, "%s '%s' has a leading zero", what, QUOTE(s));
        return -1;
    }
    if (v > hi && v > 1000000000L) {
        snprintf(err, errlen, "%s %s is too large, expected %d..%d", what, QUOTE(s), lo, hi);
        return -1;
    }
    if (v < lo || v > hi) {
        snprintf(err, errlen, "%s %ld, expected %d..%d", what, v, lo, hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* One point name at s, ending at a separator; returns the point and advances *s. The
 * errors of a move's syntax do not repeat the move: the caller names it ("move 3 (a1-)"). */
static int take_point(const struct board *b, const char **s, char *err, size_t errlen)
{
    size_t n = strcspn(*s, "-xX");
    int p = board_parse_point(b, *s, n);
    if (p < 0 && n == 0) {
        snprintf(err, errlen, "a point is missing");
        return -1;
    }
    if (p < 0) {
        snprintf(err, errlen, "'%s' is not a point of the board",
                 notation_quote(*s, n, (char[NOTATION_QUOTE_LEN]){0}, NOTATION_QUOTE_LEN));
        return -1;
    }
    *s += n;
    return p;
}

int notation_parse_move(const struct board *b, const char *text, struct move *m, char *err,
                        size_t errlen)
{
    memset(m, 0, sizeof *m);
    if (strcmp(text, "pass") == 0) {
        m->kind = MOVE_PASS;
        return 0;
    }
    const char *s = text;
    int p = take_point(b, &s, err, errlen);
    if (p < 0) return -1;
    if (!*s) {
        m->kind = MOVE_PLACE;
        m->to[0] = (uint8_t)p;
        m->njumps = 1;
        return 0;
    }
    m->from = p;
    if (*s == '-') {
        s++;
        int q = take_point(b, &s, err, errlen);
        if (q < 0) return -1;
        if (*s) {
            snprintf(err, errlen, "a step has one '-' and two points");
            return -1;
        }
        m->kind = MOVE_STEP;
        m->to[0] = (uint8_t)q;
        m->njumps = 1;
        return 0;
    }
    m->kind = MOVE_CAPTURE;
    while (*s) {
        if (*s != 'x' && *s != 'X') {
            snprintf(err, errlen, "expected 'x' before each landing point");
            return -1;
        }
        s++;
        if (m->njumps == MOVE_MAX_JUMPS) {
            snprintf(err, errlen, "more than %d jumps", MOVE_MAX_JUMPS);
            return -1;
        }
        int q = take_point(b, &s, err, errlen);
        if (q < 0) return -1;
        m->to[m->njumps++] = (uint8_t)q;
    }
    return 0;
}

void notation_format_move(const struct board *b, const struct move *m, char *buf, size_t len)
{
    char name[3];
    size_t k = 0;
    buf[0] = 0;
    if (m->kind == MOVE_PASS) {
        snprintf(buf, len, "pass");
        return;
    }
    if (m->kind != MOVE_PLACE) {
        board_point_name(b, m->from, name);
        k += (size_t)snprintf(buf + k, len - k, "%s", name);
    }
    for (int i = 0; i < m->njumps && k < len; i++) {
        board_point_name(b, m->to[i], name);
        const char *sep = m->kind == MOVE_STEP ? "-" : m->kind == MOVE_CAPTURE ? "x" : "";
        k += (size_t)snprintf(buf + k, len - k, "%s%s", sep, name);
    }
}

bool move_equal(const struct move *a, const struct move *b)
{
    if (a->kind != b->kind || a->njumps != b->njumps) return false;
    if ((a->kind == MOVE_STEP || a->kind == MOVE_CAPTURE) && a->from != b->from) return false;
    return memcmp(a->to, b->to, (size_t)a->njumps) == 0;
}
