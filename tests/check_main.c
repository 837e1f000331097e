/* The unit tests: one Check suite per module. */
#include <stdlib.h>

#include "helpers.h"

int main(void)
{
    SRunner *sr = srunner_create(board_suite());
    srunner_add_suite(sr, notation_suite());
    srunner_add_suite(sr, notations_suite());
    srunner_add_suite(sr, baghchal_suite());
    srunner_add_suite(sr, sixteen_suite());
    srunner_add_suite(sr, record_suite());
    srunner_add_suite(sr, tablebase_suite());
    srunner_add_suite(sr, retro_suite());
    srunner_add_suite(sr, ss_layers_suite());
    srunner_add_suite(sr, dtc_suite());
    srunner_add_suite(sr, dtc_sixteen_suite());
    srunner_add_suite(sr, library_suite());
    srunner_add_suite(sr, norepeat_suite());
    srunner_add_suite(sr, share_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
