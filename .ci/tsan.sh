#!/usr/bin/env bash
# The test suites that run under ThreadSanitizer, built into .build/tsan. Left out, said in
# docs/decisions/sanitizers.md: the UI tests and the suites that start the confined helpers.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
export NO_AT_BRIDGE=1 GDK_BACKEND=x11
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0 history_size=2}"
# Package.swift then builds Scheduling's Mutex over a pthread mutex, which ThreadSanitizer sees.
export TESSERA_TSAN=1
"$SWIFT" build --build-tests --sanitize=thread --build-path .build/tsan
bash .ci/build-locale.sh "$("$SWIFT" build --build-path .build/tsan --show-bin-path)"
suites="DomainTests|SchedulingTests|NetworkingTests|PersistenceTests|RepositoriesTests|FeaturesTests|LocalizationTests"
suites+="|ImagePipelineTests|GtkTests|HelperClientsTests.DecoderWireTests|HelperClientsTests.HelperLinesTests"
suites+="|VideoTests.FrameRingTests|VideoTests.PlaybackWireTests|VideoTests.PosterWireTests"
log=.build/tsan/tests.log
status=0
bash .ci/with-display.sh "$SWIFT" test --skip-build --build-path .build/tsan --sanitize=thread --disable-swift-testing --filter "$suites" \
  --skip KilledWritersTests/testAKilledGallery 2>&1 | tee "$log" || status=$?
# A report does not fail its test (the process exits 66 at the end): any report fails the run.
reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
if [ "$reports" -gt 0 ]; then
  # CI keeps only the end of the output: each report's test, accesses and top frames again here.
  awk '/^Test Case .* started/ { test = $3 }
       /WARNING: ThreadSanitizer/ { print "tsan report in " test; frames = 0 }
       /^  (Write|Read|Previous|Atomic|Mutex|Location)/ { print; frames = 4; next }
       frames > 0 && /^    #[0-9]/ { print; frames--; next }
       /^SUMMARY: ThreadSanitizer/ { print }' "$log" | cut -c1-200 | tail -n 40 >&2
  echo "tsan: $reports reports (above)" >&2
  exit 1
fi
[ "$status" -eq 0 ] && echo "tsan: no report"
exit "$status"
