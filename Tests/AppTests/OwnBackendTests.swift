@testable import App
import Domain
import Foundation
import XCTest

/// An app a test launches without a backend talks to a server of the test's own on a free port,
/// never to the built-in server's fixed port, which another program (a running Tessera) may hold.
final class OwnBackendTests: AppTestCase {
    func testAnAppLaunchedWithoutABackendLoadsFromTheTestsOwnServer() throws {
        try onMain {
            let app = try launch(section: .facts)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            XCTAssertNotEqual(app.services.backend.expected.base.port, Backend.builtInPort)
            let page = try XCTUnwrap(main.currentCoordinator.pages.first as? FactsPage)
            waitFor("the facts", timeout: .seconds(10)) { page.model.state.phase == .loaded && !page.cards.isEmpty }
        }
    }
}
