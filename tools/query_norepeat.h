/* guti query under rules no-repeat: values by search, with a game's history (a record) or
 * with none (FENs), through guti_norepeat_value. */
#ifndef GUTI_QUERY_NOREPEAT_H
#define GUTI_QUERY_NOREPEAT_H

#include <stdbool.h>
#include <stdint.h>

/* Answers the position at the end of the record in history_file (NULL: none), or each of
 * fens[0..nfens-1] with only its own board behind it, under rules (NULL: the record's),
 * with the standard tables of dir as hints when they are there; with_moves, every move
 * too, each valued by a search within budget and by the standard tables. Returns the exit
 * status. */
int query_norepeat(const char *dir, const char *rules, const char *history_file, char *const *fens,
                   int nfens, uint64_t budget, bool with_moves, bool json);

/* The moves of guti_norepeat_moves' answer r (m[0..n-1]): text lines, a line before them
 * saying what they are; or with json the member ', "moves": [...]' of a JSON object, each
 * {"move", "fen", "refused", "value" (null when refused), "nodes", "standard",
 * "standard_dtm"}. */
struct guti_norepeat_result;
struct guti_norepeat_move;
void query_norepeat_print_moves(const struct guti_norepeat_result *r,
                                const struct guti_norepeat_move *m, int n, bool json);

/* The window N of rules "no-repeat:N", or 0 for "no-repeat" (every board since the last
 * placement or capture). */
int query_norepeat_window(const char *rules);

#endif
