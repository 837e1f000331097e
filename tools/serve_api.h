/* guti serve's answers: an HTTP request (method, path, arguments, body) in, a status and
 * a body out. Knows nothing of sockets or of libmicrohttpd, so that it can be tested and
 * fuzzed by itself; cmd_serve.c carries requests to it.
 *
 * Routes (guti serve --help documents their members):
 *   GET  /, /app.js, /style.css   the explorer page, compiled into the binary
 *   GET  /api/info                the tables' variants and every game's start
 *   GET  /api/position?fen=F[&rules=R][&limit=L]  guti query --json's answer, with each move's
 *                                 resulting FEN and the board's geometry
 *   GET  /api/pv?fen=F[&rules=R][&limit=L]  a principal variation with the positions along it
 *   POST /api/analyze[?budget=B]  a game record in the body: guti game --analyze --json
 *                                 (under rules no-repeat: B search nodes a move)
 * Errors are {"error": one line} with a 4xx status (5xx for a damaged table). */
#ifndef GUTI_SERVE_API_H
#define GUTI_SERVE_API_H

#include <stddef.h>

#include "guti.h"

/* The most a request body may hold (a game record): larger ones get 413. */
#define API_MAX_BODY (1 << 20)

struct api_request {
    const char *method; /* "GET", "HEAD", "POST", ... */
    const char *path;   /* without the query string, not decoded ("/api/position") */
    /* a query-string argument by name, decoded, or NULL when absent */
    const char *(*arg)(void *cls, const char *name);
    void *arg_cls;
    const char *body; /* NUL-terminated; body_len bytes before the NUL */
    size_t body_len;
};

struct api_response {
    int status;
    const char *content_type;
    char *body; /* malloc'd (free it), or static when is_static */
    size_t len;
    int is_static;
};

/* What every request shares: the open tables and their directory (read-only, so any
 * number of threads may answer at once: guti_tables is thread-safe). */
struct api_context {
    guti_tables *tables;
    const char *dir;
};

/* Answers a request; never fails: out of memory is a 503 with a static body. */
void api_answer(const struct api_context *ctx, const struct api_request *req,
                struct api_response *resp);

/* Frees a response's body unless it is static. */
void api_response_free(struct api_response *resp);

#endif
