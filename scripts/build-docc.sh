#!/usr/bin/env bash
# Builds every DocC catalog of the package, Sources/MODULE/MODULE.docc (where Xcode and Swift Package Index find
# them), with the toolchain's own docc and no SwiftPM plugin, warnings as errors; then screenshots each module's
# start page with headless Chromium (scripts/screenshot.sh; skipped without Chromium).
#   1. symbol graph: swift-symbolgraph-extract on the built module (public symbols and extension blocks). A module
#      that re-exports another (`@_exported import X`) gets X's symbols too, so its pages can link to them;
#   2. `docc convert --warnings-as-errors --transform-for-static-hosting` into .build/docc/site/MODULE/, so one
#      local HTTP server serves every module (.build/docc/site/index.html lists them);
#   3. the start page rendered: its DOM shows the module's name and first topic group, the picture is not blank.
# Usage: scripts/build-docc.sh [--no-build] [--no-screenshot]    Output: $DOCC_OUTPUT_DIR (default .build/docc)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "build-docc: $*" >&2 && exit 1; }
build=1 screenshot=1
for argument in "$@"; do
    case "$argument" in
        --no-build) build=0 ;;
        --no-screenshot) screenshot=0 ;;
        *) echo "usage: scripts/build-docc.sh [--no-build] [--no-screenshot]" >&2 && exit 2 ;;
    esac
done
out=${DOCC_OUTPUT_DIR:-.build/docc}
rm -rf "$out" && mkdir -p "$out/site" "$out/logs"
out=$(cd "$out" && pwd)

[ "$build" -eq 0 ] || swift build
source scripts/symbolgraph-env.sh
docc=$(command -v docc || echo "$swift_bin/docc")
modules=()
for catalog in Sources/*/*.docc; do
    module=$(basename "$catalog" .docc)
    [ "$catalog" = "Sources/$module/$module.docc" ] || fail "$catalog must be Sources/$module/$module.docc"
    modules+=("$module")
    reexported=$( (grep -rhoE '^@_exported import [A-Za-z_][A-Za-z0-9_]*' "Sources/$module" || true) |
        awk '{print $3}' | sort -u | while read -r name; do [ ! -d "Sources/$name" ] || echo "$name"; done | paste -sd, -)
    mkdir -p "$out/symbol-graphs/$module"
    "$extract" -module-name "$module" -target "$triple" "${includes[@]}" -minimum-access-level public \
        -emit-extension-block-symbols -output-dir "$out/symbol-graphs/$module" \
        ${reexported:+"-experimental-allowed-reexported-modules=$reexported"}
    if ! "$docc" convert "$catalog" --additional-symbol-graph-dir "$out/symbol-graphs/$module" \
        --output-path "$out/site/$module" --transform-for-static-hosting --hosting-base-path "$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.mediationkit.$module" \
        --warnings-as-errors > "$out/logs/$module.log" 2>&1; then
        cat "$out/logs/$module.log" >&2
        fail "docc reported warnings (as errors) for $catalog"
    fi
    echo "build-docc: $module${reexported:+ (with re-exported $reexported)}: no warnings"
done
{
    echo '<!doctype html><meta charset="utf-8"><title>MediationKit documentation</title><h1>MediationKit</h1><ul>'
    for module in "${modules[@]}"; do
        echo "<li><a href=\"$module/documentation/$(tr '[:upper:]' '[:lower:]' <<< "$module")/\">$module</a></li>"
    done
    echo '</ul>'
} > "$out/site/index.html"
[ "$screenshot" -eq 1 ] || { echo "build-docc: ok ($out/site)" && exit 0; }

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/site" > "$out/logs/http-server.log" 2>&1 &
server=$!
trap 'kill "$server" 2> /dev/null || true; wait "$server" 2> /dev/null || true' EXIT
for _ in $(seq 1 50); do
    python3 -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port/', timeout=1)" 2> /dev/null && break
    sleep 0.2
done
for module in "${modules[@]}"; do
    url="http://127.0.0.1:$port/$module/documentation/$(tr '[:upper:]' '[:lower:]' <<< "$module")/"
    dom="$out/screenshots/$module.dom.html"
    status=0
    scripts/screenshot.sh "$url" "$out/screenshots/$module.png" --dom "$dom" --min-colours 32 \
        --expect "text=dark@6400" --expect "light background=light@128000" || status=$?
    [ "$status" -ne 77 ] || { echo "build-docc: ok ($out/site); screenshots skipped (no Chromium)" && exit 0; }
    [ "$status" -eq 0 ] || exit "$status"
    topic=$(grep -m1 '^### ' "Sources/$module/$module.docc/$module.md" | sed 's/^### //')
    text=$(sed -e 's/<[^>]*>/ /g' "$dom" | tr -s '[:space:]' ' ')
    ! grep -qiE 'page not found|an unknown error occurred' <<< "$text" || fail "the start page of $module is an error page"
    for needle in "$module" Topics "$topic"; do
        grep -qF -- "$needle" <<< "$text" || fail "the start page of $module lacks '$needle' ($dom)"
    done
done
echo "build-docc: ok ($out/site; screenshots in $out/screenshots)"
