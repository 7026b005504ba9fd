@testable import App
import Foundation
import Gtk
import XCTest

extension ServerBackedTestCase {
    /// Launches the app on this test's server with the chat shown; its window and the chat page.
    @MainActor
    func openChat(width: Int? = nil, height: Int? = nil) throws -> (TesseraApp, MessagesPage) {
        let app = try launch(backend: server.base, section: .messages)
        let main = try XCTUnwrap(app.mainWindow)
        if let width, let height { main.window.resize(width: width, height: height) }
        let page = try XCTUnwrap(main.coordinator(for: .messages).pages.first as? MessagesPage)
        return (app, page)
    }
}
