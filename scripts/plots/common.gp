# Settings every plot shares, loaded first by each script of scripts/plots/. The output
# carries no date and no path, so the same CSVs always give the same SVG bytes.
#
# Colours: the Okabe-Ito palette, told apart with every common colour-vision deficiency;
# the goats' side blue, the tigers' vermillion (orange and sky blue their lighter
# partners), draws grey. Heat maps: viridis, dark to light, readable in grey as well.
goat = "#0072B2"
goat2 = "#56B4E9"
tiger = "#D55E00"
tiger2 = "#E69F00"
drawc = "#BBBBBB"
green = "#009E73"
purple = "#CC79A7"
ink = "#222222"
set palette defined (0 "#440154", 1 "#46327E", 2 "#365C8D", 3 "#277F8E", \
                     4 "#1FA187", 5 "#4AC16D", 6 "#A0DA39", 7 "#FDE725")
set encoding utf8
set datafile separator whitespace
set key noautotitle
set border lc rgb ink
set tics textcolor rgb ink
set grid ytics lc rgb "#DDDDDD" lw 1 dt 1
set grid noxtics
set tics nomirror out
# svg: fixed size, text not enhanced (no ^ _ @ markup), a white background
svg(w, h) = sprintf("set terminal svg size %d,%d fixed font 'Helvetica,13' noenhanced background rgb 'white'", w, h)
