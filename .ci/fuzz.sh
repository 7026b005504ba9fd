#!/usr/bin/env bash
# Builds the libFuzzer targets in Tests/Fuzz with AddressSanitizer and UndefinedBehaviorSanitizer
# (the Swift toolchain's clang, linked by its lld), replays each target's corpus, then fuzzes each
# for SECONDS (0: replay only). New inputs go to .build/fuzz, not the committed corpus; a crash's
# input is kept in .build/fuzz/artifacts, to be fixed and added to the corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${1:-0}"
CLANG="${CLANG:-$(command -v clang || echo /opt/swift/usr/bin/clang)}"
out=.build/fuzz
mkdir -p "$out/artifacts"
flags=(-g -O1 -fuse-ld=lld -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)

# picture-regions: CPictureRegions (PNG and JPEG headers, streamed regions, box filter).
regions=Sources/Shims/CPictureRegions
"$CLANG" "${flags[@]}" -I "$regions/include" "$regions"/*.c Tests/Fuzz/picture_regions.c \
  $(pkg-config --cflags --libs libpng) -ljpeg -o "$out/picture-regions" 2> >(grep -v "Cannot export local symbol" >&2)

for target in picture-regions; do
  corpus=Tests/Fuzz/corpus/$target
  echo "fuzz: $target: replaying $(ls "$corpus" | wc -l) inputs"
  "$out/$target" -runs=0 "$corpus"/* 2>&1 | tail -n 2
  if [ "$SECONDS_EACH" -gt 0 ]; then
    found="$out/corpus-$target"
    mkdir -p "$found"
    echo "fuzz: $target: $SECONDS_EACH s"
    "$out/$target" -max_total_time="$SECONDS_EACH" -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-" \
      "$found" "$corpus" 2>&1 | grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)|cov:|ERROR|SUMMARY" | tail -n 8
  fi
done
