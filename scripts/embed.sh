#!/bin/sh
# Writes a C file holding the explorer page's files (web_assets.h) on stdout.
# usage: sh scripts/embed.sh tools/web/index.html tools/web/app.js tools/web/style.css
set -eu
echo '/* Made by scripts/embed.sh from tools/web/: do not edit. */'
echo '#include "web_assets.h"'
i=0
for f in "$@"; do
    echo "static const unsigned char asset_$i[] = {"
    od -An -v -tx1 "$f" | sed -e 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'
    echo "0};"
    i=$((i + 1))
done
echo 'const struct web_asset web_assets[] = {'
i=0
for f in "$@"; do
    name=$(basename "$f")
    case $name in
    index.html) path=/ type='text/html; charset=utf-8' ;;
    *.js) path=/$name type='text/javascript; charset=utf-8' ;;
    *.css) path=/$name type='text/css; charset=utf-8' ;;
    *) path=/$name type='application/octet-stream' ;;
    esac
    echo "    {\"$path\", \"$type\", asset_$i, sizeof asset_$i - 1},"
    i=$((i + 1))
done
echo '};'
echo "const int web_asset_count = $#;"
