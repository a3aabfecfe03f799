#!/usr/bin/env python3
"""Compiles the iOS-only code on Linux against interface stubs of UIKit and the vendor SDKs (Tests/iOSStubs).

What is compiled (Swift 6 language mode):
  * every `#if canImport(UIKit)` file in Sources/ and Adapters/, type-checked with the rest of its module (same
    flags as Package.swift: warnings as errors, ExistentialAny, the package name), the stub `UIKit` importable so
    that `canImport(UIKit)` is true;
  * every ```swift ios block of README.md, docs/*.md and Adapters/*/README.md (the blocks of one Markdown file form
    one module, in order, as in scripts/check-snippets.py; glue is declarations, so a block is never wrapped in a
    function), and every ```swift ios block in a `///` doc comment
    (with `import UIKit` and `import <its module>` added), against the stubs and the package's modules built with
    the stub UIKit. A Markdown block gets no imports added: it must import what it uses.
  * a ```swift ios manifest block (a Package.swift fragment: `dependencies:` and `targets:` arguments) is wrapped in
    `Package(name: "MyApp", ...)` and type-checked against the toolchain's PackageDescription.

A block guarded by `#if canImport(X)` fails the check when there is no stub for X (it would compile as nothing).
A block marked ```swift ios skip=REASON (the rest of the info string) is listed with its reason and not compiled.

What the stubs cannot prove: docs/host-integration.md, "What the iOS stubs prove".

Usage: scripts/check-ios-glue.py ; exit 0 when everything compiles. Work folder: .build/ios-glue.
"""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "ios-glue")
MODULES = os.path.join(WORK, "modules")
STUBS = os.path.join(ROOT, "Tests", "iOSStubs", "Sources")
# Stub modules in build order (each may import the ones before it).
STUB_ORDER = ["UIKit", "MyTargetSDK", "GoogleMobileAds", "TAMediaAdsFramework", "os", "Logging", "WebKit"]
SWIFT_FLAGS = ["-swift-version", "6", "-I", MODULES]
LIBRARY_FLAGS = ["-enable-upcoming-feature", "ExistentialAny", "-warnings-as-errors", "-package-name", "MediationKit"]

spec = importlib.util.spec_from_file_location("check_snippets", os.path.join(ROOT, "scripts", "check-snippets.py"))
snippets = importlib.util.module_from_spec(spec)
spec.loader.exec_module(snippets)


def swiftc(arguments, label, failures):
    started = time.monotonic()
    result = subprocess.run(["swiftc"] + arguments, capture_output=True, text=True, cwd=WORK)
    elapsed = time.monotonic() - started
    if result.returncode != 0:
        failures.append(label)
        print(f"  FAILED {label} ({elapsed:.1f}s)")
        for line in (result.stdout + result.stderr).split("\n"):
            if "error:" in line or "warning:" in line:
                print("    " + line)
    else:
        print(f"  ok     {label} ({elapsed:.1f}s)")
    return result.returncode == 0


def build_stubs(failures):
    for name in STUB_ORDER:
        folder = os.path.join(STUBS, name)
        if not os.path.isdir(folder):
            continue
        files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".swift"))
        swiftc(
            ["-emit-module", "-parse-as-library", "-wmo", "-module-name", name]
            + SWIFT_FLAGS + ["-o", os.path.join(MODULES, name + ".swiftmodule")] + files,
            f"stub module {name}", failures)


def package_targets():
    output = subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    targets = {}
    for target in json.loads(output)["targets"]:
        if target["type"] != "regular":
            continue
        name = target["name"]
        path = os.path.join(ROOT, target.get("path") or os.path.join("Sources", name))
        excluded = [os.path.join(path, e) for e in target.get("exclude", [])]
        files = []
        for folder, _, names in os.walk(path):
            if any(folder == e or folder.startswith(e + os.sep) for e in excluded):
                continue
            files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".swift")]
        dependencies = [d["byName"][0] for d in target.get("dependencies", []) if "byName" in d]
        targets[name] = (sorted(files), dependencies)
    return targets


def uikit_files(files):
    return [f for f in files if re.search(r"^\s*#if\s+canImport\(UIKit\)", open(f, encoding="utf-8").read(), re.M)]


def build_library_modules(targets, wanted, failures):
    """Emits the .swiftmodule of each wanted target (and its dependencies), in dependency order. A target with
    UIKit files is type-checked in full; the others only for their interface (swift build checks their bodies)."""
    order = []

    def visit(name):
        if name in order or name not in targets:
            return
        for dependency in targets[name][1]:
            visit(dependency)
        order.append(name)

    for name in sorted(wanted):
        visit(name)
    uikit = {}
    for name in order:
        files, _ = targets[name]
        uikit[name] = uikit_files(files)
        skip = [] if uikit[name] else ["-experimental-skip-non-inlinable-function-bodies"]
        what = f"{len(uikit[name])} UIKit file(s) type-checked with the module" if uikit[name] else "interface"
        swiftc(
            ["-emit-module", "-parse-as-library", "-wmo", "-module-name", name] + SWIFT_FLAGS + LIBRARY_FLAGS + skip
            + ["-o", os.path.join(MODULES, name + ".swiftmodule")] + files,
            f"module {name}: {what}", failures)
    return uikit


def imports_of(code):
    return set(re.findall(r"^[ \t]*import[ \t]+(?:\w+[ \t]+)?(\w+)", code, re.M))


def main():
    started = time.monotonic()
    os.makedirs(MODULES, exist_ok=True)
    failures = []
    skipped = []
    markdown = {}  # relative path -> [(line, code)]
    manifests = []  # (origin, code)
    comments = []  # (relative path, module, line, code)
    for path in snippets.markdown_files():
        relative = os.path.relpath(path, ROOT)
        for line, attributes, code in snippets.blocks_in_markdown(path):
            if "ios" not in attributes:
                continue
            at = next((i for i, a in enumerate(attributes) if a.startswith("skip=")), None)
            if at is not None:
                skipped.append(f"{relative}:{line} ({' '.join(attributes[at:])[len('skip='):]})")
            elif "manifest" in attributes:
                manifests.append((f"{relative}:{line}", code))
            else:
                markdown.setdefault(relative, []).append((line, code))
    targets = package_targets()
    for name, (files, _) in sorted(targets.items()):
        for path in files:
            relative = os.path.relpath(path, ROOT)
            for line, attributes, code in snippets.blocks_in_doc_comments(path):
                if "ios" in attributes:
                    comments.append((relative, name, line, code))

    stubs = {name for name in STUB_ORDER if os.path.isdir(os.path.join(STUBS, name))}
    wanted = {n for n, (files, _) in targets.items() if uikit_files(files)}
    for blocks in markdown.values():
        for _, code in blocks:
            wanted |= imports_of(code) & set(targets)
    wanted |= {module for _, module, _, _ in comments}

    print("ios glue: stub modules (Tests/iOSStubs)")
    build_stubs(failures)
    print("ios glue: package modules built against the stub UIKit")
    uikit = build_library_modules(targets, wanted, failures)

    print("ios glue: ```swift ios blocks")
    for relative, blocks in sorted(markdown.items()):
        folder = os.path.join(WORK, "blocks", snippets.module_name(relative))
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        files = []
        for number, (line, code) in enumerate(blocks):
            for guarded in re.findall(r"canImport\((\w+)\)", code):
                if guarded not in stubs and guarded not in targets:
                    failures.append(f"{relative}:{line}")
                    print(f"  FAILED {relative}:{line}: guarded by canImport({guarded}), which has no stub")
            file = os.path.join(folder, f"Block{number:02d}_line{line}.swift")
            open(file, "w", encoding="utf-8").write(f"// {relative}:{line}\n{code}\n")
            files.append(file)
        lines = ", ".join(str(line) for line, _ in blocks)
        swiftc(["-typecheck", "-parse-as-library", "-module-name", snippets.module_name(relative)] + SWIFT_FLAGS
               + files, f"{relative} (line {lines})", failures)
    for relative, module, line, code in comments:
        file = os.path.join(WORK, "blocks", f"{snippets.module_name(relative)}_line{line}.swift")
        open(file, "w", encoding="utf-8").write(f"import UIKit\nimport {module}\n\n// {relative}:{line}\n{code}\n")
        swiftc(["-typecheck", "-parse-as-library", "-module-name", "DocComment"] + SWIFT_FLAGS + [file],
               f"{relative}:{line} (doc comment)", failures)
    manifest_api = os.path.join(
        os.path.dirname(os.path.dirname(os.path.realpath(shutil.which("swiftc")))), "lib", "swift", "pm", "ManifestAPI")
    for origin, code in manifests:
        file = os.path.join(WORK, "blocks", snippets.module_name(origin) + ".swift")
        body = "\n".join("    " + l if l else l for l in code.split("\n"))
        open(file, "w", encoding="utf-8").write(
            f"import PackageDescription\n\n// {origin}\nlet package = Package(\n    name: \"MyApp\",\n{body}\n)\n")
        swiftc(["-typecheck", "-swift-version", "6", "-I", manifest_api, "-package-description-version", "6.2",
                "-module-name", "main", file], f"{origin} (Package.swift fragment in Package(name:...))", failures)

    print("ios glue: summary")
    for name, files in sorted(uikit.items()):
        for file in files:
            print(f"  compiled (canImport(UIKit) file, module {name}): {os.path.relpath(file, ROOT)}")
    for relative, blocks in sorted(markdown.items()):
        for line, _ in blocks:
            print(f"  compiled (swift ios block): {relative}:{line}")
    for relative, _, line, _ in comments:
        print(f"  compiled (swift ios doc comment): {relative}:{line}")
    for origin, _ in manifests:
        print(f"  compiled (swift ios manifest fragment): {origin}")
    for item in skipped:
        print(f"  skipped: {item}")
    elapsed = time.monotonic() - started
    if failures:
        print(f"ios glue: FAILED ({len(failures)}) in {elapsed:.0f}s: " + "; ".join(failures))
        return 1
    print(f"ios glue: everything compiles against the stubs ({elapsed:.0f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
