#!/usr/bin/env bash
# Builds everything and runs every test, under Xvfb when there is no display.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"

# GTK must not try to reach an accessibility bus or a desktop portal that is not there.
export NO_AT_BRIDGE=1
export GDK_BACKEND=x11

# The boundaries docs/architecture.md draws: declared and allowed imports, file and type sizes,
# comments' length and share; the checker's own tests first.
python3 .ci/check-boundaries-test.py
python3 .ci/check-boundaries.py
# The C that reads untrusted bytes, under AddressSanitizer and UBSan: each fuzz target's corpus
# replayed, then fuzzed briefly (`make fuzz` fuzzes for longer).
bash .ci/fuzz.sh 20
"$SWIFT" build --build-tests --explicit-target-dependency-import-check error
bash .ci/build-locale.sh "$("$SWIFT" build --show-bin-path)"
# XCTest only: Swift Testing would close the run with a "0 tests" line of its own.
bash .ci/with-display.sh "$SWIFT" test --skip-build --disable-swift-testing
# The suites that run under ThreadSanitizer, which fail on any report (docs/decisions/sanitizers.md).
bash .ci/tsan.sh
