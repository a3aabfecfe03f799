#!/usr/bin/env python3
"""Compiles every Swift snippet in the documentation, so that docs cannot rot.

Sources of snippets:
  * every ```swift fenced block in README.md, docs/*.md, the DocC articles (Sources/*/*.docc/*.md) and
    Adapters/*/README.md;
  * every ```swift block inside a `///` doc comment in Sources/ and Adapters/.

Rules (also in docs/writing-an-adapter.md, "Documentation snippets"):
  * A doc comment's block in an internal target (one no library product exports, such as MediationScaffold) is
    listed and skipped: a package that depends on this one cannot import it; the target's tests cover it.
  * A fence whose info string carries `ios` (```swift ios) can only build on Apple platforms (UIKit, a vendor
    SDK, os.Logger): it is listed and skipped here, and compiled by scripts/check-ios-glue.py against interface
    stubs (Tests/iOSStubs); ```swift ios manifest marks a Package.swift fragment, ```swift ios skip=REASON a block
    that cannot be compiled even there.
  * The blocks of one Markdown file form one Swift module, in order, so a later block may use what an earlier one
    declared; a doc comment's blocks form one module per source file.
  * A block of declarations (func, struct, extension, ...) is compiled as it is. A block that contains top-level
    statements (a top-level `let` or `var` counts as one) is wrapped in a `@MainActor func ... async throws` body, so a usage fragment compiles as long as
    it names only what it declares or what the package exports.
  * Foundation, Swift Testing and every library product of the package are imported.
  * A fence that quotes generated code (```swift excerpt=PATH) is not compiled on its own: every code line of it
    must appear in PATH (a scaffold template; `Acme` stands for `{{Name}}`), which scripts/scaffold-check.sh
    generates, builds and tests. Lines holding an ellipsis (…) and trailing `//` comments are not compared.

Also checks that no Markdown file links or points to a path outside the repository or to a file that does not
exist (relative links and `path.md`-style mentions in backticks).

Usage: scripts/check-snippets.py [--keep] ; exit 0 when every snippet compiles and every link resolves.
The generated package lives in .build/doc-snippets (kept between runs for incremental builds).
"""

import json
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "doc-snippets")

DECLARATION_START = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|private|fileprivate|internal|package|open|final|nonisolated|indirect|static)\s+)*"
    r"(?:import|func|struct|class|enum|extension|protocol|actor|typealias|let|var|#if|#else|#elseif|#endif)\b"
)
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([^`\s]*)\s*(.*)$")


def markdown_files():
    files = [os.path.join(ROOT, "README.md")]
    docs = os.path.join(ROOT, "docs")
    if os.path.isdir(docs):
        files += sorted(os.path.join(docs, name) for name in os.listdir(docs) if name.endswith(".md"))
    files += sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md")))  # the DocC articles
    adapters = os.path.join(ROOT, "Adapters")
    if os.path.isdir(adapters):
        for name in sorted(os.listdir(adapters)):
            readme = os.path.join(adapters, name, "README.md")
            if os.path.isfile(readme):
                files.append(readme)
    return [f for f in files if os.path.isfile(f)]


def blocks_in_markdown(path):
    """(first line number, info attributes, code) for each ```swift block."""
    blocks = []
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if match and match.group(3) == "swift":
            fence = match.group(2)
            attributes = match.group(4).split()
            start = index + 1
            body = []
            index += 1
            while index < len(lines) and not lines[index].strip().startswith(fence):
                body.append(lines[index])
                index += 1
            blocks.append((start, attributes, "\n".join(body)))
        elif match and match.group(2):
            fence = match.group(2)
            index += 1
            while index < len(lines) and not lines[index].strip().startswith(fence):
                index += 1
        index += 1
    return blocks


def blocks_in_doc_comments(path):
    blocks = []
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        stripped = lines[index].strip()
        if stripped.startswith("///"):
            text = stripped[3:].strip()
            match = FENCE.match(text)
            if match and match.group(3) == "swift":
                attributes = match.group(4).split()
                start = index + 1
                body = []
                index += 1
                while index < len(lines) and lines[index].strip().startswith("///"):
                    content = lines[index].strip()[3:]
                    if content.strip().startswith("```"):
                        break
                    body.append(content[1:] if content.startswith(" ") else content)
                    index += 1
                blocks.append((start, attributes, "\n".join(body)))
        index += 1
    return blocks


def swift_sources():
    for top in ("Sources", "Adapters"):
        for folder, _, names in os.walk(os.path.join(ROOT, top)):
            for name in sorted(names):
                if name.endswith(".swift"):
                    yield os.path.join(folder, name)


def needs_wrapping(code):
    depth = 0
    for raw in code.split("\n"):
        line = raw.strip()
        if depth == 0 and line and not line.startswith("//") and line[0] not in "})]":
            if not DECLARATION_START.match(line) or re.match(r"^(let|var)\b", line):
                return True
        code = raw.split("//")[0]
        depth += sum(code.count(c) for c in "{([") - sum(code.count(c) for c in "})]")
        depth = max(depth, 0)
    return False


def library_products():
    output = subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    manifest = json.loads(output)
    products = []
    for product in manifest["products"]:
        if "library" in product["type"]:
            products.append(product["name"])
    return manifest["name"], products


def internal_target_folders():
    """The source folders of regular targets that no library product exports, even through a product's other
    targets' dependencies (MediationBench, MediationScaffold): a package that depends on this one cannot import
    them, so their doc comments' snippets are listed as skipped; their tests exercise them."""
    manifest = json.loads(subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    targets = {target["name"]: target for target in manifest["targets"]}
    exported = set()
    pending = [name for product in manifest["products"] if "library" in product["type"] for name in product["targets"]]
    while pending:
        name = pending.pop()
        if name in exported or name not in targets:
            continue
        exported.add(name)
        for dependency in targets[name]["dependencies"]:
            pending += [dependency[kind][0] for kind in ("byName", "target") if kind in dependency]
    return [os.path.join(ROOT, target.get("path") or os.path.join("Sources", name)) + os.sep
            for name, target in targets.items() if target["type"] == "regular" and name not in exported]


def module_name(relative):
    return "Snippets_" + re.sub(r"[^A-Za-z0-9]", "_", relative)


def check_links(path, problems):
    text = open(path, encoding="utf-8").read()
    folder = os.path.dirname(path)
    relative_doc = os.path.relpath(path, ROOT)
    targets = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r"`([\w./-]+\.md)`", text)
    for target in targets:
        if re.match(r"^<?[a-z]+:", target) or target.startswith("#"):
            continue
        target = target.split("#")[0]
        if not target:
            continue
        candidates = [os.path.normpath(os.path.join(folder, target)), os.path.normpath(os.path.join(ROOT, target))]
        inside = [c for c in candidates if c == ROOT or c.startswith(ROOT + os.sep)]
        if not inside:
            problems.append(f"{relative_doc}: '{target}' points outside the repository")
        elif not any(os.path.exists(c) for c in inside):
            problems.append(f"{relative_doc}: '{target}' does not exist in the repository")


def code_lines(text):
    lines = []
    for raw in text.split("\n"):
        line = raw.split("  //")[0].strip()
        if line.startswith("//") or not line or line in ("{", "}", ")", "})") or "…" in line:
            continue
        lines.append(line)
    return lines


def check_excerpt(origin, line, attributes, code, problems):
    target = next(a.split("=", 1)[1] for a in attributes if a.startswith("excerpt="))
    path = os.path.join(ROOT, target)
    if not os.path.isfile(path):
        problems.append(f"{origin}:{line}: excerpt source '{target}' does not exist")
        return
    source = open(path, encoding="utf-8").read()
    source = source.replace("{{Name}}", "Acme").replace("{{lowerName}}", "acme")
    known = set(code_lines(source))
    for quoted in code_lines(code):
        if quoted not in known:
            problems.append(f"{origin}:{line}: excerpt line not in {target}: {quoted}")


def main():
    package_name, products = library_products()
    modules = {}  # module name -> (origin, [(line, code)])
    skipped = []
    problems = []
    for path in markdown_files():
        relative = os.path.relpath(path, ROOT)
        check_links(path, problems)
        for line, attributes, code in blocks_in_markdown(path):
            if any(a.startswith("excerpt=") for a in attributes):
                check_excerpt(relative, line, attributes, code, problems)
                continue
            if "ios" in attributes:
                skipped.append(f"{relative}:{line}")
                continue
            modules.setdefault(module_name(relative), (relative, []))[1].append((line, code))
    internal = internal_target_folders()
    for path in swift_sources():
        relative = os.path.relpath(path, ROOT)
        for line, attributes, code in blocks_in_doc_comments(path):
            if "ios" in attributes:
                skipped.append(f"{relative}:{line}")
                continue
            if any(path.startswith(folder) for folder in internal):
                skipped.append(f"{relative}:{line} (internal target)")
                continue
            modules.setdefault(module_name(relative), (relative, []))[1].append((line, code))

    if problems:
        for problem in problems:
            print(f"error: {problem}")
        print(f"snippets: {len(problems)} broken link(s) or stale excerpt(s)")
        return 1

    sources = os.path.join(WORK, "Sources")
    if os.path.isdir(sources):
        shutil.rmtree(sources)
    imports = "\n".join(["import Foundation", "import Testing"] + [f"import {name}" for name in products])
    origins = {}
    count = 0
    for module, (origin, blocks) in sorted(modules.items()):
        folder = os.path.join(sources, module)
        os.makedirs(folder, exist_ok=True)
        for number, (line, code) in enumerate(blocks):
            count += 1
            file_name = f"Block{number:02d}_line{line}.swift"
            origins[os.path.join(module, file_name)] = f"{origin}:{line}"
            if needs_wrapping(code):
                body = "\n".join("    " + l if l else l for l in code.split("\n"))
                text = (
                    f"{imports}\n\n// {origin}:{line}\n@MainActor\n"
                    f"func snippet_{number}_line{line}() async throws {{\n{body}\n}}\n"
                )
            else:
                text = f"{imports}\n\n// {origin}:{line}\n{code}\n"
            open(os.path.join(folder, file_name), "w", encoding="utf-8").write(text)

    dependencies = ", ".join(f'.product(name: "{p}", package: "{package_name}")' for p in products)
    targets = ",\n".join(
        f'        .target(name: "{module}", dependencies: [{dependencies}], swiftSettings: settings)'
        for module in sorted(modules)
    )
    manifest = f"""// swift-tools-version: 6.2
import PackageDescription

// Swift 6 mode makes concurrency mistakes errors; plain warnings (an example's unused `let`) stay warnings.
let settings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "DocSnippets",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "{package_name}", path: "{ROOT}")],
    targets: [
{targets}
    ],
    swiftLanguageModes: [.v6]
)
"""
    os.makedirs(WORK, exist_ok=True)
    open(os.path.join(WORK, "Package.swift"), "w", encoding="utf-8").write(manifest)
    print(f"snippets: compiling {count} block(s) in {len(modules)} module(s); {len(skipped)} iOS-only or internal "
          f"block(s) skipped")
    for item in skipped:
        print(f"  skipped: {item}" if item.endswith("(internal target)") else f"  skipped (ios): {item}")
    result = subprocess.run(
        ["swift", "build", "--package-path", WORK], capture_output=True, text=True
    )
    output = result.stdout + result.stderr
    if result.returncode != 0:
        for raw in output.split("\n"):
            if "error:" in raw:
                for generated, origin in origins.items():
                    if generated in raw:
                        raw = raw + f"   [from {origin}]"
                        break
                print(raw)
        print("snippets: FAILED")
        return 1
    print(f"snippets: all {count} block(s) compile")
    return 0


if __name__ == "__main__":
    sys.exit(main())
