#!/usr/bin/env python3
"""Reports the public declarations of the last release that are still declared but no longer public (`package`).

scripts/check-api-breakage.sh runs it after `swift package diagnose-api-breaking-changes`, which misses these:
swift-api-digester dumps `package` declarations as if they were public (marked "isInternal": true in its JSON),
so a baseline `public var Mediator.clock` matches the current `package var Mediator.clock` and nothing is said.
This script reads the same dumps and reports exactly that case; removals stay the digester's to report.

  - Baseline: the digester's dumps of the release, `<baseline-dir>/<Module>.json`, which
    diagnose-api-breaking-changes wrote (no baseline build of its own).
  - Current: this tree's modules, dumped with `swift-api-digester -dump-sdk` (the digester and its arguments come
    after `--`; the tree must be built, which diagnose-api-breaking-changes has done). 2 dumps at a time.
  - A product's modules are its targets plus the package targets they re-export (`@_exported import X`, followed
    transitively): a client that imports the product sees all of them, so a declaration that moved between them
    is matched by name wherever it is now.
  - Declarations are matched by their parent path, kind, name (`render(into:using:)`) and static-ness. A public
    one of the baseline (neither it nor a parent marked "isInternal") is reported when its counterparts exist now
    and fewer of them are public than before (overloads share a name). A declaration that is gone entirely is the
    digester's ("has been removed"); the members of a reported type or property are not listed again. Accessors
    count: `public package(set) var` reports its setter.
  - Each break is one line, the digester's kind and name with its own ending:
        API breakage: var Mediator.clock is no longer public
    A line of the allow-list (one break a line, comments already stripped) accepts it. With --matched-out FILE,
    the allow-list lines that accepted a break are written to FILE, so that the caller can find stale ones.

Standard library only.
Usage: check-api-demotions.py --baseline-dir DIR --package-json FILE --allowlist FILE [--matched-out FILE]
       PRODUCT ... -- DIGESTER ARGS...
Prints each unaccepted break as "  💔 API breakage: ...", then a summary; exits 1 when one is not accepted, 2 when
it cannot compare (a module that does not dump, bad arguments).
"""
import argparse
import collections
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

EXPORTED_IMPORT = re.compile(r"^\s*@_exported\s+import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)


def product_modules(package, product_name):
    """The modules a client of the product sees: its targets and, transitively, the package targets they re-export."""
    targets = {t["name"]: t for t in package["targets"]}
    product = next(p for p in package["products"] if p["name"] == product_name)
    modules, pending = [], list(product["targets"])
    while pending:
        name = pending.pop(0)
        if name in modules or name not in targets:
            continue
        modules.append(name)
        path = targets[name].get("path") or os.path.join("Sources", name)
        for source in sorted(glob.glob(os.path.join(path, "**", "*.swift"), recursive=True)):
            with open(source, encoding="utf-8") as handle:
                pending.extend(EXPORTED_IMPORT.findall(handle.read()))
    return modules


def dump_current(modules, digester_command, out_dir):
    """Dumps each module of this tree with swift-api-digester; returns {module: root node}."""
    def dump(module):
        output = os.path.join(out_dir, module + ".json")
        command = digester_command + ["-dump-sdk", "-avoid-tool-args", "-avoid-location", "-abort-on-module-fail",
                                      "-module", module, "-o", output]
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0 or not os.path.exists(output):
            raise RuntimeError(f"swift-api-digester could not dump {module} (exit {result.returncode}):\n{result.stdout}")
        with open(output, encoding="utf-8") as handle:
            return module, json.load(handle)["ABIRoot"]

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(dump, modules))


def declarations(node):
    """The declarations directly inside a node: its member declarations and a property's accessors."""
    return [child for child in node.get("children", []) + node.get("accessors", [])
            if "declKind" in child and child["declKind"] != "Import"]


def key(node):
    return node["declKind"], node["printedName"], bool(node.get("static"))


def demotions(baseline_nodes, current_nodes, prefix=""):
    """Yields (kind, qualified name) for each public baseline declaration whose counterparts are now less public."""
    baseline_groups, current_groups = collections.defaultdict(list), collections.defaultdict(list)
    for node in baseline_nodes:
        if not node.get("isInternal"):
            baseline_groups[key(node)].append(node)
    for node in current_nodes:
        current_groups[key(node)].append(node)
    for group_key in sorted(baseline_groups):
        kind, printed_name, _ = group_key
        baseline, current = baseline_groups[group_key], current_groups.get(group_key, [])
        # An extension's node of another module's type is a container here: that type's access is not this product's.
        public = [node for node in current if node.get("isExternal") or not node.get("isInternal")]
        name = prefix + printed_name
        if len(public) < len(baseline) and len(public) < len(current):
            yield kind.lower(), name
            if not public:
                continue
        yield from demotions([d for n in baseline for d in declarations(n)],
                             [d for n in public for d in declarations(n)], name + ".")


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        print("check-api-demotions: the digester command goes after --", file=sys.stderr)
        return 2
    split = argv.index("--")
    parser = argparse.ArgumentParser(description="Public declarations of the baseline that are now package.")
    parser.add_argument("--baseline-dir", required=True, help="the digester's baseline dumps, <Module>.json")
    parser.add_argument("--package-json", required=True, help="`swift package dump-package` output")
    parser.add_argument("--allowlist", required=True, help="accepted breaks, one a line, no comments")
    parser.add_argument("--matched-out", help="write the allow-list lines this comparison matched here, one a line")
    parser.add_argument("products", nargs="+")
    options = parser.parse_args(argv[:split])
    digester_command = argv[split + 1:]

    with open(options.package_json, encoding="utf-8") as handle:
        package = json.load(handle)
    with open(options.allowlist, encoding="utf-8") as handle:
        accepted = {line.strip() for line in handle if line.strip()}

    compared = {}
    for product in options.products:
        modules = product_modules(package, product)
        baseline_modules = [m for m in modules if os.path.exists(os.path.join(options.baseline_dir, m + ".json"))]
        if baseline_modules:
            compared[product] = (modules, baseline_modules)
    needed = sorted({m for modules, _ in compared.values() for m in modules})
    with tempfile.TemporaryDirectory() as out_dir:
        try:
            current = dump_current(needed, digester_command, out_dir)
        except RuntimeError as error:
            print(f"check-api-demotions: {error}", file=sys.stderr)
            return 2

    failures, accepted_count, matched = 0, 0, set()
    for product, (modules, baseline_modules) in compared.items():
        baseline_roots = []
        for module in baseline_modules:
            with open(os.path.join(options.baseline_dir, module + ".json"), encoding="utf-8") as handle:
                baseline_roots.append(json.load(handle)["ABIRoot"])
        found = sorted(set(demotions([d for root in baseline_roots for d in declarations(root)],
                                     [d for m in modules for d in declarations(current[m])])))
        breaks = [f"API breakage: {kind} {name} is no longer public" for kind, name in found]
        unaccepted = [line for line in breaks if line not in accepted]
        accepted_count += len(breaks) - len(unaccepted)
        matched |= {line for line in breaks if line in accepted}
        if unaccepted:
            failures += len(unaccepted)
            print(f"{len(unaccepted)} public declaration(s) of {product} ({', '.join(modules)}) are no longer public:")
            for line in unaccepted:
                print(f"  💔 {line}")
    if options.matched_out:
        with open(options.matched_out, "w", encoding="utf-8") as handle:
            handle.writelines(line + "\n" for line in sorted(matched))
    print(f"check-api-demotions: {len(compared)} products ({sum(len(m) for m, _ in compared.values())} modules): "
          f"{accepted_count} demotion(s) in the allow-list, {failures} not")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
