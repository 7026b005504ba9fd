# Tessera: the two commands a new user needs.
#   make run   installs what is missing, builds, and opens the app
#   make test  installs what is missing, builds, and runs every test
SHELL := /bin/bash
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)

.PHONY: all deps build locale pot run test bench screenshots fuzz tsan install uninstall clean

all: build

deps:
	@bash .ci/install-deps.sh

# The app and the programs it starts beside itself: the built-in backend (tessera-server), the
# video poster reader (tessera-poster), the video player's decoder (tessera-player) and the
# confined picture decoder (tessera-decoder).
build: deps
	$(SWIFT) build --explicit-target-dependency-import-check error --product tessera
	$(SWIFT) build --product tessera-server
	$(SWIFT) build --product tessera-poster
	$(SWIFT) build --product tessera-player
	$(SWIFT) build --product tessera-decoder
	@bash .ci/build-locale.sh $$($(SWIFT) build --show-bin-path)

# The translations (po/*.po) compiled beside the executables, with the translated desktop file
# and metainfo; part of every build.
locale:
	@bash .ci/build-locale.sh $$($(SWIFT) build --show-bin-path)

# Regenerates po/tessera.pot from the sources after words changed (see po/make-pot.sh); then
# msgmerge --update po/ru.po po/tessera.pot brings the catalogue up to date for its translator.
pot:
	@bash po/make-pot.sh

run: build
	@bash .ci/with-display.sh $$($(SWIFT) build --show-bin-path)/tessera $(ARGS)

test: deps
	@bash .ci/test.sh

# Each libFuzzer target in Tests/Fuzz for FUZZ_SECONDS under ASan and UBSan, after its corpus.
FUZZ_SECONDS ?= 600
fuzz: deps
	@bash .ci/fuzz.sh $(FUZZ_SECONDS)

# The test suites that run under ThreadSanitizer (docs/decisions/sanitizers.md says which not).
tsan: deps
	@bash .ci/tsan.sh

# Installs into PREFIX (default /usr/local) with meson (meson.build: a release build by SwiftPM,
# then the app, its helpers in libexec/tessera, its data, icons, desktop file, metainfo and
# catalogues); `make uninstall` removes what it installed. The build folder is _build.
PREFIX ?= /usr/local
install: deps
	@if [ -d _build ]; then meson configure _build --prefix=$(PREFIX); \
	else meson setup _build --prefix=$(PREFIX) --buildtype=release -Dstrip=true; fi
	meson compile -C _build
	meson install -C _build

uninstall:
	ninja -C _build uninstall

# Benchmarks run release builds linked the way a distribution would ship them (Swift runtime and
# Foundation linked in statically, so start-up does not resolve them at load time).
RELEASE := -c release --static-swift-stdlib
bench: deps
	@bash .ci/install-deps.sh --bench
	$(SWIFT) build $(RELEASE) --product tessera
	$(SWIFT) build $(RELEASE) --product tessera-bench
	$(SWIFT) build $(RELEASE) --product tessera-automated
	$(SWIFT) build $(RELEASE) --product tessera-server
	$(SWIFT) build $(RELEASE) --product tessera-poster
	$(SWIFT) build $(RELEASE) --product tessera-player
	$(SWIFT) build $(RELEASE) --product tessera-decoder
	@bash .ci/build-locale.sh $$($(SWIFT) build $(RELEASE) --show-bin-path)
	@bash .ci/with-display.sh $$($(SWIFT) build $(RELEASE) --show-bin-path)/tessera-bench $(ARGS)

# Every section (tessera-automated: the app driven for them), then Facts again over what that
# run saved with the backend gone (port 9 is discard, where nothing listens): the offline banner
# over the saved feed. Then the chat and the people with the editor's pane in Russian (ru-*.png),
# and at scale 2 (scale-2/) the phone widths and the screens of text, whose chrome and type show it.
SCALE_2_SHOTS := sidebar-360 gallery-360 feed-360 people-360 messages-360 facts-360 people messages facts preferences feed-viewer-zoomed
screenshots: build
	$(SWIFT) build --product tessera-automated
	@data=$$(mktemp -d); offline=$$(mktemp -d); russian=$$(mktemp -d); ru=$$(mktemp -d); doubled=$$(mktemp -d); scale2=$$(mktemp -d); \
	bin=$$($(SWIFT) build --show-bin-path)/tessera-automated; \
	bash .ci/with-display.sh $$bin --data-dir "$$data" --screenshot screenshots && \
	bash .ci/with-display.sh $$bin --data-dir "$$data" --backend http://127.0.0.1:9/ --screenshot "$$offline" && \
	cp "$$offline/facts-light.png" screenshots/facts-offline-light.png && \
	cp "$$offline/facts-dark.png" screenshots/facts-offline-dark.png && \
	LANGUAGE=ru LC_ALL=C.UTF-8 bash .ci/with-display.sh $$bin --data-dir "$$russian" --screenshot "$$ru" && \
	for shot in messages people-pane; do for variant in light dark; do \
	  cp "$$ru/$$shot-$$variant.png" "screenshots/ru-$$shot-$$variant.png"; done; done && \
	GDK_SCALE=2 XVFB_SCREEN=2900x2000x24 bash .ci/with-display.sh $$bin --data-dir "$$doubled" --screenshot "$$scale2" && \
	mkdir -p screenshots/scale-2 && for shot in $(SCALE_2_SHOTS); do for variant in light dark; do \
	  cp "$$scale2/$$shot-$$variant.png" screenshots/scale-2/; done; done; \
	rm -rf "$$data" "$$offline" "$$russian" "$$ru" "$$doubled" "$$scale2"

clean:
	$(SWIFT) package clean
