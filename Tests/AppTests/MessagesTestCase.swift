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

/// The chat in the real app, on a real SQLite file, against a real tessera-server with 200
/// messages: what the chat's tests share.
class MessagesTestCase: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.messageCount = 200 } }

    @MainActor
    func openMessages(width: Int = 900, height: Int = 600) throws -> (TesseraApp, MessagesPage) {
        let app = try launch(backend: server.base, section: .messages)
        let main = try XCTUnwrap(app.mainWindow)
        main.window.resize(width: width, height: height)
        let page = try XCTUnwrap(main.coordinator(for: .messages).pages.first as? MessagesPage)
        return (app, page)
    }

    /// The numbers of the loaded server messages, top to bottom.
    @MainActor
    func numbers(_ page: MessagesPage) -> [Int] {
        page.grid.items.compactMap { if case .server(let number) = $0.origin { number } else { nil } }
    }

    /// The server's messages loaded, those let go included (`numbers` has only those held).
    @MainActor func loaded(_ page: MessagesPage) -> Int { page.model.state.timeline.serverRows }

    /// Opens a message as a keyboard user does: its row focused, Enter.
    @MainActor
    func activate(_ row: MessageRow) {
        row.view.grabFocus()
        waitFor("the row focused") { row.view.isFocusWidget }
        XCTAssertTrue(InputSimulation.key("Return", on: row.view))
    }

    /// The row of the newest message, if it has one (it is near the view).
    @MainActor
    func newestRow(_ page: MessagesPage) -> MessageRow? {
        page.grid.items.last.flatMap { page.grid.cell(for: $0.id) }
    }

    /// The first message row at least partly in view, and where its top will be drawn in the
    /// scrolled window (its frame in the layout, less the view's offset: a recycled row's
    /// allocation is only updated by the next frame's layout).
    @MainActor
    func firstVisibleRow(_ page: MessagesPage) -> (MessageRow, Int)? {
        for row in page.rows {
            guard let index = page.grid.index(of: row.message.id) else { continue }
            let frame = page.grid.layout.frame(at: index)
            let y = Int((frame.y - page.adjustment.value).rounded())
            if Double(y) + frame.height > 0 { return (row, y) }
        }
        return nil
    }
}
