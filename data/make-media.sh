#!/usr/bin/env bash
# Makes the built-in backend's media in data/ (maintainers only; the outputs are committed) from
# pictures in Debian's packages: photographs from mate-backgrounds (GPL-2+), clip art from
# openclipart-svg (public domain). data/CREDITS.md names every file's source, author and license.
# The packages are downloaded and unpacked in a temporary folder, not installed. The same package
# versions give the same files.
#
# Kinds the contracts and benchmarks need: baseline and progressive JPEG, PNG with alpha, a GIF,
# WebP and AVIF, H.264 clips of two seconds (slow pans across photographs), 20 cartoon animals as
# avatars, and the facts feed's images at the sizes its rows name.
set -euo pipefail
cd "$(dirname "$0")/.."
OPENCLIPART=openclipart-svg=1:0.18+dfsg-19
MATE=mate-backgrounds=1.26.0-1

need=()
command -v ffmpeg >/dev/null || need+=(ffmpeg)
# Debian's imagemagick provides convert-im6.q16; a bare `convert` on PATH may be something else.
command -v convert-im6.q16 >/dev/null || need+=(imagemagick)
command -v rsvg-convert >/dev/null || need+=(librsvg2-bin)
command -v cwebp >/dev/null || need+=(webp)
command -v avifenc >/dev/null || need+=(libavif-bin)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=(); [ "$(id -u)" -eq 0 ] || SUDO=(sudo)
  "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${need[@]}"
fi
IM=convert-im6.q16
# PNGs without the time they were written, so reruns give the same bytes.
PNG=(-define png:exclude-chunks=date,time +set date:create +set date:modify)

packages=$(mktemp -d)
trap 'rm -rf "$packages"' EXIT
(cd "$packages" && apt-get download -q "$OPENCLIPART" "$MATE" >/dev/null)
for deb in "$packages"/*.deb; do dpkg-deb -x "$deb" "$packages/root"; done
photos=$packages/root/usr/share/backgrounds/mate
drawings=$packages/root/usr/share/openclipart/svg
# clipart NAME WIDTHxHEIGHT: the drawing without its empty margins, scaled to fit the size, as PNG.
clipart() {
  rsvg-convert -w 1200 -h 1200 --keep-aspect-ratio "$(find "$drawings" -name "$1.svg" -print -quit)" \
    | $IM - -bordercolor none -border 1 -trim +repage -resize "$2" png:-
}

media=data/media avatars=data/avatars facts=data/facts
rm -rf "$media" "$avatars" "$facts"
mkdir -p "$media" "$avatars" "$facts"

# photo SOURCE NAME WIDTHxHEIGHT OPTIONS...: scaled to cover the size and cut to it, centred.
photo() {
  local source=$1 name=$2 size=$3; shift 3
  $IM "$photos/$source" -auto-orient -resize "$size^" -gravity center -extent "$size" -strip "$@" "$media/$name"
}
photo nature/LadyBird.jpg ladybird-2560x1600.jpg 2560x1600 -quality 82 -interlace JPEG   # progressive, 4 megapixels
photo nature/Garden.jpg garden-1600x1200.jpg 1600x1200 -quality 85 -interlace none        # baseline
photo nature/Dune.jpg dune-1200x800.jpg 1200x800 -quality 85 -interlace JPEG
photo nature/YellowFlower.jpg flower-600x1200.jpg 600x1200 -quality 85 -interlace none    # portrait
photo nature/RainDrops.jpg raindrops-800x800.jpg 800x800 -quality 85 -interlace none
photo nature/Storm.jpg storm-1920x480.jpg 1920x480 -quality 80 -interlace JPEG             # panorama
photo nature/Aqua.jpg drop-1280x800.jpg 1280x800 -quality 82 -interlace none
photo nature/GreenMeadow.jpg meadow-1000x800.jpg 1000x800 -quality 82 -interlace JPEG
photo nature/TwoWings.jpg seeds-720x1080.jpg 720x1080 -quality 82 -interlace none
photo abstract/Elephants.jpg elephants-1280x720.jpg 1280x720 -quality 82 -interlace JPEG  # a painting
photo nature/Wood.jpg wood-1024x768.jpg 1024x768 -quality 82 -interlace none
# The leaf with one-pixel detail, as a PNG with alpha: a soft-edged disc on transparency.
$IM "$photos/nature/Blinds.jpg" -resize 512x512^ -gravity center -extent 512x512 -strip \
    \( -size 512x512 xc:black -fill white -draw "circle 256,256 256,8" -blur 0x6 \) \
    -alpha off -compose CopyOpacity -composite -depth 8 "${PNG[@]}" "$media/leaf-512x512.png"
# Clip art with alpha, and a GIF (one transparent colour).
clipart butterfly_jonvdveen_01 560x360 | $IM - -gravity center -background none -extent 600x400 -depth 8 "${PNG[@]}" "$media/butterfly-600x400.png"
clipart ladybug_01 224x224 | $IM - -gravity center -background none -extent 240x240 -colors 64 "$media/ladybug-240x240.gif"
# WebP and AVIF (made from a PNG of the photo, so neither carries the JPEG's artefacts twice).
$IM "$photos/nature/FreshFlower.jpg" -resize 1200x900^ -gravity center -extent 1200x900 -strip "${PNG[@]}" "$packages/flower.png"
cwebp -quiet -q 80 -metadata none "$packages/flower.png" -o "$media/marigold-1200x900.webp"
$IM "$photos/nature/Garden.jpg" -resize 960x600^ -gravity center -extent 960x600 -strip "${PNG[@]}" "$packages/garden.png"
avifenc --jobs 1 --min 20 --max 30 -s 6 -d 8 -y 420 --ignore-exif --ignore-xmp "$packages/garden.png" "$media/carnation-960x600.avif" >/dev/null

# Clips: two seconds of a slow pan across a photograph, H.264, faststart so playback can begin
# before the end. clip SOURCE NAME WIDTH HEIGHT SCALE X Y (x and y of the moving crop, in t).
clip() {
  ffmpeg -loglevel error -y -loop 1 -framerate 24 -i "$photos/$1" -t 2 \
         -vf "scale=$5,crop=$3:$4:$6:$7,format=yuv420p" -c:v libx264 -preset veryslow -crf 28 -threads 1 \
         -map_metadata -1 -fflags +bitexact -flags:v +bitexact -movflags +faststart "$media/$2"
}
clip nature/GreenMeadow.jpg meadow-pan-640x360.mp4 640 360 960:-2 "(iw-ow)*t/2" "(ih-oh)/2"
clip nature/FreshFlower.jpg flower-pan-480x480.mp4 480 480 720:-2 "(iw-ow)*t/2" "(ih-oh)/2"
clip nature/RainDrops.jpg raindrops-pan-360x640.mp4 360 640 -2:960 "(iw-ow)/2" "(ih-oh)*t/2"

# Avatars 01-20: a cartoon animal on a disc of GNOME's palette, mid-tone so that it neither glares
# on a dark list nor fades on a light one; 256 px (the largest avatar, 96 px, at scale 2), PNG with alpha.
animals=(bear_peterm_01 happy_monkey_benji_park_01 leone_architetto_frances_01 tiger_graig_ryan_smith_-_01
         new_penguin_charles_mcco_01 ladybug_01 bee pecora_architetto_france_01 porcinet_01 goat_nicu_buculei_01
         camel_head_01 cartoon_cat_gerald_g._02 monkey_head_nicu_buculei_01 puffin-md raccoon_ganson
         red-eye_frog_mirko_maisc_01 yellow_gourami_01 cartoon_squirrel_mike_sm1 butterfly_jonvdveen_01 seal)
discs=("#62a0ea" "#5bc8af" "#9141ac" "#2ec27e" "#ffa348" "#33d17a" "#3584e4" "#c061cb" "#33d17a" "#e66100"
       "#62a0ea" "#e5a50a" "#2ec27e" "#1c71d8" "#e5a50a" "#9141ac" "#3584e4" "#ffa348" "#5bc8af" "#f66151")
for i in $(seq 1 20); do
  n=$(printf "%02d" "$i")
  clipart "${animals[$((i-1))]}" 168x168 > "$packages/animal.png"
  $IM -size 256x256 xc:none -fill "${discs[$((i-1))]}" -draw "circle 128,128 128,1" \
      "$packages/animal.png" -gravity center -composite -depth 8 "${PNG[@]}" "$avatars/$n.png"
done

# The facts feed's images, at the sizes its rows name (FactsRoutes.imageSizes), clip art that
# fits each row's title on a pale ground: JPEGs flattened, PNGs with alpha.
fact() { # SVG NAME WIDTHxHEIGHT GROUND
  local width=${3%x*} height=${3#*x}
  clipart "$1" $((width * 8 / 10))x$((height * 8 / 10)) | $IM - -gravity center -background "$4" -extent "$3" "${@:5}" "$facts/$2"
}
fact contour_beaver beaver.jpg 640x427 "#e8efe6" -flatten -quality 85
fact national_flag_of_canada_ flag.png 1200x600 none -depth 8 "${PNG[@]}"
fact kiddy_train_orlando_kara_ train.jpg 480x640 "#eaf1f8" -flatten -quality 85
fact televisore_telecomando_a_01 hockey.jpg 1024x683 "#f1ece4" -flatten -quality 85
fact igloo house.jpg 300x300 "#e7f0f7" -flatten -quality 85
fact deer_matt_todd_01 moose.jpg 2000x1333 "#efe9dc" -flatten -quality 85 -interlace JPEG
fact earth_globe_dan_gerhrads_01 geography.jpg 900x1200 "#e3e9f2" -flatten -quality 85
fact kitten_gerald_g._01 "Kittens (cute).jpg" 500x375 "#f5ede6" -flatten -quality 85
fact cavallo_architetto_franc_03 mounties.jpg 360x540 "#f3e6e3" -flatten -quality 85
fact abc_blocks_petri_lummema_01 language.png 800x200 none -depth 8 "${PNG[@]}"
du -sh data/media data/avatars data/facts
