#!/usr/bin/env python3
"""Fails when the documentation names a Swift symbol that is not public API of the package.

Hosts and adapter authors read README.md, docs/*.md, the DocC articles (Sources/*/*.docc) and Adapters/*/README.md;
a name in backticks there must be something they can use. This script:

  1. builds the package (`swift build`, skipped with --no-build) and extracts a symbol graph of every library
     product's Swift module with `swift-symbolgraph-extract -minimum-access-level public` (so `package`,
     `internal` and `private` symbols are absent), into .build/doc-symbols/;
  2. collects every public type (nested types included) and every member path (`Type.member`, enum cases,
     protocol requirements, members a type gets from a protocol extension);
  3. scans the inline code spans (`...` and DocC ``Type/member`` links; fenced blocks are left to
     scripts/check-snippets.py) for names that look like Swift types (UpperCamelCase, optionally followed by
     `.member` or `/member`), and reports each one that is neither a public symbol of the package nor on the
     allow-list, scripts/doc-symbols-allowlist.txt (Foundation, UIKit, vendor SDK names, plist keys, ...).

A member is checked one level deep: in `Mediator.loadNativeAd(from:)` the type `Mediator` and its member
`loadNativeAd` must be public; a lower-case first name (`ad.render(into:)`, a variable) is not checked.

Usage: scripts/check-doc-symbols.py [--no-build] [--verbose]
Prints each offender as FILE:LINE: `SPAN`: NAME (why), and exits 1 when there is any; 0 otherwise.
"""

import argparse
import fnmatch
import functools
import glob
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOWLIST = os.path.join(ROOT, "scripts", "doc-symbols-allowlist.txt")
OUTPUT = os.path.join(ROOT, ".build", "doc-symbols")

TYPE_KINDS = {
    "swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor",
    "swift.associatedtype",
}
# UpperCamelCase: an upper-case letter first and at least one lower-case letter (so `IDFA`, `TCF`, `ATT` are
# acronyms in prose, not type names).
TYPE_NAME = re.compile(r"^[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*$")
CHAIN = re.compile(r"(?<![\w.\-/])[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
ACRONYM_PLURAL = re.compile(r"^[A-Z]{2,}s$")  # `URLs`, `IDs` in a quoted message
STRING_LITERAL = re.compile(r'"(?:[^"\\]|\\.)*"')
FENCE = re.compile(r"^\s*(```+|~~~+)")
FILE_LIKE = re.compile(r"\.(?:md|swift|json|jsonl|sh|py|txt|svg|html|xcprivacy|plist|c|h|yml|yaml)\b")


def run(command, **kwargs):
    return subprocess.run(command, cwd=ROOT, check=True, text=True, **kwargs)


@functools.lru_cache(maxsize=None)
def package():
    """Package.swift as `swift package dump-package` describes it."""
    return json.loads(run(["swift", "package", "dump-package"], capture_output=True).stdout)


def target_directory(target):
    return os.path.join(ROOT, target.get("path") or os.path.join("Sources", target["name"]))


def library_modules():
    """The Swift modules of the package's library products (what a host or adapter author imports)."""
    swift_targets = {
        target["name"] for target in package()["targets"]
        if target["type"] == "regular"
        and glob.glob(os.path.join(target_directory(target), "**", "*.swift"), recursive=True)
    }
    modules = []
    for product in package()["products"]:
        if "library" in product["type"]:
            modules += [name for name in product["targets"] if name in swift_targets and name not in modules]
    # A module a product re-exports (`@_exported import InstreamSimulation` in MediationTesting) is public API too.
    directories = {target["name"]: target_directory(target) for target in package()["targets"]}
    for module in modules:  # grows while it runs: a re-exported module's own re-exports count as well
        for source in glob.glob(os.path.join(directories[module], "**", "*.swift"), recursive=True):
            with open(source, encoding="utf-8") as handle:
                for name in re.findall(r"^@_exported\s+import\s+(\w+)", handle.read(), re.MULTILINE):
                    if name in swift_targets and name not in modules:
                        modules.append(name)
    return modules


def symbol_graph_extract():
    """swift-symbolgraph-extract beside the `swift` driver in use (the toolchain's bin directory)."""
    found = shutil.which("swift-symbolgraph-extract")
    if found:
        return found
    swift = shutil.which("swift")
    if swift:
        candidate = os.path.join(os.path.dirname(os.path.realpath(swift)), "swift-symbolgraph-extract")
        if os.path.exists(candidate):
            return candidate
    sys.exit("check-doc-symbols: swift-symbolgraph-extract not found next to swift")


def extract_symbol_graphs(modules, build):
    if build:
        run(["swift", "build"])
    bin_path = run(["swift", "build", "--show-bin-path"], capture_output=True).stdout.strip()
    target = json.loads(run(["swiftc", "-print-target-info"], capture_output=True).stdout)["target"]["triple"]
    includes = ["-I", os.path.join(bin_path, "Modules")]
    if sys.platform == "darwin":  # the SDK the modules were built against
        sdk = run(["xcrun", "--sdk", "macosx", "--show-sdk-path"], capture_output=True).stdout.strip()
        includes += ["-sdk", sdk]
    # C targets' module maps (CHeapStatistics) live in their .build directories.
    for modulemap in glob.glob(os.path.join(bin_path, "*.build", "module.modulemap")):
        includes += ["-I", os.path.dirname(modulemap)]
    for include_dir in glob.glob(os.path.join(ROOT, "Sources", "*", "include")):
        includes += ["-I", include_dir]
    shutil.rmtree(OUTPUT, ignore_errors=True)
    os.makedirs(OUTPUT)
    tool = symbol_graph_extract()
    for module in modules:
        run([tool, "-module-name", module, "-target", target, *includes, "-minimum-access-level", "public",
             "-output-dir", OUTPUT], capture_output=True)


def module_version_types(modules, types, paths):
    """swift-symbolgraph-extract leaves out every symbol named `<Module>Version…` (it takes such names for the
    generated `FooVersionNumber` / `FooVersionString` of a framework), so `MyTargetAdaptersVersion` and its
    members never reach the graph (Swift 6.3.1; shown with a one-file module). Such types are read from the
    sources instead: the public type declaration and the public members in its file."""
    directories = {target["name"]: target_directory(target) for target in package()["targets"]}
    for module in modules:
        declaration = re.compile(
            r"^public\s+(?:final\s+)?(?:enum|struct|class|actor|protocol)\s+(" + module + r"Version\w*)")
        member = re.compile(r"^\s+public\s+(?:static\s+)?(?:let|var|func|case)\s+(\w+)")
        for source in glob.glob(os.path.join(directories[module], "**", "*.swift"), recursive=True):
            with open(source, encoding="utf-8") as handle:
                lines = handle.read().split("\n")
            current = None
            for line in lines:
                found = declaration.match(line)
                if found:
                    current = found.group(1)
                    types.add(current)
                    paths.add(current)
                elif current and line.startswith("}"):
                    current = None
                elif current and member.match(line):
                    paths.add(current + "." + member.match(line).group(1))


def public_symbols():
    """(types, paths): public type names (each nesting level) and dotted member paths such as `Mediator.mediate`."""
    types, paths = set(), set()
    for graph in glob.glob(os.path.join(OUTPUT, "*.symbols.json")):
        with open(graph, encoding="utf-8") as handle:
            data = json.load(handle)
        extends_foreign = "@" in os.path.basename(graph)  # Module@Swift.symbols.json: extensions of other modules
        for symbol in data["symbols"]:
            components = [re.sub(r"\(.*$", "", part) for part in symbol["pathComponents"]]
            if symbol["kind"]["identifier"] in TYPE_KINDS and not extends_foreign:
                types.add(".".join(components))
                types.add(components[-1])
            for end in range(1, len(components) + 1):
                paths.add(".".join(components[:end]))
    return types, paths


def load_allowlist():
    """[(name pattern, [file globs])]: a line is `PATTERN [FILE-GLOB ...]  # why`; no glob means every file."""
    entries = []
    with open(ALLOWLIST, encoding="utf-8") as handle:
        for line in handle:
            fields = line.split("#", 1)[0].split()
            if fields:
                entries.append((fields[0], fields[1:]))
    return entries


def allowed(name, entries, relative):
    return any(
        fnmatch.fnmatchcase(name, pattern) and (not scopes or any(fnmatch.fnmatchcase(relative, g) for g in scopes))
        for pattern, scopes in entries)


def package_names():
    """Names that are not symbols but are the package's own: the package, its targets (modules) and the types
    the tests declare (docs point to a test as the evidence for a claim, such as `ReadmeExampleTests`)."""
    names = {package()["name"]} | {target["name"] for target in package()["targets"]}
    declaration = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:private|fileprivate|internal|final)\s+)*"
                             r"(?:struct|class|enum|actor|protocol)\s+([A-Z]\w*)")
    for source in glob.glob(os.path.join(ROOT, "Tests", "**", "*.swift"), recursive=True):
        with open(source, encoding="utf-8") as handle:
            for line in handle:
                found = declaration.match(line)
                if found:
                    names.add(found.group(1))
    return names


def apple_only_members(types, paths):
    """Public API behind `#if canImport(UIKit)` (AdImage.uiImage, NativeAdAssetViews.uiView(for:),
    FeedAdTableViewDataSource) is not in a Linux symbol graph; it is read from those files: `extension T` or a public
    type `T` followed by `public` members."""
    public_type = r"(?:@MainActor\s+)?public\s+(?:final\s+)?(?:class|struct|enum)"
    extension = re.compile(r"^\s*(?:extension|" + public_type + r")\s+([A-Z]\w*)")
    declaration = re.compile(r"^\s*" + public_type + r"\s+([A-Z]\w*)")
    member = re.compile(r"^\s*public\s+(?:static\s+)?(?:let|var|func|init|subscript)\s*(\w*)")
    for source in glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True) + glob.glob(
            os.path.join(ROOT, "Adapters", "**", "*.swift"), recursive=True):
        with open(source, encoding="utf-8") as handle:
            text = handle.read()
        if "canImport(UIKit)" not in text:
            continue
        current = None
        for line in text.split("\n"):
            found = extension.match(line)
            if found:
                current = found.group(1)
                if declaration.match(line):
                    types.add(current)
            elif current and current in types and member.match(line):
                paths.add(current + "." + (member.match(line).group(1) or "init"))


def documentation_files():
    files = [os.path.join(ROOT, "README.md")]
    files += sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    files += sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md")))  # the DocC articles
    files += sorted(glob.glob(os.path.join(ROOT, "Adapters", "*", "README.md")))
    return [path for path in files if os.path.isfile(path)]


def code_spans(path):
    """(line number, span text, is DocC link, the character before it) for every inline code span outside fenced
    blocks."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    in_fence = None
    for number, line in enumerate(lines, 1):
        fence = FENCE.match(line)
        if fence:
            marker = fence.group(1)
            if in_fence is None:
                in_fence = marker[0] * 3
            elif marker.startswith(in_fence):
                in_fence = None
            continue
        if in_fence:
            continue
        position = 0
        while True:
            start = line.find("`", position)
            if start < 0:
                break
            ticks = len(re.match(r"`+", line[start:]).group(0))
            end = line.find("`" * ticks, start + ticks)
            if end < 0:
                break
            yield number, line[start + ticks:end], ticks == 2, line[:start].rstrip()[-1:]
            position = end + ticks


def declared_in_code_blocks(path):
    """Types a doc's own fenced code blocks declare (`final class MyTargetSDKInstreamAd: …` in the glue): the doc
    may name them in its prose."""
    declaration = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|"
                             r"final|open)\s+)*(?:struct|class|enum|actor|protocol|typealias)\s+([A-Z]\w*)")
    names, in_fence = set(), None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            fence = FENCE.match(line)
            if fence:
                in_fence = None if in_fence and fence.group(1).startswith(in_fence) else (
                    in_fence or fence.group(1)[0] * 3)
                continue
            found = declaration.match(line) if in_fence else None
            if found:
                names.add(found.group(1))
    return names


def names_in_span(span, docc_link, before):
    """The dotted name chains in a span that start with an UpperCamelCase name, as (chain, is a prefix), or []
    for paths, flags, URLs and fragments."""
    text = span.strip()
    if not text or text.startswith(("-", "…")) or "://" in text or before == "+":
        return []  # a flag, a fragment (`…Audio…`), a URL, or a suffix (`MyTargetInstreamAdPlayer` (+`Delegate`))
    if docc_link:
        text = text.replace("/", ".")
    elif "/" in text.split("(")[0] or FILE_LIKE.search(text):
        return []  # a file or directory path (Sources/MediationCore, docs/privacy.md)
    text = STRING_LITERAL.sub('""', text)
    chains = []
    for match in CHAIN.finditer(text):
        rest = text[match.end():]
        if rest.startswith("-") and rest[1:2].isalpha():
            continue  # an HTTP header or a hyphenated word (`Content-Length`)
        chain = match.group(0).split(".")
        if TYPE_NAME.match(chain[0]) and not ACRONYM_PLURAL.match(chain[0]):
            chains.append((chain, rest.startswith("…")))
    return chains


def check_chain(chain, is_prefix, types, paths, known, entries, relative):
    """None when the chain names public API (or allow-listed names); otherwise (name, reason)."""
    head = chain[0]
    if allowed(head, entries, relative) or head in known:
        return None
    if is_prefix:  # `GoogleSDK…`: some public type must start with it
        if any(name.startswith(head) for name in types):
            return None
        return head + "…", "no public type starts with it"
    if head not in types:
        return head, "not a public type of the package"
    # Resolve the longest run of nested type names (ConformanceReport.Check), then one member.
    prefix = head
    qualified = [p for p in paths if p == head or p.endswith("." + head)]
    for part in chain[1:]:
        candidates = [q + "." + part for q in qualified if (q + "." + part) in paths]
        name = prefix + "." + part
        if not candidates:
            if allowed(name, entries, relative):
                return None
            return name, f"`{prefix}` has no public member `{part}`"
        if part[0].isupper() and any(c in types for c in candidates):
            qualified, prefix = candidates, name
            continue
        return None  # a member (property, method, case): deeper parts belong to its type, not checked
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-build", action="store_true", help="use the existing build (after `swift build`)")
    parser.add_argument("--verbose", action="store_true", help="list the modules and symbol counts")
    arguments = parser.parse_args()

    modules = library_modules()
    extract_symbol_graphs(modules, build=not arguments.no_build)
    types, paths = public_symbols()
    module_version_types(modules, types, paths)
    apple_only_members(types, paths)
    known = package_names()
    entries = load_allowlist()
    if arguments.verbose:
        print(f"modules: {' '.join(modules)}; {len(types)} public type names, {len(paths)} public paths")

    offenders = 0
    spans_checked = 0
    for path in documentation_files():
        relative = os.path.relpath(path, ROOT)
        declared = known | declared_in_code_blocks(path)
        for number, span, docc_link, before in code_spans(path):
            spans_checked += 1
            for chain, is_prefix in names_in_span(span, docc_link, before):
                problem = check_chain(chain, is_prefix, types, paths, declared, entries, relative)
                if problem:
                    offenders += 1
                    name, reason = problem
                    print(f"{relative}:{number}: `{span}`: {name} ({reason})")
    if offenders:
        print(f"check-doc-symbols: {offenders} name(s) in the docs are not public API of MediationKit. Name the "
              f"public API (or describe the behaviour), or, for a name from outside the package, add it to "
              f"{os.path.relpath(ALLOWLIST, ROOT)} with a comment.")
        return 1
    print(f"check-doc-symbols: {spans_checked} code spans in {len(documentation_files())} files name only public "
          f"API of {len(modules)} modules (or allow-listed names)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
