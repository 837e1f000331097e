/* guti play's input, edited with libedit's own interface (histedit.h) on a terminal: its
 * state is the reader's, not a library global, and ~/.editrc applies as in other
 * programs built on it. */
#include "play_input.h"

#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lines kept in the history: a long game's commands and moves. */
#define HISTORY_LINES 1000

struct play_input {
    EditLine *el; /* NULL: plain lines */
    History *hist;
    HistEvent ev;
    char prompt[64];
    char *line; /* the last line, ours (el_gets's buffer is libedit's) */
    size_t cap;
};

static char *prompt_of(EditLine *el)
{
    struct play_input *in = NULL;
    el_get(el, EL_CLIENTDATA, &in);
    return in ? in->prompt : "";
}

struct play_input *play_input_new(const char *prog, bool edit)
{
    struct play_input *in = calloc(1, sizeof *in);
    if (!in || !edit) return in;
    in->el = el_init(prog, stdin, stdout, stderr);
    in->hist = history_init();
    if (!in->el || !in->hist) {
        /* a terminal libedit cannot drive is still read, plainly */
        if (in->el) el_end(in->el);
        if (in->hist) history_end(in->hist);
        in->el = NULL;
        in->hist = NULL;
        return in;
    }
    history(in->hist, &in->ev, H_SETSIZE, HISTORY_LINES);
    history(in->hist, &in->ev, H_SETUNIQUE, 1);
    el_set(in->el, EL_CLIENTDATA, in);
    el_set(in->el, EL_PROMPT, prompt_of);
    el_set(in->el, EL_EDITOR, "emacs");
    el_set(in->el, EL_HIST, history, in->hist);
    el_set(in->el, EL_SIGNAL, 1);
    /* Ctrl-L clears the screen in emacs mode already; said here so that ~/.editrc's
     * vi mode keeps it too */
    el_set(in->el, EL_BIND, "^L", "ed-clear-screen", NULL);
    el_source(in->el, NULL);
    return in;
}

bool play_input_edits(const struct play_input *in)
{
    return in->el != NULL;
}

/* Trims the end of line and the blanks around s, in place. */
static char *trim(char *s)
{
    s[strcspn(s, "\r\n")] = 0;
    while (*s == ' ' || *s == '\t') s++;
    size_t end = strlen(s);
    while (end > 0 && (s[end - 1] == ' ' || s[end - 1] == '\t')) s[--end] = 0;
    return s;
}

char *play_input_line(struct play_input *in, const char *prompt)
{
    if (!in->el) {
        if (getline(&in->line, &in->cap, stdin) < 0) return NULL;
        return trim(in->line);
    }
    snprintf(in->prompt, sizeof in->prompt, "%s", prompt);
    int count = 0;
    const char *got = el_gets(in->el, &count);
    if (!got || count <= 0) return NULL;
    size_t len = strlen(got);
    if (len + 1 > in->cap) {
        char *grown = realloc(in->line, len + 1);
        if (!grown) return NULL;
        in->line = grown;
        in->cap = len + 1;
    }
    memcpy(in->line, got, len + 1);
    char *s = trim(in->line);
    if (*s) history(in->hist, &in->ev, H_ENTER, s);
    return s;
}

void play_input_free(struct play_input *in)
{
    if (!in) return;
    if (in->el) el_end(in->el);
    if (in->hist) history_end(in->hist);
    free(in->line);
    free(in);
}
