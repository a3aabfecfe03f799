#!/usr/bin/env bash
# Scaffold check: generates a new adapter package with `mediation new-adapter`, builds it against this checkout
# (Swift 6 language mode, warnings as errors, as the generated Package.swift sets) and runs its tests, which run
# the conformance kit on the generated adapter; then the same for an in-stream adapter (`--format instream`, video
# and audio) through the strict in-stream kit, and for an in-stream adapter over an SDK that returns VAST
# (`--source vast`: MediationKit's VAST playback, an asynchronous load), through the strict in-stream kit too; each
# in-stream package's bidding tests (token and markup) must pass. Exits non-zero when any step fails. Called by
# .ci/run.
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

instream="${name}Stream"
echo "-- mediation new-adapter $instream --format instream --out $work/$instream --mediationkit $root"
"$bin" new-adapter "$instream" --format instream --out "$work/$instream" --mediationkit "$root"
cd "$work/$instream"
echo "-- swift build (generated in-stream package)"
swift build
echo "-- swift test (generated in-stream package: runs the strict in-stream conformance kit, video and audio)"
swift test 2>&1 | tee "$work/instream-test.log"
if ! grep -Eq "✔ Test [A-Za-z0-9]+InstreamAdapterPassesTheConformanceKit\(\) passed" "$work/instream-test.log" \
    || [ "$(grep -Ec '^[A-Za-z0-9]+ in-stream (video|audio) \[.*\]: PASSED \([0-9]+ passed, 0 failed, 0 skipped\)' \
        "$work/instream-test.log")" -ne 2 ]; then
    echo "scaffold check FAILED: the generated in-stream conformance test did not pass strictly" >&2
    exit 1
fi
if ! grep -Eq "✔ Suite [A-Za-z0-9]+InstreamBiddingTests passed" "$work/instream-test.log"; then
    echo "scaffold check FAILED: the generated in-stream bidding tests did not pass" >&2
    exit 1
fi
echo "-- scaffold check passed: $instream in-stream adapter generated, built and passed the strict in-stream kit"

vast="${name}Cast"
echo "-- mediation new-adapter $vast --format instream --source vast --out $work/$vast --mediationkit $root"
"$bin" new-adapter "$vast" --format instream --source vast --out "$work/$vast" --mediationkit "$root"
cd "$work/$vast"
echo "-- swift build (generated VAST-SDK in-stream package)"
swift build
echo "-- swift test (generated VAST-SDK in-stream package: the strict in-stream kit, awaited, video and audio)"
swift test 2>&1 | tee "$work/vast-test.log"
if ! grep -Eq "✔ Test [A-Za-z0-9]+InstreamAdapterPassesTheConformanceKit\(\) passed" "$work/vast-test.log" \
    || ! grep -Eq "✔ Suite [A-Za-z0-9]+InstreamBiddingTests passed" "$work/vast-test.log" \
    || [ "$(grep -Ec '^[A-Za-z0-9]+ in-stream (video|audio) \[.*\]: PASSED \([0-9]+ passed, 0 failed, 0 skipped\)' \
        "$work/vast-test.log")" -ne 2 ]; then
    echo "scaffold check FAILED: the generated VAST-SDK in-stream adapter did not pass strictly" >&2
    exit 1
fi
echo "-- scaffold check passed: $vast VAST-SDK in-stream adapter generated, built and passed the strict in-stream kit"
