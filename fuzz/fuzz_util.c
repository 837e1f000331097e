/* What the fuzz harnesses share (fuzz_util.h). */
#include "fuzz_util.h"

#include <dirent.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *fuzz_string(const uint8_t *data, size_t size)
{
    const uint8_t *z = memchr(data, 0, size);
    size_t n = z ? (size_t)(z - data) : size;
    char *s = malloc(n + 1);
    if (!s) abort();
    memcpy(s, data, n);
    s[n] = 0;
    return s;
}

int fuzz_lines(char *s, char **lines, int max)
{
    int n = 0;
    while (n < max) {
        lines[n++] = s;
        char *nl = strchr(s, '\n');
        if (!nl) break;
        if (nl > s && nl[-1] == '\r') nl[-1] = 0;
        *nl = 0;
        s = nl + 1;
    }
    return n;
}

/* ---- A strict JSON checker ---------------------------------------------------------- */

struct json {
    const unsigned char *p, *end;
    const char *error;
    int depth;
};

static bool json_fail(struct json *j, const char *why)
{
    if (!j->error) j->error = why;
    return false;
}

static void json_space(struct json *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        j->p++;
}

static bool json_lit(struct json *j, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n)) return json_fail(j, "bad literal");
    j->p += n;
    return true;
}

static int hexval(unsigned char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* The length of the valid UTF-8 sequence at p (before end), or 0. */
static int utf8_len(const unsigned char *p, const unsigned char *end)
{
    unsigned c = p[0];
    int n = c < 0x80                ? 1
            : c >= 0xc2 && c < 0xe0 ? 2
            : c >= 0xe0 && c < 0xf0 ? 3
            : c >= 0xf0 && c < 0xf5 ? 4
                                    : 0;
    if (n == 0 || end - p < n) return 0;
    for (int k = 1; k < n; k++)
        if ((p[k] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] >= 0xa0))) return 0;
    if (n == 4 && ((c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] >= 0x90))) return 0;
    return n;
}

static bool json_string(struct json *j)
{
    if (j->p >= j->end || *j->p != '"') return json_fail(j, "expected a string");
    j->p++;
    while (j->p < j->end && *j->p != '"') {
        unsigned char c = *j->p;
        if (c < 0x20) return json_fail(j, "a control character in a string");
        if (c == '\\') {
            if (j->end - j->p < 2) return json_fail(j, "a string ends in a backslash");
            unsigned char e = j->p[1];
            if (e == 'u') {
                if (j->end - j->p < 6) return json_fail(j, "a short \\u escape");
                for (int k = 2; k < 6; k++)
                    if (hexval(j->p[k]) < 0) return json_fail(j, "a bad \\u escape");
                j->p += 6;
            } else if (strchr("\"\\/bfnrt", e) && e) {
                j->p += 2;
            } else {
                return json_fail(j, "a bad escape");
            }
            continue;
        }
        int n = utf8_len(j->p, j->end);
        if (!n) return json_fail(j, "a string is not UTF-8");
        j->p += n;
    }
    if (j->p >= j->end) return json_fail(j, "an unterminated string");
    j->p++;
    return true;
}

static bool digits(struct json *j)
{
    const unsigned char *s = j->p;
    while (j->p < j->end && *j->p >= '0' && *j->p <= '9') j->p++;
    return j->p > s || json_fail(j, "a number without digits");
}

static bool json_number(struct json *j)
{
    if (j->p < j->end && *j->p == '-') j->p++;
    if (j->p < j->end && *j->p == '0')
        j->p++;
    else if (!digits(j))
        return false;
    if (j->p < j->end && *j->p == '.') {
        j->p++;
        if (!digits(j)) return false;
    }
    if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
        j->p++;
        if (j->p < j->end && (*j->p == '+' || *j->p == '-')) j->p++;
        if (!digits(j)) return false;
    }
    return true;
}

static bool json_value(struct json *j);

#define MAX_KEYS 256

static bool json_object(struct json *j)
{
    const unsigned char *key[MAX_KEYS];
    size_t keylen[MAX_KEYS];
    int nkeys = 0;
    j->p++;
    json_space(j);
    if (j->p < j->end && *j->p == '}') return j->p++, true;
    for (;;) {
        json_space(j);
        const unsigned char *k = j->p;
        if (!json_string(j)) return false;
        size_t kn = (size_t)(j->p - k);
        for (int i = 0; i < nkeys; i++)
            if (keylen[i] == kn && !memcmp(key[i], k, kn))
                return json_fail(j, "an object has a member twice");
        if (nkeys < MAX_KEYS) key[nkeys] = k, keylen[nkeys++] = kn;
        json_space(j);
        if (j->p >= j->end || *j->p != ':') return json_fail(j, "expected ':'");
        j->p++;
        if (!json_value(j)) return false;
        json_space(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            continue;
        }
        if (j->p < j->end && *j->p == '}') return j->p++, true;
        return json_fail(j, "expected ',' or '}'");
    }
}

static bool json_array(struct json *j)
{
    j->p++;
    json_space(j);
    if (j->p < j->end && *j->p == ']') return j->p++, true;
    for (;;) {
        if (!json_value(j)) return false;
        json_space(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            continue;
        }
        if (j->p < j->end && *j->p == ']') return j->p++, true;
        return json_fail(j, "expected ',' or ']'");
    }
}

static bool json_value(struct json *j)
{
    json_space(j);
    if (j->p >= j->end) return json_fail(j, "expected a value");
    if (++j->depth > 64) return json_fail(j, "nested too deep");
    bool ok;
    switch (*j->p) {
    case '{':
        ok = json_object(j);
        break;
    case '[':
        ok = json_array(j);
        break;
    case '"':
        ok = json_string(j);
        break;
    case 't':
        ok = json_lit(j, "true");
        break;
    case 'f':
        ok = json_lit(j, "false");
        break;
    case 'n':
        ok = json_lit(j, "null");
        break;
    default:
        ok = json_number(j);
    }
    j->depth--;
    return ok;
}

const char *fuzz_json_check(const char *s, size_t n)
{
    struct json j = {(const unsigned char *)s, (const unsigned char *)s + n, NULL, 0};
    if (!json_value(&j)) return j.error;
    json_space(&j);
    return j.p == j.end ? NULL : "more after the value";
}

/* ---- Directories ----------------------------------------------------------------------- */

const char *fuzz_tables_dir(void)
{
    static const char *dir;
    if (dir) return dir;
    const char *d = getenv("GUTI_FUZZ_TABLES");
    d = d && *d ? d : "build/fuzz/tables";
    DIR *h = opendir(d);
    int tables = 0;
    for (struct dirent *e; h && (e = readdir(h));) tables += strstr(e->d_name, ".wdl") != NULL;
    if (h) closedir(h);
    if (!tables) {
        fprintf(stderr,
                "fuzz: no tables in %s: make them with sh fuzz/tables.sh build/guti %s, or set "
                "GUTI_FUZZ_TABLES\n",
                d, d);
        exit(2);
    }
    return dir = d;
}

static char temp_dir[4096];

/* Removes a directory and what it holds (files and directories). */
static void remove_tree(const char *dir)
{
    DIR *h = opendir(dir);
    char path[4200];
    for (struct dirent *e; h && (e = readdir(h));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat sb;
        if (lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
            remove_tree(path);
        else
            unlink(path);
    }
    if (h) closedir(h);
    rmdir(dir);
}

static void remove_temp_dir(void)
{
    remove_tree(temp_dir);
}

const char *fuzz_temp_dir(void)
{
    if (*temp_dir) return temp_dir;
    const char *base = getenv("TMPDIR");
    struct stat sb;
    if (!base || !*base)
        base = stat("/dev/shm", &sb) == 0 && access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(temp_dir, sizeof temp_dir, "%s/guti-fuzz.XXXXXX", base);
    if (!mkdtemp(temp_dir)) {
        perror("fuzz: mkdtemp");
        exit(2);
    }
    atexit(remove_temp_dir);
    return temp_dir;
}
