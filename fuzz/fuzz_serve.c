/* Fuzzes guti serve's request handling: api_answer (tools/serve_api.c), which answers a
 * request (method, path, query arguments, body) without sockets, against the directory of
 * small tables fuzz_probe uses (fuzz/tables.sh).
 *
 * Input: text.
 *   line 1          the method ("GET", "POST", ...)
 *   line 2          the path, as it comes (not decoded): "/api/position"
 *   lines 3...      query arguments "name=value", %XX-decoded as libmicrohttpd decodes
 *                   them (so a value may hold a newline; %00 ends it), up to an empty line
 *   the rest        the body, as it is (NUL bytes included)
 *
 * Checks, besides no crash, leak, hang or undefined behaviour: the status is one the
 * server documents (200, 400, 404, 405, 413, 500; 503 is for memory running out, which
 * never happens here); a JSON answer is valid JSON (RFC 8259, UTF-8, no member twice) and
 * an error answer is an object with "error"; every answer has a content type and a body. */
#include <stdbool.h>
#include <string.h>

#include "fuzz_util.h"
#include "guti.h"
#include "serve_api.h"

#define MAX_ARGS 16

static struct api_context ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    struct guti_error err;
    ctx.dir = fuzz_tables_dir();
    if (guti_open(ctx.dir, 0, &ctx.tables, &err))
        return fprintf(stderr, "fuzz: %s\n", err.message), exit(2), 0;
    return 0;
}

struct args {
    int n;
    char *name[MAX_ARGS], *value[MAX_ARGS];
};

/* The first argument of that name, as MHD_lookup_connection_value finds it. */
static const char *get_arg(void *cls, const char *name)
{
    const struct args *a = cls;
    for (int i = 0; i < a->n; i++)
        if (!strcmp(a->name[i], name)) return a->value[i];
    return NULL;
}

static int hex(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* Decodes %XX and '+' in place, as a query string is decoded. */
static void url_decode(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (*r == '%' && hex(r[1]) >= 0 && hex(r[2]) >= 0) {
            *w++ = (char)(hex(r[1]) * 16 + hex(r[2]));
            r += 2;
        } else {
            *w++ = *r == '+' ? ' ' : *r;
        }
    }
    *w = 0;
}

/* The next line of [*p, end) as a NUL-terminated string in place, or NULL at the end. */
static char *next_line(char **p, char *end)
{
    if (*p >= end) return NULL;
    char *s = *p, *nl = memchr(s, '\n', (size_t)(end - s));
    if (!nl) nl = end;
    *nl = 0;
    *p = nl < end ? nl + 1 : end;
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > API_MAX_BODY) return 0;
    char *buf = malloc(size + 1);
    if (!buf) abort();
    memcpy(buf, data, size);
    buf[size] = 0;
    char *p = buf, *end = buf + size;
    char *method = next_line(&p, end), *path = next_line(&p, end);
    if (!method) method = "GET";
    if (!path) path = "/";
    struct args a = {0};
    for (char *line; (line = next_line(&p, end)) && *line;) {
        if (a.n == MAX_ARGS) continue;
        char *eq = strchr(line, '=');
        if (eq) *eq = 0;
        url_decode(line);
        if (eq) url_decode(eq + 1);
        a.name[a.n] = line;
        a.value[a.n++] = eq ? eq + 1 : "";
    }
    struct api_request req = {method, path, get_arg, &a, p, (size_t)(end - p)};
    struct api_response resp;
    memset(&resp, 0, sizeof resp);
    api_answer(&ctx, &req, &resp);
    int s = resp.status;
    FUZZ_CHECK(s == 200 || s == 400 || s == 404 || s == 405 || s == 413 || s == 500,
               "status %d for %s %s", s, method, path);
    FUZZ_CHECK(resp.content_type && (resp.body || resp.len == 0), "no content type or body");
    if (!strcmp(resp.content_type, "application/json")) {
        const char *bad = fuzz_json_check(resp.body, resp.len);
        FUZZ_CHECK(!bad, "%s %s: the answer is not JSON: %s\n%.*s", method, path, bad,
                   (int)resp.len, resp.body);
        if (s != 200)
            FUZZ_CHECK(resp.len > 10 && !memcmp(resp.body, "{\"error\": ", 10),
                       "status %d without an error member", s);
    }
    api_response_free(&resp);
    free(buf);
    return 0;
}
