#!/usr/bin/env bash
# Builds the libFuzzer targets in Tests/Fuzz with AddressSanitizer (and UBSan for the C), replays
# each target's corpus, then fuzzes each for SECONDS (0: replay only). New inputs go to .build/fuzz,
# not the committed corpus; a crash's input is kept in .build/fuzz/artifacts, to be fixed and added
# to the corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${1:-0}"
SWIFT="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
CLANG="${CLANG:-$(command -v clang || echo /opt/swift/usr/bin/clang)}"
out=.build/fuzz
mkdir -p "$out/artifacts"
flags=(-g -O1 -fuse-ld=lld -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)

# picture-regions: CPictureRegions (PNG and JPEG headers, streamed regions, box filter).
regions=Sources/Shims/CPictureRegions
"$CLANG" "${flags[@]}" -I "$regions/include" "$regions"/*.c Tests/Fuzz/picture_regions.c \
  $(pkg-config --cflags --libs libpng) -ljpeg -o "$out/picture-regions" 2> >(grep -v "Cannot export local symbol" >&2)

# The Swift readers (Tests/Fuzz/<target>): the helpers' wires, the contracts' JSON, HTTP headers and
# the picture cache's files, a document's first rows, the gallery's journal. Package.swift declares them only in
# this build (TESSERA_FUZZ).
swift_targets=(wire-readers contract-json http-cache document-rows journal)
for target in "${swift_targets[@]}"; do
  if ! TESSERA_FUZZ=1 "$SWIFT" build -c release --build-path .build/fuzz-swift --product "fuzz-$target" \
      -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing > "$out/build-$target.log" 2>&1; then
    grep -E "error" "$out/build-$target.log" >&2 || tail -n 20 "$out/build-$target.log" >&2
    exit 1
  fi
  cp ".build/fuzz-swift/release/fuzz-$target" "$out/$target"
done

# A Swift trap is the crash libFuzzer keeps; the runtime's own backtracer would only slow it down.
export SWIFT_BACKTRACE=enable=no
for target in picture-regions "${swift_targets[@]}"; do
  corpus=Tests/Fuzz/corpus/$target
  if ! "$out/$target" -runs=0 "$corpus"/* > "$out/replay-$target.log" 2>&1; then
    grep -aE "^fuzz:|Fatal error|ERROR|SUMMARY|Running:" "$out/replay-$target.log" | tail -n 6 >&2
    exit 1
  fi
  echo "fuzz: $target: $(ls "$corpus" | wc -l) inputs replayed"
  if [ "$SECONDS_EACH" -gt 0 ]; then
    found="$out/corpus-$target"
    mkdir -p "$found"
    echo "fuzz: $target: $SECONDS_EACH s"
    "$out/$target" -max_total_time="$SECONDS_EACH" -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-" \
      "$found" "$corpus" 2>&1 | grep -aE "^(#[0-9]+ +DONE|fuzz:|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)|cov:|ERROR|SUMMARY" | tail -n 8
  fi
done
