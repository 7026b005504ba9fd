@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import Persistence
import Repositories
import TestSupport
import XCTest
import SimulatedInput

/// What the People tests share: the section opened in the real app, the stored people and avatars.
class PeopleTestCase: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.avatarDelay = 0.02 } }

    var avatarPaths: [String] { server.requestedPaths.filter { $0.contains("pre-login-avatars") } }
    /// The seed's people as the list shows them: by name.
    static let namesInOrder = ["Adam", "Douglas", "Edward", "Eugene", "Henry", "Jade", "Jason", "Jeremy", "Johnny", "Kyle",
                               "Laurie", "Lucas", "Madison", "Marion", "Mark", "Peyton", "Robert", "Rodney", "Sam", "Toby"]

    /// The row of the person called `name`, which must be near the view.
    @MainActor
    func row(named name: String, in page: PeoplePage, file: StaticString = #filePath, line: UInt = #line) throws -> PersonRow {
        try XCTUnwrap(page.rows.first { $0.person.name == name }, "no row for \(name)", file: file, line: line)
    }

    @MainActor
    func openPeople(greets: Bool = false, width: Int = 900, height: Int = 700,
                            renameDelay: Duration = .zero) throws -> (TesseraApp, PeoplePage) {
        let app = try launch(backend: server.base, section: .people, greets: greets, renameDelay: renameDelay)
        let main = try XCTUnwrap(app.mainWindow)
        main.window.resize(width: width, height: height)
        let page = try XCTUnwrap(main.coordinator(for: .people).pages.first as? PeoplePage)
        waitFor("the people", timeout: .seconds(10)) { page.grid.items.count == 20 && !page.rows.isEmpty }
        return (app, page)
    }

    /// The people as the database file holds them now, read through a store of the test's own.
    @MainActor
    func storedPeople() throws -> [Person] {
        let store = PeopleStore(database: LazyDatabase(url: AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")))
        let result = LockedValue<[Person]>()
        Task.detached { result.set((try? await store.people()) ?? []) }
        waitForServer("the database read") { result.get() != nil }
        return try XCTUnwrap(result.get())
    }

    @MainActor
    func waitForStoredAvatars() throws -> Int {
        try storedPeople().filter(\.hasAvatar).count
    }

    /// People opened with the backend down (on the test server's port, started again later):
    /// the app, its window and the list, once the avatars in view have failed.
    @MainActor
    func peopleWithTheirAvatarsFailed() throws -> (app: TesseraApp, main: MainWindow, page: PeoplePage, port: Int) {
        let port = server.port
        stop(server)
        let app = try launch(backend: URL(string: "http://127.0.0.1:\(port)/")!, section: .people)
        let main = try XCTUnwrap(app.mainWindow)
        let page = try XCTUnwrap(main.coordinator(for: .people).pages.first as? PeoplePage)
        waitFor("the people", timeout: .seconds(10)) { page.grid.items.count == 20 && !page.rows.isEmpty }
        waitFor("the avatars in view failed", timeout: .seconds(20)) {
            let inView = page.rowsInView()
            return !inView.isEmpty && inView.allSatisfy {
                if case .failed = page.model.state.avatarState(of: $0.person) { true } else { false }
            }
        }
        return (app, main, page, port)
    }

    @MainActor
    func avatarsInViewStored(_ page: PeoplePage) -> Bool {
        let inView = page.rowsInView()
        return !inView.isEmpty && inView.allSatisfy { $0.person.hasAvatar }
    }

    /// A widget's frame in the window's coordinates (what AT-SPI reports as its extents, less the
    /// window's place on the screen).
    @MainActor
    func frame(of widget: Widget, in window: Window) throws -> Rect {
        let origin = try XCTUnwrap(widget.origin(in: window))
        return Rect(x: origin.x, y: origin.y, width: widget.allocation.width, height: widget.allocation.height)
    }
}

/// The database's people, every rename under way for `delay` before it is written: a slow disk.
final class SlowRenames: PeopleStoring {
    private let store: any PeopleStoring
    private let delay: Duration

    init(_ store: any PeopleStoring, delay: Duration) {
        self.store = store
        self.delay = delay
    }

    var replacementNotice: String? { store.replacementNotice }
    func seedIfEmpty() async throws -> Bool { try await store.seedIfEmpty() }

    @MainActor
    func observeEveryone(onError: @escaping @MainActor (any Error) -> Void,
                         onChange: @escaping @MainActor ([Person]) -> Void) async throws -> AnyObject {
        try await store.observeEveryone(onError: onError, onChange: onChange)
    }

    func rename(personID: Int64, to name: String) async throws {
        try await Task.sleep(for: delay)
        try await store.rename(personID: personID, to: name)
    }
}
