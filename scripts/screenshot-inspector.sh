#!/usr/bin/env bash
# Writes the demo's mediation inspector page (`mediation demo --inspect`), takes a headless Chromium screenshot of it
# and checks that the picture is the inspector: the won bar (green), the no-fill bar (grey), the stopped bar (slate),
# the winner's "Ad" badge (yellow) and dark text are all on it, and the page loads, links and runs nothing.
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

browser=""
for candidate in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$candidate" > /dev/null 2>&1; then
        browser=$(command -v "$candidate")
        break
    fi
done
if [ -z "$browser" ]; then
    echo "screenshot-inspector: no Chromium found (chromium, chromium-browser, google-chrome); skipping the screenshot"
    exit 0
fi

out_dir=${INSPECTOR_SCREENSHOT_DIR:-.build/inspector-screenshot}
mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)
html="$out_dir/inspector.html"
png="$out_dir/inspector.png"
rm -f "$png"

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

"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size=1000,1800 --screenshot="$png" "file://$html" > "$out_dir/chromium.log" 2>&1 || {
    echo "screenshot-inspector: $browser failed:" >&2
    cat "$out_dir/chromium.log" >&2
    exit 1
}
if [ ! -s "$png" ]; then
    echo "screenshot-inspector: Chromium wrote no screenshot at $png" >&2
    exit 1
fi

if command -v python3 > /dev/null 2>&1; then
    python3 - "$png" << 'PY'
import sys

sys.path.insert(0, "scripts")
from png_colours import colour_histogram, count_near as count_near_in

path = sys.argv[1]
try:
    width, height, colours = colour_histogram(path)
except ValueError as error:
    sys.exit(f"screenshot-inspector: {error}")

def count_near(target, tolerance=10):
    return count_near_in(colours, target, tolerance)

checks = {
    "the green won bar": count_near((0x1A, 0x7F, 0x37)),
    "the grey no-fill bar": count_near((0x9A, 0xA4, 0xB1)),
    "the slate stopped bar": count_near((0x57, 0x60, 0x6A)),
    "the yellow 'Ad' badge": count_near((0xF5, 0xC5, 0x18), 24),
    "dark text": sum(n for c, n in colours.items() if max(c) < 90),
}
missing = [name for name, pixels in checks.items() if pixels < 200]
print(f"screenshot-inspector: {path}: {width}x{height}, {len(colours)} colours; "
      + ", ".join(f"{name} {pixels} px" for name, pixels in checks.items()))
if len(colours) < 16 or missing:
    sys.exit("screenshot-inspector: the screenshot lacks " + (", ".join(missing) or "detail (too few colours)"))
PY
else
    echo "screenshot-inspector: python3 absent, so the colour check was skipped"
fi
if [ "$update_docs" = true ]; then
    cp "$png" docs/inspector.png
    echo "screenshot-inspector: copied to docs/inspector.png"
fi
echo "screenshot-inspector: ok ($png)"
