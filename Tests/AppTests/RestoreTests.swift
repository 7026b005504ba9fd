@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import Logging
import Persistence
import TestSupport
import XCTest
import SimulatedInput

/// Quit and started again, each section is where it was left: the same tiles and rows at the same
/// places on screen, from the first frame that shows them.
final class RestoreTests: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.feedPosts = 95 } }

    /// The posts whose tiles the window shows, top to bottom and left to right, with each tile's place in the window.
    @MainActor
    static func shownPosts(_ page: FeedPage, in window: Window) -> [String] {
        shown(page.tiles.map { ($0.post.id, $0.view) }, in: page.grid.widget, of: window)
    }

    /// Which of `cells` show in `view`, each named and placed in it, top to bottom and left to right.
    @MainActor
    static func shown(_ cells: [(name: String, view: Widget)], in view: Widget, of window: Window) -> [String] {
        guard let top = view.origin(in: window) else { return [] }
        return cells.compactMap { cell -> (name: String, x: Int, y: Int)? in
            guard cell.view.isMapped, let origin = cell.view.origin(in: window), origin.y < top.y + view.allocation.height,
                  origin.y + cell.view.allocation.height > top.y else { return nil }
            return (cell.name, origin.x - top.x, origin.y - top.y)
        }
        .sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        .map { "\($0.name)@\($0.x),\($0.y)" }
    }

    /// Draws of `window` from now on call `record` after each frame's drawing, until it returns false.
    @MainActor
    static func watchFrames(of window: Window, _ record: @escaping @MainActor () -> Bool) {
        window.onNextDraw {
            guard record() else { return }
            watchFrames(of: window, record)
        }
    }

    func testTheFeedReopensOnThePostsItShowed() throws {
        try onMain {
            let store = makeStore()
            let app = try launch(store: store, backend: server.base, section: .feed)
            let main = try XCTUnwrap(app.mainWindow)
            main.window.resize(width: 900, height: 640)
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the first page", timeout: .seconds(10)) { page.tiles.count >= 10 && page.model.state.paging != .loading }
            let grid = page.grid
            // The mouse wheel, as a person scrolls.
            let onScreen = try XCTUnwrap(main.window.screenOrigin), inWindow = try XCTUnwrap(grid.widget.origin(in: main.window))
            try xdotool(["mousemove", "\(onScreen.x + inWindow.x + 200)", "\(onScreen.y + inWindow.y + 200)"])
            // Pages come as the view nears the end; the wheel turns until four have come and the view is well down.
            for _ in 0..<20 where page.model.state.posts.count < 40 || grid.adjustment.value < 800 {
                let posts = page.model.state.posts.count, value = grid.adjustment.value
                try xdotool(["click", "--repeat", "4", "5"])
                GtkRuntime.iterate(until: { page.model.state.posts.count > posts || grid.adjustment.value > value }, timeout: .seconds(5))
            }
            XCTAssertGreaterThan(grid.adjustment.value, 800, "the wheel scrolled the feed")
            // A half-shown tile at the top: the offset into it comes back too.
            grid.adjustment.value += 37
            _ = try screen(of: main.window)
            waitFor("the view laid out") { grid.isLoaded }
            let before = Self.shownPosts(page, in: main.window)
            XCTAssertFalse(before.isEmpty)
            main.window.close()
            waitFor("the window to close") { !main.window.isVisible }
            store.flush()
            XCTAssertNotNil(store.load().listPlaces["feed"], "the place is saved")

            let (second, page2, firstShown) = try relaunchWatchingTheFeedsFirstFrame(backend: server.base)
            let main2 = try XCTUnwrap(second.mainWindow)
            waitFor("the posts shown", timeout: .seconds(10)) { firstShown() != nil && page2.grid.isLoaded }
            XCTAssertEqual(firstShown(), before, "the first frame with posts shows them where they were")
            XCTAssertEqual(Self.shownPosts(page2, in: main2.window), before)
        }
    }

    /// The app in a process of its own, ended by `signal` while its feed is scrolled: the next launch shows the
    /// post that was at the top, at the same offset (a kill loses at most the last second).
    private func checkReopening(after signal: Int32) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tessera")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("tessera is not built beside the tests") }
        // A launch before, in this process: the people are stored, so the next launch does not greet.
        let store = try onMain {
            let store = makeStore()
            let first = try launch(store: store, backend: server.base, section: .feed)
            waitForServer("the people stored", timeout: .seconds(20)) { first.peopleModel.state.people.count == 20 }
            first.mainWindow?.window.resize(width: 900, height: 640)
            waitFor("the resize") { first.mainWindow?.window.size.width == 900 }
            first.mainWindow?.window.close()
            waitForServer("the app finishing", timeout: .seconds(20)) { !first.isFinishingBeforeExit }
            first.mainWindow?.window.destroy()
            store.flush()
            return store
        }
        let app = Process()
        app.executableURL = binary
        app.arguments = ["--data-dir", dataDirectory.path, "--backend", server.base.absoluteString]
        app.environment = ProcessInfo.processInfo.environment.merging(["NO_AT_BRIDGE": "1", "GDK_BACKEND": "x11"]) { $1 }
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let found = try runProgram("xdotool", ["search", "--sync", "--onlyvisible", "--pid", "\(app.processIdentifier)", "--name", "^Tessera$"])
        let window = try XCTUnwrap(found.output.split(separator: "\n").first.map(String.init), found.output)
        try xdotool(["mousemove", "--window", window, "450", "400"])
        // The wheel turns until the saved place is well down the feed, pages coming as the view nears the end.
        func saved() -> ListPlace? { SettingsStore(url: store.url, logger: .init(label: "test")).load().listPlaces["feed"] }
        XCTAssertTrue(waitTurningTheRunLoop(seconds: 60) {
            if (saved()?.index ?? 0) >= 20 { return true }
            _ = try? xdotool(["click", "--repeat", "3", "5"])
            return false
        }, "the place saved while the app runs: \(saved() as Any)")
        let running = try XCTUnwrap(saved())
        // Ended by the session, the app writes where it is now: further down than the running save.
        if signal == SIGTERM { try xdotool(["click", "--repeat", "6", "5"]) }
        kill(app.processIdentifier, signal)
        app.waitUntilExit()
        XCTAssertEqual(app.terminationReason == .uncaughtSignal ? app.terminationStatus : -1, signal == SIGKILL ? SIGKILL : -1)
        let place = try XCTUnwrap(saved())
        if signal == SIGTERM { XCTAssertGreaterThan(place.index, running.index, "the place at the end is saved") }
        try onMain {
            let again = try launch(store: makeStore(), backend: server.base)
            let main = try XCTUnwrap(again.mainWindow)
            XCTAssertEqual(main.currentSection, .feed)
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the posts shown", timeout: .seconds(10)) { page.grid.isLoaded && !page.tilesInView.isEmpty }
            let tile = try XCTUnwrap(page.tiles.first { $0.post.id == place.key }, "the post at the top has a tile")
            let top = try XCTUnwrap(page.grid.widget.origin(in: main.window)).y, at = try XCTUnwrap(tile.view.origin(in: main.window)).y
            XCTAssertEqual(Double(top - at), place.offset, accuracy: 1, "the post at the top, as far into it as it was")
        }
    }

    func testAKilledAppReopensWhereItWasASecondBefore() throws {
        try checkReopening(after: SIGKILL)
    }

    func testAnAppEndedAtLogoutReopensWhereItWas() throws {
        try checkReopening(after: SIGTERM)
    }

    func testPeopleReopenScrolledAndWithTheirSearchTyped() throws {
        try onMain {
            let store = makeStore()
            let app = try launch(store: store, backend: server.base, section: .people)
            let main = try XCTUnwrap(app.mainWindow)
            main.window.resize(width: 700, height: 420)
            let page = try XCTUnwrap(main.coordinator(for: .people).pages.first as? PeoplePage)
            waitFor("the people", timeout: .seconds(10)) { page.grid.items.count == 20 && !page.rows.isEmpty && main.window.size == (700, 420) }
            @MainActor func shownRows(_ page: PeoplePage, _ window: Window) -> [String] {
                Self.shown(page.rows.map { ($0.nameLabel.text, $0.view) }, in: page.grid.widget, of: window)
            }
            let onScreen = try XCTUnwrap(main.window.screenOrigin), grid = try XCTUnwrap(page.grid.widget.origin(in: main.window))
            try xdotool(["mousemove", "\(onScreen.x + grid.x + 100)", "\(onScreen.y + grid.y + 100)", "click", "--repeat", "3", "5"])
            waitFor("the list scrolled") { page.grid.adjustment.value > 100 }
            _ = try screen(of: main.window)
            let scrolled = shownRows(page, main.window)
            closeAndFinish(app)
            store.flush()

            let second = try launch(store: makeStore(), backend: server.base)
            let main2 = try XCTUnwrap(second.mainWindow)
            let page2 = try XCTUnwrap(main2.coordinator(for: .people).pages.first as? PeoplePage)
            waitFor("the people", timeout: .seconds(10)) { page2.grid.isLoaded && !page2.rows.isEmpty }
            _ = try screen(of: main2.window)
            XCTAssertEqual(shownRows(page2, main2.window), scrolled, "the same people at the same places")

            // Typing searches; the next launch shows the search as it was typed, and what it found.
            page2.grid.focus(index: 0)
            XCTAssertTrue(InputSimulation.type("ja", on: main2.window))
            waitFor("Jade and Jason") { page2.rows.map(\.nameLabel.text) == ["Jade", "Jason"] }
            closeAndFinish(second)
            store.flush()

            let third = try launch(store: makeStore(), backend: server.base)
            let main3 = try XCTUnwrap(third.mainWindow)
            let page3 = try XCTUnwrap(main3.coordinator(for: .people).pages.first as? PeoplePage)
            waitFor("the search found Jade and Jason", timeout: .seconds(10)) {
                page3.searchBar.isOpen && page3.search.entry.text == "ja" && page3.rows.map(\.nameLabel.text) == ["Jade", "Jason"]
            }
            XCTAssertTrue(page3.search.entry.isMapped, "the search shows")
        }
    }

    func testTheGalleryReopensOnItsItemsAndAGoneItemGivesItsNeighbour() throws {
        let document = AppPaths(root: dataDirectory).data.appendingPathComponent("gallery.json")
        try FileManager.default.createDirectory(at: document.deletingLastPathComponent(), withIntermediateDirectories: true)
        let items = (0..<60).map { GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: "http://127.0.0.1:9/\($0).jpg") }
        try JSONEncoder().encode(GalleryDocument(items: items)).write(to: document)
        try onMain {
            @MainActor func shownTiles(_ page: GalleryPage, _ window: Window) -> [String] {
                Self.shown(page.tiles.map { ($0.entry.item?.uuid ?? "add", $0.view) }, in: page.grid.widget, of: window)
            }
            @MainActor func relaunch() throws -> (TesseraApp, GalleryPage) {
                let app = try launch(store: makeStore(), backend: server.base)
                let page = try XCTUnwrap(app.mainWindow?.coordinator(for: .gallery).pages.first as? GalleryPage)
                waitFor("the tiles", timeout: .seconds(10)) { page.grid.items.count >= 60 && page.grid.isLoaded && page.isLaidOut }
                _ = try screen(of: try XCTUnwrap(app.mainWindow?.window))
                return (app, page)
            }
            let store = makeStore()
            let app = try launch(store: store, backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            main.window.resize(width: 700, height: 500)
            let page = try XCTUnwrap(main.coordinator(for: .gallery).pages.first as? GalleryPage)
            waitFor("the tiles", timeout: .seconds(10)) {
                page.grid.items.count >= 60 && main.window.size == (700, 500) && page.grid.adjustment.upper > 1000 && page.isLaidOut
            }
            let onScreen = try XCTUnwrap(main.window.screenOrigin), grid = try XCTUnwrap(page.grid.widget.origin(in: main.window))
            try xdotool(["mousemove", "\(onScreen.x + grid.x + 100)", "\(onScreen.y + grid.y + 100)", "click", "--repeat", "12", "5"])
            waitFor("the gallery scrolled") { page.grid.adjustment.value > 500 }
            waitFor("laid out there") { page.grid.isLoaded && page.isLaidOut }
            _ = try screen(of: main.window)
            let scrolled = shownTiles(page, main.window)
            let top = try XCTUnwrap(page.grid.topPlace { $0.item?.uuid ?? "add" })
            closeAndFinish(app)
            store.flush()

            let (second, page2) = try relaunch()
            XCTAssertEqual(shownTiles(page2, try XCTUnwrap(second.mainWindow?.window)), scrolled, "the same items at the same places")
            closeAndFinish(second)
            store.flush()

            // The item at the top deleted elsewhere: the one now in its place is at the top.
            let kept = try JSONDecoder().decode(GalleryDocument.self, from: Data(contentsOf: document)).items.filter { $0.uuid != top.key }
            try JSONEncoder().encode(GalleryDocument(items: kept)).write(to: document)
            let (third, page3) = try relaunch()
            defer { closeAndFinish(third) }
            let now = try XCTUnwrap(page3.grid.topPlace { $0.item?.uuid ?? "add" })
            XCTAssertEqual(now.key, kept[top.index].uuid, "its neighbour, now at its index")
            XCTAssertEqual(now.offset, top.offset, accuracy: 1)
        }
    }

    func testTheViewerReopensOnItsPictureZoomedWhereItWas() throws {
        try onMain {
            let (app, main, _, viewer) = try openViewerByAClick()
            let picture = viewer.item.id
            XCTAssertTrue(InputSimulation.key("2", modifiers: .control, on: main.window))
            waitFor("200 %") { viewer.image.viewport?.zoom == 2 }
            for _ in 0..<3 { XCTAssertTrue(InputSimulation.key("Right", on: main.window)) }
            for _ in 0..<2 { XCTAssertTrue(InputSimulation.key("Down", on: main.window)) }
            let shown = try XCTUnwrap(viewer.image.viewport)
            XCTAssertTrue(shown.canPan)
            closeAndFinish(app)
            app.store.flush()

            let again = try launch(backend: server.base)
            let main2 = try XCTUnwrap(again.mainWindow)
            defer { main2.window.destroy() }
            let coordinator2 = main2.coordinator(for: .feed)
            waitForServer("the viewer open again", timeout: .seconds(10)) {
                (coordinator2.topPage as? ViewerPage)?.image.viewport?.zoom == 2 && !coordinator2.container.transitionRunning
            }
            let viewer2 = try XCTUnwrap(coordinator2.topPage as? ViewerPage)
            XCTAssertEqual(viewer2.item.id, picture, "the same picture")
            let restored = try XCTUnwrap(viewer2.image.viewport)
            XCTAssertEqual(restored.centerX, shown.centerX, accuracy: 1, "the same part in view")
            XCTAssertEqual(restored.centerY, shown.centerY, accuracy: 1)
            _ = try screen(of: main2.window)
            XCTAssertEqual(ShownLabels.texts(under: main2.window).filter { $0 == "200 %" }.count, 1, "the level said on its button")
        }
    }

    /// Preferences' "Restore where I left off", switched off: the next launch starts at the first section.
    func testWithTheSwitchOffTheNextLaunchStartsAfresh() throws {
        try onMain {
            let store = makeStore()
            let app = try launch(store: store, backend: server.base, section: .facts)
            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertTrue(InputSimulation.key("comma", modifiers: .control, on: main.window))
            waitFor("the Preferences window") { app.preferencesWindow?.window.isMapped == true }
            let preferences = try XCTUnwrap(app.preferencesWindow)
            let restoring = preferences.restoring.control
            XCTAssertTrue(restoring.isOn, "on unless switched off")
            restoring.grabFocus()
            waitFor("the switch focused") { restoring.hasFocus }
            XCTAssertTrue(InputSimulation.key("space", on: restoring))
            waitFor("the switch off") { !restoring.isOn }
            preferences.window.close()
            closeAndFinish(app)
            store.flush()
            XCTAssertEqual(store.load().lastSection, .gallery, "nothing of the place written")
            XCTAssertFalse(store.load().restoresPlace)

            let again = try launch(store: makeStore(), backend: server.base)
            defer { again.mainWindow?.window.destroy() }
            XCTAssertEqual(again.mainWindow?.currentSection, .gallery, "the first section")
        }
    }
}

extension AppTestCase {
    /// Closes `app`'s window as a person does, waits until what it finishes before exit is done, and lets it go.
    @MainActor
    func closeAndFinish(_ app: TesseraApp) {
        guard let window = app.mainWindow?.window else { return }
        window.close()
        waitFor("the window to close") { !window.isVisible }
        waitForServer("the app finishing", timeout: .seconds(20)) { !app.isFinishingBeforeExit }
        window.destroy()
    }
}
