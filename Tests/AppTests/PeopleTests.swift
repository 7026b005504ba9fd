@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import Persistence
import TestSupport
import XCTest
import SimulatedInput

/// The People section in the real app, on a real SQLite file, against a real tessera-server.
final class PeopleTests: PeopleTestCase {
    func testFirstLaunchStoresTwentyPeopleAndWelcomesOnce() throws {
        try onMain {
            let (app, page) = try openPeople(greets: true)
            XCTAssertEqual(page.grid.items.map(\.name), Self.namesInOrder)
            XCTAssertEqual(page.rows.map(\.nameLabel.text), Array(Self.namesInOrder.prefix(page.rows.count)), "the rows near the view, in order")
            waitFor("the welcome") { app.welcomeText == "Welcome to Tessera" }
            try click(1, in: app.welcome.dialog)
            closeAndFinish(app)

            let (again, page2) = try openPeople(greets: true)
            XCTAssertEqual(page2.grid.items.map(\.name), Self.namesInOrder)
            XCTAssertEqual(page2.rows.map(\.nameLabel.text), Array(Self.namesInOrder.prefix(page2.rows.count)), "the rows near the view, in order")
            waitForServer("avatars in view") { page2.isSettled }
            XCTAssertNil(again.welcomeText, "a later launch does not welcome")
            closeAndFinish(again)
        }
    }

    /// In a wide window the rows keep GNOME's list width, centred, and the search opens in line with them.
    func testInAWideWindowTheListAndItsSearchKeepAListsWidthCentred() throws {
        try onMain {
            let (app, page, width, entry) = try openPeopleSearching(width: 1100, rows: 5) { $0 > 800 }
            for row in page.rows.prefix(5) {
                let origin = try XCTUnwrap(row.view.origin(in: page.widget))
                XCTAssertEqual(row.view.allocation.width, Clamp.listWidth, "\(row.person.name)'s row")
                XCTAssertEqual(Double(origin.x), Double(width - Clamp.listWidth) / 2, accuracy: 1, "\(row.person.name)'s row centred")
                XCTAssertEqual(entry.x, origin.x, "the search entry starts where the rows do")
            }
            XCTAssertEqual(page.search.entry.allocation.width, Clamp.listWidth, "the search entry as wide as the rows")
            closeAndFinish(app)
        }
    }

    /// People in a window `width` wide, its search opened with Ctrl+F and laid out (the page's width as `laidOut` wants,
    /// `rows` rows drawn): the page's width and where the entry starts.
    @MainActor
    private func openPeopleSearching(width: Int, rows: Int, laidOut: @escaping (Int) -> Bool) throws
        -> (TesseraApp, PeoplePage, width: Int, entry: (x: Int, y: Int)) {
        let (app, page) = try openPeople(width: width, height: 700)
        let main = try XCTUnwrap(app.mainWindow)
        XCTAssertTrue(InputSimulation.key("f", modifiers: .control, on: main.window))
        waitFor("the search open") { page.search.entry.isFocusWidget && page.search.entry.isMapped }
        waitFor("laid out") {
            laidOut(page.widget.allocation.width) && page.search.entry.allocation.width > 1
                && page.rows.prefix(rows).allSatisfy { $0.view.allocation.width > 1 }
        }
        return (app, page, page.widget.allocation.width, try XCTUnwrap(page.search.entry.origin(in: page.widget)))
    }

    /// In a phone's width the rows and the search sit GNOME's 12 px in from both edges, in line.
    func testInANarrowWindowTheListAndItsSearchSitTwelvePixelsIn() throws {
        try onMain {
            let (app, page, width, entry) = try openPeopleSearching(width: 360, rows: 3) { $0 < 400 }
            XCTAssertEqual(entry.x, 12, "the search entry's inset")
            XCTAssertEqual(page.search.entry.allocation.width, width - 24, "the search entry's width")
            for row in page.rows.prefix(3) {
                let origin = try XCTUnwrap(row.view.origin(in: page.widget))
                XCTAssertEqual(origin.x, 12, "\(row.person.name)'s row inset")
                XCTAssertEqual(row.view.allocation.width, width - 24, "\(row.person.name)'s row width")
            }
            closeAndFinish(app)
        }
    }

    /// A database of random bytes (a damaged disk, a bad copy) is kept aside; the people are
    /// stored again, the welcome shows again, and the user is told in words where the old file is.
    func testADamagedDatabaseIsKeptAsideAndTheAppStartsAfresh() throws {
        try onMain {
            let file = AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
            try garbage.write(to: file)
            let (app, page) = try openPeople(greets: true)
            XCTAssertEqual(page.grid.items.map(\.name), Self.namesInOrder)
            XCTAssertEqual(page.rows.map(\.nameLabel.text), Array(Self.namesInOrder.prefix(page.rows.count)), "the rows near the view, in order")
            waitFor("the welcome") { app.welcomeText == "Welcome to Tessera" }
            waitFor("the notice") { page.isNoticeVisible }
            let words = try XCTUnwrap(page.notice.text)
            XCTAssertNil(page.notice.label.selection, "the notice does not open selected")
            XCTAssertFalse(page.notice.label.canFocus, "a selectable label is no keyboard stop: it would select all of itself")
            let kept = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
                .first { $0.hasPrefix("tessera.sqlite.corrupt-") })
            XCTAssertTrue(words.hasPrefix("The database could not be read (the database file is damaged) and a new one was started."), words)
            XCTAssertTrue(words.contains(file.deletingLastPathComponent().appendingPathComponent(kept).path), words)
            XCTAssertFalse(words.contains("SQLite") || words.contains("sqlite_master"), words)
            XCTAssertEqual(try Data(contentsOf: file.deletingLastPathComponent().appendingPathComponent(kept)), garbage)
            try click(1, in: app.welcome.dialog)
            closeAndFinish(app)
        }
    }

    /// A database that cannot be opened (here a folder stands where the file goes) says why, with
    /// Retry, instead of "Loading people…" for ever; Retry opens it once the cause is gone.
    func testADatabaseThatCannotBeOpenedOffersRetry() throws {
        try onMain {
            let file = AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
            let app = try launch(backend: server.base, section: .people)
            let main = try XCTUnwrap(app.mainWindow)
            let page = try XCTUnwrap(main.coordinator(for: .people).pages.first as? PeoplePage)
            waitFor("the failure", timeout: .seconds(10)) { page.isFailureSettled && main.window.isActive }
            XCTAssertEqual(page.content.placeholder.status.view.title, "People could not be opened")
            XCTAssertEqual(page.content.placeholder.reason, "The database file could not be opened (its folder may be missing or not writable).")
            try FileManager.default.removeItem(at: file)
            clickWhenSteady(page.content.retry, in: main.window)
            waitFor("the people", timeout: .seconds(10)) { page.rows.count == 20 && page.content.isContentShown }
            closeAndFinish(app)
        }
    }

    func testTypingInTheListSearchesItByNameAndEscapeShowsEveryoneWhereTheyWere() throws {
        try onMain {
            let (app, page) = try openPeople(width: 700, height: 420)
            let main = try XCTUnwrap(app.mainWindow)
            defer { closeAndFinish(app) }
            @MainActor func shown() -> [String] { page.rows.map { $0.nameLabel.text } }
            // Scrolled down a way; the second row in view has the focus.
            waitFor("the list laid out") { page.scroll.maximumValue > 300 }
            page.scroll.value = 300
            waitFor("rows in view") { page.rowsInView().count > 2 }
            let scrolledTo = page.rowsInView()[1].person
            XCTAssertGreaterThan(try XCTUnwrap(page.grid.items.firstIndex { $0.id == scrolledTo.id }), 3, "a row scrolled to")
            try XCTUnwrap(page.row(of: scrolledTo.id)).view.grabFocus()
            let place = page.scroll.value
            XCTAssertGreaterThan(place, 0)

            // A letter typed in the list opens the search with it.
            XCTAssertTrue(InputSimulation.type("j", on: main.window))
            waitFor("the search open") { page.search.entry.isFocusWidget }
            XCTAssertEqual(page.search.entry.text, "j")
            waitFor("only the J names") { shown() == ["Jade", "Jason", "Jeremy", "Johnny"] }
            XCTAssertTrue(InputSimulation.type("a", on: main.window))
            waitFor("Jade and Jason") { shown() == ["Jade", "Jason"] }
            XCTAssertEqual(page.rows.first?.view.accessibleName.hasPrefix("Jade, avatar"), true,
                           "rows found keep their names for screen readers")
            // Down goes to the first row found; Return opens it.
            XCTAssertTrue(InputSimulation.key("Down", on: main.window))
            waitFor("Jade's row focused") { page.grid.focusedCell?.person.name == "Jade" }

            // Nothing found, said in words.
            XCTAssertTrue(InputSimulation.key("f", modifiers: .control, on: main.window))
            waitFor("the search focused again") { page.search.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.type("x", on: main.window))
            waitFor("no one found") { page.noOneFound.widget.isMapped && shown().isEmpty }
            XCTAssertEqual(page.noOneFound.view.title, "No one found")

            // Escape: everyone again, the row scrolled to focused, the list where it was.
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("everyone again") { page.grid.items.count == 20 && shown().contains(scrolledTo.name) }
            XCTAssertFalse(page.search.widget.isOpen)
            XCTAssertEqual(page.search.entry.text, "")
            waitFor("the row scrolled to focused") { page.row(of: scrolledTo.id)?.view.isFocusWidget == true }
            waitFor("the list back where it was") { page.scroll.value == place }
            XCTAssertFalse(page.noOneFound.widget.isMapped)

            // Left and Right move nothing: nothing stands beside a row in a list (they went to the
            // row above and below). Down, typed after two Lefts, goes to the row under the row scrolled to's, and
            // Up, after two Rights, back to the row scrolled to's (no row on the way is the one waited for).
            let scrolledTosIndex = try XCTUnwrap(page.grid.items.firstIndex { $0.id == scrolledTo.id })
            for key in ["Left", "Left", "Down"] { XCTAssertTrue(InputSimulation.key(key, on: main.window)) }
            waitFor("the row under the row scrolled to's focused") { page.grid.focusedCell?.person.id == page.grid.items[scrolledTosIndex + 1].id }
            for key in ["Right", "Right", "Up"] { XCTAssertTrue(InputSimulation.key(key, on: main.window)) }
            waitFor("the row scrolled to focused again") { page.grid.focusedCell?.person.id == scrolledTo.id }
        }
    }
}
