#!/usr/bin/env bash
# Fails when the public API of the library products breaks against the last release, unless the break is in
# api-breakage-allowlist.txt (breaks the CHANGELOG announces under "### Breaking").
#
#   - The baseline is the release named in .api-baseline: its tag and commit (a clone without tags still has the
#     commit), whose code declares that version.
#   - The products compared are every library product of Package.swift (`swift package dump-package`), the
#     README's public API ("Versioning and API stability"). Pass product names to compare only those. A product
#     the baseline does not have yet is listed as new and compared from the next release on.
#   - `swift package diagnose-api-breaking-changes` builds the baseline in a temporary clone, dumps each module's
#     API with swift-api-digester, builds this tree and compares. Baselines are kept in .build/api-baseline, so
#     only the first run for a baseline builds it. It reports removed declarations and changed signatures.
#   - It does not report a public declaration that became `package` (Swift 6.3's digester): swift-api-digester
#     dumps `package` declarations as if they were public (ModuleAnalyzerNodes.cpp's shouldIgnore keeps
#     AccessLevel::Package with Public and Open; the JSON only marks them "isInternal": true), so the baseline's
#     `public var Mediator.clock` matches this tree's `package var Mediator.clock` and nothing is said. The
#     digester has no flag that leaves `package` out. So scripts/check-api-demotions.py runs second: it dumps this
#     tree's modules with `swift-api-digester -dump-sdk` (about 2 s; no baseline build: it reads the baseline
#     dumps above) and reports each public declaration of the baseline whose counterpart is no longer public,
#     for each product's modules and the modules they re-export (`@_exported import`), as
#         API breakage: var Mediator.clock is no longer public
#     (the digester's kind and name, and this ending). A declaration that is gone stays the digester's
#     ("... has been removed"); a type that moved out of its module and became `package` needs both lines.
#   - A stale allow-list line fails too: when every product is compared, each line must still name a break that
#     one of the two comparisons reports (the digester runs without the allow-list, so that it prints every break,
#     and this script accepts the allowed ones itself). A line the code no longer breaks is listed, to be removed.
#   - When the toolchain cannot run the comparison (no swift-api-digester, or the subcommand is not supported
#     on this platform), it prints why and exits 0: a skip, not a pass.
# Usage: scripts/check-api-breakage.sh [PRODUCT ...]
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    echo "check-api-breakage: $*" >&2
    exit 1
}
skip() {
    echo "check-api-breakage: SKIPPED: $*"
    exit 0
}

library_products() {
    python3 -c 'import json, sys
print(" ".join(p["name"] for p in json.load(sys.stdin)["products"] if "library" in p["type"]))'
}
package_json=$(mktemp)
trap 'rm -f "$package_json"' EXIT
swift package dump-package > "$package_json"
read -ra products <<< "$(library_products < "$package_json")"
[ ${#products[@]} -gt 0 ] || fail "swift package dump-package lists no library product"
all_products=1
if [ "$#" -gt 0 ]; then
    products=("$@")
    all_products=0
fi

[ -f .api-baseline ] || fail ".api-baseline is missing (one line: the last release's tag and its commit)"
read -r tag commit <<< "$(grep -vE '^[[:space:]]*(#|$)' .api-baseline | head -1)"
[ -n "${tag:-}" ] && [ -n "${commit:-}" ] || fail ".api-baseline must name the release's tag and its commit (v0.2.0 <hash>)"
git cat-file -e "$commit^{commit}" 2> /dev/null ||
    fail "the baseline commit $commit ($tag) is not in this clone (a shallow clone? run: git fetch --unshallow)"
# A clone may come without tags: the commit is the baseline; a tag, when present, must name that commit.
if git rev-parse -q --verify "refs/tags/$tag" > /dev/null; then
    [ "$(git rev-parse "$tag^{commit}")" = "$(git rev-parse "$commit^{commit}")" ] ||
        fail "the tag $tag is not commit $commit, which .api-baseline names"
fi
baseline=$commit
# The baseline must be the release it claims: its code declares MediationKitVersion.current = "X.Y.Z" for vX.Y.Z.
# (The file's folder differs between releases: Sources/<Module>/Support/ or a module of its own.)
declared=$(git grep -h 'public static let current = ' "$baseline" -- 'Sources/**/MediationKitVersion.swift' |
    sed -nE 's/.*"([^"]+)".*/\1/p' | head -1)
[ "$tag" = "v$declared" ] ||
    fail "the baseline $tag ($commit) declares MediationKitVersion.current = \"${declared:-?}\": .api-baseline must name the release"

swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
if ! command -v swift-api-digester > /dev/null && [ ! -x "$swift_bin/swift-api-digester" ] &&
    ! xcrun --find swift-api-digester > /dev/null 2>&1; then
    skip "this toolchain has no swift-api-digester, which diagnose-api-breaking-changes needs ($swift_bin)"
fi

# The allow-list without comments, in the form SwiftPM compares (the exact breakage message, one a line).
allowlist=$(mktemp)
trap 'rm -f "$package_json" "$allowlist"' EXIT
if [ -f api-breakage-allowlist.txt ]; then
    grep -vE '^[[:space:]]*(#|$)' api-breakage-allowlist.txt | sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//' \
        > "$allowlist" || true
fi
if [ -s "$allowlist" ]; then
    unreleased=$(sed -n '/^## \[Unreleased\]/,/^## \[/p' CHANGELOG.md)
    grep -q '^### Breaking' <<< "$unreleased" ||
        fail "api-breakage-allowlist.txt accepts $(wc -l < "$allowlist") break(s), but CHANGELOG.md's Unreleased section announces none (### Breaking)"
fi

echo "check-api-breakage: ${#products[@]} products (${products[*]}) against $baseline ($(git log -1 --format='%h %cs' "$baseline"))"
log=$(mktemp)
trap 'rm -f "$package_json" "$allowlist" "$log"' EXIT
reported=$(mktemp)
matched=$(mktemp)
trap 'rm -f "$package_json" "$allowlist" "$log" "$reported" "$matched"' EXIT
# Without the allow-list, so that the log has every break; the allowed ones are accepted below.
set +e
swift package diagnose-api-breaking-changes "$baseline" --products "${products[@]}" \
    --baseline-dir .build/api-baseline > "$log" 2>&1
status=$?
set -e
grep -vE '^\[[0-9]+/[0-9]+\] |API breakage: ' "$log" || true
grep -oE 'API breakage: .*' "$log" | sed -E 's/[[:space:]]+$//' | sort -u > "$reported" || true

# The log is printed above (all but progress and the breaks, which are sorted out below).
breaks=0
if [ "$status" -ne 0 ] && [ ! -s "$reported" ]; then
    if grep -qiE 'not supported|unsupported|unknown (sub)?command|no such (file|tool)|unable to find.*api-digester' "$log"; then
        skip "diagnose-api-breaking-changes cannot run on this toolchain; it printed the lines above"
    fi
    fail "diagnose-api-breaking-changes failed (exit $status) without naming a break; see the output above"
elif [ "$status" -eq 0 ]; then
    grep -q 'No breaking changes detected' "$log" || fail "diagnose-api-breaking-changes printed no verdict"
fi
unaccepted=$(comm -23 "$reported" <(sort -u "$allowlist"))
accepted=$(comm -12 "$reported" <(sort -u "$allowlist") | grep -c . || true)
if [ -n "$unaccepted" ]; then
    echo "diagnose-api-breaking-changes reports $(grep -c . <<< "$unaccepted") break(s) the allow-list does not accept:"
    sed 's/^/  💔 /' <<< "$unaccepted"
    breaks=1
fi
echo "check-api-breakage: the digester reports $(grep -c . "$reported" || true) break(s), $accepted in the allow-list"

# Second comparison: public declarations of the baseline that are `package` now, which the digester misses (header).
[ -d ".build/api-baseline/$baseline" ] ||
    fail "diagnose-api-breaking-changes left no baseline dumps in .build/api-baseline/$baseline"
source scripts/symbolgraph-env.sh # bin_path, triple, includes: this tree's built modules (built just above)
digester=$(command -v swift-api-digester || echo "$swift_bin/swift-api-digester")
set +e
python3 scripts/check-api-demotions.py --baseline-dir ".build/api-baseline/$baseline" --package-json "$package_json" \
    --allowlist "$allowlist" --matched-out "$matched" "${products[@]}" -- "$digester" -target "$triple" "${includes[@]}"
demotions=$?
set -e
[ "$demotions" -le 1 ] || fail "scripts/check-api-demotions.py failed (exit $demotions); see the output above"
[ "$demotions" -eq 0 ] || breaks=1

# Stale lines: allowed breaks that neither comparison reports any more (only when every product was compared).
if [ "$all_products" = 1 ]; then
    stale=$(comm -23 <(sort -u "$allowlist") <(sort -u "$reported" "$matched"))
    if [ -n "$stale" ]; then
        echo "api-breakage-allowlist.txt accepts $(grep -c . <<< "$stale") break(s) that no comparison reports any more (remove them):"
        sed 's/^/  /' <<< "$stale"
        breaks=1
    fi
fi

if [ "$breaks" -ne 0 ]; then
    echo "check-api-breakage: the public API breaks against the last release ($baseline), lines marked above." >&2
    echo "  Keep the API, or announce the break in CHANGELOG.md (Unreleased, ### Breaking) and copy the" >&2
    echo "  'API breakage: ...' line (the digester's, or check-api-demotions' '... is no longer public') into" >&2
    echo "  api-breakage-allowlist.txt. Remove the allow-list lines listed as no longer reported." >&2
    exit 1
fi
new=$(sed -nE 's/^Skipping (.+) because it does not exist in the baseline$/\1/p' "$log" | sort | paste -sd' ' -)
echo "check-api-breakage: no unannounced break or demotion in ${#products[@]} products${new:+ (modules new since $baseline, compared from the next release: $new)}"
