#!/usr/bin/env bash
# Proves the module boundary: an adapter sees the adapter contract (MediationBridge; a VAST-SDK adapter also
# MediationVAST, which reaches only the bridge) and nothing of the engine.
#
#   (a) The manifest: no adapter target (a target under Adapters/) and not NetworkSandbox depends on MediationCore,
#       directly or through another target (`swift package dump-package`); and no Swift file of theirs imports it
#       (SwiftPM would let a file import a module it happens to have built).
#   (b) The compiler: a throwaway package in a temporary folder depends on this package's MediationBridge product,
#       as an outside adapter would. A control target that uses only bridge types must compile; a target that names
#       an engine type (`Mediator`) and one that names package infrastructure (`Locked`) must each fail with
#       "cannot find ... in scope". An adapter over an SDK that returns VAST (`new-adapter --source vast`) also
#       depends on the MediationVAST product, which reaches the bridge only: a control target on both products that
#       plays VAST through `VASTInstreamCustomEvent` must compile, and one that names `Mediator` must fail the same
#       way. A host target on the MediationCore product may save a statistics snapshot
#       (it is Codable) but must not see inside it (its entries and sketches are `package`).
# Usage: scripts/check-module-boundary.sh ; exit 0 when the boundary holds. Called by .ci/run after the build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

fail() {
    echo "check-module-boundary: FAILED: $*" >&2
    exit 1
}

echo "-- (a) manifest: adapters and NetworkSandbox do not reach MediationCore"
swift package dump-package | python3 -c '
import json, sys
targets = {target["name"]: target for target in json.load(sys.stdin)["targets"]}
def dependencies(target):
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                yield dependency[kind][0]
def reach(name, seen):
    for dependency in dependencies(targets[name]):
        if dependency in targets and dependency not in seen:
            seen.add(dependency)
            reach(dependency, seen)
    return seen
guarded = [name for name, target in targets.items()
           if (target.get("path") or "").startswith("Adapters/") or name == "NetworkSandbox"]
if len(guarded) < 4:
    sys.exit(f"expected three adapter targets and NetworkSandbox, found {guarded}")
# A VAST-SDK adapter depends on MediationVAST too (new-adapter --source vast): it must not reach the engine either.
guarded.append("MediationVAST")
bad = [name for name in guarded if "MediationCore" in reach(name, set())]
for name in guarded:
    print(f"   {name}: depends on {sorted(reach(name, set()))}")
if bad:
    sys.exit(f"these targets reach MediationCore: {bad}")
' || fail "an adapter or NetworkSandbox depends on MediationCore (lines above)"
if grep -rnE '^\s*(@testable\s+|@_exported\s+)?import\s+MediationCore\b' Adapters Sources/NetworkSandbox --include='*.swift'; then
    fail "the files above import MediationCore; adapters and the sandbox import MediationBridge only"
fi

echo "-- (b) compiler: a package depending on the MediationBridge product"
work="$(mktemp -d "${TMPDIR:-/tmp}/mediation-boundary.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Control" "$work/Sources/EngineType" "$work/Sources/PackageInfrastructure" \
    "$work/Sources/HostControl" "$work/Sources/StatisticsInternals" "$work/Sources/VASTControl" \
    "$work/Sources/VASTEngineType"
root_literal=$(python3 -c 'import json, sys; print(json.dumps(sys.argv[1]))' "$root")
cat > "$work/Package.swift" << MANIFEST
// swift-tools-version: 6.2
import PackageDescription

let bridge: [Target.Dependency] = [.product(name: "MediationBridge", package: "MediationKit")]
let core: [Target.Dependency] = [.product(name: "MediationCore", package: "MediationKit")]
let vast: [Target.Dependency] = bridge + [.product(name: "MediationVAST", package: "MediationKit")]
let package = Package(
    name: "BoundaryProbe",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [.package(name: "MediationKit", path: $root_literal)],
    targets: [
        .target(name: "Control", dependencies: bridge),
        .target(name: "EngineType", dependencies: bridge),
        .target(name: "PackageInfrastructure", dependencies: bridge),
        .target(name: "HostControl", dependencies: core),
        .target(name: "StatisticsInternals", dependencies: core),
        .target(name: "VASTControl", dependencies: vast),
        .target(name: "VASTEngineType", dependencies: vast),
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
cat > "$work/Sources/Control/Control.swift" << 'SWIFT'
import MediationBridge

// What an adapter uses: the custom event contract, the unified ad, errors, the request context.
final class ProbeCustomEvent: NativeCustomEvent {
    var identifier: String { "ProbeCustomEvent" }
    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        context.delegate.nativeCustomEvent(self, didFailWith: MediationError.noFill)
    }
    func stop() {}
}

func probeProperties() throws(MediationError) -> NativeAdProperties {
    try NativeAdProperties([.title: .text("Probe")])
}
SWIFT
cat > "$work/Sources/EngineType/EngineType.swift" << 'SWIFT'
import MediationBridge

// An adapter must not reach the engine: Mediator lives in MediationCore.
func probeEngine() -> Any.Type { Mediator.self }
SWIFT
cat > "$work/Sources/PackageInfrastructure/PackageInfrastructure.swift" << 'SWIFT'
import MediationBridge

// Nor the package's infrastructure: Locked is `package`, in MediationSupport, which is no product.
func probeInfrastructure() -> Int { Locked(0).current }
SWIFT
cat > "$work/Sources/VASTControl/VASTControl.swift" << 'SWIFT'
import MediationBridge
import MediationVAST

// What a VAST-SDK adapter uses: the SDK's VAST handed to the built-in playback as markup.
func probeVASTPlayback(loader: any VASTDocumentLoading, pinger: any TrackerPinging) -> any InstreamCustomEvent {
    VASTInstreamCustomEvent(loader: loader, trackerPinger: pinger)
}
SWIFT
cat > "$work/Sources/VASTEngineType/VASTEngineType.swift" << 'SWIFT'
import MediationBridge
import MediationVAST

// MediationVAST does not open the engine to an adapter either.
func probeEngineThroughVAST() -> Any.Type { Mediator.self }
SWIFT

cat > "$work/Sources/HostControl/HostControl.swift" << 'SWIFT'
import Foundation
import MediationCore

// A host saves what the statistics learned and restores it on the next launch, and sees the bridge through Core.
func probeSave(_ store: NetworkStatisticsStore) throws -> Data { try JSONEncoder().encode(store.snapshot()) }
func probeBridgeThroughCore() -> MediationError { .noFill }
SWIFT
cat > "$work/Sources/StatisticsInternals/StatisticsInternals.swift" << 'SWIFT'
import MediationCore

// ...but cannot look inside the snapshot: its entries (and their latency sketches) are the engine's own.
func probeEntries(_ snapshot: NetworkStatisticsSnapshot) -> Int { snapshot.entries.count }
SWIFT

cd "$work"
swift build --target Control > "$work/control.log" 2>&1 || {
    cat "$work/control.log" >&2
    fail "the control file, which uses only bridge types, does not compile against MediationBridge"
}
echo "   Control (bridge types only): compiles"
expect_failure() {  # TARGET NAME
    if swift build --target "$1" > "$work/$1.log" 2>&1; then
        fail "$1 compiled: '$2' is visible to a package that depends on MediationBridge only"
    fi
    grep -m1 -E "error: cannot find( type)? '$2' in scope" "$work/$1.log" ||
        { cat "$work/$1.log" >&2; fail "$1 failed, but not with \"cannot find '$2' in scope\""; }
    echo "   $1 ($2): does not compile, as it must"
}
expect_failure EngineType Mediator
expect_failure PackageInfrastructure Locked
swift build --target VASTControl > "$work/vast-control.log" 2>&1 || {
    cat "$work/vast-control.log" >&2
    fail "a VAST-SDK adapter file (MediationBridge and MediationVAST) does not compile"
}
echo "   VASTControl (MediationBridge + MediationVAST: VASTInstreamCustomEvent): compiles"
expect_failure VASTEngineType Mediator
swift build --target HostControl > "$work/host.log" 2>&1 || {
    cat "$work/host.log" >&2
    fail "a host file that saves a statistics snapshot through MediationCore does not compile"
}
echo "   HostControl (MediationCore: save a snapshot, bridge types re-exported): compiles"
if swift build --target StatisticsInternals > "$work/internals.log" 2>&1; then
    fail "StatisticsInternals compiled: a host can see inside NetworkStatisticsSnapshot"
fi
grep -m1 -E "error: ('entries' is inaccessible due to 'package' protection level|value of type 'NetworkStatisticsSnapshot' has no member 'entries')" "$work/internals.log" ||
    { cat "$work/internals.log" >&2; fail "StatisticsInternals failed, but not because 'entries' is out of reach"; }
echo "   StatisticsInternals (NetworkStatisticsSnapshot.entries): does not compile, as it must"
echo "check-module-boundary: the boundary holds"
