#!/usr/bin/env bash
# The test suites that run under ThreadSanitizer, built into .build/tsan. Left out, said in
# docs/decisions/sanitizers.md: the UI tests and the suites that start the confined helpers.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
export NO_AT_BRIDGE=1 GDK_BACKEND=x11
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0 history_size=2}"
"$SWIFT" build --build-tests --sanitize=thread --build-path .build/tsan
bash .ci/build-locale.sh "$("$SWIFT" build --build-path .build/tsan --show-bin-path)"
suites="DomainTests|SchedulingTests|NetworkingTests|PersistenceTests|RepositoriesTests|FeaturesTests|LocalizationTests"
suites+="|ImagePipelineTests|GtkTests|HelperClientsTests.DecoderWireTests|HelperClientsTests.HelperLinesTests"
suites+="|VideoTests.FrameRingTests|VideoTests.PlaybackWireTests|VideoTests.PosterWireTests"
exec bash .ci/with-display.sh "$SWIFT" test --skip-build --build-path .build/tsan --sanitize=thread --disable-swift-testing --filter "$suites" \
  --skip KilledWritersTests
