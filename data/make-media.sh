#!/usr/bin/env bash
# Makes the fixture server's media in data/ (maintainers only; the outputs are committed):
# photos as baseline and progressive JPEG, PNG with alpha, a GIF, 20 avatars, and short H.264 clips.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v ffmpeg >/dev/null || need+=(ffmpeg)
# Debian's imagemagick provides convert-im6.q16; a bare `convert` on PATH may be something else.
command -v convert-im6.q16 >/dev/null || need+=(imagemagick)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=(); [ "$(id -u)" -eq 0 ] || SUDO=(sudo)
  "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${need[@]}"
fi
IM=convert-im6.q16
media=data/media avatars=data/avatars
rm -rf "$media" "$avatars"
mkdir -p "$media" "$avatars"

# Photos: seeded plasma fractals, so reruns give the same pictures.
photo() { # name size options...
  local name=$1 size=$2; shift 2
  $IM -seed "${#name}${size//x/}" -size "$size" plasma:fractal -blur 0x1 "$@" "$media/$name"
}
photo lake-3000x2000.jpg 3000x2000 -quality 82 -interlace JPEG      # progressive, 6 megapixels
photo forest-1600x1200.jpg 1600x1200 -quality 85 -interlace none    # baseline
photo dunes-1200x800.jpg 1200x800 -quality 85 -interlace JPEG
photo tower-600x1200.jpg 600x1200 -quality 85 -interlace none       # portrait
photo square-800x800.jpg 800x800 -quality 85 -interlace none
photo panorama-2400x600.jpg 2400x600 -quality 80 -interlace JPEG
# PNGs with alpha: a soft disc on transparency.
for spec in badge-600x400:600x400 leaf-512x512:512x512; do
  name=${spec%%:*} size=${spec##*:}
  w=${size%x*} h=${size#*x}
  $IM -seed 7 -size "$size" plasma:fractal \( -size "$size" xc:black -fill white \
      -draw "ellipse $((w/2)),$((h/2)) $((w/2-8)),$((h/2-8)) 0,360" -blur 0x6 \) \
      -alpha off -compose CopyOpacity -composite -depth 8 "$media/$name.png"
done
$IM -size 240x240 -seed 3 plasma:fractal -colors 64 "$media/spinner-240x240.gif"

# Avatars 01-20: a coloured disc with the animal's initial, 128 px, PNG with alpha.
animals=(Ant Bear Cat Deer Eagle Fox Goat Hare Ibis Jaguar Koala Lion Mole Newt Otter Panda Quail Robin Seal Tiger)
colors=("#e01b24" "#ff7800" "#f6d32d" "#33d17a" "#3584e4" "#9141ac" "#986a44" "#1c71d8" "#2ec27e" "#c64600"
        "#813d9c" "#26a269" "#e5a50a" "#613583" "#1a5fb4" "#a51d2d" "#63452c" "#c01c28" "#26a269" "#f66151")
for i in $(seq 1 20); do
  n=$(printf "%02d" "$i") a=${animals[$((i-1))]} c=${colors[$((i-1))]}
  $IM -size 128x128 xc:none -fill "$c" -draw "circle 64,64 64,2" \
      -fill white -font DejaVu-Sans-Bold -pointsize 64 -gravity center -annotate +0+2 "${a:0:1}" \
      -depth 8 "$avatars/$n.png"
done

# Clips: two seconds of H.264 test pattern, faststart so playback can begin before the end.
clip() { # name source size
  ffmpeg -loglevel error -y -f lavfi -i "$2=size=$3:rate=24" -t 2 -c:v libx264 -preset veryslow \
         -crf 30 -pix_fmt yuv420p -movflags +faststart "$media/$1"
}
clip bars-640x360.mp4 testsrc 640x360
clip mandelbrot-480x480.mp4 mandelbrot 480x480
clip pattern-360x640.mp4 testsrc2 360x640
du -sh data/media data/avatars
