@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import SimulatedInput
import TestSupport
import XCTest

/// Messages that come while the chat is open: asked for now and then, shown below those read, counted on Jump to
/// latest and on the sidebar's Messages row until seen.
final class ChatLiveTests: ServerBackedTestCase {
    func testMessagesThatComeWhileTheChatIsOpenShowBelowCountedUntilSeen() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .messages, chatPollInterval: .milliseconds(200))
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            main.window.resize(width: 900, height: 600)
            let page = try XCTUnwrap(main.coordinator(for: .messages).pages.first as? MessagesPage)
            waitForServer("the first page", timeout: .seconds(10)) {
                page.model.state.timeline.nextOffset >= 20 && page.model.state.paging != .loading && page.grid.isLoaded
            }
            // A screen up from the newest: what comes is below the view.
            page.adjustment.value -= page.adjustment.pageSize
            waitFor("laid out there") { page.grid.isLoaded }
            _ = try screen(of: main.window)
            let reading = RestoreTests.shown(page.rows.map { ($0.message.text, $0.view) }, in: page.grid.widget, of: main.window)
            XCTAssertEqual(main.sidebar.row(for: .messages).accessibleName, "Messages")

            server.server.messagesArrive(3)
            waitForServer("the three asked for and shown", timeout: .seconds(10)) { page.model.state.unread == 3 && page.grid.isLoaded }
            _ = try screen(of: main.window)
            XCTAssertEqual(RestoreTests.shown(page.rows.map { ($0.message.text, $0.view) }, in: page.grid.widget, of: main.window), reading,
                           "the view still")
            let numbers = page.model.state.visible.compactMap { message -> Int? in
                if case .server(let number) = message.origin { number } else { nil }
            }
            XCTAssertEqual(numbers, Array((1...page.model.state.timeline.nextOffset).reversed()), "each once, numbered from the newest")
            let texts = page.model.state.visible.map(\.text)
            XCTAssertEqual(Set(texts).count, texts.count, "no message twice")
            XCTAssertEqual(main.sidebar.row(for: .messages).accessibleName, "Messages, 3 unread")
            XCTAssertTrue(ShownLabels.texts(under: main.sidebar.widget).contains("3"), "the count on the row")
            XCTAssertEqual(page.unread.jumpButton.accessibleName, "Jump to latest message, 3 unread")

            clickWhenSteady(page.unread.jumpButton, in: main.window)
            waitFor("the newest in view, seen") { page.model.state.unread == 0 && page.grid.isLoaded }
            XCTAssertEqual(main.sidebar.row(for: .messages).accessibleName, "Messages")
            _ = try screen(of: main.window)
            XCTAssertFalse(ShownLabels.texts(under: main.sidebar.widget).contains("3"), "no count once seen")
        }
    }

    /// Messages that come while another window has the focus stay unread, in view or not, until
    /// the person is back in Tessera's window.
    func testMessagesAreSeenOnlyInTheWindowInUse() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .messages, chatPollInterval: .milliseconds(200))
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let page = try XCTUnwrap(main.coordinator(for: .messages).pages.first as? MessagesPage)
            waitForServer("the first page", timeout: .seconds(10)) {
                page.model.state.timeline.nextOffset >= 20 && page.model.state.paging != .loading && page.grid.isLoaded
            }
            waitFor("the window active") { main.window.isActive }
            let other = Window()
            defer { other.destroy() }
            other.setDefaultSize(width: 300, height: 200)
            other.showAll()
            other.present()
            waitFor("another window in use") { other.isActive && !main.window.isActive }

            let newest = page.model.state.timeline.nextOffset
            server.server.messagesArrive(2)
            waitForServer("the two shown at the newest", timeout: .seconds(10)) {
                page.model.state.timeline.nextOffset == newest + 2 && page.grid.isLoaded
            }
            _ = try screen(of: main.window)
            XCTAssertEqual(page.model.state.unread, 2, "in view, but not seen")
            XCTAssertEqual(main.sidebar.row(for: .messages).accessibleName, "Messages, 2 unread")

            main.window.present()
            waitFor("seen once the window is in use again") { main.window.isActive && page.model.state.unread == 0 }
            XCTAssertEqual(main.sidebar.row(for: .messages).accessibleName, "Messages")
        }
    }
}
