/* The unit tests: one Check suite per test file, tests/test_X.c's named X after the source
 * file X.c it tests (tests/test_names.sh checks the names).
 *
 * usage: check_guti [--fast]
 *
 * --fast leaves out the suites marked slow below (minutes on 2 cores between them: whole small
 * games solved against brute force, the index and the engines through their largest brute
 * forces): make check runs the rest, make test everything. Check's own CK_RUN_SUITE=NAME runs
 * one suite. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static const struct {
    Suite *(*make)(void);
    bool slow; /* minutes on 2 cores (whole small games, brute forces): left out by --fast */
} suites[] = {
    {board_suite, false},     {notation_suite, false},
    {notations_suite, false}, {baghchal_suite, false},
    {sixteen_suite, false},   {record_suite, false},
    {tablebase_suite, false}, {guti_suite, false},
    {analyze_suite, false},   {index_suite, true},
    {retro_suite, true},      {bc_layers_suite, true},
    {bc_reach_suite, true},   {reach_suite, true},
    {selftest_suite, true},   {bc_tables_suite, true},
    {ss_layers_suite, true},  {ss_tables_suite, true},
    {checkpoint_suite, true}, {norepeat_suite, true},
    {registry_suite, false},  {stats_suite, false},
    {verify_suite, false},    {driver_suite, false},
    {solve_suite, false},     {share_suite, true},
    {tables_suite, false},    {game_suite, false},
    {adugo_suite, false},     {ad_tables_suite, true},
    {ad_reach_suite, true},   {norepeat_analyze_suite, false},
    {bitset_suite, false},
};

int main(int argc, char **argv)
{
    bool fast = argc == 2 && !strcmp(argv[1], "--fast");
    if (argc > 2 || (argc == 2 && !fast)) {
        fprintf(stderr, "usage: check_guti [--fast]\n");
        return 2;
    }
    SRunner *sr = NULL;
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++) {
        if (fast && suites[i].slow) continue;
        if (!sr)
            sr = srunner_create(suites[i].make());
        else
            srunner_add_suite(sr, suites[i].make());
    }
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
