#!/usr/bin/env bash
# Fails unless the release version is the same everywhere a host or a server reads it:
#   - the code: MediationKitVersion.current (Sources/MediationBridge/Support/MediationKitVersion.swift), which the
#     ad request sends as `nv` and the adapters report as the MediationKit they were built against;
#   - the README's install line: `.package(url: ".../MediationKit.git", from: "X.Y.Z")`;
#   - the newest released entry of CHANGELOG.md: the first `## [X.Y.Z]` heading (not `## [Unreleased]`);
#   - `mediation --version` (MediationCLI's own constant, while the CLI keeps one).
# Also checks that CHANGELOG.md keeps an Unreleased section above the releases (Keep a Changelog).
# Usage: scripts/check-version.sh ; prints the version and exits 0 when they agree.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    echo "check-version: $*" >&2
    exit 1
}

version_file=Sources/MediationBridge/Support/MediationKitVersion.swift
semver='[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?'

[ -f "$version_file" ] || fail "$version_file is missing"
code=$(sed -nE "s/^[[:space:]]*public static let current = \"($semver)\".*/\1/p" "$version_file")
[ -n "$code" ] || fail "$version_file: no 'public static let current = \"X.Y.Z\"'"

readme=$(grep -nE "\.package\(url: \"[^\"]*MediationKit(\.git)?\", from: \"$semver\"\)" README.md || true)
[ -n "$readme" ] || fail "README.md: no install line '.package(url: \".../MediationKit.git\", from: \"X.Y.Z\")'"
[ "$(printf '%s\n' "$readme" | wc -l)" -eq 1 ] || fail "README.md: more than one install line: $readme"
readme_line=${readme%%:*}
readme_version=$(printf '%s\n' "$readme" | sed -nE "s/.*from: \"($semver)\".*/\1/p")

[ -f CHANGELOG.md ] || fail "CHANGELOG.md is missing"
headings=$(grep -nE '^## \[' CHANGELOG.md || true)
first_heading=$(printf '%s\n' "$headings" | head -1)
case "$first_heading" in
    *"## [Unreleased]"*) ;;
    *) fail "CHANGELOG.md: the first '## [' heading must be '## [Unreleased]' (found: ${first_heading:-none})" ;;
esac
released=$(printf '%s\n' "$headings" | grep -vF '## [Unreleased]' | head -1 || true)
[ -n "$released" ] || fail "CHANGELOG.md: no released version heading ('## [X.Y.Z] - YYYY-MM-DD')"
changelog_line=${released%%:*}
changelog=$(printf '%s\n' "$released" | sed -nE "s/^[0-9]+:## \[($semver)\] - [0-9]{4}-[0-9]{2}-[0-9]{2}\$/\1/p")
[ -n "$changelog" ] || fail "CHANGELOG.md:$changelog_line: expected '## [X.Y.Z] - YYYY-MM-DD', found '${released#*:}'"

status=0
if [ "$readme_version" != "$code" ]; then
    echo "check-version: README.md:$readme_line installs from: \"$readme_version\" but $version_file says $code" >&2
    status=1
fi
if [ "$changelog" != "$code" ]; then
    echo "check-version: CHANGELOG.md:$changelog_line: the newest release is $changelog but $version_file says $code" >&2
    status=1
fi
cli_file=Sources/MediationCLI/MediationCommand.swift
if [ -f "$cli_file" ]; then
    cli=$(sed -nE "s/^[[:space:]]*static let version = \"($semver)\".*/\1/p" "$cli_file")
    if [ -n "$cli" ] && [ "$cli" != "$code" ]; then
        echo "check-version: $cli_file: mediation --version says $cli but $version_file says $code" >&2
        status=1
    fi
fi
[ "$status" -eq 0 ] || exit 1
echo "check-version: $code in $version_file, README.md:$readme_line and CHANGELOG.md:$changelog_line"
