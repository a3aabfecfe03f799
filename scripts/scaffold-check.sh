#!/usr/bin/env bash
# Scaffold check: generates a new adapter package with `mediation new-adapter`, builds it against this checkout
# (Swift 6 language mode, warnings as errors, as the generated Package.swift sets) and runs its tests, which run
# the conformance kit on the generated adapter. Exits non-zero when any step fails. Called by .ci/run.
#
# Usage: scripts/scaffold-check.sh [NAME]     (NAME defaults to AcmeAds)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
name="${1:-AcmeAds}"
work="$(mktemp -d "${TMPDIR:-/tmp}/mediation-scaffold.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "-- building the mediation CLI"
swift build --package-path "$root" --product mediation
bin="$(swift build --package-path "$root" --show-bin-path)/mediation"

echo "-- mediation new-adapter $name --out $work/$name --mediationkit $root"
"$bin" new-adapter "$name" --out "$work/$name" --mediationkit "$root"

echo "-- refusing to overwrite: a second run into the same folder must fail"
if "$bin" new-adapter "$name" --out "$work/$name" --mediationkit "$root" 2>/dev/null; then
    echo "scaffold check FAILED: new-adapter overwrote a non-empty folder" >&2
    exit 1
fi

cd "$work/$name"
echo "-- swift build (generated package)"
swift build
echo "-- swift test (generated package: runs the conformance kit)"
swift test 2>&1 | tee "$work/test.log"
if ! grep -Eq "✔ Test [A-Za-z0-9]+AdapterPassesTheConformanceKit\(\) passed" "$work/test.log"; then
    echo "scaffold check FAILED: the generated conformance test did not pass" >&2
    exit 1
fi
echo "-- scaffold check passed: $name adapter generated, built and passed the conformance kit"
