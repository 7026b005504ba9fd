@testable import App
import Domain
import Foundation
import Gtk
import SimulatedInput
import XCTest

/// The window's keys as a person meets them: a section chosen with Ctrl+number or a click takes
/// the keyboard focus, Ctrl+F searches the section shown wherever the focus is, and the viewer's
/// Ctrl+0, 1 and 2 zoom where the window's own would show a section.
final class WindowKeysTests: ServerBackedTestCase {
    func testControlFiveThenTypingOrControlFSearchesTheFacts() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            XCTAssertTrue(main.sidebar.row(for: .gallery).isFocusWidget, "the window starts on its sidebar row")
            XCTAssertTrue(InputSimulation.key("5", modifiers: .control, on: main.window))
            waitFor("Facts shown") { main.currentSection == .facts }
            let page = try XCTUnwrap(main.currentCoordinator.pages.first as? FactsPage)
            waitFor("the feed", timeout: .seconds(10)) { page.model.state.phase == .loaded && !page.cards.isEmpty }
            waitFor("a card focused") { page.grid.focusedCell != nil }

            // A letter typed opens the search with it.
            XCTAssertTrue(InputSimulation.type("c", on: main.window))
            waitFor("the search open with the letter") { page.search.entry.isFocusWidget && page.search.entry.text == "c" }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("the search closed") { !page.search.isOpen }

            // Ctrl+F, with the focus on the sidebar again.
            main.sidebar.row(for: .facts).grabFocus()
            XCTAssertTrue(InputSimulation.key("f", modifiers: .control, on: main.window))
            waitFor("the search open and focused") { page.search.isOpen && page.search.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.type("canada", on: main.window))
            waitFor("the cards that say Canada") { page.search.entry.text == "canada" && page.grid.items.count == 4 }
        }
    }

    /// Chosen before its content came, a section's first items take the focus when they come.
    func testAClickOnASidebarRowGivesItsSectionTheFocus() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            clickWhenSteady(main.sidebar.row(for: .people), in: main.window)
            waitFor("People shown") { main.currentSection == .people }
            let page = try XCTUnwrap(main.currentCoordinator.pages.first as? PeoplePage)
            waitFor("a person's row focused", timeout: .seconds(10)) { page.grid.focusedCell != nil }
            XCTAssertFalse(main.sidebar.containsFocus)
            XCTAssertTrue(InputSimulation.type("j", on: main.window))
            waitFor("the search open with the letter") { page.search.entry.text == "j" }
        }
    }

    /// In a wide window, with a person's editor in the pane beside the list, Ctrl+F searches the
    /// list (the section's page), not the editor, which has no search.
    func testControlFSearchesTheListBesideAnOpenPane() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .people)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            main.window.resize(width: 1400, height: 900)
            let coordinator = try XCTUnwrap(main.coordinator(for: .people) as? PeopleCoordinator)
            let page = try XCTUnwrap(coordinator.pages.first as? PeoplePage)
            waitFor("the panes", timeout: .seconds(5)) { coordinator.showsPanes && page.rows.count > 3 }
            page.rows[3].view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: main.window))
            waitFor("the editor in the pane") { coordinator.paneDetail != nil }
            XCTAssertTrue(InputSimulation.key("f", modifiers: .control, on: main.window))
            waitFor("the list's search open") { page.search.isOpen && page.search.entry.isFocusWidget }
        }
    }

    /// Ctrl+2 from the gallery's row: no focus ring stays on the Gallery row while the Feed shows;
    /// the focus is on the Feed's row until the feed's first tile can take it.
    func testASectionsShortcutTakesTheFocusOffTheRowLeft() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the Gallery row focused") { main.sidebar.row(for: .gallery).isFocusWidget }
            XCTAssertTrue(InputSimulation.key("2", modifiers: .control, on: main.window))
            waitFor("Feed shown") { main.currentSection == .feed }
            XCTAssertFalse(main.sidebar.row(for: .gallery).isFocusWidget, "the row left keeps no focus")
            let feed = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            XCTAssertTrue(main.sidebar.row(for: .feed).isFocusWidget || feed.widget.containsFocus)
            waitForServer("the feed's first tile focused", timeout: .seconds(10)) { feed.widget.containsFocus }
        }
    }

    /// The arrow keys in the sidebar show a section and leave the focus on the rows, as GNOME
    /// Settings does: Down again goes on to the next section.
    func testTheArrowKeysInTheSidebarKeepTheFocusThere() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            XCTAssertTrue(InputSimulation.key("Down", on: main.window))
            waitFor("Feed shown") { main.currentSection == .feed }
            XCTAssertTrue(InputSimulation.key("Down", on: main.window))
            waitFor("People shown") { main.currentSection == .people }
            XCTAssertTrue(main.sidebar.row(for: .people).isFocusWidget)
            // The chat's composer, once on screen, does not take the focus from the sidebar.
            XCTAssertTrue(InputSimulation.key("Down", on: main.window))
            waitFor("the chat on screen") { (main.coordinators[.messages]?.topPage as? MessagesPage)?.entry.isMapped == true }
            XCTAssertTrue(main.sidebar.row(for: .messages).isFocusWidget, "the focus left the sidebar")
        }
    }

    /// Opened by a click on a tile, the viewer takes Ctrl+1 (100 %), Ctrl+2 and Ctrl+0 (best fit);
    /// the section stays the Feed.
    func testTheViewerOpenedByAClickZoomsWithControlDigits() throws {
        try onMain {
            let (app, main, coordinator, viewer) = try openViewerByAClick()
            defer { withExtendedLifetime(app) { main.window.destroy() } }
            XCTAssertTrue(viewer.image.isFitted)

            XCTAssertTrue(InputSimulation.key("1", modifiers: .control, on: main.window))
            waitFor("100 %") { viewer.image.viewport?.zoom == 1 }
            XCTAssertTrue(InputSimulation.key("2", modifiers: .control, on: main.window))
            waitFor("200 %") { viewer.image.viewport?.zoom == 2 }
            _ = try screen(of: main.window) // a frame drawn, as a person sees it
            XCTAssertEqual(ShownLabels.texts(under: main.window).filter { $0 == "200 %" }.count, 1, "the level said once, on its button")
            XCTAssertTrue(InputSimulation.key("0", modifiers: .control, on: main.window))
            waitFor("best fit") { viewer.image.isFitted }
            XCTAssertEqual(main.currentSection, .feed)
            XCTAssertEqual(coordinator.depth, 2, "the viewer stays")
            // The sections' keys beyond the viewer's still switch.
            XCTAssertTrue(InputSimulation.key("5", modifiers: .control, on: main.window))
            waitFor("Facts shown") { main.currentSection == .facts }
        }
    }
}

/// The viewer's keys in `docs/usage.md`, in the main window as a person meets them: the viewer
/// opened by a click on a feed post, every key sent to the window with the focus where the click
/// left it.
final class ViewerKeysInTheWindowTests: ServerBackedTestCase {
    func testTheViewersKeysZoomPanAndPage() throws {
        try onMain {
            let (app, main, coordinator, viewer) = try openViewerByAClick()
            defer { withExtendedLifetime(app) { main.window.destroy() } }
            let first = viewer.index
            let fitted = try XCTUnwrap(viewer.image.viewport?.zoom)
            @MainActor func press(_ key: String, _ modifiers: Modifiers = []) {
                XCTAssertTrue(InputSimulation.key(key, modifiers: modifiers, on: main.window), key)
            }

            press("plus")
            waitFor("zoomed in with +") { (viewer.image.viewport?.zoom ?? 0) > fitted }
            press("minus")
            waitFor("zoomed out with −") { viewer.image.isFitted }
            press("plus", .control)
            waitFor("zoomed in with Ctrl and +") { (viewer.image.viewport?.zoom ?? 0) > fitted }
            press("0")
            waitFor("best fit with 0") { viewer.image.isFitted }
            press("2")
            waitFor("200 % with 2") { viewer.image.viewport?.zoom == 2 }
            // Zoomed in, the arrows pan and stay on the picture.
            let before = try XCTUnwrap(viewer.image.viewport?.centerX)
            press("Right")
            waitFor("panned with Right") { viewer.image.viewport.map { $0.centerX != before } ?? false }
            XCTAssertEqual(viewer.index, first, "the arrows pan a zoomed picture")
            press("1")
            waitFor("100 % with 1") { viewer.image.viewport?.zoom == 1 }
            // Fitted, Right and Left go to the next picture and back.
            press("0")
            waitFor("fitted again") { viewer.image.isFitted }
            press("Right")
            waitFor("the next post") { viewer.index == first + 1 }
            press("Left")
            waitFor("the post before") { viewer.index == first }
            press("Escape")
            waitFor("back at the feed") { coordinator.depth == 1 }
        }
    }
}

extension ServerBackedTestCase {
    /// The app on the feed in a 1000×700 window, and the viewer opened by a real click on the
    /// first picture post, its picture shown (the app is kept while the test holds its window).
    @MainActor
    func openViewerByAClick() throws -> (TesseraApp, MainWindow, SectionCoordinator, ViewerPage) {
        let app = try launch(backend: server.base, section: .feed)
        let main = try XCTUnwrap(app.mainWindow)
        main.window.resize(width: 1000, height: 700)
        let coordinator = main.coordinator(for: .feed)
        let page = try XCTUnwrap(coordinator.pages.first as? FeedPage)
        waitFor("the feed", timeout: .seconds(10)) { page.tiles.contains { $0.post.kind == .image } }
        let tile = try XCTUnwrap(page.tiles.first { $0.post.kind == .image })
        clickWhenSteady(tile.view, in: main.window)
        waitFor("the viewer") { coordinator.depth == 2 }
        let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
        waitForServer("the picture", timeout: .seconds(10)) { viewer.image.viewport != nil }
        return (app, main, coordinator, viewer)
    }
}
