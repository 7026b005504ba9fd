#!/usr/bin/env bash
# Builds Tessera's executables with SwiftPM and copies them where meson expects its outputs.
# Usage: swift-build.sh SWIFT SOURCE_ROOT SCRATCH CONFIGURATION PREBUILT STRIP OUTDIR PRODUCT...
# meson cannot read Package.swift's dependencies, so this runs every time (build_always_stale);
# SwiftPM's own incremental build keeps that cheap. With PREBUILT (a folder of executables SwiftPM
# built already), nothing is built: they are copied. With STRIP "true" (meson's `strip` option), the
# copies lose their symbol tables and debug information: meson strips what it builds itself, not
# what a custom target makes.
set -euo pipefail
swift=$1 root=$2 scratch=$3 configuration=$4 prebuilt=$5 strip=$6 outdir=$7
shift 7
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
  if [ "$strip" = true ]; then
    strip --strip-all -o "$outdir/$product" "$bin/$product"
  else
    cp -f "$bin/$product" "$outdir/$product"
  fi
done
