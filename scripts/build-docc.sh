#!/usr/bin/env bash
# Builds the DocC documentation of the modules listed in docs/catalogs/modules.txt with the toolchain's own `docc`
# (no SwiftPM plugin), fails on any DocC warning, and takes a headless Chromium screenshot of each module's rendered
# start page.
#
# For each module MODULE listed (one a line: MODULE ARTICLE...):
#   1. symbol graph: `swift build`, then `swift-symbolgraph-extract` on the built module (public symbols, extension
#      blocks for extended types of other modules). A module that re-exports another package module
#      (`@_exported import X` in its sources) gets X's symbols too (-experimental-allowed-reexported-modules=X), so
#      its doc comments and topic groups can link to the re-exported types; without the flag the extractor leaves
#      them out (Swift 6.3.1; `swift build -Xswiftc -emit-symbol-graph` includes them by default, but would rebuild
#      the package with other flags);
#   2. catalog: docs/catalogs/MODULE.docc (the root page with the module's topic groups, checked in) plus each
#      ARTICLE, docs/ARTICLE.md copied in; a link to another docs page becomes <doc:PAGE> when the page is in the
#      same catalog, a link into that module's archive when it is in another, and a link to a file outside docs/
#      becomes its text; images (docs/*.svg) are copied beside the article;
#   3. `docc convert --warnings-as-errors --transform-for-static-hosting`, into .build/docc/site/MODULE/ (hosting
#      base path /MODULE), so one local HTTP server serves every module; .build/docc/site/index.html lists them.
# Then, with Chromium (chromium, chromium-browser, google-chrome; installed with apt-get when missing and allowed,
# else the screenshots are skipped, as in scripts/html-screenshot.sh): `python3 -m http.server` on loopback serves
# the site, and each module's start page is rendered headless into .build/docc/screenshots/MODULE.png; the rendered
# DOM must show the module's name and its first topic group, and the picture must not be blank.
#
# Usage: scripts/build-docc.sh [--no-build] [--no-screenshot]
# Environment: DOCC_OUTPUT_DIR (default .build/docc), DOCC_INSTALL_CHROMIUM=0 to never run apt-get.
# Prints each module's warning count and the total; exit 0 only when the total is 0 and every screenshot taken
# passed.
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
screenshot=1
for argument in "$@"; do
    case "$argument" in
        --no-build) build=0 ;;
        --no-screenshot) screenshot=0 ;;
        *)
            echo "usage: scripts/build-docc.sh [--no-build] [--no-screenshot]" >&2
            exit 2
            ;;
    esac
done

catalogs=docs/catalogs
list=$catalogs/modules.txt
out=${DOCC_OUTPUT_DIR:-.build/docc}
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/symbol-graphs" "$out/catalogs" "$out/site" "$out/logs" "$out/screenshots"
mkdir -p "$out/symbol-graphs" "$out/catalogs" "$out/site" "$out/logs" "$out/screenshots"

modules=()
while read -r module _; do
    modules+=("$module")
done < <(grep -v '^[[:space:]]*\(#\|$\)' "$list")
if [ ${#modules[@]} -eq 0 ]; then
    echo "build-docc: $list lists no module" >&2
    exit 1
fi

source scripts/symbolgraph-env.sh
docc=$(command -v docc || echo "$swift_bin/docc")
for tool in "$docc" "$extract"; do
    if [ ! -x "$tool" ]; then
        echo "build-docc: $(basename "$tool") not found next to swift ($swift_bin)" >&2
        exit 1
    fi
done

started=$SECONDS
if [ "$build" -eq 1 ]; then
    swift build
fi

# Catalog assembly: the checked-in root page and resources, then the articles with their links rewritten.
python3 - "$list" "$out/catalogs" << 'PY'
import os, re, shutil, sys

list_path, destination = sys.argv[1], sys.argv[2]
docs = os.path.dirname(os.path.dirname(list_path))
owner = {}  # page -> module
modules = []
for line in open(list_path, encoding="utf-8"):
    words = line.split("#", 1)[0].split()
    if not words:
        continue
    modules.append(words[0])
    for page in words[1:]:
        if page in owner:
            sys.exit(f"build-docc: docs/{page}.md is listed for {owner[page]} and {words[0]}; a page belongs to one module")
        if not os.path.isfile(os.path.join(docs, page + ".md")):
            sys.exit(f"build-docc: {list_path} lists docs/{page}.md, which does not exist")
        owner[page] = words[0]

LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")


def github_slug(heading):
    heading = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return heading.replace(" ", "-")


def docc_fragment(page, anchor):
    """The DocC fragment of the heading whose GitHub anchor is `anchor` (DocC keeps the heading's case)."""
    for line in open(os.path.join(docs, page + ".md"), encoding="utf-8"):
        match = re.match(r"^#{2,6}\s+(.*)$", line)
        if match and github_slug(match.group(1)) == anchor:
            return re.sub(r"\s+", "-", re.sub(r"[`*]", "", match.group(1).strip()))
    sys.exit(f"build-docc: docs/{page}.md has no heading for the anchor #{anchor}")


def rewrite(module, source, catalog):
    text = open(source, encoding="utf-8").read()
    fenced = False
    lines = []
    for line in text.splitlines(keepends=True):
        fence = re.match(r"^([ \t]*(?:```+|~~~+))[ \t]*(\w*)[^\n]*(\n?)$", line)
        if fence:
            fenced = not fenced
            # DocC reads words after the language as options and warns on unknown ones (`swift ios`,
            # `swift excerpt=PATH`: markers for scripts/check-snippets.py), so only the language is kept.
            line = fence.group(1) + fence.group(2) + fence.group(3)
        if not fenced:
            line = LINK.sub(lambda m: link(module, m, catalog), line)
        lines.append(line)
    return "".join(lines)


def link(module, match, catalog):
    image, label, target = match.groups()
    if re.match(r"^[a-z]+:", target):  # https:, mailto:, doc:
        return match.group(0)
    path, _, anchor = target.partition("#")
    if image:
        if os.path.dirname(path) or not os.path.isfile(os.path.join(docs, path)):
            sys.exit(f"build-docc: image {target} must be a file in docs/")
        shutil.copy(os.path.join(docs, path), catalog)
        return match.group(0)
    page = path[:-3] if path.endswith(".md") and not os.path.dirname(path) else None
    if page is None or not os.path.isfile(os.path.join(docs, path)):
        return label  # a file outside docs/ (CHANGELOG.md, a source file): no page of the site
    if page not in owner:
        return label  # a page in no built catalog yet
    fragment = "#" + docc_fragment(page, anchor) if anchor else ""
    if owner[page] == module:
        return f"[{label}](<doc:{page}{fragment}>)"
    other = owner[page]
    return f"[{label}](../../../{other}/documentation/{other.lower()}/{page}{fragment})"


for module in modules:
    source_catalog = os.path.join(docs, "catalogs", module + ".docc")
    if not os.path.isfile(os.path.join(source_catalog, module + ".md")):
        sys.exit(f"build-docc: {source_catalog}/{module}.md (the module's root page) is missing")
    catalog = os.path.join(destination, module + ".docc")
    shutil.copytree(source_catalog, catalog)
    for page, page_module in owner.items():
        if page_module == module:
            with open(os.path.join(catalog, page + ".md"), "w", encoding="utf-8") as article:
                article.write(rewrite(module, os.path.join(docs, page + ".md"), catalog))
unlisted = sorted(name[:-3] for name in os.listdir(docs) if name.endswith(".md") and name[:-3] not in owner)
if unlisted:
    print("build-docc: docs pages in no built catalog (see docs/catalogs/modules.txt): " + ", ".join(unlisted))
PY

total=0
failed=0
for module in "${modules[@]}"; do
    if [ ! -d "Sources/$module" ]; then
        echo "build-docc: $module is listed in $list but Sources/$module does not exist" >&2
        exit 1
    fi
    reexported=()
    while read -r name; do
        [ -d "Sources/$name" ] && reexported+=("$name")
    done < <(grep -rhoE '^@_exported import [A-Za-z_][A-Za-z0-9_]*' "Sources/$module" | awk '{print $3}' | sort -u)
    graphs="$out/symbol-graphs/$module"
    mkdir -p "$graphs"
    extract_flags=(-module-name "$module" -target "$triple" "${includes[@]}" -minimum-access-level public
        -emit-extension-block-symbols -output-dir "$graphs")
    if [ ${#reexported[@]} -gt 0 ]; then
        extract_flags+=("-experimental-allowed-reexported-modules=$(
            IFS=,
            echo "${reexported[*]}"
        )")
    fi
    "$extract" "${extract_flags[@]}"

    log="$out/logs/$module.log"
    status=0
    "$docc" convert "$out/catalogs/$module.docc" --additional-symbol-graph-dir "$graphs" \
        --output-path "$out/site/$module" --transform-for-static-hosting --hosting-base-path "$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.mediationkit.$module" \
        --warnings-as-errors > "$log" 2>&1 || status=$?
    count=$(grep -cE '^(warning|error): ' "$log" || true)
    total=$((total + count))
    reexport_note=""
    [ ${#reexported[@]} -gt 0 ] && reexport_note=" (with re-exported ${reexported[*]})"
    echo "build-docc: $module$reexport_note: $count warning(s)"
    if [ "$status" -ne 0 ] || [ "$count" -ne 0 ]; then
        cat "$log" >&2
        failed=1
    fi
done
echo "build-docc: $total warning(s) in ${#modules[@]} module(s), $((SECONDS - started)) s"
if [ "$failed" -ne 0 ]; then
    echo "build-docc: docc reported warnings (as errors) or failed; logs in $out/logs" >&2
    exit 1
fi

{
    echo '<!doctype html><html><head><meta charset="utf-8"><title>MediationKit documentation</title></head><body>'
    echo '<h1>MediationKit documentation</h1><ul>'
    for module in "${modules[@]}"; do
        lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
        echo "<li><a href=\"$module/documentation/$lower/\">$module</a></li>"
    done
    echo '</ul></body></html>'
} > "$out/site/index.html"

if [ "$screenshot" -eq 0 ]; then
    echo "build-docc: ok ($out/site; screenshots not asked for)"
    exit 0
fi

find_browser() {
    for candidate in chromium chromium-browser google-chrome google-chrome-stable; do
        if command -v "$candidate" > /dev/null 2>&1; then
            command -v "$candidate"
            return
        fi
    done
}
browser=$(find_browser || true)
if [ -z "$browser" ] && [ "${DOCC_INSTALL_CHROMIUM:-1}" != 0 ] && command -v apt-get > /dev/null \
    && [ "$(id -u)" -eq 0 ]; then
    echo "build-docc: installing Chromium with apt-get for the screenshots"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) > "$out/logs/apt.log" 2>&1 \
        || echo "build-docc: apt-get could not install chromium (log: $out/logs/apt.log)"
    browser=$(find_browser || true)
fi
if [ -z "$browser" ]; then
    echo "build-docc: no Chromium found (chromium, chromium-browser, google-chrome); skipping the screenshots"
    exit 0
fi

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/site" > "$out/logs/http-server.log" 2>&1 &
server=$!
trap 'kill "$server" 2> /dev/null || true; wait "$server" 2> /dev/null || true' EXIT
for _ in $(seq 1 50); do
    if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html', timeout=1)" \
        2> /dev/null; then
        break
    fi
    sleep 0.2
done

for module in "${modules[@]}"; do
    lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
    url="http://127.0.0.1:$port/$module/documentation/$lower/"
    png="$out/screenshots/$module.png"
    dom="$out/logs/$module.dom.html"
    topic=$(grep -m1 '^### ' "$catalogs/$module.docc/$module.md" | sed 's/^### //')
    chromium_flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1
        --window-size=1280,1000 --virtual-time-budget=10000)
    if ! "$browser" "${chromium_flags[@]}" --dump-dom "$url" > "$dom" 2> "$out/logs/$module.chromium.log" \
        || ! "$browser" "${chromium_flags[@]}" --screenshot="$png" "$url" >> "$out/logs/$module.chromium.log" 2>&1; then
        echo "build-docc: $browser failed on $url:" >&2
        cat "$out/logs/$module.chromium.log" >&2
        exit 1
    fi
    python3 - "$png" "$dom" "$module" "$topic" << 'PY'
import html, re, sys

sys.path.insert(0, "scripts")
from png_colours import colour_histogram

png, dom, module, topic = sys.argv[1:5]
text = html.unescape(re.sub(r"<[^>]+>", " ", open(dom, encoding="utf-8", errors="replace").read()))
text = re.sub(r"\s+", " ", text)
for needle in (module, "Topics", topic):
    if needle not in text:
        sys.exit(f"build-docc: the rendered start page of {module} lacks {needle!r} (DOM: {dom})")
if "page not found" in text.lower() or "an unknown error occurred" in text.lower():
    sys.exit(f"build-docc: the rendered start page of {module} is an error page (DOM: {dom})")
try:
    width, height, colours = colour_histogram(png)
except ValueError as error:
    sys.exit(f"build-docc: {error}")
dark = sum(n for c, n in colours.items() if max(c) < 90)
light = sum(n for c, n in colours.items() if min(c) > 200)
pixels = width * height
print(f"build-docc: {png}: {width}x{height}, {len(colours)} colours, {100 * dark // pixels} % dark, "
      f"{100 * light // pixels} % light")
if len(colours) < 32 or dark < pixels // 200 or light < pixels // 10:
    sys.exit(f"build-docc: {png} looks blank (too few colours, or no text on a light page)")
PY
done
echo "build-docc: ok ($out/site; screenshots in $out/screenshots)"
