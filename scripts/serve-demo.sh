#!/bin/sh
# Serves the bundled default ad response on 127.0.0.1 for `mediation demo --url`:
#   scripts/serve-demo.sh [PORT]      (default 8080; prints "PORT <n>", stops with Ctrl-C)
#   swift run mediation demo --url http://127.0.0.1:8080/ad/default-ad-response
# Also serves /image/NAME placeholder images, /status/CODE, /slow, /big, /redirect (see the script's header).
set -eu
cd "$(dirname "$0")/.."
exec python3 Tests/MediationNetworkingTests/Fixtures/loopback_server.py \
    --port "${1:-8080}" --files Sources/MediationCLI/Resources --ignore-stdin
