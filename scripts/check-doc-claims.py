#!/usr/bin/env python3
"""Checks the concrete claims the docs make about the package against the code, so that no list is hand-kept.

Each claim is read from the docs and compared with its source of truth; a mismatch is printed as
FILE:LINE: claim: what the doc says, what the code says. Checked:

  default strategy  every "X (default)", "default strategy: X", "MediationStrategy.default is X" in README.md and
                    docs/*.md names the strategy MediationStrategy.default is in Sources/MediationCore; README.md,
                    docs/waterfall.md, docs/performance.md and docs/architecture.md each name it at least once.
  products          README's "Products:" paragraph (and a "Public API" paragraph that lists products), its Modules
                    table and architecture.md's module map name Package.swift's products (read from the
                    manifest's text; --dump-package also asks SwiftPM and requires the two to agree).
  module map        architecture.md's module-map table has one row per non-test target, with its product, what it
                    depends on and what imports it, as Package.swift says.
  commands          a line that names five or more `mediation` commands names all of them, and the CLI's command
                    table (MediationCommand.commandUsages), its usage text and its dispatch agree;
                    architecture.md and README.md each have such a line.
  command flags     every --flag given to a `mediation` command in a code span or block exists in the CLI's source,
                    and every `mediation bench --strategy SPEC` parses.
  CI steps          architecture.md's "Continuous integration" list names .ci/run's steps, in order (each item's
                    bold text starts the step's title).
  sanitizer runs    each `swift test --sanitize=KIND` command of reliability.md's "Sanitizers" table is the one
                    .ci/run runs, environment options included (quotes, $PWD/ and a `timeout` wrapper aside).
  fuzzers           Fuzz/'s executable targets are the ones reliability.md's "Fuzzing" table and count word name,
                    that .ci/run replays and fuzzes, that scripts/fuzz.sh accepts, and that have a corpus.
  length            docs/performance.md stays under 400 lines: what the bench measures, today's figures and how to
                    reproduce them (history goes to git and the CHANGELOG).
  paths             every repository path a doc names (scripts/…, Sources/…, Tests/…, Adapters/…, Fuzz/…, docs/…,
                    .ci/…) exists.

Standard library only; runs in under a second.
Usage: scripts/check-doc-claims.py [--verbose] [--dump-package]. Exits 1 when a claim is false, 0 otherwise.
"""

import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERBOSE = "--verbose" in sys.argv
problems = []
checked = []


def rel(path):
    return os.path.relpath(path, ROOT)


def fail(path, line, claim, message):
    problems.append(f"{rel(path)}:{line}: {claim}: {message}")


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def doc_files():
    files = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    files += sorted(glob.glob(os.path.join(ROOT, "Adapters", "*", "README.md")))
    return files + sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "**", "*.md"), recursive=True))


def lines_of(path):
    """(number, text, in_code_block) for each line."""
    result, fence = [], False
    for number, text in enumerate(read(path).splitlines(), start=1):
        if text.lstrip().startswith("```"):
            fence = not fence
            result.append((number, text, True))
            continue
        result.append((number, text, fence))
    return result


def paragraphs(path):
    """(first line number, text) of each paragraph outside code blocks; a list item or table row is its own."""
    result, current, first = [], [], 0
    for number, text, code in lines_of(path):
        starts_item = re.match(r"\s*(?:[-*]|\d+\.)\s|\|", text) is not None
        if code or not text.strip() or text.startswith("#") or starts_item:
            if current:
                result.append((first, " ".join(current)))
            current, first = [], 0
            if code or not text.strip() or text.startswith("#"):
                continue
        if not current:
            first = number
        current.append(text)
    if current:
        result.append((first, " ".join(current)))
    return result


def plain(text):
    return text.replace("`", "").replace("**", "")


# ---------------------------------------------------------------------------------------------------------------
# The package: products and targets.


def load_package():
    """Package.swift's products and targets, read from its text (cheap: no SwiftPM, no lock on .build).

    With --dump-package, also from `swift package dump-package`, and the two must agree (so a manifest whose
    shape the text reader misses is caught)."""
    products, targets = parse_manifest_text()
    unknown = sorted({d for info in targets.values() for d in info["deps"] if d not in targets})
    if not products or not targets or unknown:
        fail(os.path.join(ROOT, "Package.swift"), 0, "manifest",
             f"the text reader found {len(products)} products, {len(targets)} targets"
             + (f" and unknown dependencies {', '.join(unknown)}" if unknown else "")
             + "; run with --dump-package, and teach parse_manifest_text the manifest's new shape")
    if "--dump-package" in sys.argv:
        dumped = dump_package()
        if dumped is None:
            fail(os.path.join(ROOT, "Package.swift"), 0, "manifest", "swift package dump-package failed")
        elif dumped != (products, targets):
            fail(os.path.join(ROOT, "Package.swift"), 0, "manifest",
                 "swift package dump-package and the text reader disagree; fix parse_manifest_text")
    return products, targets


def dump_package():
    try:
        output = subprocess.run(
            ["swift", "package", "--ignore-lock", "dump-package"], cwd=ROOT, capture_output=True, text=True, timeout=30, check=True
        ).stdout
        dump = json.loads(output)
        products = [(p["name"], next(iter(p["type"])), p["targets"]) for p in dump["products"]]
        targets = {}
        for target in dump["targets"]:
            deps = []
            for dependency in target["dependencies"]:
                for kind in ("byName", "target", "product"):
                    if kind in dependency:
                        deps.append(dependency[kind][0])
            targets[target["name"]] = {"type": target["type"], "deps": deps, "path": target.get("path")}
        return products, targets
    except (OSError, subprocess.SubprocessError, ValueError, KeyError):
        return None


def parse_manifest_text():
    """The manifest's own text: enough for this package's plain `.library`/`.target(...)` calls."""
    text = read(os.path.join(ROOT, "Package.swift"))
    products = [
        (m.group(2), m.group(1), re.findall(r'"([^"]+)"', m.group(3)))
        for m in re.finditer(r'\.(library|executable)\(\s*name:\s*"([^"]+)"[^\[]*\[([^\]]*)\]', text)
    ]
    kinds = {"target": "regular", "executableTarget": "executable", "testTarget": "test"}
    targets = {}
    starts = list(re.finditer(r"\.(target|executableTarget|testTarget)\(\s*name:\s*\"([^\"]+)\"", text))
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        body = text[match.end():end]
        deps_match = re.search(r"dependencies:\s*\[([^\]]*)\]", body)
        deps = re.findall(r'"([^"]+)"', deps_match.group(1)) if deps_match else []
        path_match = re.search(r'path:\s*"([^"]+)"', body)
        targets[match.group(2)] = {
            "type": kinds[match.group(1)], "deps": deps, "path": path_match.group(1) if path_match else None
        }
    return products, targets


PRODUCTS, TARGETS = load_package()
LIBRARIES = [name for name, kind, _ in PRODUCTS if kind == "library"]
EXECUTABLES = [name for name, kind, _ in PRODUCTS if kind == "executable"]
NON_TEST = [name for name, info in TARGETS.items() if info["type"] != "test"]
FUZZERS = sorted(
    name for name, info in TARGETS.items()
    if info["type"] == "executable" and (info["path"] or "").startswith("Fuzz/")
)
EXECUTABLE_NAMES = set(EXECUTABLES) | {n for n, i in TARGETS.items() if i["type"] == "executable"}


def backticked(text):
    return re.findall(r"`([^`]+)`", text)


def compare(path, line, claim, said, truth):
    said, truth = set(said), set(truth)
    checked.append(f"{rel(path)}:{line}: {claim}")
    if said != truth:
        parts = []
        if truth - said:
            parts.append("missing " + ", ".join(sorted(truth - said)))
        if said - truth:
            parts.append("not in the code " + ", ".join(sorted(said - truth)))
        fail(path, line, claim, "; ".join(parts))


# ---------------------------------------------------------------------------------------------------------------
# Default strategy.

STRATEGY_SOURCE = next(
    (p for p in glob.glob(os.path.join(ROOT, "Sources", "MediationCore", "**", "*.swift"), recursive=True)
     if re.search(r"public struct MediationStrategy\b", read(p))),
    None,
)


def code_default():
    if STRATEGY_SOURCE is None:
        fail(os.path.join(ROOT, "Sources", "MediationCore"), 0, "default strategy", "no MediationStrategy source found")
        return None, {}
    text = read(STRATEGY_SOURCE)
    constants = dict(re.findall(r"static let (\w+)(?::\s*\w+)?\s*=\s*([\d.]+)\s*$", text, re.M))
    lets = dict(re.findall(r"static let (`?\w+`?)\s*=\s*(.+)$", text, re.M))

    def resolve(expression, depth=0):
        expression = expression.strip()
        if depth > 5:
            return None
        match = re.search(r"\.adaptive\(requestBudget:\s*([\w.]+)\)", expression)
        if match:
            value = constants.get(match.group(1), match.group(1))
            return ("adaptive", float(value))
        match = re.search(r"\.hedged\(after:\s*\.milliseconds\((\d+)\),\s*maxInFlight:\s*(\d+)\)", expression)
        if match:
            return ("hedged", int(match.group(1)), int(match.group(2)))
        if re.fullmatch(r"\.?sequential", expression):
            return ("sequential",)
        if expression in lets:
            return resolve(lets[expression], depth + 1)
        return None

    named = {name: resolve(name) for name in ("recommendedAdaptive", "recommendedHedged")}
    default = resolve(lets.get("`default`", ""))
    if default is None:
        fail(STRATEGY_SOURCE, 0, "default strategy", "cannot read `public static let `default` = …`")
    return default, named


DEFAULT, NAMED_STRATEGIES = code_default()

STRATEGY = (
    r"(?:MediationStrategy)?\.?(?:adaptive\(requestBudget:\s*[\d.]+\)|adaptive\([\d.]+\)|recommendedAdaptive|"
    r"recommendedHedged|hedged\(after:\s*\d+\s*ms,\s*maxInFlight:\s*\d+\)|hedged\(\d+\s*ms,\s*\d+\)|sequential)"
)
DEFAULT_CLAIMS = [
    re.compile(r"(" + STRATEGY + r")\)?\s*\((?:the\s+)?default\)"),
    re.compile(r"\bdefault\b(?:\s+strategy)?\s*(?:is now|is|:|=|,)?\s*(?://\s*)?(?:the\s+)?(" + STRATEGY + r")"),
]


def parse_strategy(text):
    text = text.replace("MediationStrategy", "").lstrip(".")
    match = re.match(r"adaptive\((?:requestBudget:\s*)?([\d.]+)\)", text)
    if match:
        return ("adaptive", float(match.group(1)))
    match = re.match(r"hedged\((?:after:\s*)?(\d+)\s*ms,\s*(?:maxInFlight:\s*)?(\d+)\)", text)
    if match:
        return ("hedged", int(match.group(1)), int(match.group(2)))
    if text.startswith("recommendedAdaptive"):
        return NAMED_STRATEGIES.get("recommendedAdaptive")
    if text.startswith("recommendedHedged"):
        return NAMED_STRATEGIES.get("recommendedHedged")
    if text.startswith("sequential"):
        return ("sequential",)
    return None


def describe(strategy):
    if strategy is None:
        return "?"
    if strategy[0] == "adaptive":
        return f"adaptive(requestBudget: {strategy[1]:g})"
    if strategy[0] == "hedged":
        return f"hedged(after: {strategy[1]}ms, maxInFlight: {strategy[2]})"
    return "sequential"


def check_default_strategy():
    must_name = {os.path.join(ROOT, p) for p in
                 ("README.md", "docs/waterfall.md", "docs/performance.md", "docs/architecture.md")}
    for path in doc_files():
        found = 0
        for number, text, _ in lines_of(path):
            flat = plain(text)
            for pattern in DEFAULT_CLAIMS:
                for match in pattern.finditer(flat):
                    said = parse_strategy(match.group(1))
                    found += 1
                    checked.append(f"{rel(path)}:{number}: default strategy {match.group(1)}")
                    if DEFAULT is not None and said != DEFAULT:
                        fail(path, number, "default strategy",
                             f"the doc says {match.group(1)}, the code's MediationStrategy.default is "
                             f"{describe(DEFAULT)} ({rel(STRATEGY_SOURCE)})")
        if path in must_name and found == 0:
            fail(path, 0, "default strategy", f"names no default strategy (the code's: {describe(DEFAULT)})")


# ---------------------------------------------------------------------------------------------------------------
# Products, module map.


def paragraph_from(lines, start):
    """The text of the paragraph that starts at index start (until a blank line or a heading)."""
    collected = []
    for offset, (number, text, _) in enumerate(lines[start:]):
        if not text.strip() or text.startswith("#") or (offset and text.startswith("- ")):
            break
        collected.append(text)
    return " ".join(collected)


def product_names_in(text):
    names = [n for n in backticked(text) if re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", n)]
    return [n for n in names if n in LIBRARIES or n in EXECUTABLES or n in TARGETS or n[0].isupper()]


def check_readme_products():
    path = os.path.join(ROOT, "README.md")
    lines = lines_of(path)
    seen = False
    for index, (number, text, code) in enumerate(lines):
        if code:
            continue
        if text.startswith("Products:"):
            seen = True
            compare(path, number, "product list", product_names_in(paragraph_from(lines, index)),
                    LIBRARIES + EXECUTABLES)
        if text.startswith("- **Public API**"):
            paragraph = re.split(r";\s+with it", paragraph_from(lines, index))[0]
            names = [n for n in product_names_in(paragraph) if n in TARGETS]
            if names:  # a paragraph that lists products lists them all
                compare(path, number, "library products in Public API", names, LIBRARIES)
    if not seen:
        fail(path, 0, "product list", "no paragraph starting with 'Products:'")
    # Every library product is a row of the Modules table.
    table = [t for _, t, c in lines if t.startswith("| `") and not c]
    in_table = {n for row in table for n in backticked(row.split("|")[1])}
    for library in LIBRARIES:
        if library not in in_table:
            fail(path, 0, "Modules table", f"library product {library} has no row")


def table_rows(lines, heading):
    """Rows (line number, cells) of the first table after the heading that starts with `heading`."""
    rows, inside = [], False
    for number, text, code in lines:
        if text.startswith("#"):
            if inside and rows:
                break
            inside = text.lstrip("#").strip().startswith(heading)
            continue
        if inside and text.startswith("|"):
            cells = [c.strip() for c in text.strip().strip("|").split("|")]
            if set("".join(cells)) <= set("-: "):
                continue
            rows.append((number, cells))
        elif inside and rows and not text.strip():
            break
    return rows


def check_module_map():
    path = os.path.join(ROOT, "docs", "architecture.md")
    rows = table_rows(lines_of(path), "Module map")
    if not rows:
        fail(path, 0, "module map", "no table under a '## Module map' heading")
        return
    header, rows = rows[0][1], rows[1:]
    columns = {name.lower(): index for index, name in enumerate(header)}
    needed = ("target", "product", "depends on", "imported by")
    if any(c not in columns for c in needed):
        fail(path, 0, "module map", f"the table needs the columns {', '.join(needed)}; it has {', '.join(header)}")
        return
    dependents = {name: [] for name in TARGETS}
    for name, info in TARGETS.items():
        if info["type"] == "test":
            continue
        for dependency in info["deps"]:
            dependents.setdefault(dependency, []).append(name)
    listed = {}
    for number, cells in rows:
        names = re.findall(r"[A-Za-z][A-Za-z0-9]*", cells[columns["target"]])
        if not names:
            continue
        target = names[0]
        listed[target] = number
        if target not in TARGETS:
            fail(path, number, "module map", f"{target} is not a target of Package.swift")
            continue
        words = re.findall(r"[A-Za-z][A-Za-z0-9-]*", cells[columns["product"]])
        products = [p for p, _, targets in PRODUCTS if target in targets]
        said_products = [w for w in words if w in LIBRARIES or w in EXECUTABLES or w[0].isupper()]
        if "yes" in words:
            said_products.append(target)
        compare(path, number, f"module map: products of {target}", said_products, products)
        said_deps = re.findall(r"[A-Za-z][A-Za-z0-9]*", cells[columns["depends on"]].replace("—", ""))
        compare(path, number, f"module map: {target} depends on", [d for d in said_deps if d[0].isupper()],
                TARGETS[target]["deps"])
        said_users = re.findall(r"[A-Za-z][A-Za-z0-9]*", cells[columns["imported by"]])
        compare(path, number, f"module map: {target} imported by", [u for u in said_users if u[0].isupper()],
                dependents.get(target, []))
    for target in NON_TEST:
        if target not in listed:
            fail(path, rows[-1][0] if rows else 0, "module map", f"target {target} has no row")


# ---------------------------------------------------------------------------------------------------------------
# Commands and their flags.

CLI = os.path.join(ROOT, "Sources", "MediationCLI")


def cli_commands():
    path = os.path.join(CLI, "MediationCommand.swift")
    text = read(path)
    table = re.search(r"commandUsages: \[String: String\] = \[(.*?)\n    \]", text, re.S)
    commands = re.findall(r'"([a-z-]+)":', table.group(1)) if table else []
    usage = re.search(r'commands:\n(.*?)\n\n', text, re.S)
    in_usage = re.findall(r"^\s{10}([a-z][a-z-]*)\s", usage.group(1), re.M) if usage else []
    dispatched = [c for c in re.findall(r'case "([a-z-]+)":', text)]
    if not commands:
        fail(path, 0, "commands", "cannot read the command table commandUsages")
    if set(in_usage) != set(commands):
        fail(path, 0, "commands", f"the usage text lists {', '.join(in_usage)}; commandUsages has {', '.join(commands)}")
    if set(dispatched) != set(commands):
        fail(path, 0, "commands", f"run(_:) dispatches {', '.join(dispatched)}; commandUsages has {', '.join(commands)}")
    return commands


COMMANDS = cli_commands()
CLI_TEXT = "\n".join(read(p) for p in glob.glob(os.path.join(CLI, "**", "*.swift"), recursive=True))
CLI_FLAGS = set(re.findall(r"(--[a-z][a-z0-9-]*)", CLI_TEXT))
COMMAND_WORD = r"(?<![\w-])(" + "|".join(re.escape(c) for c in sorted(COMMANDS, key=len, reverse=True)) + r")(?![\w-])"


def commands_named(text):
    names = set()
    for span in backticked(text):
        match = re.fullmatch(r"(?:mediation\s+)?([a-z-]+)(?:\s.*)?", span.strip())
        if match and match.group(1) in COMMANDS:
            names.add(match.group(1))
    names |= {m for m in re.findall(r"mediation\s+([a-z-]+)", text) if m in COMMANDS}
    return names


BENCH_SPEC = re.compile(
    r"(sequential|default|adaptive(:[\d.]+)?|hedged:\d+:\d+|latency:\d+(:[\d.]+)?|early(:[\d.]+)?)$"
)


def check_commands():
    must_list = {os.path.join(ROOT, "README.md"), os.path.join(ROOT, "docs", "architecture.md")}
    for path in doc_files():
        listed = False
        for number, paragraph in paragraphs(path):
            named = commands_named(paragraph)
            if len(named) >= 5:
                listed = True
                compare(path, number, "mediation command list", named, COMMANDS)
        for number, text, code in lines_of(path):
            spans = [text] if code else backticked(text)
            for span in spans:
                for match in re.finditer(r"mediation\s+" + COMMAND_WORD + r"([^`|]*)", span):
                    command, rest = match.group(1), match.group(2)
                    for flag in re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", rest):
                        checked.append(f"{rel(path)}:{number}: mediation {command} {flag}")
                        if flag not in CLI_FLAGS:
                            fail(path, number, "command flag",
                                 f"mediation {command} {flag}: no such option in Sources/MediationCLI")
                    if command == "bench":
                        for spec in re.findall(r"--strategy[ =]([^\s`|\\]+)", rest):
                            if not BENCH_SPEC.match(spec) and not spec.isupper():
                                fail(path, number, "bench strategy",
                                     f"--strategy {spec} is not a bench strategy (BenchStrategy(specification:))")
        if path in must_list and not listed:
            fail(path, 0, "mediation command list", f"no line lists the commands ({', '.join(COMMANDS)})")


# ---------------------------------------------------------------------------------------------------------------
# CI steps, fuzzers.

CI = os.path.join(ROOT, ".ci", "run")


def ci_steps():
    steps = []
    for title in re.findall(r'^\s*echo "== (.*)"\s*$', read(CI), re.M):
        if title.startswith("CI passed"):
            continue
        steps.append(title)
    return steps


def check_ci_list():
    path = os.path.join(ROOT, "docs", "architecture.md")
    said, inside, first = [], False, 0
    for number, text, _ in lines_of(path):
        if text.startswith("#"):
            if inside:
                break
            inside = text.lstrip("#").strip().startswith("Continuous integration")
            continue
        if inside:
            match = re.match(r"\s*\d+\.\s+\*\*(.+?)\*\*", text)
            if match:
                first = first or number
                said.append(match.group(1))
    steps = ci_steps()
    checked.append(f"{rel(path)}:{first}: CI step list")
    if not said:
        fail(path, 0, "CI step list", "no numbered **step** list under a 'Continuous integration' heading")
    elif len(said) != len(steps) or any(not step.startswith(name) for name, step in zip(said, steps)):
        keys = [re.split(r" \(|:|;", step, maxsplit=1)[0].strip() for step in steps]
        fail(path, first, "CI step list",
             "each item must start a step's title, in order; the doc lists " + " / ".join(said)
             + "; .ci/run runs " + " / ".join(keys))


def ci_sanitizer_commands():
    """.ci/run's `swift test --sanitize=KIND` commands by KIND, as their words (environment assignments included):
    continuation lines joined, quotes and `$PWD/` dropped, a `timeout SECONDS` wrapper left out."""
    commands = {}
    for line in read(CI).replace("\\\n", " ").splitlines():
        match = re.search(r"swift test --sanitize=(\w+)", line)
        if match:
            words = line.replace('"', "").replace("$PWD/", "").split()
            commands[match.group(1)] = [
                word for index, word in enumerate(words)
                if word != "timeout" and not (index > 0 and words[index - 1] == "timeout")]
    return commands


def check_sanitizer_table():
    path = os.path.join(ROOT, "docs", "reliability.md")
    rows = table_rows(lines_of(path), "Sanitizers")
    ci = ci_sanitizer_commands()
    found = 0
    for number, cells in rows[1:]:
        for span in backticked(cells[1]) if len(cells) > 1 else []:
            match = re.search(r"swift test --sanitize=(\w+)", span)
            if match:
                found += 1
                compare(path, number, f"the {match.group(1)} sanitizer run is .ci/run's", span.split(),
                        ci.get(match.group(1), []))
    if not found:
        fail(path, rows[0][0] if rows else 0, "sanitizer runs",
             "no `swift test --sanitize=KIND` command in the 'Sanitizers' table")


NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}


def check_fuzzers():
    ci = read(CI)
    for fuzzer in FUZZERS:
        checked.append(f".ci/run: {fuzzer} replayed and fuzzed")
        if not re.search(rf"swift run {fuzzer} Fuzz/Corpus/{fuzzer}\b", ci):
            fail(CI, 0, "fuzzers", f"{fuzzer}'s corpus is not replayed (swift run {fuzzer} Fuzz/Corpus/{fuzzer})")
        if not re.search(rf"scripts/fuzz\.sh {fuzzer} \d+", ci):
            fail(CI, 0, "fuzzers", f"{fuzzer} is not fuzzed (scripts/fuzz.sh {fuzzer} SECONDS)")
        if not os.path.isdir(os.path.join(ROOT, "Fuzz", "Corpus", fuzzer)):
            fail(os.path.join(ROOT, "Fuzz"), 0, "fuzzers", f"{fuzzer} has no Fuzz/Corpus/{fuzzer}/")
    for run in re.findall(r"swift run (\w+) Fuzz/Corpus/", ci) + re.findall(r"scripts/fuzz\.sh (\w+)", ci):
        if run not in FUZZERS:
            fail(CI, 0, "fuzzers", f"{run} is not an executable target under Fuzz/")
    fuzz_sh = os.path.join(ROOT, "scripts", "fuzz.sh")
    case = re.search(r'case "\$target" in\n(.*?)\)', read(fuzz_sh), re.S)
    compare(fuzz_sh, 0, "fuzz.sh targets", re.findall(r"\w+", case.group(1)) if case else [], FUZZERS)
    path = os.path.join(ROOT, "docs", "reliability.md")
    lines = lines_of(path)
    rows = table_rows(lines, "Fuzzing")
    compare(path, rows[0][0] if rows else 0, "fuzzer table",
            [backticked(cells[0])[0] for _, cells in rows[1:] if backticked(cells[0])], FUZZERS)
    for number, text, _ in lines:
        match = re.search(r"\b(\w+) libFuzzer targets live in", text)
        if match:
            count = NUMBER_WORDS.get(match.group(1).lower())
            checked.append(f"{rel(path)}:{number}: fuzzer count")
            if count != len(FUZZERS):
                fail(path, number, "fuzzer count", f"says {match.group(1)}; Fuzz/ has {len(FUZZERS)} targets")


# ---------------------------------------------------------------------------------------------------------------
# Paths.

PATH = re.compile(r"(?<![\w./-])((?:scripts|Sources|Tests|Adapters|Fuzz|docs|\.ci)/[A-Za-z0-9_.+/-]*[A-Za-z0-9_+/])")


def check_paths():
    for path in doc_files():
        for number, text, _ in lines_of(path):
            for found in PATH.findall(text):
                if re.search(r"[A-Z]{3,}|<|NAME|\*|Acme", found.split("/", 1)[1]) and not os.path.exists(
                        os.path.join(ROOT, found)):
                    continue  # a placeholder such as Fuzz/Corpus/TARGET or Sources/MODULE
                checked.append(f"{rel(path)}:{number}: path {found}")
                if not os.path.exists(os.path.join(ROOT, found.rstrip("/"))):
                    fail(path, number, "path", f"{found} does not exist")


# The longest a page may grow, in lines: docs/performance.md keeps today's figures only.
LINE_LIMITS = {"docs/performance.md": 400}


def check_lengths():
    for name, limit in LINE_LIMITS.items():
        path = os.path.join(ROOT, name)
        count = len(read(path).splitlines())
        checked.append(f"{name}: under {limit} lines ({count})")
        if count >= limit:
            fail(path, count, "length", f"{count} lines; the page stays under {limit} (move history to git and the "
                 "CHANGELOG, keep today's figures)")


# ---------------------------------------------------------------------------------------------------------------

check_default_strategy()
check_readme_products()
check_module_map()
check_commands()
check_ci_list()
check_sanitizer_table()
check_fuzzers()
check_paths()
check_lengths()

if VERBOSE:
    print("\n".join(checked))
for problem in problems:
    print(problem)
if problems:
    print(f"check-doc-claims: {len(problems)} false claim(s) of {len(checked)} checked")
    sys.exit(1)
print(f"check-doc-claims: {len(checked)} claims checked, all true")
