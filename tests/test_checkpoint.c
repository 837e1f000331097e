/* A solve's saved slices (checkpoint.h), the tables are written from: read in place, a
 * damaged one never read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "checkpoint.h"

START_TEST(saved_slices_read_in_place)
{
    char D[64], path[128], err[300];
    test_dir_make(D, sizeof D, "share");
    snprintf(path, sizeof path, "%s/slice", D);
    retro_code codes[5000], back[100];
    for (int i = 0; i < 5000; i++) codes[i] = (retro_code)(i * 7 % 301);
    ck_assert_int_eq(checkpoint_save(path, codes, 5000, 0, 0, err, sizeof err), 0);
    int fd;
    ck_assert_msg(checkpoint_open(path, 5000, &fd, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(checkpoint_read(fd, 4900, 100, back), 0);
    ck_assert_int_eq(memcmp(back, codes + 4900, sizeof back), 0);
    ck_assert_int_eq(checkpoint_read(fd, 4950, 100, back), -1); /* past its end */
    close(fd);
    ck_assert_int_eq(checkpoint_open(path, 4999, &fd, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "another number of positions"));
    /* one byte changed, then one cut off: refused, never read */
    FILE *f = fopen(path, "r+b");
    fseek(f, 32 + 2 * 2500, SEEK_SET);
    fputc(0x55, f);
    fclose(f);
    ck_assert_int_eq(checkpoint_open(path, 5000, &fd, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "checksum mismatch") != NULL, "%s", err);
    ck_assert_int_eq(fd, -1);
    ck_assert_int_eq(truncate(path, 32 + 2 * 4999), 0);
    ck_assert_int_eq(checkpoint_open(path, 5000, &fd, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "shorter than its codes") != NULL, "%s", err);
    /* a sound file read back (and refused for another size), then made one of the version
     * before, whose undecided codes meant other things: not taken up, and said so */
    ck_assert_int_eq(checkpoint_save(path, codes, 5000, 3, 7, err, sizeof err), 0);
    int level, highest;
    ck_assert_int_eq(checkpoint_load(path, back, 100, &level, &highest, err, sizeof err), -1);
    retro_code *all = malloc(5000 * sizeof *all);
    ck_assert_int_eq(checkpoint_load(path, all, 5000, &level, &highest, err, sizeof err), 0);
    ck_assert_int_eq(level * 100 + highest, 307);
    f = fopen(path, "r+b");
    fseek(f, 7, SEEK_SET);
    fputc('2', f);
    fclose(f);
    ck_assert_int_eq(checkpoint_load(path, all, 5000, &level, &highest, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "another version of guti") != NULL, "%s", err);
    free(all);
    test_dir_remove(D);
}
END_TEST

/* Named as before the file it tests was renamed (ss_checkpoint.c), so that check_main.c's
 * list keeps its lines: the suite itself is "checkpoint". */
Suite *checkpoint_suite(void)
{
    Suite *s = suite_create("checkpoint");
    TCase *tc = tcase_create("checkpoint");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, saved_slices_read_in_place);
    suite_add_tcase(s, tc);
    return s;
}
