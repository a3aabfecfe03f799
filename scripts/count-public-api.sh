#!/usr/bin/env bash
# Counts the public and open declarations of every Swift module of the package, from symbol graphs.
#
#   - Builds the package (`swift build`; skipped with --no-build) and runs swift-symbolgraph-extract on each
#     regular Swift target's module with `-minimum-access-level public`, so `package`, `internal` and `private`
#     symbols are absent.
#   - A declaration is a symbol of the module's own graph (extensions of other modules' types included, from
#     `Module@Other.symbols.json`); the default implementations a type inherits from a protocol
#     ("::SYNTHESIZED::") are not declarations and are left out. A type is a class, struct, enum, protocol,
#     actor or typealias (nested ones included).
#   - Prints a Markdown table: module, public symbols, the declarations among them that carry `public` or `open`
#     themselves (declaration lines: all but enum cases and protocol requirements, which are public with their
#     enum or protocol, and the members the compiler writes, which have no line of source: a `Codable` type's
#     `init(from:)` and `encode(to:)`, a raw-value enum's `init(rawValue:)`, a derived `==` or `hash(into:)`),
#     public types; the totals last. The CHANGELOG quotes it (issue 45's "Bridge + Core below 850").
# Usage: scripts/count-public-api.sh [--no-build] [MODULE ...]
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
if [ "${1:-}" = "--no-build" ]; then
    build=0
    shift
fi
if [ "$build" = 1 ]; then swift build --disable-index-store > /dev/null; fi

if [ "$#" -gt 0 ]; then
    modules=("$@")
else
    # Every regular target with Swift sources (libraries, not executables, tests or C targets).
    mapfile -t modules < <(swift package dump-package | python3 -c '
import glob, json, os, sys
for target in json.load(sys.stdin)["targets"]:
    path = target.get("path") or os.path.join("Sources", target["name"])
    if target["type"] == "regular" and glob.glob(os.path.join(path, "**", "*.swift"), recursive=True):
        print(target["name"])')
fi

source scripts/symbolgraph-env.sh

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for module in "${modules[@]}"; do
    mkdir -p "$out/$module"
    "$extract" -module-name "$module" -target "$triple" "${includes[@]}" -minimum-access-level public \
        -output-dir "$out/$module" > /dev/null
done

python3 - "$out" "${modules[@]}" <<'PY'
import glob, json, os, sys
out, modules = sys.argv[1], sys.argv[2:]
TYPES = {"swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
print("| Module | Public symbols | Declared `public`/`open` | Public types |")
print("|---|---:|---:|---:|")
totals = [0, 0, 0]
for module in modules:
    kinds, requirements, synthesized = {}, set(), set()
    for path in glob.glob(os.path.join(out, module, "*.symbols.json")):
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise or symbol["kind"]["identifier"] == "swift.extension":
                continue
            kinds[precise] = symbol["kind"]["identifier"]
            if "location" not in symbol:
                synthesized.add(precise)
        requirements |= {
            edge["source"] for edge in graph["relationships"]
            if edge["kind"] in ("requirementOf", "optionalRequirementOf")
        }
    symbols = len(kinds)
    # Enum cases and protocol requirements are public with their enum or protocol, without a keyword of their own;
    # members the compiler synthesises have no source location and no keyword either.
    declared = sum(
        1 for precise, kind in kinds.items()
        if kind != "swift.enum.case" and precise not in requirements and precise not in synthesized
    )
    types = sum(1 for kind in kinds.values() if kind in TYPES)
    for index, value in enumerate((symbols, declared, types)):
        totals[index] += value
    print(f"| {module} | {symbols} | {declared} | {types} |")
print(f"| **Total** | **{totals[0]}** | **{totals[1]}** | **{totals[2]}** |")
PY
