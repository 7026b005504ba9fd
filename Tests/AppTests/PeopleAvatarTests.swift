@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import Persistence
import TestSupport
import XCTest
import SimulatedInput

/// People's avatars, one at a time over one connection, asked again when they failed.
final class PeopleAvatarTests: PeopleTestCase {
    func testAvatarsComeOneAtATimeOverOneConnectionInViewOrderAndNeverTwice() throws {
        try onMain {
            let (app, page) = try openPeople(height: 500)
            waitForServer("the avatars in view") { page.isSettled }
            let inView = page.rowsInView().map(\.person.avatarNumber)
            XCTAssertFalse(inView.isEmpty)
            XCTAssertLessThan(inView.count, 20, "the window shows only some rows")
            waitForServer("the rows in view downloaded") { avatarPaths.count >= inView.count }
            XCTAssertEqual(avatarPaths, inView.map { String(format: "/pre-login-avatars/avatars_cartoon_animals_%02d.png", $0) })
            let first = try XCTUnwrap(page.rows.first)
            XCTAssertEqual(first.view.accessibleName, "Adam, avatar loaded")
            XCTAssertTrue(first.hasImage)
            // Rows below the view have theirs to come; rows far below it have no row yet.
            let below = page.rows.filter { row in !inView.contains(row.person.avatarNumber) }
            XCTAssertFalse(below.isEmpty)
            for row in below {
                XCTAssertEqual(row.view.accessibleName, "\(row.person.name), avatar loading")
                XCTAssertTrue(row.avatar.showsInitials, "\(row.person.name)'s initials until the avatar comes")
                XCTAssertEqual(row.avatar.name, row.person.name)
            }
            XCTAssertFalse(first.avatar.showsInitials, "the avatar over the initials once stored")
            XCTAssertLessThan(page.rows.count, 20, "rows only near the view")

            // Scrolling down a screen at a time, waiting for each screen's avatars, brings the rest
            // in the order they come into view.
            while page.scroll.value < page.scroll.maximumValue {
                page.scroll.value = min(page.scroll.value + page.scroll.pageSize, page.scroll.maximumValue)
                waitForServer("the avatars of this screen", timeout: .seconds(10)) {
                    !page.rowsInView().isEmpty && page.rowsInView().allSatisfy(\.hasImage)
                }
            }
            XCTAssertEqual(avatarPaths, page.grid.items.map { String(format: "/pre-login-avatars/avatars_cartoon_animals_%02d.png", $0.avatarNumber) })
            XCTAssertEqual(page.model.state.storedAvatars, 20)
            let stats = try XCTUnwrap(server.loopback)
            XCTAssertEqual(stats.connections, 1, "one kept-alive connection for every avatar")
            XCTAssertEqual(stats.maxConcurrentTransfers, 1, "one download at a time")
            closeAndFinish(app)

            let (again, page2) = try openPeople()
            waitFor("the stored avatars shown") { page2.rowsInView().allSatisfy(\.hasImage) && !page2.rowsInView().isEmpty }
            XCTAssertEqual(avatarPaths.count, 20, "a relaunch asks for no avatar")
            // They came through the image pipeline from the database: decoded there, never fetched.
            let images = again.services.images
            XCTAssertEqual(images.statistics.fetches, 0)
            XCTAssertGreaterThanOrEqual(images.statistics.decodes, page2.rowsInView().count)
            // The edit page shows the list's decode at once, from the memory cache.
            let first2 = try XCTUnwrap(page2.rowsInView().first, "the list reopens where it was left")
            XCTAssertTrue(InputSimulation.click(first2.view, in: try XCTUnwrap(again.mainWindow).window))
            let people = try XCTUnwrap(again.mainWindow).coordinator(for: .people)
            waitFor("the edit page") { people.depth == 2 }
            let edit = try XCTUnwrap(people.topPage as? PersonEditPage)
            XCTAssertTrue(edit.avatar.image.showsImage, "a memory-cache hit shows without a placeholder")
            closeAndFinish(again)
        }
    }

    /// The page says it has settled (what the screenshots wait for) only once every row in view
    /// shows its avatar, or why it has none: an avatar stored but still on its way to the row
    /// counted as settled, and a screenshot caught the last rows' placeholders.
    func testThePageSettlesOnlyWithEveryAvatarInViewShown() throws {
        try onMain {
            let (app, page) = try openPeople(height: 500)
            var placeholders: [String]?
            waitForServer("the avatars in view") {
                guard page.isSettled else { return false }
                placeholders = page.rowsInView().filter { !$0.hasImage }.map(\.person.name)
                return true
            }
            XCTAssertEqual(placeholders, [], "rows in view without their avatar as the page settled")
            closeAndFinish(app)
        }
    }

    func testClosingTheWindowFinishesPendingDownloads() throws {
        try onMain {
            stop(server)
            server = try startServer { $0.avatarDelay = 0.3 }
            let (app, page) = try openPeople(height: 900)
            waitFor("the rows in view") { page.rowsInView().count > 5 }
            let expected = page.rowsInView().count
            waitForServer("the first download") { !avatarPaths.isEmpty }
            XCTAssertLessThan(page.model.state.storedAvatars, expected, "downloads are pending at the close")
            // Ctrl+Q closes the window as the close button does.
            XCTAssertTrue(InputSimulation.key("q", modifiers: .control, on: app.mainWindow!.window))
            waitFor("the close") { app.isFinishingBeforeExit }
            XCTAssertEqual(app.application.holdCount, 1, "the app holds on for the downloads")
            waitForServer("the downloads to finish", timeout: .seconds(20)) { !app.isFinishingBeforeExit }
            XCTAssertEqual(app.application.holdCount, 0, "and lets go once they are done")
            let stored = try waitForStoredAvatars()
            XCTAssertEqual(stored, expected, "every avatar asked for before the close was stored")
        }
    }

    func testDownloadsGoOnWhileTheWindowIsHiddenOrAnotherSectionIsShown() throws {
        try onMain {
            stop(server)
            server = try startServer { $0.avatarDelay = 0.2 }
            let (app, page) = try openPeople(height: 900)
            let main = try XCTUnwrap(app.mainWindow)
            waitFor("the rows in view") { page.rowsInView().count > 5 }
            let expected = page.rowsInView().count
            waitForServer("the first download") { !avatarPaths.isEmpty }
            // Minimised (the window unmapped), then another section: the downloads go on.
            main.window.hide()
            XCTAssertFalse(page.grid.widget.isMapped, "the people list is off screen")
            waitForServer("a download while hidden", timeout: .seconds(10)) { page.model.state.storedAvatars >= 2 }
            XCTAssertEqual(server.loopback?.maxConcurrentTransfers, 1)
            main.window.present()
            main.show(.gallery, transition: .none)
            waitForServer("the downloads to go on", timeout: .seconds(20)) { page.model.state.storedAvatars == expected }
            closeAndFinish(app)
        }
    }

    /// Avatars that failed (the backend was down) are asked for again with F5 once it is back.
    func testRefreshAsksAgainForTheAvatarsThatFailed() throws {
        try onMain {
            let (app, main, page, port) = try peopleWithTheirAvatarsFailed()
            defer { closeAndFinish(app) }
            XCTAssertEqual(page.model.state.storedAvatars, 0)
            waitFor("the refresh button") { main.refreshButton.isMapped }
            server = try startServer { $0.port = port; $0.avatarDelay = 0.02 }
            XCTAssertTrue(InputSimulation.key("F5", on: main.window))
            waitForServer("the avatars in view stored", timeout: .seconds(20)) { avatarsInViewStored(page) }
        }
    }

    /// The backend on this machine down, then back: the avatars that failed are asked for again
    /// within 5 s with nothing pressed (a server on this machine, which no network monitor sees
    /// come back, is looked for while avatars wait for it).
    func testAvatarsThatFailedAreAskedAgainOnceTheServerOnThisMachineIsBack() throws {
        try onMain {
            let (app, _, page, port) = try peopleWithTheirAvatarsFailed()
            defer { closeAndFinish(app) }
            server = try startServer { $0.port = port; $0.avatarDelay = 0.02 }
            waitForServer("the avatars in view stored, nothing pressed", timeout: .seconds(5)) { avatarsInViewStored(page) }
        }
    }
}
