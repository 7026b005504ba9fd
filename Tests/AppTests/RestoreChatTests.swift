@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import TestSupport
import XCTest
import SimulatedInput

/// The chat reopens at the message read, hundreds of messages up, not at the newest.
final class RestoreChatTests: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.messageCount = 1_500 } }

    /// Older pages asked from the top until `count` messages came, each once the last has.
    @MainActor
    private func pageUp(_ page: MessagesPage, through count: Int) {
        while page.model.state.timeline.nextOffset < count {
            let loaded = page.model.state.timeline.nextOffset
            if loaded > 0 { page.adjustment.value = 0 }
            waitForServer("the page after \(loaded)") { page.model.state.timeline.nextOffset > loaded && page.model.state.paging != .loading }
        }
    }

    @MainActor
    private func shownRows(_ page: MessagesPage, in window: Window) -> [String] {
        RestoreTests.shown(page.rows.map { ($0.message.origin.key, $0.view) }, in: page.grid.widget, of: window)
    }

    func testTheChatReopensAtTheMessageReadNotAtTheNewest() throws {
        try onMain {
            let (app, page) = try openChat(width: 900, height: 600)
            let main = try XCTUnwrap(app.mainWindow)
            waitFor("the first page", timeout: .seconds(10)) { page.model.state.timeline.nextOffset >= 20 && page.model.state.paging != .loading }
            // Up through some 300 messages, each page asked for at the top.
            pageUp(page, through: 300)
            page.adjustment.value = 150
            waitFor("laid out there") { page.grid.isLoaded }
            _ = try screen(of: main.window)
            let reading = shownRows(page, in: main.window)
            XCTAssertTrue(reading.contains { $0.hasPrefix("server 2") || $0.hasPrefix("server 3") }, "far up: \(reading)")
            closeAndFinish(app)

            var firstShown: [String]?
            let again = try launch(backend: server.base) { app in
                guard let window = app.mainWindow?.window else { return }
                RestoreTests.watchFrames(of: window) {
                    guard let chat = app.mainWindow?.coordinators[.messages]?.pages.first as? MessagesPage,
                          chat.grid.widget.isMapped, !chat.rows.isEmpty else { return true }
                    firstShown = self.shownRows(chat, in: window)
                    return false
                }
            }
            let main2 = try XCTUnwrap(again.mainWindow)
            defer { main2.window.destroy() }
            XCTAssertEqual(main2.currentSection, .messages)
            let page2 = try XCTUnwrap(main2.coordinator(for: .messages).pages.first as? MessagesPage)
            waitForServer("the place reached", timeout: .seconds(20)) { !page2.grid.awaitsPlace && page2.grid.isLoaded }
            _ = try screen(of: main2.window)
            XCTAssertEqual(shownRows(page2, in: main2.window), reading, "the same messages at the same places")
            XCTAssertEqual(firstShown, reading, "no frame of the newest before")
        }
    }

    /// Read 1,250 messages up, past the thousand a launch reads: offline, from the saved pages.
    func testAPlacePastTheThousandSavedMessagesReopensOfflineFromThem() throws {
        try onMain {
            let (app, page) = try openChat(width: 900, height: 600)
            let main = try XCTUnwrap(app.mainWindow)
            pageUp(page, through: 1_260)
            page.adjustment.value = 1_500
            waitFor("laid out there") { page.grid.isLoaded }
            _ = try screen(of: main.window)
            let reading = shownRows(page, in: main.window)
            XCTAssertTrue(reading.contains { $0.hasPrefix("server 12") }, "past the thousand: \(reading)")
            closeAndFinish(app)

            // Port 9 is discard, where nothing listens.
            let again = try launch(backend: URL(string: "http://127.0.0.1:9/")!)
            let main2 = try XCTUnwrap(again.mainWindow)
            defer { main2.window.destroy() }
            let page2 = try XCTUnwrap(main2.coordinator(for: .messages).pages.first as? MessagesPage)
            waitForServer("the place reached", timeout: .seconds(20)) { !page2.grid.awaitsPlace && page2.grid.isLoaded && page2.isBannerVisible }
            _ = try screen(of: main2.window)
            // The offline banner over the list takes a row's height off its bottom.
            XCTAssertEqual(shownRows(page2, in: main2.window), Array(reading.dropLast()), "the same messages at the same places, offline")
            closeAndFinish(again)

            // Online: the launch reads the saved messages around the place alone, the newest page confirms the
            // saved ones, and Ctrl+End reads the newest back.
            let online = try launch(backend: server.base)
            let main3 = try XCTUnwrap(online.mainWindow)
            defer { main3.window.destroy() }
            let page3 = try XCTUnwrap(main3.coordinator(for: .messages).pages.first as? MessagesPage)
            waitForServer("the place reached", timeout: .seconds(20)) { !page3.grid.awaitsPlace && page3.grid.isLoaded }
            let held = try XCTUnwrap(page3.model.state.timeline.heldNumbers)
            XCTAssertGreaterThan(held.lowerBound, 900, "the newest not read at launch: \(held)")
            waitForServer("the saved pages confirmed", timeout: .seconds(10)) { page3.model.state.paging != .loading && page3.grid.isLoaded }
            XCTAssertGreaterThanOrEqual(page3.model.state.timeline.nextOffset, 1_260, "the saved pages kept, not replaced")
            _ = try screen(of: main3.window)
            XCTAssertEqual(shownRows(page3, in: main3.window), reading, "the same messages at the same places")
            page3.entry.grabFocus()
            waitFor("the window active") { main3.window.isActive }
            XCTAssertTrue(InputSimulation.key("End", modifiers: [.control], on: main3.window))
            waitForServer("the newest message at the bottom", timeout: .seconds(20)) {
                guard let last = page3.grid.items.last, last.origin == .server(number: 1), let row = page3.grid.cell(for: last.id) else { return false }
                return row.view.isMapped && page3.grid.isLoaded
            }
        }
    }

    @MainActor
    private func shownTexts(_ page: MessagesPage, in window: Window) -> [String] {
        RestoreTests.shown(page.rows.map { ($0.message.text, $0.view) }, in: page.grid.widget, of: window)
    }

    /// Messages that came since are below a "New messages" line, counted on Jump to latest until seen;
    /// the place read is the same messages, though their numbers moved up.
    func testMessagesThatCameSinceAreBelowANewMessagesLineAndCountedUntilSeen() throws {
        try onMain {
            let reading = try closeReadingTwoScreensDown()
            server.server.messagesArrive(3)

            let again = try launch(backend: server.base)
            let main2 = try XCTUnwrap(again.mainWindow)
            let page2 = try XCTUnwrap(main2.coordinator(for: .messages).pages.first as? MessagesPage)
            waitForServer("the place reached and the newest page asked", timeout: .seconds(20)) {
                !page2.grid.awaitsPlace && page2.model.state.unread == 3 && page2.grid.isLoaded
            }
            _ = try screen(of: main2.window)
            XCTAssertEqual(shownTexts(page2, in: main2.window), reading, "the same messages at the same places")
            XCTAssertTrue(page2.unread.badge.isMapped, "the count shows over the jump button")
            XCTAssertEqual(page2.unread.badge.text, "3")
            XCTAssertEqual(page2.unread.jumpButton.accessibleName, "Jump to latest message, 3 unread")
            clickWhenSteady(page2.unread.jumpButton, in: main2.window)
            waitFor("the newest in view, seen") { page2.model.state.unread == 0 && !page2.unread.jumpButton.isVisible && page2.grid.isLoaded }
            _ = try screen(of: main2.window)
            let lined = page2.rows.filter { $0.newLine.isMapped }
            XCTAssertEqual(lined.map(\.message.text), ["A new message (1)"], "the line over the oldest that came")
            XCTAssertEqual(lined.first?.view.accessibleName, "New messages. \(lined.first?.message.accessibleName ?? "")")
            let order = shownTexts(page2, in: main2.window).filter { $0.hasPrefix("A new message") }.map { $0.prefix { $0 != "@" } }
            XCTAssertEqual(order, ["A new message (1)", "A new message (2)", "A new message (3)"])
            XCTAssertFalse(page2.unread.badge.isVisible)
            closeAndFinish(again)

            let launchedAt = Date()
            let third = try launch(backend: server.base)
            let main3 = try XCTUnwrap(third.mainWindow)
            defer { main3.window.destroy() }
            let page3 = try XCTUnwrap(main3.coordinator(for: .messages).pages.first as? MessagesPage)
            waitForServer("the newest page asked", timeout: .seconds(20)) { page3.model.state.receivedAt.map { $0 >= launchedAt } == true && page3.model.state.paging != .loading && page3.grid.isLoaded }
            XCTAssertEqual(page3.model.state.unread, 0, "seen at the last launch")
            XCTAssertNil(page3.model.state.newMessagesLine)
            XCTAssertTrue(page3.rows.allSatisfy { !$0.newLine.isVisible })
        }
    }

    /// Opened on another section, the chat is asked for new messages all the same: the sidebar counts them, and the
    /// chat opens at the place read, not at the newest, the count unchanged.
    func testTheChatCountsWhatComesBeforeItIsOpenedAndOpensWhereItWasLeft() throws {
        try onMain {
            let reading = try closeReadingTwoScreensDown()
            server.server.messagesArrive(3)

            let again = try launch(backend: server.base, section: .gallery, chatPollInterval: .milliseconds(200))
            let main2 = try XCTUnwrap(again.mainWindow)
            defer { main2.window.destroy() }
            let row = main2.sidebar.row(for: .messages)
            waitForServer("the three counted on the sidebar", timeout: .seconds(20)) { row.accessibleName == "Messages, 3 unread" }
            server.server.messagesArrive(2)
            waitForServer("two more, asked for while the gallery shows", timeout: .seconds(10)) { row.accessibleName == "Messages, 5 unread" }
            XCTAssertEqual(main2.currentSection, .gallery)
            _ = try screen(of: main2.window)
            XCTAssertTrue(ShownLabels.texts(under: main2.sidebar.widget).contains("5"), "the count on the row")

            var firstShown: [String]?
            RestoreTests.watchFrames(of: main2.window) {
                guard let chat = main2.coordinators[.messages]?.pages.first as? MessagesPage,
                      chat.grid.widget.isMapped, !chat.rows.isEmpty else { return true }
                firstShown = self.shownTexts(chat, in: main2.window)
                return false
            }
            clickWhenSteady(row, in: main2.window)
            let page2 = try XCTUnwrap(main2.coordinators[.messages]?.pages.first as? MessagesPage)
            waitForServer("the place shown", timeout: .seconds(20)) { !page2.grid.awaitsPlace && page2.grid.isLoaded && page2.grid.widget.isMapped }
            _ = try screen(of: main2.window)
            XCTAssertEqual(shownTexts(page2, in: main2.window), reading, "the same messages at the same places")
            XCTAssertEqual(firstShown, reading, "no frame of the newest before")
            XCTAssertEqual(page2.model.state.unread, 5, "below the view, not seen")
            XCTAssertEqual(page2.unread.badge.text, "5")
            XCTAssertLessThan(page2.model.state.timeline.nextOffset, 200, "out of sight, older pages asked only up to the place")
        }
    }

    /// Closed without opening the chat, it keeps the place read for the launch after.
    func testAChatMadeOutOfSightKeepsThePlaceForTheNextLaunch() throws {
        try onMain {
            let reading = try closeReadingTwoScreensDown()
            let app = try launch(backend: server.base, section: .gallery, chatPollInterval: .milliseconds(200))
            waitForServer("the chat made out of sight") { app.mainWindow?.coordinators[.messages] != nil }
            let page = try XCTUnwrap(app.mainWindow?.coordinators[.messages]?.pages.first as? MessagesPage)
            waitForServer("its pages read", timeout: .seconds(10)) { page.model.state.timeline.nextOffset > 0 && page.model.state.paging == .idle }
            closeAndFinish(app)

            let again = try launch(backend: server.base, section: .messages)
            let main = try XCTUnwrap(again.mainWindow)
            defer { main.window.destroy() }
            let page2 = try XCTUnwrap(main.coordinator(for: .messages).pages.first as? MessagesPage)
            waitForServer("the place reached", timeout: .seconds(20)) { !page2.grid.awaitsPlace && page2.grid.isLoaded }
            _ = try screen(of: main.window)
            XCTAssertEqual(shownTexts(page2, in: main.window), reading, "the same messages at the same places")
        }
    }

    /// Reads two screens down from the 80th message, in a 900x600 window, and closes: what it showed. No older
    /// page is asked for there (it could see the messages come).
    @MainActor
    private func closeReadingTwoScreensDown() throws -> [String] {
        let (app, page) = try openChat(width: 900, height: 600)
        let main = try XCTUnwrap(app.mainWindow)
        pageUp(page, through: 80)
        page.adjustment.value = 1_500
        waitFor("laid out there") { page.grid.isLoaded }
        _ = try screen(of: main.window)
        let reading = shownTexts(page, in: main.window)
        XCTAssertFalse(reading.isEmpty)
        closeAndFinish(app)
        return reading
    }

    /// Left at the newest: more than a screen came since, so the chat opens at the line, what came below it.
    func testLeftAtTheNewestItOpensAtTheNewMessagesLine() throws {
        try onMain {
            let (app, page) = try openChat(width: 900, height: 600)
            waitForServer("the first page", timeout: .seconds(10)) { page.model.state.timeline.nextOffset >= 20 && page.model.state.paging != .loading && page.grid.isLoaded }
            closeAndFinish(app)
            server.server.messagesArrive(25)

            let again = try launch(backend: server.base)
            let main = try XCTUnwrap(again.mainWindow)
            defer { main.window.destroy() }
            let page2 = try XCTUnwrap(main.coordinator(for: .messages).pages.first as? MessagesPage)
            waitForServer("the newest page asked", timeout: .seconds(20)) { page2.model.state.newMessagesLine == 25 && page2.grid.isLoaded }
            _ = try screen(of: main.window)
            let line = try XCTUnwrap(page2.rows.first { $0.newLine.isMapped }, "the line in view")
            XCTAssertEqual(line.message.text, "A new message (1)")
            let top = try XCTUnwrap(page2.grid.widget.origin(in: main.window)).y
            let lineTop = try XCTUnwrap(line.newLine.origin(in: main.window)).y - top
            XCTAssertTrue((0...Int(ChatUnread.lineContext) + 24).contains(lineTop), "near the top: \(lineTop)")
            let unread = page2.model.state.unread
            XCTAssertTrue((1..<25).contains(unread), "those in view seen, those below not: \(unread)")
            XCTAssertEqual(page2.unread.badge.text, String(unread))
            XCTAssertTrue(page2.unread.badge.isMapped)
        }
    }
}
