#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS seconds on a copy of its seed corpus.
#
#   scripts/fuzz.sh TARGET [SECONDS]      TARGET: AdResponseFuzzer | NativeAdPropertiesFuzzer | VASTParserFuzzer | NativeMarkupFuzzer
#
# Builds TARGET with -sanitize=fuzzer,address in .build-fuzz (kept apart from the plain and TSan builds), runs it
# over Fuzz/Corpus/TARGET (new inputs go to a scratch copy, the seeds in the repository are never changed) and
# prints libFuzzer's final statistics. A crash leaves its input in .build-fuzz-artifacts/TARGET/ and exits
# non-zero; add that input to Fuzz/Corpus/TARGET/ so that every later run (and CI's replay) checks it.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: scripts/fuzz.sh TARGET [SECONDS]}
seconds=${2:-60}
case "$target" in
AdResponseFuzzer | NativeAdPropertiesFuzzer | VASTParserFuzzer | NativeMarkupFuzzer) ;;
*) echo "fuzz.sh: unknown target '$target' (AdResponseFuzzer, NativeAdPropertiesFuzzer, VASTParserFuzzer, NativeMarkupFuzzer)" >&2; exit 2 ;;
esac

# SwiftPM links every executable with `--defsym main=<Target>_main`, and -sanitize=fuzzer links libFuzzer's own
# main: the target defines both entry points (either one runs the same check), so allow the second definition.
flags=(-c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
    -Xlinker --allow-multiple-definition)
swift build "${flags[@]}" --product "$target" 2>&1 | grep -E "error:" && exit 1
binary=$(swift build "${flags[@]}" --show-bin-path)/$target

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "Fuzz/Corpus/$target/." "$work/"
# Not under .build-fuzz/artifacts: SwiftPM owns that directory (binary artifacts) and prunes it when it builds (the
# empty directories of the targets that found nothing disappeared while the next target was built).
artifacts=.build-fuzz-artifacts/$target
mkdir -p "$artifacts"
echo "fuzz.sh: $target for ${seconds}s over $(ls "$work" | wc -l) seed(s)"
# FoundationXML leaks one CFString for every XML error libxml2 reports (not this project's code): suppressed by
# name in Fuzz/lsan-suppressions.txt, so that a leak of ours still stops the run. Those leaks add up:
# VASTParserFuzzer grows by about 2 KB per input (most inputs are malformed), and a run of ten minutes or more
# reaches the 2 GB -rss_limit_mb and stops with an out-of-memory report on an empty input; CI's 60 s stay near
# 600 MB. The fuzzer's own exit status is read with errexit and pipefail off (under `|| true` it was always 0, which
# hid every stopped run).
set +e +o pipefail
LSAN_OPTIONS=suppressions=Fuzz/lsan-suppressions.txt:print_suppressions=0 \
    "$binary" "$work" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 2>&1 | grep -E "^(stat::|#[0-9]+ +DONE|==|SUMMARY|INFO: (Loaded|seed))"
status=${PIPESTATUS[0]}
set -e -o pipefail
if [ "$status" -ne 0 ]; then
    echo "fuzz.sh: $target found a problem (exit $status); inputs in $artifacts/" >&2
    exit "$status"
fi
echo "fuzz.sh: $target: no crash in ${seconds}s"
