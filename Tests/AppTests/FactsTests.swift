@testable import App
import Domain
import Foundation
import Persistence
import Gtk
import TestSupport
import XCTest
import SimulatedInput

/// The facts section in the real app against a real tessera-server.
final class FactsTests: ServerBackedTestCase {
    /// The fixture feed's image sizes, by row title.
    private let imageSizes: [String: (Double, Double)] = [
        "Beavers": (640, 427), "Flag": (1200, 600), "Transportation": (480, 640), "Hockey Night in Canada": (1024, 683),
        "Housing": (300, 300), "Meese": (2000, 1333), "Kittens...": (500, 375), "Mounties": (360, 540), "Language": (800, 200),
    ]

    @MainActor
    private func openFacts(width: Int, height: Int) throws -> (TesseraApp, FactsPage) {
        let app = try launch(backend: server.base)
        let main = try XCTUnwrap(app.mainWindow)
        main.window.resize(width: width, height: height)
        main.show(.facts, transition: .none)
        let page = try XCTUnwrap(main.coordinator(for: .facts).pages.first as? FactsPage)
        waitFor("the feed", timeout: .seconds(10)) { page.model.state.phase == .loaded && page.grid.items.count == 13 && !page.cards.isEmpty }
        waitFor("the window at its size") { main.window.size == (width, height) || main.window.size.width >= width }
        return (app, page)
    }

    /// How many feed posts the database holds for the next launch.
    @MainActor
    private func savedFeedPosts() -> Int {
        let store = SavedFeedStore(database: LazyDatabase(url: AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")))
        let count = LockedValue<Int>()
        Task.detached { count.set(((try? await store.saved(limit: .max)) ?? nil)?.posts.count ?? 0) }
        waitForServer("the database read") { count.get() != nil }
        return count.get() ?? -1
    }

    private var imageRequests: [String] { server.requestedPaths.filter { $0.hasPrefix("/facts/images/") } }
    private func requests(of path: String) -> Int { server.requestedPaths.filter { $0 == path }.count }

    func testFeedTitleNamesTheSectionAndCardsAreNamedForScreenReaders() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1000, height: 700)
            defer { app.mainWindow?.window.destroy() }
            XCTAssertEqual(app.mainWindow?.headerBar.subtitle, "About Canada")
            XCTAssertTrue(app.mainWindow?.refreshButton.isVisible == true)
            XCTAssertEqual(page.cards.first?.view.accessibleName,
                           "Beavers: Beavers are second only to humans in how much they reshape the land they live on.")
            XCTAssertEqual(page.cards.first?.view.accessibleDescription, "Fact 1 of 13", "its place in the feed")
            XCTAssertEqual(page.cards.first { $0.fact.title == "Flag" }?.view.accessibleName, "Flag")
            XCTAssertFalse(page.model.state.facts.map(\.title).contains(nil as String?), "the all-null row is skipped")
            // The cards further down are named as they come into view: End, as a person would.
            let first = try XCTUnwrap(page.cards.first)
            first.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("End", on: first.view))
            waitFor("the last card focused") { page.grid.focusedCell?.fact.title == "Language" }
            XCTAssertEqual(page.grid.focusedCell?.view.accessibleDescription, "Fact 13 of 13")
            XCTAssertEqual(page.cards.first { $0.fact.title == "Kittens..." }?.view.accessibleName,
                           "Kittens...: Éare illegal. Cats are fine.")
        }
    }

    func testCardsFollowTheirImagesAspectRatiosAndStayInsideTheGrid() throws {
        try onMain {
            for (width, height) in [(1400, 2000), (360, 2000)] {
                let (app, page) = try openFacts(width: width, height: height)
                defer { app.mainWindow?.window.destroy() }
                waitForServer("the images in view", timeout: .seconds(10)) {
                    page.isSettled && page.cards.filter { $0.aspect != nil }.count >= 3
                }
                waitFor("the cards laid out") {
                    page.cards.allSatisfy { card in
                        guard let aspect = card.aspect else { return true }
                        let frame = page.cardFrames[page.cards.firstIndex { $0 === card }!]
                        return abs(Double(frame.height) - (Double(frame.width) / aspect).rounded()) <= 1
                    }
                }
                let frames = page.cardFrames
                var checked = 0
                for (card, frame) in zip(page.cards, frames) {
                    XCTAssertGreaterThanOrEqual(frame.x, 0)
                    XCTAssertLessThanOrEqual(frame.x + frame.width, page.gridWidth, "\(card.fact.displayTitle) leaves the grid")
                    guard let title = card.fact.title, let size = imageSizes[title], card.aspect != nil else { continue }
                    let expected = Double(frame.width) * size.1 / size.0
                    XCTAssertEqual(Double(frame.height), expected, accuracy: 2, "\(title) at \(width) px")
                    checked += 1
                }
                XCTAssertGreaterThanOrEqual(checked, 3, "at \(width) px")
                XCTAssertGreaterThan(Set(frames.map(\.height)).count, 3, "cards differ in height")
            }
        }
    }

    /// The screenshot mode captures a page once it says it is settled: through a resize, the
    /// cards must never be called settled while they still stand where the old width put them.
    func testCardsAreNotSettledUntilTheyAreLaidOutAtTheNewWidth() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1400, height: 900)
            defer { app.mainWindow?.window.destroy() }
            let main = try XCTUnwrap(app.mainWindow)
            waitForServer("the images in view", timeout: .seconds(10)) { page.isSettled }
            XCTAssertGreaterThan(Set(page.cardFrames.map(\.x)).count, 3, "four columns at 1400 px")
            main.window.resize(width: 760, height: 900)
            var staleWhileSettled: [String] = []
            var steps = 0
            // Every turn of the main loop is looked at, from the resize until the cards fit.
            let fitted = GtkRuntime.iterate(until: {
                steps += 1
                let width = page.gridWidth
                let outside = zip(page.cards, page.cardFrames).filter { $0.1.x + $0.1.width > width }
                if page.isSettled, !outside.isEmpty {
                    staleWhileSettled.append("step \(steps): \(outside.count) cards past \(width) px")
                }
                return main.window.size.width < 1000 && page.isSettled && outside.isEmpty
            }, timeout: .seconds(10))
            XCTAssertTrue(fitted, "the cards fit the narrower window")
            XCTAssertEqual(staleWhileSettled, [], "settled while the cards stood at the old width")
        }
    }

    func testOnlyCardsNearTheViewAskForTheirImages() throws {
        try onMain {
            let (app, page) = try openFacts(width: 900, height: 420)
            defer { app.mainWindow?.window.destroy() }
            let withLinks = page.model.state.facts.filter { $0.imageURL != nil }.count
            XCTAssertEqual(withLinks, 11)
            waitForServer("the first images") { page.isSettled && !imageRequests.isEmpty }
            let early = Set(imageRequests)
            XCTAssertLessThan(early.count, withLinks, "images far below the view were asked for: \(early)")
            XCTAssertFalse(early.contains("/facts/images/language.png"), "the last card's image was asked for at once")
            // Scrolling down a screen at a time, as a person would, looking at each screen until
            // its pictures show, until the end stays the end (heights settle as images arrive). A
            // card passed by before it was looked at lets go of its picture unasked.
            waitForServer("every image once scrolled", timeout: .seconds(20)) {
                if page.isSettled { page.scroll.value = min(page.scroll.value + page.scroll.pageSize, page.scroll.maximumValue) }
                return Set(imageRequests).count == withLinks
            }
            XCTAssertEqual(imageRequests.count, withLinks, "each image was asked for once: \(imageRequests.sorted())")
        }
    }

    func testTypingOverTheCardsSearchesThemAndEscapeShowsEveryCardWhereItWas() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1000, height: 500)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the cards settled", timeout: .seconds(10)) { page.isSettled }
            @MainActor func shownTitles() -> [String] {
                page.grid.items.map { page.model.state.facts[$0.index].title ?? "" }
            }
            // A card further down has the focus, the view scrolled to it.
            page.grid.focus(index: 9)
            waitFor("the card focused and in view") { page.grid.focusedCell?.item.index == 9 && page.scroll.value > 0 }
            waitFor("settled there") { page.isSettled }
            // Where the focused card stands in the view (its place in the grid may move as
            // pictures above it change their cards' heights; the view follows it).
            let place = page.grid.layout.frame(at: 9).y - page.scroll.value

            XCTAssertTrue(InputSimulation.type("canada", on: main.window))
            waitFor("the search open with what was typed") { page.search.entry.isFocusWidget && page.search.entry.text == "canada" }
            waitFor("the cards that say Canada") { shownTitles() == ["Transportation", "Hockey Night in Canada", "Space Program", "Meese"] }
            waitFor("their cards made and named") { page.cards.count == 4 }
            XCTAssertEqual(Set(page.cards.map(\.view.accessibleDescription)), Set((1...4).map { "Fact \($0) of 4" }),
                           "the cards found numbered among themselves for screen readers")
            XCTAssertTrue(InputSimulation.key("Down", on: main.window))
            waitFor("the first card found focused") { page.grid.focusedCell?.item.index == 2 }

            XCTAssertTrue(InputSimulation.type("z", on: main.window))
            waitFor("the search focused again with the letter") { page.search.entry.text == "canadaz" }
            waitFor("nothing found, in words") { page.nothingFound.widget.isMapped && page.grid.items.isEmpty }
            XCTAssertEqual(page.nothingFound.titleLabel.text, "No facts found")

            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("every card again") { page.grid.items.count == 13 && !page.nothingFound.widget.isMapped }
            XCTAssertFalse(page.search.widget.revealsChild)
            waitFor("the focused card again") { page.grid.focusedCell?.item.index == 9 }
            waitFor("settled") { page.isSettled }
            XCTAssertEqual(page.grid.layout.frame(at: 9).y - page.scroll.value, place, accuracy: 1, "the focused card where it was in the view")
        }
    }

    /// A picture that arrives while a search shows other cards changes the height of a card above
    /// the focused one: when the search closes, the focused card is where it was in the view all
    /// the same (the view follows it, not the old scroll offset).
    func testAPictureArrivingDuringASearchLeavesTheFocusedCardWhereItWas() throws {
        try onMain {
            // Transportation's picture (a portrait, its card 4:3 until it comes) held by the server.
            let port = server.port
            stop(server)
            server = try startServer { $0.port = port; $0.heldFactImages = ["train.jpg"] }
            let (app, page) = try openFacts(width: 1000, height: 500)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            @MainActor func card(_ title: String) -> FactCard? { page.cards.first { $0.fact.title == title } }
            // Geography focused, the view scrolled down to it: Transportation, above it in the same
            // column, out of view, still waiting for its picture.
            let geography = try XCTUnwrap(page.model.state.facts.firstIndex { $0.title == "Geography" })
            let transportation = try XCTUnwrap(page.model.state.facts.firstIndex { $0.title == "Transportation" })
            page.grid.focus(index: geography)
            waitFor("the card focused and in view") { page.grid.focusedCell?.item.index == geography && page.scroll.value > 0 }
            waitFor("settled there", timeout: .seconds(10)) { page.isSettled }
            XCTAssertEqual(page.grid.layout.frame(at: transportation).x, page.grid.layout.frame(at: geography).x, "the same column")
            XCTAssertLessThan(page.grid.layout.frame(at: transportation).y, page.grid.layout.frame(at: geography).y)
            XCTAssertNil(card("Transportation")?.aspect)
            let place = page.grid.layout.frame(at: geography).y - page.scroll.value

            // A search shows Transportation, and its picture arrives meanwhile.
            XCTAssertTrue(InputSimulation.type("canada", on: main.window))
            waitFor("the cards that say Canada") { page.grid.items.count == 4 && page.search.entry.text == "canada" }
            waitForServer("Transportation's picture asked for") { server.server.factImageGate.waitingCount(for: "train.jpg") > 0 }
            server.server.factImageGate.release("train.jpg")
            waitFor("its card taller, as its picture", timeout: .seconds(10)) { card("Transportation")?.aspect != nil && page.isSettled }

            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("every card again") { page.grid.items.count == 13 }
            waitFor("Geography focused again") { page.grid.focusedCell?.item.index == geography }
            waitFor("settled") { page.isSettled }
            XCTAssertEqual(page.grid.layout.frame(at: geography).y - page.scroll.value, place, accuracy: 1,
                           "the focused card where it was in the view")
        }
    }

    func testRefreshAsksAgainAndAFailedRefreshKeepsTheCards() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1000, height: 700)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            XCTAssertEqual(requests(of: "/facts.json"), 1)
            // The margins' cards come a few a turn: all of them first.
            waitFor("every card made") { page.isSettled && !page.grid.hasMarginCellsToMake }
            let firstCards = page.cards.map(ObjectIdentifier.init)
            XCTAssertTrue(InputSimulation.key("F5", on: main.window))
            waitForServer("a second fetch") { requests(of: "/facts.json") == 2 }
            waitFor("the refresh to end") { !page.model.state.isRefreshing }
            // The feed has not changed: the server says 304, and the cards stay as they were.
            waitFor("Up to date") { page.upToDate.isMapped }
            XCTAssertEqual(page.upToDate.text, "Up to date")
            XCTAssertEqual(page.cards.map(ObjectIdentifier.init), firstCards, "the same cards, not laid out again")
            XCTAssertTrue(InputSimulation.key("r", modifiers: .control, on: main.window))
            waitForServer("a third fetch") { requests(of: "/facts.json") == 3 }
            waitFor("the refresh to end") { !page.model.state.isRefreshing }

            let port = server.port
            stop(server)
            main.refreshButton.click()
            waitFor("the failure banner", timeout: .seconds(10)) { page.isBannerVisible }
            // The backend is gone: the cards stay, and the banner says they are what was saved.
            let saved = try XCTUnwrap(page.model.state.receivedAt)
            XCTAssertEqual(page.bannerLabel.text, "Offline. Showing what was saved at \(NoticeBar.savedTime(saved)).")
            XCTAssertTrue(page.bannerRetry.isVisible)
            XCTAssertEqual(page.grid.items.count, 13, "the old cards stay")
            XCTAssertFalse(page.cards.isEmpty)
            XCTAssertFalse(page.isStatusVisible)

            server = try startServer { $0.port = port }
            page.bannerRetry.click()
            waitForServer("the retry") { requests(of: "/facts.json") == 1 }
            waitFor("the banner to go") { !page.isBannerVisible }
            XCTAssertEqual(page.grid.items.count, 13)
        }
    }

    /// A run against the server, then a relaunch with the backend gone: the same cards, their
    /// images from the disk, the offline banner, and no full-page error; the backend back and
    /// Retry, the banner goes.
    func testARelaunchWithoutTheBackendShowsTheSavedFeedAndItsImages() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1000, height: 700)
            let names = page.model.state.facts.map(\.accessibleName)
            XCTAssertEqual(page.cards.map(\.view.accessibleName), Array(names.prefix(page.cards.count)), "the feed's first cards")
            waitFor("the images in view", timeout: .seconds(10)) { page.cards.prefix(4).allSatisfy { ($0.fact.imageURL == nil || $0.image.showsImage) } }
            let shown = page.cards.prefix(4).filter { $0.image.showsImage }.map(\.fact.title)
            XCTAssertFalse(shown.isEmpty)
            let (again, main, offline, port) = try relaunchWithoutTheBackend(closing: app)
            defer { withExtendedLifetime(again) { main.window.destroy() } }
            waitFor("the saved cards", timeout: .seconds(10)) { offline.grid.items.count == 13 && !offline.cards.isEmpty }
            XCTAssertEqual(offline.model.state.facts.map(\.accessibleName), names, "the same cards, in order")
            XCTAssertEqual(offline.cards.map(\.view.accessibleName), Array(names.prefix(offline.cards.count)), "the feed's first cards")
            XCTAssertEqual(main.headerBar.subtitle, "About Canada")
            waitFor("the offline banner", timeout: .seconds(10)) { offline.isBannerVisible }
            XCTAssertTrue(offline.bannerLabel.text.hasPrefix("Offline. Showing what was saved at "), offline.bannerLabel.text)
            XCTAssertFalse(offline.isStatusVisible, "no full-page error")
            waitFor("the images from the disk, the cards faded in", timeout: .seconds(10)) {
                offline.cards.filter { shown.contains($0.fact.title) }.allSatisfy { $0.image.showsImage } && offline.isSettled
            }
            // The pointer away from the cards: one under it is tinted (an earlier test's simulated
            // keys leave the pointer at the middle of its window, over a card here).
            InputSimulation.movePointerAway(from: main.window)
            waitFor("no card under the pointer") { !offline.cards.contains { $0.view.isHovered } }
            for card in offline.cards.filter({ shown.contains($0.fact.title) }) {
                // Frame after frame until it matches, for a while: the picture in hand may be painted
                // a frame after it is taken (one CI run measured 4.8 once, a placeholder is tens).
                var difference = try differenceOnScreen(from: card.image, below: card.caption, in: main.window)
                let deadline = ContinuousClock.now + .seconds(3)
                while difference >= 2, ContinuousClock.now < deadline {
                    difference = try differenceOnScreen(from: card.image, below: card.caption, in: main.window)
                }
                XCTAssertLessThan(difference, 2, "\(card.fact.title ?? "") shows its picture on screen, not a placeholder")
            }

            server = try startServer { $0.port = port }
            offline.bannerRetry.click()
            waitFor("back online", timeout: .seconds(10)) { !offline.isBannerVisible && !offline.model.state.isRefreshing }
            XCTAssertEqual(offline.grid.items.count, 13)
        }
    }

    /// `app` closed, the backend stopped (its port kept for a later start), and the app launched
    /// again on Facts: the app (kept by the caller: its window's chrome follows it), its window
    /// and the Facts page.
    @MainActor
    private func relaunchWithoutTheBackend(closing app: TesseraApp) throws -> (app: TesseraApp, main: MainWindow, page: FactsPage, port: Int) {
        app.mainWindow?.window.destroy()
        let port = server.port
        stop(server)
        let again = try launch(backend: URL(string: "http://127.0.0.1:\(port)/")!)
        let main = try XCTUnwrap(again.mainWindow)
        main.show(.facts, transition: .none)
        return (again, main, try XCTUnwrap(main.coordinator(for: .facts).pages.first as? FactsPage), port)
    }

    /// Offline on the saved feed, the server on this machine back: the feed is asked for again
    /// within 5 s with nothing pressed (no network monitor sees a server on this machine come
    /// back; it is looked for while the offline notice shows), and the notice goes.
    func testOfflineTheFeedIsAskedAgainOnceTheServerOnThisMachineIsBack() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1000, height: 700)
            waitFor("the images in view", timeout: .seconds(10)) { page.cards.prefix(4).allSatisfy { ($0.fact.imageURL == nil || $0.image.showsImage) } }
            let (again, main, offline, port) = try relaunchWithoutTheBackend(closing: app)
            defer { withExtendedLifetime(again) { main.window.destroy() } }
            waitFor("the offline banner", timeout: .seconds(10)) { offline.isBannerVisible }
            server = try startServer { $0.port = port }
            waitForServer("back online, nothing pressed", timeout: .seconds(5)) { !offline.isBannerVisible && !offline.model.state.isRefreshing }
            XCTAssertEqual(offline.grid.items.count, 13)
            XCTAssertFalse(offline.model.state.isOffline)
        }
    }

    /// "Clear Saved Data…" asks first; Cancel keeps everything, Clear deletes the saved feed and
    /// the images on disk, and leaves the gallery, the people and the user's messages.
    func testClearingSavedDataAsksAndKeepsWhatIsTheUsers() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1000, height: 700)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the images in view", timeout: .seconds(10)) { page.cards.prefix(4).allSatisfy { ($0.fact.imageURL == nil || $0.image.showsImage) } }
            let paths = AppPaths(root: dataDirectory)
            waitFor("the feed saved") { savedFacts() == 13 }
            let images = paths.cache.appendingPathComponent("images")
            func imageFiles() -> Int { ((try? FileManager.default.contentsOfDirectory(atPath: images.path)) ?? []).filter { !$0.hasPrefix(".") }.count }
            waitFor("images on disk") { imageFiles() > 0 }
            main.show(.feed, transition: .none)
            waitFor("the feed's first page saved", timeout: .seconds(10)) { savedFeedPosts() >= 10 }
            // Its images written, so that none is still on its way to the disk when it is cleared.
            let feed = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the feed's images", timeout: .seconds(10)) { feed.isSettled }
            main.show(.gallery, transition: .none)
            let gallery = paths.data.appendingPathComponent("gallery.json")
            waitFor("the gallery document") { FileManager.default.fileExists(atPath: gallery.path) }
            let galleryBytes = try Data(contentsOf: gallery)

            app.askToClearSavedData()
            try click(Dialog.cancel, in: app.clearDialog)
            waitFor("the question gone") { MessageDialog.textsOnScreen().isEmpty }
            XCTAssertEqual(savedFacts(), 13, "Cancel keeps the feed")
            XCTAssertGreaterThanOrEqual(savedFeedPosts(), 10, "and the posts")

            app.askToClearSavedData()
            XCTAssertEqual(MessageDialog.textsOnScreen(), ["Clear saved data?"])
            try click(1, in: app.clearDialog)
            waitFor("the saved feed gone") { savedFacts() == 0 }
            waitFor("the saved posts gone") { savedFeedPosts() == 0 }
            waitFor("the images on disk gone") { imageFiles() == 0 }
            XCTAssertEqual(try Data(contentsOf: gallery), galleryBytes, "the gallery stays as it was")
            XCTAssertTrue(MessageDialog.textsOnScreen().isEmpty, "no failure told")
        }
    }

    func testAFailedFirstLoadFillsTheSectionWithRetry() throws {
        try onMain {
            let port = server.port
            stop(server)
            let app = try launch(backend: URL(string: "http://127.0.0.1:\(port)/")!)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            main.show(.facts, transition: .none)
            let page = try XCTUnwrap(main.coordinator(for: .facts).pages.first as? FactsPage)
            waitFor("the failure", timeout: .seconds(10)) { page.statusRetry.isVisible }
            XCTAssertTrue(page.isStatusVisible)
            server = try startServer { $0.port = port }
            page.statusRetry.click()
            waitFor("the cards", timeout: .seconds(10)) { page.grid.items.count == 13 && !page.cards.isEmpty && !page.isStatusVisible }
        }
    }

    /// Opened from the keyboard or the mouse, the detail page selects nothing: the focus is on the
    /// image, and the description can still be selected.
    func testTheDetailOpensWithNothingSelected() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1200, height: 760)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = main.coordinator(for: .facts)
            waitFor("the window active") { main.window.isActive }
            for byKey in [true, false] {
                let beavers = try XCTUnwrap(page.cards.first)
                if byKey {
                    beavers.view.grabFocus()
                    XCTAssertTrue(InputSimulation.key("Return", on: beavers.view))
                } else {
                    clickWhenSteady(beavers.view, in: main.window)
                }
                waitFor("the detail page") { coordinator.depth == 2 }
                let detail = try XCTUnwrap(coordinator.topPage as? FactDetailPage)
                waitFor("the page in place") { detail.widget.isMapped && !coordinator.container.transitionRunning }
                waitFor("the focus on the image") { main.window.focusedAccessibleName == "Image of Beavers" }
                XCTAssertNil(detail.description.view.selection, "nothing is selected (\(byKey ? "Enter" : "click"))")
                XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
                waitFor("back on the cards") { coordinator.depth == 1 && !coordinator.container.transitionRunning }
            }
        }
    }

    func testDetailLaysOutThirtySeventyInLandscapeAndStacksInPortrait() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1200, height: 760)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let beavers = try XCTUnwrap(page.cards.first)
            beavers.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: beavers.view))
            let coordinator = main.coordinator(for: .facts)
            waitFor("the detail page") { coordinator.depth == 2 }
            let detail = try XCTUnwrap(coordinator.topPage as? FactDetailPage)
            XCTAssertEqual(main.headerBar.title, "Beavers")
            XCTAssertEqual(detail.description.shownText,
                           "Beavers are second only to humans in how much they reshape the land they live on.")
            waitForServer("the image", timeout: .seconds(10)) { detail.image.content != .icon(ImageView.placeholderIcon) }

            @MainActor func widths() -> (image: Int, text: Int) { (detail.image.picture.allocatedSize.width, detail.text.allocatedSize.width) }
            waitFor("the landscape layout") { detail.arrangement == .landscape && widths().image > 0 }
            let landscape = widths()
            let share = Double(landscape.image) / Double(landscape.image + landscape.text)
            XCTAssertEqual(share, 0.30, accuracy: 0.02, "image:text is 30:70 (\(landscape))")
            let imageOrigin = try XCTUnwrap(detail.image.picture.origin(in: detail.widget))
            let textOrigin = try XCTUnwrap(detail.text.origin(in: detail.widget))
            XCTAssertLessThan(imageOrigin.x, textOrigin.x, "the image is on the left")
            XCTAssertEqual(imageOrigin.y, textOrigin.y)

            // Portrait, wide enough that the sidebar stays (the banner is then as the image's
            // aspect asks, under its cap of 45% of the height).
            main.window.resize(width: 760, height: 1100)
            waitFor("the portrait layout", timeout: .seconds(5)) {
                detail.arrangement == .portrait && (detail.text.origin(in: detail.widget)?.y ?? 0) > 0
            }
            waitFor("the banner sized") {
                let picture = detail.image.picture.allocatedSize
                return abs(Double(picture.height) - Double(picture.width) * 427 / 640) <= 2
            }
            let banner = detail.image.picture.allocatedSize
            XCTAssertEqual(banner.width, detail.text.allocatedSize.width, "banner and text share the width")
            XCTAssertEqual(detail.text.origin(in: detail.widget)?.y, banner.height, "the description is below the banner")

            main.window.resize(width: 1200, height: 760)
            waitFor("landscape again") { detail.arrangement == .landscape && detail.text.origin(in: detail.widget)?.y == 0 }

            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back at the grid") { coordinator.depth == 1 }
            XCTAssertEqual(main.headerBar.subtitle, "About Canada")
        }
    }
}
