# The counting rule over Sixteen Soldiers up to 4 pieces (issue 12): guti solve sixteen
# --dtc makes a DTC table per material beside the DTM tables, guti stats --dtc counts the
# five classes. The driver's values are checked position by position against a brute force
# in tests/test_ss_tables.c; here, what must hold between the tables, for both rules:
# every class sums to the value without the rule (win + cursed win = win, draw = draw,
# blessed loss + loss = loss), with a limit above every DTM the rule changes nothing, and
# a small limit changes something.
SD="$T/dtc-sixteen"
rm -rf "$SD" && cp -r "$S" "$SD"
for rules in optional forced; do
    check 0 'dtc         positions          win       cursed         draw      blessed' solve sixteen --pieces 4 --rules $rules --dtc --limit 6 --dir "$SD"
    check 0 '(already made)' solve sixteen --pieces 4 --rules $rules --dtc --limit 6 --dir "$SD"
    check 0 '{"pass": "materials DTC", "limit": 6, "layers": [' solve sixteen --pieces 4 --rules $rules --dtc --limit 6 --dir "$SD" --json
    check 0 'pieces_to_move,pieces_other,limit,classes,win,cursed_win,draw,blessed_loss,loss,positions,win_raw,cursed_win_raw,draw_raw,blessed_loss_raw,loss_raw,max_dtc_win,max_dtc_loss' stats --dir "$SD" --rules $rules --dtc --limit 6 --format csv
    cp "$T/out" "$T/sdtc6.csv"
    check 0 '' solve sixteen --pieces 4 --rules $rules --dtc --limit 1000 --dir "$SD" --quiet
    check 0 '' stats --dir "$SD" --rules $rules --dtc --limit 1000 --format csv
    cp "$T/out" "$T/sdtc1000.csv"
    check 0 '' stats --dir "$SD" --rules $rules --format csv
    cp "$T/out" "$T/splain.csv"
    # the default limit is 80, and JSON and Markdown say the same rows
    check 0 '"rules": "'$rules'", "pieces": 4, "dir": ' solve sixteen --pieces 4 --rules $rules --dtc --dir "$SD" --json
    check 0 '"limit": 80, "rows": [{"pieces_to_move": 1, "pieces_other": 1, "classes": 356, ' stats --dir "$SD" --rules $rules --dtc --json
    check 0 '| **all** | | 245058 |' stats --dir "$SD" --rules $rules --dtc
    # row by row (materials in the plain statistics' order): the plain win, draw, loss
    # (classes, raw) from the classes; the total row sums the rows
    for L in 6 1000; do
        awk -F, 'NR == FNR { if (FNR > 1) { plain[++np] = $1 "," $2 "," $4 "," $5 "," $6 "," $8 "," $9 "," $10 } next }
                 FNR > 1 && $1 != "all" { n++
                     got = $1 "," $2 "," ($5 + $6) "," $7 "," ($8 + $9) "," ($11 + $12) "," $13 "," ($14 + $15)
                     if (plain[n] != got) { print "row " n ": " got " against " plain[n]; bad = 1 }
                     for (k = 4; k <= 15; k++) sum[k] += $k }
                 $1 == "all" { total = 1; for (k = 4; k <= 15; k++) if ($k != sum[k]) { print "total column " k; bad = 1 } }
                 END { if (!n || n != np || !total) { print "rows: " n " against " np; bad = 1 } exit bad }' \
            "$T/splain.csv" "$T/sdtc$L.csv" >"$T/sdtc-cmp" ||
            fail "sixteen $rules: stats --dtc --limit $L does not sum to the plain statistics: $(head -n 1 "$T/sdtc-cmp")"
        passed=$((passed + 1))
    done
    # a limit above every DTM: no cursed win, no blessed loss; at 6, some of both
    awk -F, 'FNR > 1 && ($6 || $8) { bad = 1 } END { exit bad }' "$T/sdtc1000.csv" ||
        fail "sixteen $rules: the rule changed a value at limit 1000"
    awk -F, '$1 == "all" && $6 > 0 && $8 > 0 { ok = 1 } END { exit !ok }' "$T/sdtc6.csv" ||
        fail "sixteen $rules: no cursed win or blessed loss at limit 6"
    passed=$((passed + 2))
done
# damage is found, and a missing table names the command that makes it
cp "$SD/sixteen-optional-m3-n1-L6.dtc" "$T/sdtc-copy"
printf '\125' | dd of="$SD/sixteen-optional-m3-n1-L6.dtc" bs=1 seek=300 conv=notrunc 2>/dev/null
check 1 'checksum mismatch' stats --dir "$SD" --rules optional --dtc --limit 6
cp "$T/sdtc-copy" "$SD/sixteen-optional-m3-n1-L6.dtc"
check 1 "make them with: guti solve sixteen --pieces N --dtc --limit 20 --rules optional --dir $SD" stats --dir "$SD" --rules optional --dtc --limit 20
rm "$SD/sixteen-forced-m2-n2-L6.dtc"
check 1 "make it with: guti solve sixteen --pieces 4 --dtc --limit 6 --rules forced --dir $SD" stats --dir "$SD" --rules forced --dtc --limit 6
check 2 '--limit goes with --dtc' solve sixteen --pieces 4 --limit 10 --dir "$SD"
# without the DTM tables, the DTC tables are not made (solve makes them first)
check 0 '2+1 ' solve sixteen --pieces 3 --dtc --limit 6 --dir "$T/sdtc-new" --quiet
