#include "board.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int parse_lines(struct board *b, const char *const *lines, int nlines, char *err,
                       size_t errlen)
{
    /* First pass: which grid cells are points. */
    bool present[BOARD_MAX_ROWS][BOARD_MAX_COLS] = {{false}};
    if (nlines > BOARD_MAX_LINES) {
        snprintf(err, errlen, "board %s: %d lines, at most %d", b->name, nlines, BOARD_MAX_LINES);
        return -1;
    }
    for (int l = 0; l < nlines; l++) {
        const char *s = lines[l];
        while (*s) {
            if (*s == ' ') {
                s++;
                continue;
            }
            int c = tolower((unsigned char)s[0]) - 'a', r = s[1] - '1';
            if (c < 0 || c >= BOARD_MAX_COLS || r < 0 || r >= BOARD_MAX_ROWS ||
                (s[2] && s[2] != ' ')) {
                snprintf(err, errlen, "board %s: bad point name in line \"%s\"", b->name, lines[l]);
                return -1;
            }
            present[r][c] = true;
            if (c + 1 > b->ncols) b->ncols = c + 1;
            if (r + 1 > b->nrows) b->nrows = r + 1;
            s += 2;
        }
    }
    /* Number the points row by row from the bottom. */
    memset(b->point_at, -1, sizeof b->point_at);
    for (int r = 0; r < b->nrows; r++)
        for (int c = 0; c < b->ncols; c++) {
            if (!present[r][c]) continue;
            if (b->npoints == BOARD_MAX_POINTS) {
                snprintf(err, errlen, "board %s: more than %d points", b->name, BOARD_MAX_POINTS);
                return -1;
            }
            b->point_at[r][c] = (int8_t)b->npoints;
            b->col[b->npoints] = (uint8_t)c;
            b->row[b->npoints] = (uint8_t)r;
            b->npoints++;
        }
    /* Second pass: the lines as point sequences. */
    b->nlines = nlines;
    for (int l = 0; l < nlines; l++) {
        int n = 0;
        for (const char *s = lines[l]; *s;) {
            if (*s == ' ') {
                s++;
                continue;
            }
            if (n == BOARD_MAX_LINE_LEN) {
                snprintf(err, errlen, "board %s: line \"%s\" too long", b->name, lines[l]);
                return -1;
            }
            b->line[l][n++] = (uint8_t)b->point_at[s[1] - '1'][tolower((unsigned char)s[0]) - 'a'];
            s += 2;
        }
        if (n < 2) {
            snprintf(err, errlen, "board %s: line \"%s\" has fewer than 2 points", b->name,
                     lines[l]);
            return -1;
        }
        b->line_len[l] = (uint8_t)n;
    }
    return 0;
}

static int add_neighbour(struct board *b, int p, int q, char *err, size_t errlen)
{
    if (b->adjmask[p] & BIT(q)) return 0; /* two lines through the same pair */
    if (b->degree[p] == BOARD_MAX_DEGREE) {
        snprintf(err, errlen, "board %s: a point has more than %d neighbours", b->name,
                 BOARD_MAX_DEGREE);
        return -1;
    }
    b->adj[p][b->degree[p]++] = (uint8_t)q;
    b->adjmask[p] |= BIT(q);
    return 0;
}

static int derive_moves(struct board *b, char *err, size_t errlen)
{
    for (int l = 0; l < b->nlines; l++) {
        const uint8_t *ln = b->line[l];
        int n = b->line_len[l];
        for (int i = 0; i + 1 < n; i++)
            if (add_neighbour(b, ln[i], ln[i + 1], err, errlen) ||
                add_neighbour(b, ln[i + 1], ln[i], err, errlen))
                return -1;
        for (int i = 0; i + 2 < n; i++) {
            b->jumps[ln[i]][b->njumps[ln[i]]++] = (struct jump){ln[i + 1], ln[i + 2]};
            b->jumps[ln[i + 2]][b->njumps[ln[i + 2]]++] = (struct jump){ln[i + 1], ln[i]};
        }
    }
    return 0;
}

/* The symmetry group: a backtracking search for adjacency-preserving permutations, in
 * breadth-first order so that each point's image is a neighbour of its parent's image,
 * kept when they also map every line onto a line. */
struct symsearch {
    struct board *b;
    int order[BOARD_MAX_POINTS], parent[BOARD_MAX_POINTS];
    int img[BOARD_MAX_POINTS];
    bool used[BOARD_MAX_POINTS];
    bits_t linemask[BOARD_MAX_LINES];
    int overflow;
};

static bool maps_lines(const struct symsearch *s)
{
    const struct board *b = s->b;
    for (int l = 0; l < b->nlines; l++) {
        bits_t image = 0;
        for (int i = 0; i < b->line_len[l]; i++) image |= BIT(s->img[b->line[l][i]]);
        bool found = false;
        for (int m = 0; m < b->nlines && !found; m++) found = s->linemask[m] == image;
        if (!found) return false;
    }
    return true;
}

static void sym_assign(struct symsearch *s, int k)
{
    struct board *b = s->b;
    if (k == b->npoints) {
        if (!maps_lines(s)) return;
        if (b->nsyms == BOARD_MAX_SYMS) {
            s->overflow = 1;
            return;
        }
        for (int p = 0; p < b->npoints; p++) b->sym[b->nsyms][p] = (uint8_t)s->img[p];
        b->nsyms++;
        return;
    }
    int p = s->order[k];
    int ncand = k == 0 ? b->npoints : b->degree[s->img[s->parent[p]]];
    for (int i = 0; i < ncand; i++) {
        int c = k == 0 ? i : b->adj[s->img[s->parent[p]]][i];
        if (s->used[c] || b->degree[c] != b->degree[p]) continue;
        bool ok = true;
        for (int j = 0; j < k && ok; j++) {
            int q = s->order[j];
            ok = !!(b->adjmask[q] & BIT(p)) == !!(b->adjmask[s->img[q]] & BIT(c));
        }
        if (!ok) continue;
        s->img[p] = c;
        s->used[c] = true;
        sym_assign(s, k + 1);
        s->used[c] = false;
    }
}

static int derive_symmetries(struct board *b, char *err, size_t errlen)
{
    struct symsearch s = {.b = b};
    bool seen[BOARD_MAX_POINTS] = {false};
    int n = 0;
    s.order[n++] = 0;
    seen[0] = true;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < b->degree[s.order[i]]; j++) {
            int q = b->adj[s.order[i]][j];
            if (seen[q]) continue;
            seen[q] = true;
            s.parent[q] = s.order[i];
            s.order[n++] = q;
        }
    if (n != b->npoints) {
        snprintf(err, errlen, "board %s: the lines do not connect all points", b->name);
        return -1;
    }
    for (int l = 0; l < b->nlines; l++)
        for (int i = 0; i < b->line_len[l]; i++) s.linemask[l] |= BIT(b->line[l][i]);
    sym_assign(&s, 0);
    if (s.overflow) {
        snprintf(err, errlen, "board %s: more than %d symmetries", b->name, BOARD_MAX_SYMS);
        return -1;
    }
    /* Put the identity first. */
    for (int t = 0; t < b->nsyms; t++) {
        bool id = true;
        for (int p = 0; p < b->npoints && id; p++) id = b->sym[t][p] == p;
        if (!id) continue;
        uint8_t tmp[BOARD_MAX_POINTS];
        memcpy(tmp, b->sym[0], sizeof tmp);
        memcpy(b->sym[0], b->sym[t], sizeof tmp);
        memcpy(b->sym[t], tmp, sizeof tmp);
        break;
    }
    return 0;
}

int board_build(struct board *b, const char *name, const char *const *lines, int nlines, char *err,
                size_t errlen)
{
    memset(b, 0, sizeof *b);
    b->name = name;
    if (parse_lines(b, lines, nlines, err, errlen) || derive_moves(b, err, errlen) ||
        derive_symmetries(b, err, errlen))
        return -1;
    return 0;
}

int board_parse_point(const struct board *b, const char *s, size_t len)
{
    if (len != 2) return -1;
    int c = tolower((unsigned char)s[0]) - 'a', r = s[1] - '1';
    if (c < 0 || c >= b->ncols || r < 0 || r >= b->nrows) return -1;
    return b->point_at[r][c];
}

void board_point_name(const struct board *b, int p, char out[3])
{
    out[0] = (char)('a' + b->col[p]);
    out[1] = (char)('1' + b->row[p]);
    out[2] = 0;
}

int board_count_adjacent_pairs(const struct board *b)
{
    int n = 0;
    for (int p = 0; p < b->npoints; p++) n += b->degree[p];
    return n / 2;
}

int board_count_jumps(const struct board *b)
{
    int n = 0;
    for (int p = 0; p < b->npoints; p++) n += b->njumps[p];
    return n;
}

bits_t board_map_bits(const struct board *b, int s, bits_t x)
{
    bits_t y = 0;
    while (x) y |= BIT(b->sym[s][bits_pop(&x)]);
    return y;
}
