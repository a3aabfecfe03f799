#!/usr/bin/env bash
# Writes the demo's HTML ad card (`mediation demo --html`), takes a headless Chromium screenshot of it and checks
# that the picture is an ad card: the "Ad" badge (yellow), the call-to-action button (blue), the image
# placeholder (grey-blue) and dark title/body text are all on it.
# Without Chromium it says so and skips (exit 0). Output: .build/html-screenshot/ (or $HTML_SCREENSHOT_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."

browser=""
for candidate in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$candidate" > /dev/null 2>&1; then
        browser=$(command -v "$candidate")
        break
    fi
done
if [ -z "$browser" ]; then
    echo "html-screenshot: no Chromium found (chromium, chromium-browser, google-chrome); skipping the screenshot check"
    exit 0
fi

out_dir=${HTML_SCREENSHOT_DIR:-.build/html-screenshot}
mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)
html="$out_dir/demo-card.html"
png="$out_dir/demo-card.png"
rm -f "$png"

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

"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size=420,640 --screenshot="$png" "file://$html" > "$out_dir/chromium.log" 2>&1 || {
    echo "html-screenshot: $browser failed:" >&2
    cat "$out_dir/chromium.log" >&2
    exit 1
}
if [ ! -s "$png" ]; then
    echo "html-screenshot: Chromium wrote no screenshot at $png" >&2
    exit 1
fi

if ! command -v python3 > /dev/null 2>&1; then
    size=$(wc -c < "$png")
    if [ "$size" -lt 8000 ]; then
        echo "html-screenshot: $png is only $size bytes: a blank page?" >&2
        exit 1
    fi
    echo "html-screenshot: ok ($png, $size bytes; python3 absent, so the colour check was skipped)"
    exit 0
fi
python3 - "$png" << 'PY'
import sys

sys.path.insert(0, "scripts")
from png_colours import colour_histogram, count_near as count_near_in

path = sys.argv[1]
try:
    width, height, colours = colour_histogram(path)
except ValueError as error:
    sys.exit(f"html-screenshot: {error}")

def count_near(target, tolerance=24):
    return count_near_in(colours, target, tolerance)

checks = {
    "the yellow 'Ad' badge": count_near((0xF5, 0xC5, 0x18)),
    "the blue call-to-action button": count_near((0x00, 0x77, 0xFF)),
    "the image placeholder": count_near((0xC9, 0xD1, 0xDE), 6),
    "dark title and body text": sum(n for c, n in colours.items() if max(c) < 90),
}
missing = [name for name, pixels in checks.items() if pixels < 40]
print(f"html-screenshot: {path}: {width}x{height}, {len(colours)} colours; "
      + ", ".join(f"{name} {pixels} px" for name, pixels in checks.items()))
if len(colours) < 16 or missing:
    sys.exit("html-screenshot: the screenshot lacks " + (", ".join(missing) or "detail (too few colours)"))
PY
echo "html-screenshot: ok ($png)"
