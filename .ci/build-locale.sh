#!/usr/bin/env bash
# Compiles the translations next to the executables in BIN_DIR (swift build --show-bin-path):
#   BIN_DIR/locale/<language>/LC_MESSAGES/tessera.mo   found by the app and the tests there
#   BIN_DIR/share/applications/dev.tessera.Tessera.desktop, BIN_DIR/share/metainfo/...xml
#                                                       the desktop file and metainfo, translated
# The catalogues are built, not committed; msgfmt --check refuses a broken translation.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:?usage: build-locale.sh BIN_DIR}
mapfile -t languages < <(grep -v '^#' po/LINGUAS | grep -v '^$')
for language in "${languages[@]}"; do
  mkdir -p "$bin/locale/$language/LC_MESSAGES"
  msgfmt --check -o "$bin/locale/$language/LC_MESSAGES/tessera.mo" "po/$language.po"
done
mkdir -p "$bin/share/applications" "$bin/share/metainfo"
msgfmt --desktop -d po --template data/dev.tessera.Tessera.desktop.in \
  -o "$bin/share/applications/dev.tessera.Tessera.desktop"
msgfmt --xml -d po --template data/dev.tessera.Tessera.metainfo.xml.in \
  -o "$bin/share/metainfo/dev.tessera.Tessera.metainfo.xml"
