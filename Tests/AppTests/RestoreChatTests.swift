@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import TestSupport
import XCTest

/// The chat reopens at the message read, hundreds of messages up, not at the newest.
final class RestoreChatTests: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.messageCount = 1_000 } }

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
            while page.model.state.timeline.nextOffset < 300 {
                let loaded = page.model.state.timeline.nextOffset
                page.adjustment.value = 0
                waitForServer("the page after \(loaded)") { page.model.state.timeline.nextOffset > loaded && page.model.state.paging != .loading }
            }
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
}
