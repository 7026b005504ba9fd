@testable import App
import Composition
import Domain
import Features
import Foundation
import Gtk
import Logging
import Persistence
import Repositories
import FixtureServer
import TestSupport
import XCTest
import SimulatedInput

/// Runs the real app in-process against a temporary data folder, on the test's main thread, with
/// GTK on the Xvfb display `make test` provides.
class AppTestCase: XCTestCase {
    @MainActor private static var bridge: MainLoopBridge?
    var dataDirectory: URL!
    /// Every store a test made, flushed before the folder is removed.
    private var stores: [SettingsStore] = []
    /// The backend of an app launched without one: a server of the test's own, on a free port.
    private var ownServer: TestServer?

    override func setUpWithError() throws {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        try MainActor.assumeIsolated {
            guard Self.bridge == nil else { return }
            // Synthesised input (XTest/XSendEvent core events) only reaches GTK when GDK listens to
            // core events rather than XInput2.
            setenv("GDK_CORE_DEVICE_EVENTS", "1", 1)
            guard GtkRuntime.initialize() else { throw NoDisplay() }
            Self.bridge = MainLoopBridge()
        }
    }

    override func tearDownWithError() throws {
        onMain { stop(ownServer) }
        ownServer = nil
        stores.forEach { $0.flush() }
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// Real pointer and key input through XTest (xdotool), as a person's hand gives it; returns
    /// once xdotool has sent it all.
    func xdotool(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
    }

    func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        try MainActor.assumeIsolated(body)
    }

    @MainActor
    func makeStore() -> SettingsStore {
        let store = SettingsStore(url: AppPaths(root: dataDirectory).settingsFile, logger: Logger(label: "test"))
        stores.append(store)
        return store
    }

    /// Starts the app as a launch would (startup, then activate, or open `opening`) and waits for its window. Without
    /// a `backend`, the app gets a server of the test's own (never the built-in server's fixed
    /// port, which another program may hold). The chat asks for new messages only when a test says how often.
    @MainActor
    func launch(store: SettingsStore? = nil, backend: URL? = nil, services: [Backend.Service: URL] = [:], section: Section? = nil,
                greets: Bool = false, renameDelay: Duration = .zero, opening: URL? = nil, source given: BackendSource? = nil,
                offlineRetryDelays: [Duration] = OfflineRetry.standardDelays, chatPollInterval: Duration = .seconds(86_400),
                beforeFirstFrame: (@MainActor (TesseraApp) -> Void)? = nil) throws -> TesseraApp {
        if backend == nil, ownServer == nil { ownServer = try startServer() }
        let base = backend ?? ownServer!.base
        // What earlier launches saved is on disk, as their processes' shutdown would have left it.
        stores.forEach { $0.flush() }
        let source = given ?? BackendSource.fixed(Backend(base: base, overrides: services))
        var options = LaunchOptions(unique: false, backend: source, iconsFolder: CompositionRoot.iconsFolder,
                                    stylesheet: CompositionRoot.stylesheet())
        options.greetsNewUsers = greets
        options.chatPollInterval = chatPollInterval
        let store = store ?? makeStore()
        if let section {
            var settings = store.load()
            settings.lastSection = section
            store.save(settings)
            store.flush()
        }
        let sections = CompositionRoot.sections(paths: AppPaths(root: dataDirectory), backend: source,
                                                offlineRetryDelays: offlineRetryDelays) { store in
            renameDelay > .zero ? SlowRenames(store, delay: renameDelay) : store as any PeopleStoring
        }
        let app = TesseraApp(options: options, sections: sections, store: store, logger: Logger(label: "test"))
        try app.application.register()
        if let opening { app.application.open([opening]) } else { app.application.activate() }
        beforeFirstFrame?(app)
        // The window's first frame is its chrome; the section's page comes right after it.
        let shown = GtkRuntime.iterate(until: { app.mainWindow?.window.isMapped == true && app.mainWindow?.showsInitialSection == true },
                                       timeout: .seconds(5))
        XCTAssertTrue(shown, "the window never mapped with its first section")
        return app
    }

    /// What the screen shows of `window` after the next frame, at device pixels.
    @MainActor
    func screen(of window: Window) throws -> Snapshot {
        var drawn = false
        window.onNextDraw { drawn = true }
        window.queueDraw()
        waitFor("a frame drawn") { drawn }
        return try XCTUnwrap(Snapshot(onScreen: window))
    }

    /// A pixel of a `Snapshot` as its red, green and blue values (0-255).
    static func channels(_ pixel: UInt32) -> [Double] { [16, 8, 0].map { Double((pixel >> $0) & 0xFF) } }

    /// How far the screen, after the next frame, is from `view`'s decoded picture as the picture
    /// widget paints it: the mean difference per channel (0-255) over the opaque part of the
    /// picture above `caption` (a facts card's title lies over the bottom of its picture). 0 when
    /// the screen shows the picture, tens when it shows a placeholder, another picture or the
    /// picture half faded in.
    @MainActor
    func differenceOnScreen(from view: ImageView, below caption: Widget? = nil, in window: Window) throws -> Double {
        let decoded = try XCTUnwrap(view.shownImage, "a picture shows")
        let picture = view.picture
        let size = picture.allocation, scale = picture.scaleFactor
        let origin = try XCTUnwrap(picture.origin(in: window))
        var height = size.height
        if let caption { height = min(height, try XCTUnwrap(caption.origin(in: window)).y - origin.y) }
        let own = Snapshot(of: decoded, covering: size.width * scale, size.height * scale)
        let shot = try screen(of: window)
        var total = 0.0, count = 0
        for y in stride(from: 0, to: height * scale, by: 2) {
            for x in stride(from: 0, to: size.width * scale, by: 2) {
                // Where the picture is not opaque the card shows through.
                let painted = own.pixel(x: x, y: y)
                guard painted >> 24 == 0xFF else { continue }
                let drawn = Self.channels(shot.pixel(x: origin.x * scale + x, y: origin.y * scale + y))
                total += zip(drawn, Self.channels(painted)).map { abs($0 - $1) }.reduce(0, +)
                count += 3
            }
        }
        return count == 0 ? .infinity : total / Double(count)
    }

    /// How many different colours the screen shows at 7 x 7 points spread over `widget`, after the
    /// next frame: a picture shows dozens, a placeholder (an icon on a flat background) a few.
    @MainActor
    func colorsOnScreen(of widget: Widget, in window: Window) throws -> Int {
        let screen = try screen(of: window)
        let origin = try XCTUnwrap(widget.origin(in: window))
        let size = widget.allocation
        var colors = Set<UInt32>()
        for row in 1...7 {
            for column in 1...7 {
                colors.insert(screen.pixel(x: origin.x + size.width * column / 8, y: origin.y + size.height * row / 8))
            }
        }
        return colors.count
    }

    /// A data folder for the test server: the fixture's own `media/`, `avatars/` and `facts/`,
    /// or, for media or avatars given here, a folder of just those files (its name there: the
    /// file copied in).
    func serverData(media: [String: URL] = [:], avatars: [String: URL] = [:]) throws -> URL {
        let folder = dataDirectory.appendingPathComponent("server-data")
        for (name, files) in [("media", media), ("avatars", avatars), ("facts", [:])] {
            let target = folder.appendingPathComponent(name)
            if files.isEmpty {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(at: target, withDestinationURL: TestServer.dataDirectory.appendingPathComponent(name))
                continue
            }
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for (file, source) in files { try FileManager.default.copyItem(at: source, to: target.appendingPathComponent(file)) }
        }
        return folder
    }

    /// Starts a fixture server, driving the GTK main context while it starts.
    @MainActor
    func startServer(_ configure: @escaping @Sendable (inout FixtureServer.Configuration) -> Void = { _ in }) throws -> TestServer {
        try TestServer.start(configure) { condition in
            GtkRuntime.iterate(until: condition, timeout: .seconds(10), wakeEvery: .milliseconds(10))
        }
    }

    @MainActor
    func stop(_ server: TestServer?) {
        server?.stop { condition in GtkRuntime.iterate(until: condition, timeout: .seconds(5), wakeEvery: .milliseconds(10)) }
    }

    /// Waits for `condition`, which changes off the GLib loop (server state), driving GTK meanwhile.
    @MainActor
    func waitForServer(_ what: String, timeout: Duration = .seconds(5), _ condition: () -> Bool,
                       file: StaticString = #filePath, line: UInt = #line) {
        if !GtkRuntime.iterate(until: condition, timeout: timeout, wakeEvery: .milliseconds(10)) {
            XCTFail("timed out waiting for \(what)", file: file, line: line)
        }
    }

    /// Clicks the button of `dialog` that gives `response`, with the pointer, once it is laid out.
    @MainActor
    func click(_ response: Int, in dialog: Dialog?, file: StaticString = #filePath, line: UInt = #line) throws {
        let dialog = try XCTUnwrap(dialog, "no dialog", file: file, line: line)
        let button = try XCTUnwrap(dialog.button(for: response), "no button for \(response)", file: file, line: line)
        waitFor("the dialog on screen", { dialog.isMapped }, file: file, line: line)
        clickWhenSteady(button, in: dialog, file: file, line: line)
    }

    /// Clicks `widget` with the pointer once it is on screen and has kept its place for two drawn
    /// frames: a widget that just appeared, or whose neighbours just changed, may still be moving
    /// in the next layout, and a click at its old place would miss.
    @MainActor
    func clickWhenSteady(_ widget: Widget, in window: Window, file: StaticString = #filePath, line: UInt = #line) {
        var frames = 0
        let tick = window.addTickCallback { _ in frames += 1; return true }
        defer { window.removeTickCallback(tick) }
        var last: (Int, Int, Int, Int)?
        var since = 0
        waitFor("the widget steady on screen", {
            guard widget.isMapped, let origin = widget.origin(in: window) else { return false }
            let now = (origin.x, origin.y, widget.allocation.width, widget.allocation.height)
            if let last, last == now { return frames >= since + 2 && now.2 > 0 }
            last = now
            since = frames
            return false
        }, file: file, line: line)
        XCTAssertTrue(InputSimulation.click(widget, in: window), "the click was not sent", file: file, line: line)
    }

    /// Waits for `condition`, driving the GTK main context; fails the test on timeout.
    @MainActor
    func waitFor(_ what: String, timeout: Duration = .seconds(3), _ condition: () -> Bool,
                 file: StaticString = #filePath, line: UInt = #line) {
        if !GtkRuntime.iterate(until: condition, timeout: timeout) {
            XCTFail("timed out waiting for \(what)", file: file, line: line)
        }
    }
}

/// GTK found no display: an app test fails (it would otherwise pass having shown nothing).
struct NoDisplay: Error, CustomStringConvertible {
    var description: String { "no display: run the tests under xvfb-run (make test does)" }
}

/// An `AppTestCase` whose every test has its own real tessera-server on a loopback port, started
/// before the test and stopped after it. A test may stop it and start another (`restartServer`).
class ServerBackedTestCase: AppTestCase {
    var server: TestServer!

    /// How many facts the database holds for the next launch (read off the main thread).
    @MainActor
    func savedFacts() -> Int {
        let store = SavedFactsStore(database: LazyDatabase(url: AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")))
        let count = LockedValue<Int>()
        Task.detached { count.set(((try? await store.saved()) ?? nil)?.feed.facts.count ?? 0) }
        waitForServer("the database read", timeout: .seconds(60)) { count.get() != nil }
        return count.get() ?? -1
    }

    /// How this suite's server is set up (sizes, delays); the default changes nothing.
    class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { _ in } }

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try onMain { try startServer(Self.serverConfiguration) }
    }

    override func tearDownWithError() throws {
        onMain { stop(server) }
        try super.tearDownWithError()
    }
}

/// A page pushed by the navigation tests.
@MainActor
final class TestPage: Page {
    let title: String
    let widget: Widget
    init(_ title: String) {
        self.title = title
        widget = Label("Content of \(title)")
    }
}
