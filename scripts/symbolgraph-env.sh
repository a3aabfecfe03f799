# Sourced by scripts/build-docc.sh and scripts/count-public-api.sh (from the repository root, after `swift build`):
# sets what swift-symbolgraph-extract needs to read this package's built modules.
#   bin_path   the debug build's products (`swift build --show-bin-path`)
#   triple     the host target triple
#   includes   -I flags for the Swift modules, the C targets' module maps and headers (and -sdk on macOS)
#   extract    the swift-symbolgraph-extract next to swift, when it is not on PATH
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
bin_path=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
includes=(-I "$bin_path/Modules")
for modulemap in "$bin_path"/*.build/module.modulemap; do
    [ -e "$modulemap" ] && includes+=(-I "$(dirname "$modulemap")")
done
for include_dir in Sources/*/include; do
    [ -d "$include_dir" ] && includes+=(-I "$include_dir")
done
if [ "$(uname)" = Darwin ]; then
    includes+=(-sdk "$(xcrun --sdk macosx --show-sdk-path)")
fi
extract=$(command -v swift-symbolgraph-extract || echo "$swift_bin/swift-symbolgraph-extract")
