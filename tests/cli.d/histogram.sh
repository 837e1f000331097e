# guti stats --histogram: the movement phase's DTM histogram sums, per side to move, to the
# plain statistics' wins, losses and draws of the movement layers (over classes and raw
# positions), its longest DTM is their longest, and it needs every DTM table.
HD="$T/histogram"
check 0 '' solve baghchal --board 4x4 --phase movement --dir "$HD" --quiet
check 0 'dtm,value,goats,tigers,goats_raw,tigers_raw' stats --dir "$HD" --histogram --format csv
cp "$T/out" "$T/hist.csv"
check 0 '' stats --dir "$HD" --format csv
cp "$T/out" "$T/plain.csv"
awk -F, 'FNR == 1 { next }
    FILENAME == ARGV[1] && $1 == "0" { s = $3 == "goat" ? 0 : 1
        w[s] += $5; d[s] += $6; l[s] += $7; wr[s] += $9; dr[s] += $10; lr[s] += $11
        if ($12 > top) top = $12; if ($13 > top) top = $13 }
    FILENAME == ARGV[2] && $1 != "draw" { k = $2 == "win" ? "w" : "l"
        h[k, 0] += $3; h[k, 1] += $4; hr[k, 0] += $5; hr[k, 1] += $6; if ($1 > htop) htop = $1 }
    FILENAME == ARGV[2] && $1 == "draw" { hd[0] = $3; hd[1] = $4; hdr[0] = $5; hdr[1] = $6 }
    END { for (s = 0; s < 2; s++)
            if (h["w", s] != w[s] || h["l", s] != l[s] || hd[s] != d[s] || hr["w", s] != wr[s] ||
                hr["l", s] != lr[s] || hdr[s] != dr[s]) { print "side " s " differs"; bad = 1 }
          if (htop != top) { print "longest " htop " against " top; bad = 1 }
          exit bad }' "$T/plain.csv" "$T/hist.csv" >"$T/hist-cmp" ||
    fail "stats --histogram does not sum to the plain statistics: $(head -n 1 "$T/hist-cmp")"
passed=$((passed + 1))
check 0 '"phase": "movement", "max_dtm": ' stats --dir "$HD" --histogram --json
check 2 '--histogram goes with neither --dtc nor --reachable' stats --dir "$HD" --histogram --dtc
rm "$HD"/baghchal-4x4-standard-h0-c1.dtm
check 1 'no table' stats --dir "$HD" --histogram
