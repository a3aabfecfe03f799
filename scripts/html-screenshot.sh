#!/usr/bin/env bash
# Writes the demo's HTML ad card (`mediation demo --html`) and checks it: the page holds the card's parts and loads
# no image, and its screenshot (scripts/screenshot.sh) shows the "Ad" badge (yellow), the call-to-action button
# (blue), the image placeholder (grey-blue) and dark title/body text.
# Without Chromium it says so and skips (exit 0). Output: .build/html-screenshot/ (or $HTML_SCREENSHOT_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."

out_dir=${HTML_SCREENSHOT_DIR:-.build/html-screenshot}
mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)
html="$out_dir/demo-card.html"
png="$out_dir/demo-card.png"

swift run -q mediation demo --html "$html" > "$out_dir/demo.out"
for marker in 'class="ad-badge"' 'class="title"' 'class="text"' 'class="image-box main-image"' 'class="cta"'; do
    if ! grep -q "$marker" "$html"; then
        echo "html-screenshot: $html lacks $marker" >&2
        exit 1
    fi
done
if grep -q '<img' "$html"; then
    echo "html-screenshot: $html loads images; the demo page must be self-contained" >&2
    exit 1
fi

status=0
scripts/screenshot.sh "file://$html" "$png" --size 420x640 \
    --expect "the yellow 'Ad' badge=F5C518" --expect "the blue call-to-action button=0077FF" \
    --expect "the image placeholder=C9D1DE/6" --expect "dark title and body text=dark" || status=$?
case $status in
    0) echo "html-screenshot: ok ($png)" ;;
    77) echo "html-screenshot: skipped (no Chromium); the page checks passed" ;;
    *) exit "$status" ;;
esac
