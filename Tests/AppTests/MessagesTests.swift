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

/// The chat in the real app, on a real SQLite file, against a real tessera-server.
final class MessagesTests: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.messageCount = 200 } }

    @MainActor
    private func openMessages(width: Int = 900, height: Int = 600) throws -> (TesseraApp, MessagesPage) {
        let app = try launch(backend: server.base, section: .messages)
        let main = try XCTUnwrap(app.mainWindow)
        main.window.resize(width: width, height: height)
        let page = try XCTUnwrap(main.coordinator(for: .messages).pages.first as? MessagesPage)
        return (app, page)
    }

    /// The numbers of the loaded server messages, top to bottom.
    @MainActor
    private func numbers(_ page: MessagesPage) -> [Int] {
        page.grid.items.compactMap { if case .server(let number) = $0.origin { number } else { nil } }
    }

    /// The server's messages loaded, those let go included (`numbers` has only those held).
    @MainActor private func loaded(_ page: MessagesPage) -> Int { page.model.state.timeline.serverRows }

    /// Opens a message as a keyboard user does: its row focused, Enter.
    @MainActor
    private func activate(_ row: MessageRow) {
        row.view.grabFocus()
        waitFor("the row focused") { row.view.isFocusWidget }
        XCTAssertTrue(InputSimulation.key("Return", on: row.view))
    }

    /// The row of the newest message, if it has one (it is near the view).
    @MainActor
    private func newestRow(_ page: MessagesPage) -> MessageRow? {
        page.grid.items.last.flatMap { page.grid.cell(for: $0.id) }
    }

    /// The first message row at least partly in view, and where its top will be drawn in the
    /// scrolled window (its frame in the layout, less the view's offset: a recycled row's
    /// allocation is only updated by the next frame's layout).
    @MainActor
    private func firstVisibleRow(_ page: MessagesPage) -> (MessageRow, Int)? {
        for row in page.rows {
            guard let index = page.grid.index(of: row.message.id) else { continue }
            let frame = page.grid.layout.frame(at: index)
            let y = Int((frame.y - page.adjustment.value).rounded())
            if Double(y) + frame.height > 0 { return (row, y) }
        }
        return nil
    }

    func testOpensAtTheBottomAndPrependsWithoutMovingTheView() throws {
        // Pages that take a moment, as over a real network: the spinner is drawn while they load.
        try onMain {
            stop(server)
            server = try startServer { $0.messageCount = 200; $0.messagesPageDelay = 0.15 }
            let (app, page) = try openMessages()
            defer { app.mainWindow?.window.destroy() }
            XCTAssertEqual(page.header.text, "Тестовое задание")
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
                if page.topState == "loading", page.topSpinner.isMapped, page.topSpinner.isSpinning { sawSpinner = true }
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
            XCTAssertTrue(page.topError.text.hasPrefix("Older messages could not be loaded."), page.topError.text)
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
            XCTAssertTrue(page.topError.text.hasPrefix("Older messages could not be loaded."), page.topError.text)
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
                waitFor("the row laid out") { row.textLabel.origin(in: page.grid.canvas) != nil && row.avatar.picture.origin(in: page.grid.canvas) != nil }
                let text = try XCTUnwrap(row.textLabel.origin(in: page.grid.canvas)), avatar = try XCTUnwrap(row.avatar.picture.origin(in: page.grid.canvas))
                return (Double(min(text.x, avatar.x)), Double(max(text.x + row.textLabel.allocatedSize.width, avatar.x + row.avatar.picture.allocatedSize.width)))
            }
            let own = try span(mine), other = try span(theirs)
            XCTAssertGreaterThan(own.right, width - 40, "your message reaches the right edge")
            XCTAssertGreaterThan(own.left, width / 2, "your message stands in the right half")
            XCTAssertGreaterThan(try XCTUnwrap(mine.avatar.picture.origin(in: page.grid.canvas)).x,
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
                !offline.isBannerVisible && offline.grid.items.dropLast().last?.text == "A new message (2 of 2)"
            }
            XCTAssertEqual(offline.grid.items.last?.text, "Mine", "the user's own stay at the bottom")
            XCTAssertEqual(numbers(offline).suffix(20), Array((1...20).reversed()))
            XCTAssertEqual(offline.grid.items.dropLast().suffix(20).first?.text, texts[2], "every older message moved up by two")
            // Rows shown before under the same numbers read the new texts.
            waitFor("the rows in view") { !offline.rows.isEmpty }
            for row in offline.rows {
                let message = try XCTUnwrap(offline.model.state.visible.first { $0.id == row.message.id })
                XCTAssertEqual(row.view.accessibleName, message.accessibleName)
            }
            XCTAssertEqual(offline.rows.last { !$0.message.isLocal }?.view.accessibleName, "Message 1: A new message (2 of 2)")
            waitFor("the view at the bottom") { offline.adjustment.value >= offline.adjustment.maximumValue - 1 }
            XCTAssertFalse(offline.isPlaceholderShown)
        }
    }

    /// A wide window: a message's detail opens beside the chat, fades in, and its delete closes
    /// the pane and removes the message with the chat still at the bottom. Resizing across the
    /// line moves an open detail between pane and page, its fade's end state kept.
    func testInAWideWindowTheDetailIsBesideTheChatAndMovesToAPageWhenNarrowed() throws {
        try onMain {
            let (app, page) = try openMessages(width: 1400, height: 900)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = try XCTUnwrap(main.coordinator(for: .messages) as? MessagesCoordinator)
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            waitFor("the panes", timeout: .seconds(5)) { coordinator.showsPanes }
            waitFor("the view at the bottom") { page.adjustment.value >= page.adjustment.maximumValue - 1 }
            waitFor("the third message's row") { page.rows.contains { $0.message.origin == .server(number: 3) } }

            let third = try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 3) })
            let opened = ContinuousClock.now
            activate(third)
            waitFor("the detail in the pane") { coordinator.detail?.message.origin == .server(number: 3) }
            let detail = try XCTUnwrap(coordinator.detail)
            XCTAssertEqual(coordinator.depth, 1, "nothing pushed: the chat stays")
            XCTAssertEqual(main.headerBar.title, "Message 3")
            waitFor("laid out side by side") {
                guard let chat = page.widget.origin(in: main.window), let pane = coordinator.pane.origin(in: main.window) else { return false }
                return coordinator.pane.allocation.width > 300 && chat.x + page.widget.allocation.width <= pane.x
            }
            XCTAssertTrue(page.widget.isMapped && detail.widget.isMapped, "both visible")
            waitFor("the chat still at the bottom") { page.adjustment.value >= page.adjustment.maximumValue - 1 }
            waitFor("full opacity", timeout: .seconds(3)) { detail.fadingElements.allSatisfy { $0.opacity >= 0.999 } }
            XCTAssertGreaterThan(ContinuousClock.now - opened, .milliseconds(800), "the elements fade in over about a second")

            // Narrowed, the detail becomes a page as it is, and widened, the pane again.
            main.window.resize(width: 600, height: 900)
            waitFor("a page", timeout: .seconds(5)) { !coordinator.showsPanes && coordinator.depth == 2 }
            XCTAssertTrue(coordinator.topPage === detail)
            XCTAssertTrue(detail.fadingElements.allSatisfy { $0.opacity >= 0.999 }, "the fade's end state kept")
            main.window.resize(width: 1400, height: 900)
            waitFor("the pane again", timeout: .seconds(5)) { coordinator.showsPanes && coordinator.paneDetail === detail }
            XCTAssertEqual(coordinator.depth, 1)

            detail.deleteButton.click()
            waitFor("the pane closed without the message") {
                coordinator.paneDetail == nil && !page.rows.contains { $0.message.origin == .server(number: 3) }
            }
            XCTAssertFalse(main.backButton.isVisible)
            waitFor("the chat at the bottom") { page.adjustment.value >= page.adjustment.maximumValue - 1 }

            // Escape closes the pane; the focus goes back to the message's row.
            let fifth = try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 5) })
            activate(fifth)
            waitFor("the detail in the pane") { coordinator.detail?.message.origin == .server(number: 5) }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("the pane closed") { coordinator.paneDetail == nil }
            waitFor("the focus back on the row") { page.grid.cell(for: .server(number: 5))?.view.isFocusWidget == true }
        }
    }

    /// Narrowed to 360 px right after a detail pane closed (two widths in a row), where bubbles
    /// wrap to more lines, rows take their new heights: none overlaps the next, and none keeps
    /// the height of a narrower width passed on the way (a gap under a one-line bubble).
    func testNarrowedRowsTakeTheirNewHeightsWithoutOverlapping() throws {
        try onMain {
            // As the screenshot mode runs, with animations off.
            let theme = ThemeSettings(), animations = theme.animationsEnabled
            theme.animationsEnabled = false
            defer { theme.animationsEnabled = animations }
            let (app, page) = try openMessages(width: 1100, height: 760)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = try XCTUnwrap(main.coordinator(for: .messages) as? MessagesCoordinator)
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            waitFor("the newest row") { page.rows.contains { $0.message.origin == .server(number: 1) } }
            activate(try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 1) }))
            waitFor("the detail page") { coordinator.depth == 2 }
            coordinator.popToRoot()
            main.window.resize(width: 1400, height: 900)
            waitFor("the panes", timeout: .seconds(5)) { coordinator.showsPanes }
            waitFor("the newest row") { page.rows.contains { $0.message.origin == .server(number: 1) } }
            activate(try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 1) }))
            waitFor("the detail in the pane") { coordinator.paneDetail != nil }
            var frames = 0
            let counting = main.window.addTickCallback { _ in frames += 1; return true }
            waitFor("laid out with the pane") { frames >= 3 }
            main.window.removeTickCallback(counting)
            coordinator.popToRoot()
            for _ in 0..<2 { // the sidebar folds after the first, which lets the window narrow further
                main.window.resize(width: 360, height: 760)
                waitFor("the window narrow") { main.window.size.width <= 420 }
            }
            waitFor("the window at 360", timeout: .seconds(5)) { main.window.size.width == 360 }
            XCTAssertEqual(main.window.size.width, 360, "the width the window kept") // says it when the wait above failed
            @MainActor func overlaps() -> [String] {
                let rows = page.rows.compactMap { row in page.grid.index(of: row.message.id).map { (row, $0) } }.sorted { $0.1 < $1.1 }
                var found: [String] = []
                for (first, second) in zip(rows, rows.dropFirst()) {
                    guard let top = first.0.view.origin(in: main.window), let next = second.0.view.origin(in: main.window) else { continue }
                    let height = first.0.view.allocation.height
                    let needed = first.0.view.minimumHeight(forWidth: first.0.view.allocation.width)
                    // The row's content (what it would ask without the grid's size request).
                    let content = first.0.revealer.preferredHeight(forWidth: first.0.view.allocation.width)
                    if top.y + height > next.y || height < needed || height > content + 1 {
                        found.append("\(first.0.message.origin): \(top.y)+\(height) (needs \(needed), content \(content)), next at \(next.y)")
                    }
                }
                return found
            }
            var drawn = 0
            let tick = main.window.addTickCallback { _ in drawn += 1; return true }
            waitFor("a frame") { drawn >= 1 }
            main.window.removeTickCallback(tick)
            XCTAssertEqual(overlaps(), [], "rows keep apart at 360 px")
        }
    }

    func testDetailFadesInAndDeletesLocalAndLoadedMessages() throws {
        try onMain {
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            page.entry.text = "Mine"
            page.sendButton.click()
            waitFor("the sent row") { page.rows.last?.message.text == "Mine" }
            let coordinator = main.coordinator(for: .messages)

            // A loaded message: hidden for the session; paging goes on from the right offset.
            let third = try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 3) })
            activate(third)
            waitFor("the detail page") { coordinator.depth == 2 }
            let detail = try XCTUnwrap(coordinator.topPage as? MessageDetailPage)
            XCTAssertEqual(main.headerBar.title, "Message 3")
            XCTAssertTrue(detail.fadingElements.allSatisfy { $0.opacity < 0.2 }, "elements start transparent")
            let opened = ContinuousClock.now
            waitFor("full opacity", timeout: .seconds(3)) { detail.fadingElements.allSatisfy { $0.opacity >= 0.999 } }
            XCTAssertGreaterThan(ContinuousClock.now - opened, .milliseconds(800), "the fade takes about a second")
            XCTAssertEqual(detail.text.shownText, third.message.text)
            XCTAssertTrue(detail.timeLabel.text.hasPrefix("Received"))
            detail.deleteButton.click()
            waitFor("back at the list without it") {
                coordinator.depth == 1 && !page.rows.contains { $0.message.origin == .server(number: 3) }
            }

            // A local message: deleted from the database too.
            let mine = try XCTUnwrap(page.rows.last)
            activate(mine)
            waitFor("the detail page") { coordinator.depth == 2 }
            let ownDetail = try XCTUnwrap(coordinator.topPage as? MessageDetailPage)
            XCTAssertTrue(ownDetail.timeLabel.text.hasPrefix("Sent"))
            ownDetail.deleteButton.click()
            waitFor("gone") { coordinator.depth == 1 && !page.rows.contains { $0.message.isLocal } }
            let store = LocalMessageStore(database: LazyDatabase(url: AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")))
            let left = LockedValue<Int>()
            Task.detached { left.set((try? await store.all().count) ?? -1) }
            waitForServer("the database read") { left.get() != nil }
            XCTAssertEqual(left.get(), 0)

            // Older pages keep numbering and chronology.
            page.adjustment.value = 0
            waitFor("the next page", timeout: .seconds(10)) { numbers(page).count >= 39 }
            XCTAssertEqual(numbers(page), Array((1...40).reversed()).filter { $0 != 3 })

            // Escape closes the detail without deleting.
            activate(page.rows.last!)
            waitFor("the detail page") { coordinator.depth == 2 }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back") { coordinator.depth == 1 }
            XCTAssertEqual(numbers(page).count, 39)
        }
    }

    // MARK: Keyboard and the jump to the latest message

    func testTheKeysWalkTheMessagesAndTheFocusSurvivesRecycling() throws {
        try onMain {
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count >= 20 && newestRow(page)?.view.isMapped == true }
            @MainActor func focusedNumber() -> Int? {
                guard case .server(let number)? = page.grid.focusedCell?.message.origin else { return nil }
                return number
            }
            let newest = try XCTUnwrap(newestRow(page))
            newest.view.grabFocus()
            waitFor("message 1 focused") { focusedNumber() == 1 }
            // Up walks to older messages, the view following, pages loading as it nears the top.
            for expected in 2...40 {
                // At the oldest message loaded, Up keeps the focus there until the older page is in.
                var presses = 0
                while focusedNumber() != expected {
                    presses += 1
                    guard presses < 20 else { return XCTFail("message \(expected) never focused (at \(focusedNumber() ?? 0))") }
                    waitFor("no page loading", timeout: .seconds(10)) { page.model.state.paging != .loading }
                    XCTAssertTrue(InputSimulation.key("Up", on: main.window))
                    _ = GtkRuntime.iterate(until: { focusedNumber() == expected }, timeout: .seconds(1))
                }
                let row = try XCTUnwrap(page.grid.focusedCell)
                let index = try XCTUnwrap(page.grid.index(of: row.message.id))
                let frame = page.grid.layout.frame(at: index)
                XCTAssertGreaterThanOrEqual(frame.y, page.adjustment.value - 1, "message \(expected) is in view")
                XCTAssertLessThanOrEqual(frame.y + frame.height, page.adjustment.value + page.adjustment.pageSize + 1)
            }
            XCTAssertEqual(page.grid.focusedCell?.view.accessibleName.hasPrefix("Message 40: "), true)
            // Far from message 40, its row is kept for it; back in view, it still has the focus.
            let focused = try XCTUnwrap(page.grid.focusedCell)
            page.adjustment.value = page.adjustment.upper - page.adjustment.pageSize
            waitFor("the bottom in view") { newestRow(page)?.view.isMapped == true }
            XCTAssertTrue(page.grid.focusedCell === focused, "the focused row was not recycled")
            XCTAssertTrue(focused.view.isFocusWidget)
            XCTAssertEqual(focusedNumber(), 40)
            // Home: the oldest message loaded, asking for older pages as it goes.
            var presses = 0
            while page.topState != "end" {
                presses += 1
                guard presses < 30 else { return XCTFail("never reached the beginning") }
                let oldest = try XCTUnwrap(page.grid.items.first)
                XCTAssertTrue(InputSimulation.key("Home", on: main.window))
                // It is focused, and being at the top, the next older page comes (or the beginning).
                waitFor("the oldest loaded focused, and older ones loaded", timeout: .seconds(10)) {
                    page.grid.focusedCell?.message.id == oldest.id && page.model.state.paging != .loading
                        && (page.grid.items.first?.id != oldest.id || page.topState == "end")
                }
            }
            XCTAssertEqual(focusedNumber(), 200)
            XCTAssertTrue(page.beginning.isMapped)
            // End: back to the newest.
            XCTAssertTrue(InputSimulation.key("End", on: main.window))
            waitFor("message 1 focused again") { focusedNumber() == 1 }
            XCTAssertEqual(page.adjustment.value, page.adjustment.upper - page.adjustment.pageSize, accuracy: 1)
        }
    }

    func testJumpToLatestAppearsWhenFarUpAndBringsTheNewestBack() throws {
        try onMain {
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count >= 20 && newestRow(page)?.view.isMapped == true }
            XCTAssertFalse(page.jumpButton.isVisible, "hidden at the bottom")
            XCTAssertEqual(page.jumpButton.accessibleName, "Jump to latest message")
            // Two screens up (pages load as the top comes near).
            for _ in 0..<2 {
                page.adjustment.value = max(0, page.adjustment.value - page.adjustment.pageSize)
                waitFor("the scroll settled", timeout: .seconds(10)) { page.model.state.paging != .loading }
            }
            waitFor("the button shown") { page.jumpButton.isMapped }
            waitFor("the window active") { main.window.isActive }
            clickWhenSteady(page.jumpButton, in: main.window)
            waitFor("the newest message in view at the bottom") {
                page.adjustment.value >= page.adjustment.upper - page.adjustment.pageSize - 1 && newestRow(page)?.view.isMapped == true
            }
            waitFor("the button hidden at the bottom") { !page.jumpButton.isVisible }

            // Ctrl+End does the same from the keyboard, wherever the focus is in the chat.
            page.adjustment.value = max(0, page.adjustment.value - 3 * page.adjustment.pageSize)
            waitFor("the button shown again", timeout: .seconds(10)) { page.jumpButton.isMapped && page.model.state.paging != .loading }
            XCTAssertFalse(newestRow(page)?.view.isMapped == true, "the newest message is out of view")
            page.entry.grabFocus()
            XCTAssertTrue(InputSimulation.key("End", modifiers: [.control], on: main.window))
            waitFor("the newest message in view after Ctrl+End") {
                page.adjustment.value >= page.adjustment.upper - page.adjustment.pageSize - 1 && newestRow(page)?.view.isMapped == true
            }
            waitFor("the button hidden after Ctrl+End") { !page.jumpButton.isVisible }

            // A send while scrolled up ends at the bottom too, with the button hidden.
            page.adjustment.value = max(0, page.adjustment.value - 2 * page.adjustment.pageSize)
            waitFor("the button shown again", timeout: .seconds(10)) { page.jumpButton.isMapped }
            page.entry.grabFocus()
            page.entry.text = "Back at the bottom"
            XCTAssertTrue(InputSimulation.key("Return", on: page.entry))
            waitFor("the sent message at the bottom", timeout: .seconds(10)) {
                newestRow(page)?.message.text == "Back at the bottom" && newestRow(page)?.view.isMapped == true
                    && page.adjustment.value >= page.adjustment.upper - page.adjustment.pageSize - 1
            }
            waitFor("the button hidden") { !page.jumpButton.isVisible }
        }
    }

    /// Deep in the history (100 pages, 2,000 messages loaded), only the rows near the view have
    /// widgets; three more pages go on top without moving the message in view by more than a pixel
    /// in any drawn frame; a narrower window keeps the message at the top of the view where it was.
    func testAtDepthPrependsAndResizesDoNotMoveTheView() throws {
        try onMain {
            stop(server)
            server = try startServer { $0.messageCount = 2_200 }
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { loaded(page) >= 20 && page.model.state.paging != .loading }
            // A hundred pages, each asked for by going to the top.
            while loaded(page) < 2_000 {
                let count = loaded(page)
                page.adjustment.value = 0
                waitFor("page \(count / 20 + 1)", timeout: .seconds(10)) { loaded(page) > count && page.model.state.paging != .loading }
            }
            // The widgets in the list, counted in GTK: the paging indicator and a row for each
            // message within a screen of the view (rows of one line are 56 px), and a few spares.
            page.adjustment.value = page.adjustment.pageSize * 20
            waitFor("the scroll settled", timeout: .seconds(10)) { page.model.state.paging != .loading && page.grid.isLoaded }
            let rowsNear = Int(3 * page.adjustment.pageSize / 56) + 2
            XCTAssertLessThanOrEqual(page.grid.canvas.childCount, rowsNear + 4, "widgets for three screens of rows, not 2,000")
            XCTAssertEqual(page.grid.canvas.childCount, page.grid.cellsMade + 1, "every widget in the list is a row or the indicator")
            for row in page.rows {
                let index = try XCTUnwrap(page.grid.index(of: row.message.id))
                let frame = page.grid.layout.frame(at: index)
                XCTAssertTrue(frame.y + frame.height >= page.adjustment.value - page.adjustment.pageSize - 1
                                && frame.y <= page.adjustment.value + 2 * page.adjustment.pageSize + 1,
                              "\(row.message.accessibleName.prefix(14)) has a row but is more than a screen from the view")
            }
            var drawn: [Int] = []
            var watched: MessageRow?
            let connection = page.scroller.onDrawn {
                if let watched, let y = watched.view.origin(in: page.scroller)?.y { drawn.append(y) }
            }
            defer { page.scroller.disconnect(connection) }
            for _ in 0..<3 {
                let count = loaded(page)
                page.adjustment.value = 0
                let (row, y0) = try XCTUnwrap(firstVisibleRow(page))
                watched = row
                drawn.removeAll()
                waitFor("the next page", timeout: .seconds(10)) { loaded(page) > count && page.model.state.paging != .loading && !drawn.isEmpty }
                let frames = drawn.count
                waitFor("a frame drawn after it") { drawn.count > frames }
                XCTAssertTrue(page.grid.cell(for: row.message.id) === row, "the row in view kept its widget")
                let moved = drawn.map { abs($0 - y0) }.max() ?? 0
                XCTAssertLessThanOrEqual(moved, 1, "the row in view moved at \(count) messages: \(y0) → \(drawn)")
            }
            // A narrower window: rows wrap taller, the message at the top of the view stays there.
            page.adjustment.value = page.adjustment.value + page.adjustment.pageSize * 3
            waitFor("the scroll settled", timeout: .seconds(10)) { page.model.state.paging != .loading && page.grid.isLoaded }
            let (top, topY) = try XCTUnwrap(firstVisibleRow(page))
            main.window.resize(width: 560, height: 600)
            waitFor("the narrower layout drawn") { page.grid.layout.width < 500 && page.grid.isLoaded }
            var settled = 0
            let tick = main.window.addTickCallback { _ in settled += 1; return true }
            waitFor("two frames at the new width") { settled > 2 }
            main.window.removeTickCallback(tick)
            let index = try XCTUnwrap(page.grid.index(of: top.message.id))
            let y = page.grid.layout.frame(at: index).y - page.adjustment.value
            XCTAssertEqual(y, Double(topY), accuracy: 1, "the message at the top stayed there")
        }
    }
}
