/* guti serve: the tables over HTTP on the user's own machine, with the explorer page.
 * libmicrohttpd carries the requests; serve_api.c answers them. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "guti.h"
#include "serve_api.h"

static const char help[] =
    "usage: guti serve [--dir DIR] [--port N] [--host H] [--threads N] [--json] [--quiet]\n"
    "\n"
    "Serves the tables over HTTP, with the explorer page: open the address it prints in a\n"
    "browser to see any position of any game drawn, every legal move labelled with its\n"
    "value and DTM, the best move and the principal variation, and to play against perfect\n"
    "play. Everything is answered from the tables in DIR on this machine; the page makes no\n"
    "request elsewhere. Prints one line, guti serve: http://HOST:PORT/, then serves until\n"
    "interrupted (Ctrl-C, SIGTERM).\n"
    "\n"
    "The JSON interface (every answer one object; an error {\"error\": one line} with status\n"
    "400 for bad input, 404 for an unknown path or a missing table, 405 for a wrong method,\n"
    "413 for a body over 1 MiB, 500 for a damaged table):\n"
    "  GET /api/position?fen=F&rules=R&limit=L  guti query --json [--limit L]'s answer for\n"
    "      F (rules and limit optional; limit: the counting rule's tables of that limit,\n"
    "      made by guti solve --dtc --limit L; the page takes #limit=L in its address),\n"
    "      each move also with \"fen\", the position it leads to; and \"game\", \"board\",\n"
    "      \"rules\", \"side\", \"sides\", \"material\", \"pieces\" (on the board, per side),\n"
    "      \"inhand\" and \"geometry\" ({\"cols\", \"rows\", \"points\": [{\"name\", \"col\",\n"
    "      \"row\"}], \"lines\": [[p, q]]}, the board's lines between points p and q). A\n"
    "      missing table: status 404, \"error\" naming the guti solve command that makes\n"
    "      it, \"missing_table\": true, and the members that need no table\n"
    "  GET /api/position?fen=F&rules=no-repeat[:N]&moves=M1+M2+...&budget=B  the position\n"
    "      after the moves played from F (the history: only those since the last\n"
    "      placement or capture matter; none, F itself) valued by search under the rule:\n"
    "      {\"fen\", \"start\", \"moves_played\", \"value\" (win, draw, loss or unknown:\n"
    "      the search ran out of its budget), \"best\", \"nodes\", \"budget\", \"bounded\",\n"
    "      \"clock\", \"over\" (\"result\", \"reason\"), \"moves\": [{\"move\", \"fen\",\n"
    "      \"refused\" (the rule forbids it; \"reason\" says why), \"value\" (its maker's\n"
    "      under the rule, or unknown), \"nodes\", \"standard\": {\"value\", \"dtm\"} (its\n"
    "      maker's from the standard tables, or unknown)}] best first (the first is the\n"
    "      machine's move), \"played\": [{\"move\", \"fen\"}] and the members above. B:\n"
    "      search nodes for each move, default 10000 (a 5x5 position answered in about a\n"
    "      second on a 2-core machine). A move that is illegal, refused or after the end:\n"
    "      status 400 naming its number\n"
    "  GET /api/pv?fen=F&rules=R&limit=L {\"fen\", \"pv\": [moves], \"fens\": [the position\n"
    "      after each], \"pv_error\" when cut short}: best moves to the end (a draw: 40)\n"
    "  POST /api/analyze[?budget=B]      a game record as the body: guti game --analyze\n"
    "      --json's answer (under rules no-repeat, B search nodes a move, default 10000)\n"
    "  GET /api/info                     {\"version\", \"dir\", \"variants\" (the tables'),\n"
    "      \"games\": [{\"game\", \"board\", \"rules\", \"start\", \"first\", \"title\",\n"
    "      \"letters\", \"pieces\", \"plural\", \"hand\", \"clock_limit\", \"clock_reset\",\n"
    "      \"partial\"}]}, every game of every registered game's boards and rules with\n"
    "      tables, then the variants in DIR under other rules (\"standard-k3\"): \"first\"\n"
    "      is a position the tables answer (the start when they do, else\n"
    "      one of the game's later positions, which \"partial\" names; null when none), the\n"
    "      page's first screen; the others say how to draw and word the game\n"
    "      (\"side_plural\": whether each side is named in the plural, \"plural\": both are;\n"
    "      \"clock_limit\" 0: the game has no counting rule); \"search_rules\", on the entry\n"
    "      of a game's default rules: its rules without tables, answered by search with the\n"
    "      game's history (\"no-repeat:N\": N any number of boards)\n"
    "Tables made in DIR while the server runs are seen: it opens DIR again when DIR\n"
    "changes.\n"
    "Bound to a loopback address, the server answers only requests whose Host names one\n"
    "(so that no web site can reach it through a name of its own).\n"
    "\n"
    "  --dir DIR    the tables (default $GUTI_TABLES, else ./tables)\n"
    "  --port N     the TCP port (default 8080; 0: any free port)\n"
    "  --host H     the address to listen on (default 127.0.0.1; 0.0.0.0 or :: for every\n"
    "               interface, which lets other machines in)\n"
    "  --threads N  requests answered at once (default 4)\n"
    "  --json       the first line as {\"url\", \"host\", \"port\", \"dir\"}\n"
    "  --quiet      no note on stderr about how to stop the server\n";

/* A request being received: its body so far. */
struct request {
    char *body;
    size_t len, cap;
    bool too_large;
};

/* An open handle on the tables, shared by the requests that use it: closed when the last
 * of them is done with it and a newer one has replaced it. */
struct held {
    guti_tables *tables;
    int users; /* requests using it, plus one while it is the current handle */
};

/* The tables as they are now: the directory is opened again when its modification time
 * changes (a table made, renamed into place or removed while the server runs), so that
 * the page sees new tables without a restart. */
struct keeper {
    pthread_mutex_t lock;
    const char *dir;
    struct held *current;
    bool settled;          /* the directory has not changed since current was opened */
    struct timespec mtime; /* its modification time then (0 when it did not exist) */
};

struct server {
    struct keeper keeper;
    bool loopback;
    int port;
};

/* libmicrohttpd's last message while the server starts: why it could not (a thread or
 * memory it could not have, say). Its messages once running are not shown. */
static struct {
    pthread_mutex_t lock;
    bool started;
    char last[200];
} start_log = {PTHREAD_MUTEX_INITIALIZER, false, ""};

static void mhd_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    pthread_mutex_lock(&start_log.lock);
    if (!start_log.started) {
        vsnprintf(start_log.last, sizeof start_log.last, fmt, ap);
        /* one line: no newline of its own */
        start_log.last[strcspn(start_log.last, "\r\n")] = 0;
    }
    pthread_mutex_unlock(&start_log.lock);
}

/* The directory's modification time, zero when it cannot be read. */
static struct timespec dir_mtime(const char *dir)
{
    struct stat st;
    if (stat(dir, &st)) return (struct timespec){0, 0};
    return st.st_mtim;
}

static void held_release_locked(struct held *h)
{
    if (--h->users == 0) {
        guti_close(h->tables);
        free(h);
    }
}

/* Tables probed from libmicrohttpd's threads build their indexes in the thread that asks,
 * with no OpenMP region: libgomp ends the process when it cannot allocate a team, and
 * under a memory limit it may not; out of memory is then a 503 (guti.h, threads). */
static void serve_threads_only(guti_tables *t)
{
    guti_set_index_threads(t, 1);
}

/* Opens the directory into a new current handle; false (the old one kept) when it cannot
 * be opened now. */
static bool keeper_reopen_locked(struct keeper *k, struct timespec seen)
{
    struct held *h = calloc(1, sizeof *h);
    struct guti_error err;
    if (!h || guti_open(k->dir, 0, &h->tables, &err)) return free(h), false;
    serve_threads_only(h->tables);
    h->users = 1;
    if (k->current) held_release_locked(k->current);
    k->current = h;
    /* A change within the same tick of the file system's clock as this reading would leave
     * the time as it is: a time that recent is read again on the next request. */
    struct timespec now, after = dir_mtime(k->dir);
    clock_gettime(CLOCK_REALTIME, &now);
    k->mtime = seen;
    k->settled = after.tv_sec == seen.tv_sec && after.tv_nsec == seen.tv_nsec &&
                 now.tv_sec > seen.tv_sec + 1;
    return true;
}

/* The current tables for a request (give them back with keeper_release): the directory
 * opened again first when it changed. NULL when no handle could ever be opened. */
static struct held *keeper_acquire(struct keeper *k)
{
    pthread_mutex_lock(&k->lock);
    struct timespec m = dir_mtime(k->dir);
    if (!k->settled || m.tv_sec != k->mtime.tv_sec || m.tv_nsec != k->mtime.tv_nsec)
        keeper_reopen_locked(k, m);
    struct held *h = k->current;
    if (h) h->users++;
    pthread_mutex_unlock(&k->lock);
    return h;
}

static void keeper_release(struct keeper *k, struct held *h)
{
    pthread_mutex_lock(&k->lock);
    held_release_locked(h);
    pthread_mutex_unlock(&k->lock);
}

static const char *get_arg(void *cls, const char *name)
{
    return MHD_lookup_connection_value(cls, MHD_GET_ARGUMENT_KIND, name);
}

/* Whether a Host header names a loopback address (with or without a port). */
static bool host_is_loopback(const char *host)
{
    static const char *const names[] = {"127.0.0.1", "localhost", "[::1]"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        size_t n = strlen(names[i]);
        if (!strncmp(host, names[i], n) && (host[n] == 0 || host[n] == ':')) return true;
    }
    return false;
}

static enum MHD_Result send_response(struct MHD_Connection *c, const struct api_response *r)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(
        r->len, r->body, r->is_static ? MHD_RESPMEM_PERSISTENT : MHD_RESPMEM_MUST_COPY);
    if (!resp) return MHD_NO;
    MHD_add_response_header(resp, "Content-Type", r->content_type);
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
    /* the page may load nothing but its own files and ask nothing but this server */
    MHD_add_response_header(resp, "Content-Security-Policy",
                            "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                            "img-src 'self' data:; frame-ancestors 'none'");
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok;
}

static enum MHD_Result send_error(struct MHD_Connection *c, int status, const char *json)
{
    struct api_response r = {status, "application/json", (char *)json, strlen(json), 1};
    return send_response(c, &r);
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **state)
{
    (void)version;
    struct server *s = cls;
    struct request *rq = *state;
    if (!rq) {
        /* the first call: the headers are in */
        if (!(rq = calloc(1, sizeof *rq)))
            return send_error(c, 503, "{\"error\": \"out of memory\"}\n");
        *state = rq;
        const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
        if (s->loopback && host && !host_is_loopback(host))
            return send_error(c, 403,
                              "{\"error\": \"forbidden: this server answers only requests "
                              "addressed to a loopback name (127.0.0.1, localhost, [::1])\"}\n");
        const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        if (length && strtoull(length, NULL, 10) > API_MAX_BODY)
            return send_error(c, 413, "{\"error\": \"request body over 1 MiB\"}\n");
        return MHD_YES;
    }
    if (*upload_size) {
        size_t n = *upload_size;
        *upload_size = 0;
        if (rq->too_large || rq->len + n > API_MAX_BODY) {
            rq->too_large = true;
            return MHD_YES;
        }
        if (rq->len + n + 1 > rq->cap) {
            size_t cap = rq->cap ? rq->cap : 4096;
            while (cap < rq->len + n + 1) cap *= 2;
            char *grown = realloc(rq->body, cap);
            if (!grown) return MHD_NO;
            rq->body = grown;
            rq->cap = cap;
        }
        memcpy(rq->body + rq->len, upload, n);
        rq->len += n;
        rq->body[rq->len] = 0;
        return MHD_YES;
    }
    if (rq->too_large) return send_error(c, 413, "{\"error\": \"request body over 1 MiB\"}\n");
    struct api_request req = {method, url, get_arg, c, rq->body ? rq->body : "", rq->len};
    struct api_response resp;
    struct held *tables = keeper_acquire(&s->keeper);
    if (!tables) return send_error(c, 503, "{\"error\": \"out of memory\"}\n");
    struct api_context api = {tables->tables, s->keeper.dir};
    api_answer(&api, &req, &resp);
    keeper_release(&s->keeper, tables);
    enum MHD_Result ok = send_response(c, &resp);
    api_response_free(&resp);
    return ok;
}

static void completed(void *cls, struct MHD_Connection *c, void **state,
                      enum MHD_RequestTerminationCode why)
{
    (void)cls, (void)c, (void)why;
    struct request *rq = *state;
    if (rq) free(rq->body);
    free(rq);
    *state = NULL;
}

/* Opens the listening socket (so that its errors can be named); -1 with the reason. */
static int listen_on(const char *host, int port, int *bound, bool *loopback, char *err,
                     size_t errlen)
{
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    socklen_t len;
    const char *addr = !strcmp(host, "localhost") ? "127.0.0.1" : host;
    struct sockaddr_in *v4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, addr, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)port);
        len = sizeof *v4;
        *loopback = (ntohl(v4->sin_addr.s_addr) >> 24) == 127;
    } else if (inet_pton(AF_INET6, addr, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)port);
        len = sizeof *v6;
        *loopback = IN6_IS_ADDR_LOOPBACK(&v6->sin6_addr);
    } else {
        char shown[80];
        cli_quote(host, shown, sizeof shown);
        snprintf(err, errlen, "--host: '%s' is not an IPv4 or IPv6 address (or localhost)", shown);
        return -1;
    }
    int fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;
    if (fd < 0) return snprintf(err, errlen, "socket: %s", strerror(errno)), -1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, (struct sockaddr *)&ss, len) || listen(fd, 128)) {
        snprintf(err, errlen, "cannot listen on %s port %d: %s", host, port, strerror(errno));
        close(fd);
        return -1;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    getsockname(fd, (struct sockaddr *)&ss, &len);
    *bound = ntohs(ss.ss_family == AF_INET ? v4->sin_port : v6->sin6_port);
    return fd;
}

int cmd_serve(int argc, char **argv)
{
    struct game_opts o = {0};
    const char *dir_opt = NULL, *host = "127.0.0.1";
    int port = 8080, threads = 4;
    const struct cli_option opts[] = {CLI_OPTION("dir", CLI_TEXT, &dir_opt),
                                      CLI_OPTION_INT("port", &port, 0, 65535),
                                      CLI_OPTION("host", CLI_TEXT, &host),
                                      CLI_OPTION_INT("threads", &threads, 1, 256),
                                      CLI_OPTION("json", CLI_FLAG, &o.json),
                                      CLI_OPTION("quiet", CLI_FLAG, &o.quiet),
                                      CLI_OPTIONS_END};
    bool help_wanted;
    int first, rc = cli_parse("serve", argc, argv, opts, &help_wanted, &first);
    if (rc) return rc;
    if (help_wanted) return cli_help(help, stdout), 0;
    if (first != argc) return cli_usage_error("serve", "takes no operands");
    struct server s = {
        {PTHREAD_MUTEX_INITIALIZER, cli_tables_dir(dir_opt), NULL, false, {0, 0}}, false, 0};
    struct held *opened = calloc(1, sizeof *opened);
    if (!opened) return cli_error("serve: out of memory");
    int open_rc = cli_open_tables("serve", dir_opt, 0, true, &opened->tables);
    if (open_rc) {
        free(opened);
        return open_rc;
    }
    serve_threads_only(opened->tables);
    opened->users = 1;
    s.keeper.current = opened;
    s.keeper.mtime = dir_mtime(s.keeper.dir);
    char why[300];
    int fd = listen_on(host, port, &s.port, &s.loopback, why, sizeof why);
    if (fd < 0) {
        keeper_release(&s.keeper, opened);
        return cli_error("serve: %s", why);
    }
    /* The signals that stop the server are taken by sigwait below, in this thread: every
     * thread libmicrohttpd starts inherits the mask. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ERROR_LOG, 0, NULL, NULL, handle, &s,
        MHD_OPTION_EXTERNAL_LOGGER, mhd_log, NULL, MHD_OPTION_LISTEN_SOCKET, fd,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)threads, MHD_OPTION_CONNECTION_LIMIT, 1000u,
        MHD_OPTION_CONNECTION_TIMEOUT, 30u, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)64 * 1024,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_END);
    pthread_mutex_lock(&start_log.lock);
    start_log.started = true;
    pthread_mutex_unlock(&start_log.lock);
    if (!d) {
        close(fd);
        keeper_release(&s.keeper, s.keeper.current);
        return cli_error("serve: the HTTP server could not start%s%s",
                         start_log.last[0] ? ": " : "", start_log.last);
    }
    char url[200];
    bool v6 = strchr(host, ':') != NULL;
    snprintf(url, sizeof url, "http://%s%s%s:%d/", v6 ? "[" : "", host, v6 ? "]" : "", s.port);
    if (o.json) {
        printf("{\"url\": ");
        json_str(stdout, url);
        printf(", \"host\": ");
        json_str(stdout, host);
        printf(", \"port\": %d, \"dir\": ", s.port);
        json_str(stdout, s.keeper.dir);
        printf("}\n");
    } else
        printf("guti serve: %s\n", url);
    fflush(stdout);
    if (!o.quiet) fprintf(stderr, "guti serve: tables from %s; Ctrl-C stops\n", s.keeper.dir);
    int sig;
    sigwait(&stop, &sig);
    MHD_stop_daemon(d);
    close(fd);
    keeper_release(&s.keeper, s.keeper.current);
    return 0;
}
