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

#endif
