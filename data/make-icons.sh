#!/usr/bin/env bash
# Renders the app icon's PNG sizes from the SVG (maintainers only; the PNGs are committed).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v rsvg-convert >/dev/null; then
  SUDO=(); [ "$(id -u)" -eq 0 ] || SUDO=(sudo)
  "${SUDO[@]}" apt-get install -y -q --no-install-recommends librsvg2-bin
fi
svg=data/icons/hicolor/scalable/apps/dev.tessera.Tessera.svg
for size in 16 32 48 64 128 256 512; do
  out=data/icons/hicolor/${size}x${size}/apps
  mkdir -p "$out"
  rsvg-convert -w "$size" -h "$size" "$svg" -o "$out/dev.tessera.Tessera.png"
done
