#!/usr/bin/env bash
# Makes the pictures the decoder tests read (committed; run again only to change them).
# Installs the encoders it uses (Debian packages; sudo when not root), then writes every file
# from one 60 x 40 picture of four coloured quarters, so a test can tell where each corner went.
set -euo pipefail
cd "$(dirname "$0")"
tools=(ffmpeg webp libavif-bin libheif-examples libimage-exiftool-perl libjpeg-turbo-progs liblcms2-utils colord-data)
missing=()
for p in "${tools[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=(); [ "$(id -u)" -eq 0 ] || SUDO=(sudo)
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
python3 make-pictures.py
