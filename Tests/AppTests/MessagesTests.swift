@testable import App
import Domain
import FixtureServer
import Foundation
import GRDB
import Gtk
import Persistence
import TestSupport
import XCTest
import SimulatedInput

/// The chat: paging, sending, failing and coming back.
final class MessagesTests: MessagesTestCase {

    func testOpensAtTheBottomAndPrependsWithoutMovingTheView() throws {
        // Pages that take a moment, as over a real network: the spinner is drawn while they load.
        try onMain {
            stop(server)
            server = try startServer { $0.messageCount = 200; $0.messagesPageDelay = 0.15 }
            let (app, page) = try openMessages()
            defer { app.mainWindow?.window.destroy() }
            XCTAssertEqual(app.mainWindow?.headerBar.subtitle, "Тестовое задание", "the chat's name in the header bar")
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count >= 20 && page.model.state.paging != .loading }
            waitFor("the rows laid out at the bottom") {
                page.adjustment.upper > page.adjustment.pageSize && (newestRow(page)?.view.allocatedSize.height ?? 0) > 1
                    && page.adjustment.value >= page.adjustment.maximumValue - 1
                    && newestRow(page).flatMap { $0.view.origin(in: page.scroller) }.map { $0.y + newestRow(page)!.view.allocatedSize.height } == page.scroller.allocatedSize.height
            }
            XCTAssertTrue(newestRow(page)!.view.accessibleName.hasPrefix("Message 1: Running ten minutes late"))
            let bottomRow = try XCTUnwrap(newestRow(page))
            let bottomY = try XCTUnwrap(bottomRow.view.origin(in: page.scroller)).y
            XCTAssertEqual(bottomY + bottomRow.view.allocatedSize.height, page.scroller.allocatedSize.height, accuracy: 1,
                           "message 1 sits at the bottom of the view")

            // Scroll up a screen at a time, as a person would. Whenever a page goes on top, the row
            // the user looks at stays where it is on screen, in every frame drawn.
            var drawn: [Int] = []
            var anchor: MessageRow?
            var sawSpinner = false
            let connection = page.scroller.onDrawn {
                if let anchor, let y = anchor.view.origin(in: page.scroller)?.y { drawn.append(y) }
                if page.topState == "loading", page.paging.spinner.isMapped, page.paging.spinner.isSpinning { sawSpinner = true }
            }
            var prepends = 0
            var steps = 0
            while page.model.state.paging != .ended {
                steps += 1
                guard steps < 200 else { return XCTFail("never reached the beginning") }
                let before = numbers(page).count
                page.adjustment.value = max(0, page.adjustment.value - page.adjustment.pageSize)
                // Measured at once: the view has moved, nothing has been prepended yet.
                guard let (row, y0) = firstVisibleRow(page) else { return XCTFail("no row in view") }
                anchor = row
                drawn.removeAll()
                waitFor("the scroll settled", timeout: .seconds(10)) { page.model.state.paging != .loading && !drawn.isEmpty }
                let frames = drawn.count
                waitFor("a frame drawn after it") { drawn.count > frames }
                if numbers(page).count > before {
                    prepends += 1
                    let moved = drawn.map { abs($0 - y0) }.max() ?? 0
                    XCTAssertLessThanOrEqual(moved, 1, "the row in view moved while page \(prepends + 1) went on top: \(y0) → \(drawn)")
                }
            }
            page.scroller.disconnect(connection)
            XCTAssertTrue(sawSpinner, "a spinner showed at the top while a page loaded")
            XCTAssertGreaterThanOrEqual(prepends, 3, "several prepends were watched frame by frame")
            XCTAssertEqual(numbers(page), Array((1...200).reversed()), "numbers 200…1, top to bottom, no gaps")
            XCTAssertEqual(page.topState, "end")
            XCTAssertEqual(page.beginning.text, "Beginning of conversation")
        }
    }

    /// A long history has widgets only for the rows near the view: far rows have none, keep
    /// their place in the layout, and get a row again (with their text and name) when scrolled to.
    func testOnlyRowsNearTheViewHaveWidgetsAndComeBackWithTheirTextWhenScrolledTo() throws {
        try onMain {
            let (app, page) = try openMessages()
            defer { app.mainWindow?.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count >= 20 && page.model.state.paging != .loading }
            // Up a screen at a time until the whole history is loaded.
            var steps = 0
            while page.model.state.paging != .ended {
                steps += 1
                guard steps < 300 else { return XCTFail("never reached the beginning") }
                page.adjustment.value = max(0, page.adjustment.value - page.adjustment.pageSize)
                var frames = 0
                let connection = page.scroller.onDrawn { frames += 1 }
                waitFor("the scroll settled", timeout: .seconds(10)) { page.model.state.paging != .loading && frames > 0 }
                page.scroller.disconnect(connection)
            }
            XCTAssertEqual(numbers(page).count, 200)
            let rowsPerScreen = Int(page.adjustment.pageSize / 40) + 1
            XCTAssertLessThanOrEqual(page.grid.cellsMade, 3 * rowsPerScreen + 2, "widgets for about three screens, not 200 rows")
            XCTAssertNil(newestRow(page), "message 1, far below, has no widget")
            let newest = try XCTUnwrap(page.grid.items.last)
            page.adjustment.value = 0
            waitFor("message 200 at the top shows its text") {
                page.grid.cell(for: page.grid.items[0].id)?.textLabel.isMapped == true
            }
            XCTAssertEqual(page.grid.cell(for: page.grid.items[0].id)?.view.accessibleName.hasPrefix("Message 200: "), true)
            let extent = page.adjustment.upper

            page.grid.scrollToEnd()
            waitFor("message 1's text on screen at the bottom") {
                guard let row = newestRow(page), row.textLabel.isMapped, let y = row.view.origin(in: page.scroller)?.y else { return false }
                return abs(Double(y + row.view.allocatedSize.height) - Double(page.scroller.allocatedSize.height)) <= 1
            }
            let row = try XCTUnwrap(newestRow(page))
            XCTAssertEqual(row.textLabel.text, newest.text)
            XCTAssertTrue(row.view.accessibleName.hasPrefix("Message 1: Running ten minutes late"), row.view.accessibleName)
            XCTAssertEqual(page.adjustment.upper, page.grid.layout.contentHeight, accuracy: 1, "the content is as tall as its rows")
            XCTAssertGreaterThan(extent, page.adjustment.pageSize * 10, "200 messages are many screens")
            XCTAssertEqual(page.adjustment.value, page.adjustment.maximumValue, accuracy: 1, "the view is at the very bottom")
            XCTAssertNil(page.grid.cell(for: page.grid.items[0].id), "message 200, far above now, has no widget")
            XCTAssertLessThanOrEqual(page.grid.cellsMade, 3 * rowsPerScreen + 2)
        }
    }

    func testAFailedPageShowsRetryAndRetryAsksAgain() throws {
        try onMain {
            let port = server.port
            stop(server)
            let (app, page) = try openMessages()
            defer { app.mainWindow?.window.destroy() }
            waitFor("the placeholder", timeout: .seconds(10)) { page.isPlaceholderShown }
            XCTAssertTrue(page.placeholderRetry.isVisible)
            server = try startServer { $0.port = port; $0.messageCount = 200 }
            page.placeholderRetry.click()
            waitFor("the first page", timeout: .seconds(10)) {
                numbers(page).count >= 20 && !page.isPlaceholderShown && page.model.state.paging == .idle
            }
            // At the bottom, a screen away from the top: nothing more is asked for by itself.
            waitFor("the view settled at the bottom") {
                page.adjustment.upper > 2 * page.adjustment.pageSize && page.adjustment.value >= page.adjustment.maximumValue - 1
                    && page.model.state.paging == .idle
            }
            let loaded = numbers(page).count

            // A later page fails: the spinner gives way to an inline Retry at the top.
            stop(server)
            page.adjustment.value = 0
            waitFor("the inline failure", timeout: .seconds(10)) { page.topState == "failed" }
            XCTAssertTrue(page.paging.error.text.hasPrefix("Older messages could not be loaded."), page.paging.error.text)
            XCTAssertEqual(numbers(page).count, loaded, "what was loaded stays")
            server = try startServer { $0.port = port; $0.messageCount = 200 }
            page.topRetry.click()
            waitFor("the retried page", timeout: .seconds(10)) { numbers(page).count >= loaded + 20 }
            // The first page asked of the restarted server (rows may ask for their avatars too).
            XCTAssertEqual(server.requestedPaths.first { $0.hasPrefix("/getMessages") }, "/getMessages?offset=\(loaded)",
                           "Retry asked the same offset")
        }
    }

    /// The database file the app uses, opened beside it (WAL lets both write).
    private var databaseFile: URL { AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite") }

    @MainActor
    private func execute(_ sql: String) {
        let database = LazyDatabase(url: databaseFile)
        let done = LockedValue<Bool>()
        Task.detached {
            do { _ = try await database.write { db in try db.execute(sql: sql) } } catch { XCTFail("\(error)") }
            done.set(true)
        }
        waitForServer("the database write") { done.get() != nil }
    }

    /// With the network down, the messages the user sent stay on screen, with the failure as an
    /// inline Retry above them, not a section-wide error.
    func testStoredMessagesStayWhenTheFirstPageFails() throws {
        try onMain {
            let stored = LocalMessageStore(database: LazyDatabase(url: databaseFile))
            let added = LockedValue<Bool>()
            Task.detached { _ = try? await stored.add("Sent on the train"); added.set(true) }
            waitForServer("the stored message") { added.get() != nil }
            let port = server.port
            stop(server)
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            // The rows come with the layout after the frame that shows the failure, on a busy
            // machine one frame later.
            waitFor("the failure above the stored message", timeout: .seconds(10)) {
                page.topState == "failed" && page.topRetry.isMapped && !page.rows.isEmpty
            }
            XCTAssertFalse(page.isPlaceholderShown, "the section is not replaced by an error")
            XCTAssertEqual(page.rows.map(\.message.text), ["Sent on the train"])
            XCTAssertTrue(page.rows[0].view.isMapped, "the stored message is on screen")
            XCTAssertTrue(page.paging.error.text.hasPrefix("Older messages could not be loaded."), page.paging.error.text)
            server = try startServer { $0.port = port; $0.messageCount = 200 }
            waitFor("the window active") { main.window.isActive }
            clickWhenSteady(page.topRetry, in: main.window)
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            XCTAssertEqual(page.rows.last?.message.text, "Sent on the train", "still at the bottom")
        }
    }

    /// Your own messages stand at the right of the chat, their avatar rightmost; the server's at
    /// the left, as a messenger shows them.
    func testOwnMessagesStandAtTheRightAndTheirsAtTheLeft() throws {
        try onMain {
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitForServer("the first page", timeout: .seconds(10)) { page.rows.contains { !$0.message.isLocal } }
            page.entry.text = "Mine, on the right"
            XCTAssertTrue(InputSimulation.key("Return", on: page.entry))
            waitFor("the sent message shown", timeout: .seconds(10)) {
                page.rows.contains { $0.message.isLocal && $0.textLabel.isMapped && $0.textLabel.allocatedSize.width > 1 }
            }
            let width = Double(page.grid.canvas.allocatedSize.width)
            let mine = try XCTUnwrap(page.rows.first { $0.message.isLocal })
            let theirs = try XCTUnwrap(page.rows.last { !$0.message.isLocal })
            @MainActor func span(_ row: MessageRow) throws -> (left: Double, right: Double) {
                waitFor("the row laid out") { row.textLabel.origin(in: page.grid.canvas) != nil && row.avatar.widget.origin(in: page.grid.canvas) != nil }
                let text = try XCTUnwrap(row.textLabel.origin(in: page.grid.canvas)), avatar = try XCTUnwrap(row.avatar.widget.origin(in: page.grid.canvas))
                return (Double(min(text.x, avatar.x)), Double(max(text.x + row.textLabel.allocatedSize.width, avatar.x + row.avatar.widget.allocatedSize.width)))
            }
            let own = try span(mine), other = try span(theirs)
            XCTAssertGreaterThan(own.right, width - 40, "your message reaches the right edge")
            XCTAssertGreaterThan(own.left, width / 2, "your message stands in the right half")
            XCTAssertGreaterThan(try XCTUnwrap(mine.avatar.widget.origin(in: page.grid.canvas)).x,
                                 try XCTUnwrap(mine.textLabel.origin(in: page.grid.canvas)).x, "your avatar rightmost")
            XCTAssertLessThan(other.left, 40, "theirs from the left edge")
        }
    }

    /// A send or a delete the database refuses is told in words where the user is, and loses
    /// nothing: the typed text stays in the entry, the message stays in the chat.
    func testAFailedSendOrDeleteIsToldAndLosesNothing() throws {
        try onMain {
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            waitFor("the composer focused") { page.entry.isFocusWidget }
            execute("CREATE TRIGGER refuseInsert BEFORE INSERT ON localMessage BEGIN SELECT RAISE(ABORT, 'the disk is full'); END")
            page.entry.text = "Will this be saved?"
            XCTAssertTrue(InputSimulation.key("Return", on: page.entry))
            waitFor("the notice") { page.notice.isShown }
            XCTAssertEqual(page.notice.text, "Your message could not be saved. The database refused the change: the disk is full.")
            XCTAssertEqual(page.entry.text, "Will this be saved?", "the typed text stays")
            XCTAssertFalse(page.rows.contains { $0.message.isLocal })
            execute("DROP TRIGGER refuseInsert")
            XCTAssertTrue(InputSimulation.key("Return", on: page.entry))
            waitFor("the sent row") { page.rows.last?.message.text == "Will this be saved?" }
            waitFor("the entry cleared") { page.entry.text.isEmpty }
            clickWhenSteady(page.notice.button, in: main.window)
            waitFor("the notice dismissed") { !page.notice.isShown && page.model.state.notice == nil }

            // The detail page's delete, refused: the page stays, says why, and the message stays.
            execute("CREATE TRIGGER refuseDelete BEFORE DELETE ON localMessage BEGIN SELECT RAISE(ABORT, 'the disk is read-only'); END")
            let coordinator = main.coordinator(for: .messages)
            activate(page.rows.last!)
            waitFor("the detail page") { coordinator.depth == 2 }
            let detail = try XCTUnwrap(coordinator.topPage as? MessageDetailPage)
            waitFor("the delete button") { detail.deleteButton.isMapped && !coordinator.container.transitionRunning }
            clickWhenSteady(detail.deleteButton, in: main.window)
            waitFor("the detail's notice") { detail.notice.isShown && detail.notice.widget.isMapped }
            waitFor("the page laid out again") { detail.notice.widget.allocatedSize.height > 1 }
            XCTAssertEqual(detail.notice.text, "The message could not be deleted. The database refused the change: the disk is read-only.")
            XCTAssertEqual(coordinator.depth, 2, "the page stays")
            XCTAssertTrue(detail.deleteButton.isSensitive, "and can delete again")
            XCTAssertEqual(page.rows.last?.message.text, "Will this be saved?")
            execute("DROP TRIGGER refuseDelete")
            clickWhenSteady(detail.deleteButton, in: main.window)
            waitFor("back without it") { coordinator.depth == 1 && !page.rows.contains { $0.message.isLocal } }
        }
    }

    /// A page of 10,000 messages where the contract says 20: the window keeps drawing, the list
    /// takes one page's worth, and the numbering and the next offset follow it.
    func testAnOversizedPageNeitherFreezesNorFloodsTheList() throws {
        try onMain {
            let port = server.port
            stop(server)
            server = try startServer { $0.port = port; $0.messageCount = 20_000; $0.messagesPageSize = 10_000 }
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            var last = ContinuousClock.now, longest = Duration.zero, frames = 0
            _ = main.window.addTickCallback { _ in
                let now = ContinuousClock.now
                longest = max(longest, now - last)
                last = now
                frames += 1
                return true
            }
            waitFor("frames drawn") { frames > 2 }
            longest = .zero
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count > 0 && page.model.state.paging != .loading }
            waitFor("the rows laid out") { (page.rows.first?.view.allocatedSize.height ?? 0) > 1 && frames > 10 }
            XCTAssertLessThan(longest, TestTime.scaled(.seconds(1)), "the window kept drawing while the page was handled")
            XCTAssertEqual(numbers(page).count, 20, "one page's worth")
            XCTAssertEqual(Array(numbers(page).prefix(20)), Array((1...20).reversed()), "numbered by offset")
            page.adjustment.value = 0
            waitFor("the next page", timeout: .seconds(10)) { numbers(page).count >= 40 }
            XCTAssertEqual(server.requestedPaths.filter { $0.hasPrefix("/getMessages") }.suffix(1), ["/getMessages?offset=20"])
            XCTAssertEqual(Array(numbers(page).prefix(40)), Array((1...40).reversed()))
        }
    }

    func testSendingAddsARowAndARecordThatTheNextLaunchShowsFirst() throws {
        try onMain {
            let (app, page) = try openMessages()
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            waitFor("the composer focused") { page.entry.isFocusWidget }
            page.entry.text = "  Hello from the test  "
            XCTAssertTrue(InputSimulation.key("Return", on: page.entry))
            waitFor("the sent row") { page.rows.last?.message.text == "Hello from the test" }
            XCTAssertEqual(page.rows.last?.view.accessibleName, "Your message: Hello from the test")
            waitFor("the entry cleared") { page.entry.text.isEmpty }
            XCTAssertTrue(page.entry.isFocusWidget, "the entry keeps focus")
            waitFor("the view at the bottom") { page.adjustment.value >= page.adjustment.maximumValue - 1 }
            page.entry.text = "   "
            XCTAssertTrue(InputSimulation.key("Return", on: page.entry))
            waitFor("a frame") { true }
            XCTAssertEqual(page.rows.filter(\.message.isLocal).count, 1, "blank text is not sent")
            app.mainWindow?.window.destroy()

            // The next launch shows it at the bottom, below the saved page, though the server is
            // gone: no page arrives, and the one saved is numbered as before.
            stop(server)
            let (again, page2) = try openMessages()
            defer { again.mainWindow?.window.destroy() }
            waitFor("the stored message") { page2.rows.last?.message.text == "Hello from the test" }
            XCTAssertEqual(page2.grid.items.compactMap { if case .server(let number) = $0.origin { number } else { nil } },
                           Array((1...20).reversed()), "the page saved at the last launch, and no other")
            waitFor("the next older page failed", timeout: .seconds(10)) { page2.topState == "failed" }
            XCTAssertFalse(page2.isPlaceholderShown, "no section-wide error")
        }
    }

    /// A run against the server, then a relaunch with the backend gone: the saved page and the
    /// user's own message, the offline banner, no section-wide error, the view at the bottom. The
    /// backend started again on the same port, with two messages that arrived meanwhile: the
    /// banner goes without a click, the newest page replaces the saved one (every number moved),
    /// and the chat stays at the bottom.
    func testARelaunchWithoutTheBackendShowsTheSavedPagesAndTheBackendComingBackRefreshesThem() throws {
        try onMain {
            let (app, page) = try openMessages()
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            page.entry.text = "Mine"
            XCTAssertTrue(InputSimulation.key("Return", on: page.entry))
            waitFor("the sent row") { page.rows.last?.message.text == "Mine" }
            let texts = page.grid.items.map(\.text)
            app.mainWindow?.window.destroy()
            let port = server.port
            stop(server)

            let again = try launch(backend: URL(string: "http://127.0.0.1:\(port)/")!, section: .messages,
                                   offlineRetryDelays: [.milliseconds(500)])
            let main = try XCTUnwrap(again.mainWindow)
            defer { main.window.destroy() }
            main.window.resize(width: 900, height: 600)
            let offline = try XCTUnwrap(main.coordinator(for: .messages).pages.first as? MessagesPage)
            waitFor("the saved messages", timeout: .seconds(10)) { offline.grid.items.count == 21 }
            XCTAssertEqual(offline.grid.items.map(\.text), texts, "the same messages, in order")
            waitFor("the offline banner", timeout: .seconds(10)) { offline.isBannerVisible }
            XCTAssertTrue(offline.bannerLabel.text.hasPrefix("Offline. Showing what was saved at "), offline.bannerLabel.text)
            XCTAssertFalse(offline.isPlaceholderShown, "no section-wide error")
            // The rows of the resized window come with the layout after the frame that scrolls.
            waitFor("the view at the bottom, with its rows") {
                offline.adjustment.value >= offline.adjustment.maximumValue - 1 && offline.rows.contains { !$0.message.isLocal }
            }
            let newest = try XCTUnwrap(offline.rows.last { !$0.message.isLocal })
            XCTAssertEqual(newest.view.accessibleName, "Message 1: \(texts[19])", "read as before")

            server = try startServer { $0.port = port; $0.messageCount = 200; $0.messagesArrived = 2 }
            waitFor("back online without a click", timeout: .seconds(10)) {
                !offline.isBannerVisible && offline.grid.items.dropLast().last?.text == "A new message (2)"
            }
            XCTAssertEqual(offline.grid.items.last?.text, "Mine", "the user's own stay at the bottom")
            XCTAssertEqual(numbers(offline).suffix(20), Array((1...20).reversed()))
            XCTAssertEqual(offline.grid.items.dropLast().suffix(20).first?.text, texts[2], "every older message moved up by two")
            // Rows shown before under the same numbers read the new texts; the two that came are new.
            waitFor("the rows in view") { !offline.rows.isEmpty }
            for row in offline.rows {
                let message = try XCTUnwrap(offline.model.state.visible.first { $0.id == row.message.id })
                let firstNew = message.origin == .server(number: 2)
                XCTAssertEqual(row.view.accessibleName, firstNew ? "New messages. \(message.accessibleName)" : message.accessibleName)
            }
            XCTAssertEqual(offline.rows.last { !$0.message.isLocal }?.view.accessibleName, "Message 1: A new message (2)")
            waitFor("the view at the bottom") { offline.adjustment.value >= offline.adjustment.maximumValue - 1 }
            XCTAssertFalse(offline.isPlaceholderShown)
        }
    }
}
