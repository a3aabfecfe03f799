#!/usr/bin/env bash
# Writes the demo's mediation inspector page (`mediation demo --inspect`) and checks it: the page holds the won,
# no-fill and stopped bars, a hedge, the winner and the adapters, and loads, links and runs nothing; its screenshot
# (scripts/screenshot.sh) shows the won bar (green), the no-fill bar (grey), the stopped bar (slate), the winner's
# "Ad" badge (yellow) and dark text.
# Without Chromium it says so and skips (exit 0). Output: .build/inspector-screenshot/ (or $INSPECTOR_SCREENSHOT_DIR);
# with --update-docs it also copies the PNG to docs/inspector.png (shown in docs/inspector.md).
set -euo pipefail
cd "$(dirname "$0")/.."

update_docs=false
if [ "${1:-}" = "--update-docs" ]; then
    update_docs=true
elif [ $# -gt 0 ]; then
    echo "usage: scripts/screenshot-inspector.sh [--update-docs]" >&2
    exit 2
fi

out_dir=${INSPECTOR_SCREENSHOT_DIR:-.build/inspector-screenshot}
mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)
html="$out_dir/inspector.html"
png="$out_dir/inspector.png"

swift run -q mediation demo --strategy hedged --inspect "$html" > "$out_dir/demo.out"
for marker in 'class="bar o-won"' 'class="bar o-nofill"' 'class="bar o-stopped"' 'class="hedge"' \
    'class="native-ad"' 'class="adapters"' 'decision '; do
    if ! grep -q "$marker" "$html"; then
        echo "screenshot-inspector: $html lacks $marker" >&2
        exit 1
    fi
done
if grep -Eqi '<script|<img|<iframe|href=|src=' "$html"; then
    echo "screenshot-inspector: $html has a script, an image, a frame or a link; the page must be self-contained" >&2
    exit 1
fi

status=0
scripts/screenshot.sh "file://$html" "$png" --size 1000x1800 \
    --expect "the green won bar=1A7F37/10@200" --expect "the grey no-fill bar=9AA4B1/10@200" \
    --expect "the slate stopped bar=57606A/10@200" --expect "the yellow 'Ad' badge=F5C518@200" \
    --expect "dark text=dark@200" || status=$?
case $status in
    0) ;;
    77)
        echo "screenshot-inspector: skipped (no Chromium); the page checks passed"
        exit 0
        ;;
    *) exit "$status" ;;
esac
if [ "$update_docs" = true ]; then
    cp "$png" docs/inspector.png
    echo "screenshot-inspector: copied to docs/inspector.png"
fi
echo "screenshot-inspector: ok ($png)"
