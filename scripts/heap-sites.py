#!/usr/bin/env python3
"""Symbolises what scripts/heap-sites.c wrote: per heap reading, the live allocations grouped by call site.

    python3 scripts/heap-sites.py DIRECTORY [--loads N] [--reading K] [--top T]

Every reading's allocations are divided by N loads (2000, the bench's default). Without --reading, each reading
gets one summary line; with it, that reading's sites follow, largest first: malloc's usable bytes per load, the
allocations per load and the first frames that are not the allocator, the runtime or the standard library's
buffer plumbing. Addresses are resolved with `addr2line` and demangled with `swift demangle`.
"""

import argparse
import collections
import pathlib
import re
import subprocess
import sys

PLUMBING = re.compile(
    r"^\?|swift_slowAlloc|swift_allocObject|swift_allocBox|swift_initStackObject|^malloc|allocWithTailElems|"
    r"_allocateUninitialized|allocateBuffer|ContiguousArrayBuffer|ManagedBuffer|_copyToContiguousArray|"
    r"reserveCapacity|Array\.append|_createNewBuffer|_growArray|__RawDictionaryStorage|_NativeDictionary|"
    r"_DictionaryStorage|swift_retain|Array\.init|_StringGuts|_allocate|LockedStorage|Locked\.init|RefCounts|swift_weakAssign"
)


def read_maps(path):
    mappings = []
    for line in path.read_text().splitlines():
        fields = line.split()
        if len(fields) < 6:
            continue
        start, end = (int(value, 16) for value in fields[0].split("-"))
        mappings.append((start, end, int(fields[2], 16), fields[5]))
    return mappings


def locate(mappings, address):
    for start, end, offset, name in mappings:
        if start <= address < end:
            return name, address - start + offset
    return None, None


def symbolise(mappings, addresses):
    by_file = collections.defaultdict(set)
    for address in addresses:
        name, offset = locate(mappings, address)
        if name:
            by_file[name].add(offset)
    names = {}
    for file, offsets in by_file.items():
        offsets = sorted(offsets)
        # A return address points after the call: look up the byte before it.
        output = subprocess.run(
            ["addr2line", "-f", "-e", file] + [hex(offset - 1) for offset in offsets],
            capture_output=True, text=True, check=False,
        ).stdout.splitlines()
        functions = [output[2 * index] if 2 * index < len(output) else "?" for index in range(len(offsets))]
        demangled = subprocess.run(
            ["swift", "demangle", "--simplified", "--compact"], input="\n".join(functions),
            capture_output=True, text=True, check=False,
        ).stdout.splitlines()
        for offset, function in zip(offsets, demangled):
            names[(file, offset)] = function
    return lambda address: names.get(locate(mappings, address), "?")


def read_reading(path):
    rows = []
    for line in path.read_text().splitlines():
        fields = line.split()
        frames = [int(value, 16) for value in fields[2:] if value != "0"]
        rows.append((int(fields[0]), int(fields[1]), frames))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directory", type=pathlib.Path)
    parser.add_argument("--loads", type=int, default=2000)
    parser.add_argument("--reading", type=int)
    parser.add_argument("--top", type=int, default=30)
    options = parser.parse_args()
    readings = sorted(options.directory.glob("reading-*.txt"), key=lambda path: int(path.stem.split("-")[1]))
    if not readings:
        sys.exit(f"no reading-*.txt in {options.directory}")
    if options.reading is None:
        for path in readings:
            rows = read_reading(path)
            usable = sum(row[1] for row in rows)
            print(f"{path.stem}: {len(rows) / options.loads:.2f} allocations, {usable / options.loads:.1f} usable "
                  f"bytes per load")
        return
    rows = read_reading(options.directory / f"reading-{options.reading}.txt")
    mappings = read_maps(options.directory / "maps.txt")
    name = symbolise(mappings, {address for _, _, frames in rows for address in frames})
    bytes_by_site = collections.Counter()
    count_by_site = collections.Counter()
    sizes_by_site = collections.defaultdict(collections.Counter)
    for _, usable, frames in rows:
        names = (name(address) for address in frames)
        meaningful = [function[:90] for function in names if not PLUMBING.search(function)]
        site = " < ".join(meaningful[:3]) or "?"
        bytes_by_site[site] += usable
        count_by_site[site] += 1
        sizes_by_site[site][usable] += 1
    total = sum(bytes_by_site.values())
    print(f"reading-{options.reading}: {total / options.loads:.1f} usable bytes per load")
    for site, usable in bytes_by_site.most_common(options.top):
        sizes = ", ".join(f"{size} B x{count / options.loads:g}" for size, count in sizes_by_site[site].most_common(3))
        print(f"{usable / options.loads:8.1f} B {count_by_site[site] / options.loads:6.2f}x  [{sizes}]  {site}")


if __name__ == "__main__":
    main()
