/* guti play's input: lines from the person, edited on a terminal (libedit: arrow keys,
 * history, Ctrl-L), read plainly otherwise (a pipe, a file), where nothing but the bytes
 * may be written back. */
#ifndef GUTI_PLAY_INPUT_H
#define GUTI_PLAY_INPUT_H

#include <stdbool.h>

struct play_input;

/* A reader of standard input: with line editing when edit is true (the caller knows
 * whether stdin and stdout are a terminal), else plain lines. NULL when memory runs out. */
struct play_input *play_input_new(const char *prog, bool edit);

/* Whether the reader edits lines (and so writes the prompt itself). */
bool play_input_edits(const struct play_input *in);

/* One line, without its end of line and surrounding blanks, or NULL at the end of the
 * input. When editing, prompt is shown before it and the line goes into the history;
 * otherwise the caller writes any prompt. The line lives until the next call. */
char *play_input_line(struct play_input *in, const char *prompt);

void play_input_free(struct play_input *in);

#endif
