// swift-tools-version:6.0
import PackageDescription

// The shipped programs' relative relocations packed (DT_RELR, glibc 2.36): lld, the toolchain's
// linker, writes them; their table is then kilobytes, not megabytes resident (docs/benchmarks.md).
let packedRelocations: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(configuration: .release)),
]

// Every target builds in the Swift 6 language mode with complete concurrency checking.
let package = Package(
    name: "Tessera",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tessera", targets: ["tessera"]),
        .executable(name: "tessera-bench", targets: ["tessera-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    ],
    targets: [
        // System-library shims: a module map and a header each.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),
        .systemLibrary(
            name: "CHandy",
            pkgConfig: "libhandy-1",
            providers: [.apt(["libhandy-1-dev"])]
        ),

        // libcurl (CCurl) and GStreamer (CGStreamer) are opened on first use, not linked (see their
        // headers): every library linked into the executable is loaded and bound before `main`.
        // Their headers come from libcurl4-openssl-dev and libgstreamer-plugins-base1.0-dev.
        .target(name: "CCurl"),
        // gspell (CGspell) too: only the chat's composer checks spelling. Headers from libgspell-1-dev.
        .target(
            name: "CGspell",
            dependencies: ["CGtk"],
            cSettings: [.unsafeFlags(["-I/usr/include/gspell-1", "-I/usr/include/enchant-2"])]
        ),
        .systemLibrary(
            name: "CGdkPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),

        .target(
            name: "CGStreamer",
            dependencies: ["CGdkPixbuf"],
            // GStreamer's headers live in their own folder; only this module's C files include them (through its private functions.h).
            cSettings: [.unsafeFlags(["-I/usr/include/gstreamer-1.0"])]
        ),

        // What runs on both sides of a helper's pipe: the wire of each helper (decoder, poster,
        // player), the pictures' vocabulary (`DecodedImage`, `DecodingTarget`, `DecodingLimits`,
        // `PictureRefusal`) and the shared memory that carries pixels and clips. The helpers and
        // the app's clients of them import it; it imports nothing of either side.
        .target(name: "HelperWire", dependencies: ["CDescriptorPassing", "CGdkPixbuf", "HelperPipes", "Localization"]),

        // The app's client of the poster and player helpers: posters for the pipeline, clips
        // played from the frames the player hands over. No decoder runs here.
        .target(name: "Video", dependencies: ["HelperWire", "CGStreamer", "CGdkPixbuf", "CDescriptorPassing", "HelperPipes", "HelperClients", "ImagePipeline", "Scheduling", "Localization"]),
        // GStreamer's decoding of clips: a clip's first frame and its playback's samples. Linked
        // into the poster and player helpers (and tests), never into the app.
        .target(name: "ClipDecoding", dependencies: ["HelperWire", "CGStreamer", "CGdkPixbuf", "HelperPipes", "Localization", "Scheduling"]),
        // Reads video posters for the app, so that GStreamer's decoders never load into it.
        .executableTarget(name: "tessera-poster", dependencies: ["HelperWire", "ClipDecoding", "CDescriptorPassing", "Confinement", "HelperPipes",
                                                                  "Localization", "Scheduling"], linkerSettings: packedRelocations),
        // Decodes the clip the viewer plays, so that its decoders never load into the app either.
        .executableTarget(name: "tessera-player", dependencies: ["HelperWire", "ClipDecoding", "CDescriptorPassing", "Confinement", "HelperPipes", "Localization", "Scheduling"],
                          linkerSettings: packedRelocations),

        // Finding and talking to the programs the app runs beside itself.
        .target(name: "HelperPipes"),
        // Starting a helper with its input and output wired to the app (Foundation's Process):
        // the app's side only, so that no helper links Foundation (and ICU's data) through it.
        // How the helpers confine themselves, and what tests ask them to try (the helpers only;
        // the app never links it, nor libseccomp through it).
        .target(name: "Confinement", dependencies: ["CSandbox", "HelperPipes"]),

        // Scheduling below the network and the image pipeline: a priority limiter, and threads at a
        // lower priority for heavy work.
        .target(name: "Scheduling", dependencies: ["CThreads"]),
        // Naming a thread (pthread_setname_np, declared under _GNU_SOURCE only).
        .target(name: "CThreads"),

        // HTTP over libcurl, driven off the main thread.
        // GIO without GTK: the desktop's proxy settings (GProxyResolver), for the HTTP client.
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "Networking", dependencies: ["CCurl", "CGio", "Domain", "Scheduling", "Localization"]),

        // Little CMS: pictures' embedded colour profiles converted to sRGB.
        .systemLibrary(
            name: "CLcms2",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]
        ),

        // gexiv2 over exiv2: pictures' EXIF and XMP, for the viewer's properties.
        .systemLibrary(
            name: "CGexiv2",
            pkgConfig: "gexiv2",
            providers: [.apt(["libgexiv2-dev"])]
        ),

        // libwebp's animation decoder: the frames of animated WebPs.
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]
        ),

        // A part of a PNG or JPEG at a scale, streamed row by row through libpng and libjpeg-turbo:
        // large pictures decoded by the part in view, never whole (the decoder helper's).
        .target(name: "CPictureRegions", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]),

        // Fetch, cache and hand images to a decoder for display; no GTK, and no decoder of its
        // own: bitmaps are gdk-pixbufs, made by a decoder the caller chooses.
        .target(name: "ImagePipeline", dependencies: ["HelperWire", "Networking", "CGdkPixbuf", "Scheduling", "Localization", "HelperPipes"]),

        // The decoders of untrusted bytes: gdk-pixbuf's loaders, lcms2, libwebp's demuxer, and
        // libpng and libjpeg-turbo for parts of large pictures (CPictureRegions). Run
        // by the tessera-decoder helper, never linked into the app.
        .target(name: "PictureDecoding", dependencies: ["HelperWire", "CGdkPixbuf", "CGexiv2", "CLcms2", "CWebP", "CPictureRegions", "Localization", "Scheduling"]),

        // The decoder helper's confinement: namespaces, an empty root, limits, a seccomp filter.
        .target(name: "CSandbox", linkerSettings: [.linkedLibrary("seccomp")]),
        // Descriptors across a Unix socket and sealed memory files: pixels without a copy.
        .target(name: "CDescriptorPassing"),
        // The app's side of the helpers: starting one (Foundation's Process, which no helper links),
        // and the decoder helpers' pool, wire and the pixels they hand over.
        .target(name: "HelperClients", dependencies: ["HelperWire", "ImagePipeline", "HelperPipes", "CDescriptorPassing", "CGdkPixbuf",
                                                     "Localization", "Scheduling"]),
        // Decodes pictures for the app, confined, so that no picture's bytes reach a decoder
        // inside the app.
        .executableTarget(name: "tessera-decoder", dependencies: ["HelperWire", "PictureDecoding", "CDescriptorPassing", "HelperPipes",
                                                                   "CGdkPixbuf", "Localization", "Confinement"], linkerSettings: packedRelocations),

        // The faithful local backend (shared/contracts.md), on Hummingbird.
        .target(name: "FixtureServer", dependencies: [
            "CGdkPixbuf", "CLcms2", "Scheduling",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "tessera-server", dependencies: [
            "FixtureServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // gettext (libintl in glibc) and the locale: the app's words in the user's language.
        .systemLibrary(name: "CIntl"),
        .target(name: "Localization", dependencies: ["CIntl"]),

        // The only Swift module that touches GTK pointers, but for the next.
        .target(name: "Gtk", dependencies: ["CGtk", "CHandy", "CGStreamer", "CGspell", "Localization", "Scheduling"]),
        // Key presses and clicks through the window system (XTest), for UI tests; never in the app.
        .target(name: "SimulatedInput", dependencies: ["CGtk", "Gtk"]),

        // Pure Swift models and rules: no I/O. A chat grows at its top, so its lists are deques.
        .target(name: "Domain", dependencies: ["Localization", .product(name: "DequeModule", package: "swift-collections")]),

        // Files and databases the app writes.
        .target(name: "Persistence", dependencies: [
            "Domain", "Localization", "Repositories", "Scheduling",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // One repository per backend contract: a protocol and its live implementation.
        .target(name: "Repositories", dependencies: ["Domain", "Networking", "Localization", "Scheduling"]),

        // One view-model per screen; never imports Gtk.
        .target(name: "Features", dependencies: [
            "Domain", "Repositories", "Localization", "Scheduling",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "DequeModule", package: "swift-collections"),
        ]),

        // Views, coordinators and the window. Never a client, a database or a repository: those are
        // built in Composition and handed over.
        .target(name: "App", dependencies: [
            "Gtk", "Domain", "HelperWire", "ImagePipeline", "Features", "Video", "Localization", "Scheduling",
            "CGdkPixbuf",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "DequeModule", package: "swift-collections"),
        ]),

        // The composition root: builds every client, store, repository and view-model maker once.
        .target(name: "Composition", dependencies: [
            "App", "Domain", "Features", "ImagePipeline", "Networking", "Persistence", "Repositories", "Video",
            "HelperClients", "CGStreamer", "CDescriptorPassing", "Gtk", "HelperPipes", "Localization", "Scheduling",
            .product(name: "Logging", package: "swift-log"),
        ]),

        .executableTarget(name: "tessera", dependencies: ["App", "Composition", "Localization"], linkerSettings: packedRelocations),
        // The app driven for screenshots and the benchmarks' reports: the shipped app carries none of it.
        .executableTarget(name: "tessera-automated", dependencies: [
            "App", "Composition", "Domain", "Gtk", "ImagePipeline", "Localization",
            .product(name: "Logging", package: "swift-log"),
        ], linkerSettings: packedRelocations),
        // Writes a store in a loop (documents, the database, the picture cache, the gallery, the
        // settings); the crash-safety tests kill it at random moments.
        .executableTarget(name: "tessera-crash-writer", dependencies: ["Persistence", "Domain", "ImagePipeline",
                                                                       .product(name: "Logging", package: "swift-log")]),
        .executableTarget(name: "tessera-bench", dependencies: [
            "ImagePipeline", "Networking", "Persistence", "CCurl", "CGdkPixbuf",
            "App", "Composition", "Gtk", "Domain", "Features", "Repositories", "Video", "PictureDecoding",
            "HelperWire", "ClipDecoding", "HelperClients", "CGStreamer", "CDescriptorPassing", "Scheduling",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Shared by the test targets: a quiet fixture server on a loopback port.
        .target(name: "TestSupport", dependencies: [
            "FixtureServer", "Scheduling", .product(name: "Logging", package: "swift-log"),
        ], path: "Tests/TestSupport"),

        .testTarget(name: "DomainTests", dependencies: ["Domain", .product(name: "DequeModule", package: "swift-collections")]),
        .testTarget(name: "FeaturesTests", dependencies: ["Features", "Repositories", "Domain", "Persistence", "Localization",
                                                         "Networking", "FixtureServer", "TestSupport",
                                                         .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "ImagePipelineTests", dependencies: [
            "ImagePipeline", "PictureDecoding", "HelperWire", "Networking", "FixtureServer", "TestSupport",
            "CGdkPixbuf", "Scheduling",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Only the app's side: nothing in this test process decodes a picture itself.
        .testTarget(name: "HelperClientsTests", dependencies: ["HelperClients", "HelperWire", "HelperPipes", "ImagePipeline", "Networking", "TestSupport",
                                                               "CGdkPixbuf"]),
        .testTarget(name: "NetworkingTests", dependencies: [
            "Networking", "FixtureServer", "TestSupport", "Scheduling", .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "SchedulingTests", dependencies: ["Scheduling"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "TestSupport"]),
        .testTarget(name: "RepositoriesTests", dependencies: [
            "Repositories", "Domain", "Networking", "FixtureServer", "TestSupport", "HelperWire",
        ]),
        .testTarget(name: "PersistenceTests", dependencies: [
            "Persistence", "Repositories", "Domain", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "GtkTests", dependencies: ["Gtk", "CGtk", "CGdkPixbuf", "SimulatedInput", "TestSupport"]),
        .testTarget(name: "VideoTests", dependencies: ["Video", "HelperWire", "ImagePipeline", "Networking", "TestSupport", "CGdkPixbuf", "CGStreamer", "CDescriptorPassing",
                                                    "Scheduling"]),
        // Swift 5 mode here only: XCTest runs these UI tests on the main thread, but XCTestCase is
        // not Sendable and its methods are nonisolated, so every test body that drives the
        // main-actor app through `self` would need an unchecked escape in Swift 6 mode.
        // The desktop's browser for the tests, made as the test bundle loads (a C constructor:
        // before GLib first reads the XDG folders, which it keeps for the process's life).
        .target(name: "CTestBrowser", path: "Tests/CTestBrowser"),
        .testTarget(name: "AppTests", dependencies: ["App", "Composition", "Gtk", "CGtk", "SimulatedInput", "Domain", "Persistence", "Localization",
                                                     "ImagePipeline", "HelperClients", "Networking", "FixtureServer",
                                                     "Features", "Repositories", "TestSupport", "CTestBrowser", "Video", "HelperWire", "Scheduling",
                                                     .product(name: "GRDB", package: "GRDB.swift"),
                                                     .product(name: "Logging", package: "swift-log")],
                    exclude: ["atspi-probe.py", "second-client.py", "logind-stand-in.py", "portal-stand-in.py"],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)

// Sources is grouped by the process the code runs in: the app (Tessera), the confined helpers
// (Helpers), what both sides of a helper's pipe share (Shared), the C shims (Shims), and the
// programs beside the product (Tools: the backend, benchmarks, test helpers).
let groups: [String: [String]] = [
    "Tessera": ["tessera", "Composition", "App", "Gtk", "Features", "Repositories", "Persistence", "Networking",
                "ImagePipeline", "HelperClients", "Video", "Domain"],
    "Helpers": ["tessera-decoder", "tessera-poster", "tessera-player", "PictureDecoding", "ClipDecoding", "Confinement"],
    "Shared": ["HelperWire", "HelperPipes", "Localization", "Scheduling"],
    "Shims": ["CCurl", "CDescriptorPassing", "CGStreamer", "CGdkPixbuf", "CGexiv2", "CGio", "CGspell", "CGtk", "CHandy", "CIntl", "CLcms2",
              "CPictureRegions", "CSandbox", "CThreads", "CWebP"],
    "Tools": ["tessera-server", "FixtureServer", "tessera-bench", "tessera-automated", "tessera-crash-writer", "SimulatedInput"],
]
for target in package.targets where target.path == nil && target.type != .test {
    guard let group = groups.first(where: { $0.value.contains(target.name) })?.key else {
        fatalError("\(target.name) belongs to no group of Sources (Package.swift's groups)")
    }
    target.path = "Sources/\(group)/\(target.name)"
}

// libFuzzer targets (Tests/Fuzz, `.ci/fuzz.sh`): only in the fuzzing build, whose link brings libFuzzer's `main`.
if Context.environment["TESSERA_FUZZ"] == "1" {
    package.targets += [
        .target(name: "FuzzSupport", path: "Tests/Fuzz/Support"),
        .executableTarget(name: "fuzz-wire-readers", dependencies: ["HelperWire", "FuzzSupport"], path: "Tests/Fuzz/wire-readers"),
        .executableTarget(name: "fuzz-contract-json", dependencies: ["Domain", "Repositories", "FuzzSupport"], path: "Tests/Fuzz/contract-json"),
        .executableTarget(name: "fuzz-http-cache", dependencies: ["ImagePipeline", "Networking", "FuzzSupport"], path: "Tests/Fuzz/http-cache"),
        .executableTarget(name: "fuzz-document-rows", dependencies: ["Persistence", "FuzzSupport"], path: "Tests/Fuzz/document-rows"),
        .executableTarget(name: "fuzz-journal", dependencies: ["Persistence", "Domain", "FuzzSupport"], path: "Tests/Fuzz/journal"),
    ]
}

// ThreadSanitizer's build (`make tsan`): Scheduling's `Mutex` over a pthread mutex, which it sees.
if Context.environment["TESSERA_TSAN"] == "1", let scheduling = package.targets.first(where: { $0.name == "Scheduling" }) {
    scheduling.swiftSettings = [.define("TESSERA_TSAN")]
}
