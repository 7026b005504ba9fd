import Domain
import Features
import Foundation
import Networking
import Persistence
import Repositories
import TestSupport
import XCTest

/// The people view-model over a real SQLite file and a real tessera-server.
final class PeopleViewModelTests: XCTestCase {
    private var server: TestServer!
    private var folder: URL!

    override func setUp() async throws {
        server = try await TestServer.start()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-people-vm-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        await server?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    @MainActor
    private func started() async -> (PeopleViewModel, AvatarDownloader) {
        let store = PeopleStore(database: LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite")))
        let base = server.base
        let downloader = AvatarDownloader(store: store) { Backend(base: base) }
        let model = PeopleViewModel(store: store, downloader: downloader)
        await model.start()
        await eventually("the people", timeout: .seconds(10)) { model.state.people.count == 20 }
        return (model, downloader)
    }

    private var avatarPaths: [String] { server.requestedPaths.filter { $0.contains("pre-login-avatars") } }
    private func avatarPath(_ number: Int) -> String {
        String(format: "/pre-login-avatars/avatars_cartoon_animals_%02d.png", number)
    }
    /// The avatars of `people`, in their order.
    private func avatarPaths(_ people: some Sequence<Person>) -> [String] { people.map { avatarPath($0.avatarNumber) } }

    @MainActor
    func testAllAvatarsComeOverOneConnectionOneAtATimeAndOnlyOnce() async throws {
        let (model, _) = await started()
        XCTAssertTrue(model.state.welcome, "the first start stored the people")
        XCTAssertEqual(model.state.storedAvatars, 0)
        model.rowsInView(model.state.people.map(\.id))
        await eventually("every avatar", timeout: .seconds(10)) { model.state.storedAvatars == 20 }
        let stats = try XCTUnwrap(server.loopback)
        XCTAssertEqual(stats.connections, 1, "one kept-alive connection")
        XCTAssertEqual(stats.maxConcurrentTransfers, 1, "one download at a time")
        XCTAssertEqual(avatarPaths, avatarPaths(model.state.people), "in view order")

        // Asking again (rows scrolled back into view, a relaunch) fetches nothing.
        model.rowsInView(model.state.people.map(\.id))
        let (relaunched, _) = await started()
        XCTAssertFalse(relaunched.state.welcome, "no welcome on a later start")
        relaunched.rowsInView(relaunched.state.people.map(\.id))
        XCTAssertEqual(relaunched.state.storedAvatars, 20)
        try await Task.sleep(for: .milliseconds(200)) // room for a wrong request to show up; none may
        XCTAssertEqual(avatarPaths.count, 20)
    }

    @MainActor
    func testRowsScrolledIntoViewLaterAreFetchedInViewOrder() async throws {
        let (model, downloader) = await started()
        let ids = model.state.people.map(\.id)
        model.rowsInView(Array(ids[0..<5]))
        await eventually("the first screen", timeout: .seconds(10)) { model.state.storedAvatars == 5 }
        model.rowsInView(Array(ids[11..<16]))
        await eventually("the next screen", timeout: .seconds(10)) { model.state.storedAvatars == 10 }
        // The stored avatar can reach the model before the downloader has put its last download
        // down: wait for that, then nothing may be left or have been fetched besides.
        await downloader.waitUntilIdle()
        XCTAssertEqual(avatarPaths, avatarPaths(model.state.people[0..<5] + model.state.people[11..<16]))
        let pending = await downloader.pendingCount
        XCTAssertEqual(pending, 0)
        XCTAssertEqual(server.loopback?.connections, 1)
    }

    @MainActor
    func testVisibleRowsGoBeforeRowsThatLeftTheView() async throws {
        await server.stop()
        server = try await TestServer.start { $0.avatarDelay = 0.15 }
        let (model, _) = await started()
        let ids = model.state.people.map(\.id)
        model.rowsInView(Array(ids[0..<8]))
        await eventually("the first download", timeout: .seconds(10)) { self.avatarPaths.count == 1 }
        // The user scrolls on: rows 1-8 leave (their waiting downloads drop back), 17-20 come in.
        model.rowsInView(Array(ids[16..<20]))
        await eventually("all twelve", timeout: .seconds(10)) { model.state.storedAvatars == 12 }
        let order = avatarPaths
        let people = model.state.people
        XCTAssertEqual(Array(order.prefix(2)), avatarPaths([people[0], people[16]]), "the row now in view goes next: \(order)")
        XCTAssertEqual(Array(order[1..<5]), avatarPaths(people[16..<20]))
        XCTAssertEqual(server.loopback?.maxConcurrentTransfers, 1)
    }

    @MainActor
    func testRenameGoesThroughTheDatabaseAndBlankNamesAreRefused() async throws {
        let (model, _) = await started()
        let adam = model.state.people[0]
        XCTAssertEqual(model.rename(adam.id, to: "   "), .empty)
        XCTAssertEqual(model.state.notice, "A name cannot be empty. “Adam” was kept.")
        XCTAssertEqual(model.state.people[0].name, "Adam")
        model.dismissNotice()
        XCTAssertNil(model.rename(adam.id, to: "  Ada Lovelace "))
        XCTAssertEqual(model.state.people[0].name, "Adam", "the list changes only when the write commits")
        await eventually("the observed rename", timeout: .seconds(10)) { model.state.people[0].name == "Ada Lovelace" }
        let stored = try await PeopleStore(database: LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))).people()
        XCTAssertEqual(stored[0].name, "Ada Lovelace")
    }

    @MainActor
    func testSearchShowsThoseWhoseNamesHaveWhatIsTypedAndFollowsRenames() async throws {
        let (model, _) = await started()
        func shown() -> [String] { model.state.found.map(\.name) }
        model.search("ED")
        XCTAssertEqual(shown(), ["Edward"], "case ignored")
        model.search("j")
        XCTAssertEqual(shown(), ["Jade", "Jason", "Jeremy", "Johnny"])
        model.search("ja")
        XCTAssertEqual(shown(), ["Jade", "Jason"])
        // A letter added looks among those found; a letter changed, among everyone again.
        model.search("jas")
        XCTAssertEqual(shown(), ["Jason"])
        model.search("jo")
        XCTAssertEqual(shown(), ["Johnny"])
        model.search("jo n")
        XCTAssertEqual(shown(), ["Johnny"], "a word added")
        model.search("o j")
        XCTAssertEqual(shown(), ["Jason", "Johnny"], "words in any order, not only among those \"jo\" found")
        model.search("ma")
        XCTAssertEqual(shown(), ["Madison", "Marion", "Mark"])
        model.search("a")
        XCTAssertEqual(shown().count, 11, "a letter taken away: more again")
        model.search("zz")
        XCTAssertTrue(model.state.isNoOneFound)
        // A rename made while searching is searched too, accents ignored.
        let adam = model.state.people[0]
        model.search("zoe")
        XCTAssertNil(model.rename(adam.id, to: "Zoë Adams"))
        await eventually("the renamed person found", timeout: .seconds(10)) { shown() == ["Zoë Adams"] }
        XCTAssertFalse(model.state.isNoOneFound)
        model.search("  ")
        XCTAssertEqual(shown().count, 20, "nothing typed: everyone")
        XCTAssertNil(model.state.matching)
    }

    /// One avatar goes silent mid-transfer (its headers and 100 bytes, then nothing, the
    /// connection open): it is given up within its stall time, the other 19 come meanwhile over
    /// the one connection, and the silent one is tried again after them, and stored.
    @MainActor
    func testASilentAvatarDoesNotHoldUpTheOthersAndIsTriedAgain() async throws {
        let port = server.port
        await server.stop()
        server = try await TestServer.start { $0.port = port; $0.silentAvatar = 3 }
        let (model, _) = await started()
        let asked = ContinuousClock.now
        model.rowsInView(model.state.people.map(\.id))
        await eventually("the other 19", timeout: .seconds(20)) {
            model.state.people.filter { $0.avatarNumber != 3 }.allSatisfy(\.hasAvatar)
        }
        XCTAssertLessThan(asked.duration(to: .now), TestTime.scaled(.seconds(8)), "the silent avatar held up the others for its stall time at most")
        // Stored (the database's observation) and its failure gone (the downloader's outcome)
        // come by two roads: each is waited for.
        await eventually("the silent one, tried again", timeout: .seconds(20)) { model.state.storedAvatars == 20 }
        let silent = try XCTUnwrap(model.state.people.first { $0.avatarNumber == 3 })
        await eventually("its failure gone", timeout: .seconds(5)) { model.state.failures[silent.id] == nil }
        XCTAssertEqual(avatarPaths.filter { $0 == avatarPath(3) }.count, 2, "asked once more")
        XCTAssertNil(model.state.failures[silent.id])
    }

    @MainActor
    func testAFailedAvatarSaysWhyAndCanBeAskedAgain() async throws {
        let port = server.port
        await server.stop()
        let (model, _) = await started()
        let first = model.state.people[0]
        model.rowsInView([first.id])
        await eventually("the failure", timeout: .seconds(10)) { model.state.failures[first.id] != nil }
        guard case .failed(let reason) = model.state.avatarState(of: model.state.people[0]) else { return XCTFail() }
        XCTAssertTrue(reason.contains("could not be reached"), reason)
        server = try await TestServer.start { $0.port = port }
        model.rowsInView([first.id])
        try await Task.sleep(for: .milliseconds(100)) // room for a wrong retry; none may come
        XCTAssertEqual(avatarPaths, [], "a row that stays in view is not asked for again by itself")
        model.rowsInView([])
        model.rowsInView([first.id])
        await eventually("the avatar, asked again as the row came back into view", timeout: .seconds(10)) { model.state.people[0].hasAvatar }
    }
}
