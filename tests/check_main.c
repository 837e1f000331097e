/* The unit tests: one Check suite per module.
 *
 * usage: check_guti [--fast]
 *
 * --fast leaves out the suites that solve whole small games against brute force (a few
 * minutes on 2 cores): make check runs the rest, make test everything. Check's own
 * CK_RUN_SUITE=NAME runs one suite. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static const struct {
    Suite *(*make)(void);
    bool slow; /* whole small games solved: left out by --fast */
} suites[] = {
    {board_suite, false},     {notation_suite, false}, {notations_suite, false},
    {baghchal_suite, false},  {sixteen_suite, false},  {record_suite, false},
    {tablebase_suite, false}, {library_suite, false},  {retro_suite, true},
    {ss_layers_suite, true},  {dtc_suite, true},       {dtc_sixteen_suite, true},
    {norepeat_suite, true},   {share_suite, true},     {verify_suite, false},
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
