#!/usr/bin/env bash
# Regenerates the translation template from the files in po/POTFILES (make pot).
#
# Swift is not one of xgettext's languages, but the strings it needs are in C's syntax: tr() and
# ntr() take only literals (StaticString), with values put in by name ("Edit {name}") rather
# than interpolated, so xgettext reads the Swift files as C. The desktop file and the metainfo
# go through xgettext's own rules for them. Usage: po/make-pot.sh [output], default po/tessera.pot.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-po/tessera.pot}
mapfile -t files < <(grep -v '^#' po/POTFILES | grep -v '^$')
swift_files=() other_files=()
for file in "${files[@]}"; do
  case "$file" in
    *.swift) swift_files+=("$file") ;;
    *) other_files+=("$file") ;;
  esac
done

common=(--from-code=UTF-8 --package-name=tessera --msgid-bugs-address=https://tessera.dev/issues
        --add-comments=Translators: --add-location=file --sort-by-file)
temporary=$(mktemp -d)
trap 'rm -rf "$temporary"' EXIT

# The desktop file by its entries (Name, GenericName, Comment, Keywords); the metainfo by the
# rules gettext ships for it. Both are named .in, so the type is said.
xgettext "${common[@]}" --language=Desktop -o "$temporary/desktop.pot" data/dev.tessera.Tessera.desktop.in
xgettext "${common[@]}" --its=/usr/share/gettext/its/metainfo.its -o "$temporary/metainfo.pot" \
  data/dev.tessera.Tessera.metainfo.xml.in
xgettext "${common[@]}" --language=C --keyword= --keyword=tr:1 --keyword=ntr:1,2 \
  -o "$temporary/swift.pot" "${swift_files[@]}"
msgcat --use-first --add-location=file --sort-by-file -o "$temporary/all.pot" \
  "$temporary/swift.pot" "$temporary/desktop.pot" "$temporary/metainfo.pot"
# The template carries no creation date, so that it changes only when the words do.
sed -e '/^"POT-Creation-Date:/d' "$temporary/all.pot" > "$output"
