@testable import App
import Domain
import Foundation
import Persistence
import Gtk
import TestSupport
import XCTest
import SimulatedInput

/// What the Facts tests share: the section opened in the real app, its saved feed and requests.
class FactsTestCase: ServerBackedTestCase {
    /// The fixture feed's image sizes, by row title.
    let imageSizes: [String: (Double, Double)] = [
        "Beavers": (640, 427), "Flag": (1200, 600), "Transportation": (480, 640), "Hockey Night in Canada": (1024, 683),
        "Housing": (300, 300), "Meese": (2000, 1333), "Kittens...": (500, 375), "Mounties": (360, 540), "Language": (800, 200),
    ]

    @MainActor
    func openFacts(width: Int, height: Int) throws -> (TesseraApp, FactsPage) {
        let app = try launch(backend: server.base)
        let main = try XCTUnwrap(app.mainWindow)
        main.window.resize(width: width, height: height)
        main.show(.facts, transition: .none)
        let page = try XCTUnwrap(main.coordinator(for: .facts).pages.first as? FactsPage)
        waitFor("the feed", timeout: .seconds(10)) { page.model.state.phase == .loaded && page.grid.items.count == 13 && !page.cards.isEmpty }
        waitFor("the window at its size") { main.window.size == (width, height) || main.window.size.width >= width }
        return (app, page)
    }

    /// How many feed posts the database holds for the next launch.
    @MainActor
    func savedFeedPosts() -> Int {
        let store = SavedFeedStore(database: LazyDatabase(url: AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")))
        let count = LockedValue<Int>()
        Task.detached { count.set(((try? await store.saved(limit: .max)) ?? nil)?.posts.count ?? 0) }
        waitForServer("the database read") { count.get() != nil }
        return count.get() ?? -1
    }

    var imageRequests: [String] { server.requestedPaths.filter { $0.hasPrefix("/facts/images/") } }
    func requests(of path: String) -> Int { server.requestedPaths.filter { $0 == path }.count }

    /// `app` closed, the backend stopped (its port kept for a later start), and the app launched
    /// again on Facts: the app (kept by the caller: its window's chrome follows it), its window
    /// and the Facts page.
    @MainActor
    func relaunchWithoutTheBackend(closing app: TesseraApp) throws -> (app: TesseraApp, main: MainWindow, page: FactsPage, port: Int) {
        app.mainWindow?.window.destroy()
        let port = server.port
        stop(server)
        let again = try launch(backend: URL(string: "http://127.0.0.1:\(port)/")!)
        let main = try XCTUnwrap(again.mainWindow)
        main.show(.facts, transition: .none)
        return (again, main, try XCTUnwrap(main.coordinator(for: .facts).pages.first as? FactsPage), port)
    }
}
