#!/usr/bin/env bash
# Installs the Debian packages Tessera needs to build, run and test.
# Runs apt-get only when something is missing; uses sudo when not root.
set -euo pipefail

packages=(
  pkg-config
  libgtk-3-dev          # the UI toolkit (CGtk)
  libhandy-1-dev        # GNOME's widgets for GTK 3: status pages, clamps, avatars (CHandy)
  libcurl4-openssl-dev  # HTTP client (CCurl)
  libsqlite3-dev        # GRDB's SQLite
  xvfb xauth            # headless display for tests and screenshots
  at-spi2-core          # accessibility bus for AT-SPI checks
  dbus-daemon           # dbus-run-session: a private session bus for the AT-SPI and uniqueness tests
  python3-pyatspi       # reads the app through AT-SPI in tests, as a screen reader does
  xdotool               # real mouse drags (XTest) in the drag-and-drop test
  xclip                 # a clipboard owner that answers every target with its text, in the paste tests
  openbox               # a window manager for the tests that need one (fullscreen), started by the test
  weston                # a Wayland compositor for the Wayland smoke test (its X11 backend, nested in Xvfb)
  gettext               # msgfmt, xgettext: the translations (po/)
  meson ninja-build     # make install: meson drives SwiftPM and installs into a prefix (meson.build)
  binutils              # nm: the launch test reads which modules the app links
  desktop-file-utils    # desktop-file-validate
  appstream             # appstreamcli validate
  glib-networking       # GIO's proxy resolvers: GNOME's proxy settings, and the http_proxy variables through libproxy
  gsettings-desktop-schemas  # GNOME's proxy settings' schema (org.gnome.system.proxy)
  libproxy1-plugin-webkit    # libproxy's PAC runner (JavaScriptCore): GNOME's automatic proxy setting, a PAC file
  librsvg2-common       # gdk-pixbuf's SVG loader (icons, and SVG pictures)
  webp-pixbuf-loader    # gdk-pixbuf's WebP loader
  heif-gdk-pixbuf       # gdk-pixbuf's loader for HEIF (HEIC) and AVIF, over libheif (dav1d, aom)
  libavif-gdk-pixbuf    # gdk-pixbuf's AVIF writer: the fixture server encodes AVIF for the benchmark
  liblcms2-dev          # Little CMS: embedded colour profiles converted to sRGB (CLcms2)
  libwebp-dev           # libwebp's animation decoder for animated WebPs (CWebP)
  libpng-dev libjpeg62-turbo-dev  # PNGs and JPEGs decoded by parts, row by row (CPictureRegions)
  libgexiv2-dev         # a picture's camera data (EXIF, XMP), read in the decoder helper (CGexiv2)
  libimage-exiftool-perl  # exiftool: the properties test compares its reading of the same file
  libseccomp-dev        # the picture decoder helper's system-call filter (CSandbox)
  adwaita-icon-theme    # symbolic icons used in the header bar
  fonts-cantarell       # GNOME's UI font, for readable screenshots
  fonts-noto-color-emoji  # emoji in messages (the fixture chat has some)
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev  # video posters and playback (CGStreamer)
  gstreamer1.0-plugins-base    # playbin, videoconvert, appsink
  gstreamer1.0-plugins-good    # qtdemux (MP4), souphttpsrc (http)
  gstreamer1.0-libav           # H.264 decoding
  gstreamer1.0-gtk3            # gtksink: video drawn in a GTK widget
  libgspell-1-dev       # spelling in the chat's composer, over enchant (CGspell)
  hunspell-en-us hunspell-ru  # the dictionaries it checks English and Russian with
  libglib2.0-bin        # gdbus: the media keys test calls the viewer's MPRIS player as GNOME does
  poppler-utils         # pdfinfo, pdfimages: the print test reads the PDF it printed to a file
)

# --bench: what the benchmarks compare Tessera with, too (make bench).
if [ "${1:-}" = "--bench" ]; then
  packages+=(
    eog                 # GNOME's image viewer: the viewer benchmark's same-run baseline
  )
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing missing system packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
else
  command -v sudo >/dev/null || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  SUDO=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -q
"${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
