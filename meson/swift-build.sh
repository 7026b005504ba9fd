#!/usr/bin/env bash
# Builds Tessera's executables with SwiftPM and copies them where meson expects its outputs.
# Usage: swift-build.sh SWIFT SOURCE_ROOT SCRATCH CONFIGURATION PREBUILT OUTDIR PRODUCT...
# meson cannot read Package.swift's dependencies, so this runs every time (build_always_stale);
# SwiftPM's own incremental build keeps that cheap. With PREBUILT (a folder of executables SwiftPM
# built already), nothing is built: they are copied.
set -euo pipefail
swift=$1 root=$2 scratch=$3 configuration=$4 prebuilt=$5 outdir=$6
shift 6
if [ -n "$prebuilt" ]; then
  bin=$prebuilt
else
  flags=(-c "$configuration" --package-path "$root" --scratch-path "$scratch")
  # A release build links the Swift runtime in, as a distribution ships it (see the Makefile's bench).
  [ "$configuration" = release ] && flags+=(--static-swift-stdlib)
  for product in "$@"; do
    "$swift" build "${flags[@]}" --product "$product"
  done
  bin=$("$swift" build "${flags[@]}" --show-bin-path)
fi
for product in "$@"; do
  cp -f "$bin/$product" "$outdir/$product"
done
