#!/usr/bin/env bash
# The one headless-Chromium driver of the repository: renders URL into PNG and checks that the picture holds what
# the caller expects. scripts/html-screenshot.sh, scripts/screenshot-inspector.sh and scripts/build-docc.sh call it.
#
# Usage: scripts/screenshot.sh URL PNG [--size WxH] [--dom FILE] [--min-colours N] [--expect LABEL=SPEC[@MIN]]...
#   --size WxH        window size (default 1280x1000)
#   --dom FILE        also write the rendered DOM (after scripts ran) to FILE
#   --min-colours N   the picture must have at least N distinct colours (default 16: not blank)
#   --expect          at least MIN pixels (default 40) of SPEC: RRGGBB[/TOLERANCE] (each channel within TOLERANCE,
#                     default 24), `dark` (every channel below 90, text) or `light` (every channel above 200)
# Exit status: 0 when the picture passes, 1 when it does not or Chromium fails, 77 when there is no Chromium
# (chromium, chromium-browser, google-chrome, google-chrome-stable or $CHROMIUM): the caller skips. With
# SCREENSHOT_INSTALL_CHROMIUM=1, as root, a missing Chromium is first installed with apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
    sed -n '5,14p' "$0" >&2
    exit 2
fi
url=$1
png=$2
shift 2
size=1280,1000
dom=""
checks=(--min-colours 16)
while [ $# -gt 0 ]; do
    case "$1" in
        --size) size=${2/x/,} ;;
        --dom) dom=$2 ;;
        --min-colours | --expect) checks+=("$1" "$2") ;;
        *)
            echo "screenshot: unknown option $1" >&2
            exit 2
            ;;
    esac
    shift 2
done

find_browser() {
    for candidate in ${CHROMIUM:-} chromium chromium-browser google-chrome google-chrome-stable; do
        if command -v "$candidate" > /dev/null 2>&1; then
            command -v "$candidate"
            return
        fi
    done
}
browser=$(find_browser || true)
if [ -z "$browser" ] && [ "${SCREENSHOT_INSTALL_CHROMIUM:-0}" = 1 ] && command -v apt-get > /dev/null &&
    [ "$(id -u)" -eq 0 ]; then
    echo "screenshot: installing Chromium with apt-get" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) > /tmp/screenshot-apt.log 2>&1 ||
        echo "screenshot: apt-get could not install chromium (log: /tmp/screenshot-apt.log)" >&2
    browser=$(find_browser || true)
fi
if [ -z "$browser" ]; then
    echo "screenshot: no Chromium found (chromium, chromium-browser, google-chrome); skipping" >&2
    exit 77
fi

mkdir -p "$(dirname "$png")"
rm -f "$png"
log="${png%.png}.chromium.log"
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 --window-size="$size"
    --virtual-time-budget=10000)
if [ -n "$dom" ] && ! "$browser" "${flags[@]}" --dump-dom "$url" > "$dom" 2> "$log"; then
    echo "screenshot: $browser failed to render $url:" >&2
    cat "$log" >&2
    exit 1
fi
if ! "$browser" "${flags[@]}" --screenshot="$png" "$url" >> "$log" 2>&1 || [ ! -s "$png" ]; then
    echo "screenshot: $browser wrote no screenshot of $url:" >&2
    cat "$log" >&2
    exit 1
fi

python3 - "$png" "${checks[@]}" << 'PY'
import sys

sys.path.insert(0, "scripts")
from png_colours import colour_histogram, count_near

png, arguments = sys.argv[1], sys.argv[2:]
try:
    width, height, colours = colour_histogram(png)
except ValueError as error:
    sys.exit(f"screenshot: {error}")
min_colours, found, missing = 16, [], []
for option, value in zip(arguments[::2], arguments[1::2]):
    if option == "--min-colours":
        min_colours = int(value)
        continue
    label, _, spec = value.partition("=")
    spec, _, minimum = spec.partition("@")
    if spec == "dark":
        pixels = sum(n for c, n in colours.items() if max(c) < 90)
    elif spec == "light":
        pixels = sum(n for c, n in colours.items() if min(c) > 200)
    else:
        rgb, _, tolerance = spec.partition("/")
        target = tuple(int(rgb[i:i + 2], 16) for i in (0, 2, 4))
        pixels = count_near(colours, target, int(tolerance or 24))
    found.append(f"{label} {pixels} px")
    if pixels < int(minimum or 40):
        missing.append(label)
print(f"screenshot: {png}: {width}x{height}, {len(colours)} colours; " + ", ".join(found))
if len(colours) < min_colours:
    missing.append(f"detail (only {len(colours)} colours: a blank page?)")
if missing:
    sys.exit(f"screenshot: {png} lacks " + ", ".join(missing))
PY
