/* Standard tables solved into a test folder and opened through guti.h (helpers.h). */
#include "guti.h"
#include "helpers.h"
#include "solve.h"

guti_tables *solved_tables(char *dir, size_t len, const char *tag, const char *board)
{
    char err[300];
    test_dir_make(dir, len, tag);
    struct game std = setup("baghchal", "standard", board);
    struct solve_hooks hk = {.store = {.dir = dir}};
    const struct solve_options all = {0};
    ck_assert_msg(solve_game(&std, &all, &hk, err, sizeof err) == 0, "%s", err);
    guti_tables *t;
    struct guti_error e;
    ck_assert_msg(guti_open(dir, 0, &t, &e) == GUTI_OK, "%s", e.message);
    return t;
}
