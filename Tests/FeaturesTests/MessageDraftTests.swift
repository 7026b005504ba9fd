import Domain
import Features
import Foundation
import Networking
import Persistence
import Repositories
import TestSupport
import XCTest

/// The composer's draft through the view-model, on a real SQLite file: kept once the typing
/// rests, every script as typed, read back at the next start, cleared by sending, kept at once
/// when asked (the window closes).
final class MessageDraftTests: XCTestCase {
    private var server: TestServer!
    private var folder: URL!

    override func setUp() async throws {
        server = try await TestServer.start()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-drafts-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        await server?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    @MainActor
    private func model() -> (MessagesViewModel, DraftStore) {
        let base = server.base
        let database = LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        let drafts = DraftStore(database: database)
        let repository = LiveMessagesRepository(client: CurlHTTPClient()) { Backend(base: base) }
        return (MessagesViewModel(repository: repository, store: LocalMessageStore(database: database), drafts: drafts,
                                  draftDelay: .milliseconds(200)), drafts)
    }

    /// Waits for `condition` (checked every 10 ms) for at most five seconds.
    @MainActor
    private func eventually(_ condition: @MainActor () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    @MainActor
    func testTheDraftIsKeptOnceTheTypingRestsAndReadAtTheNextStart() async throws {
        let (model, drafts) = model()
        await model.start()
        XCTAssertNil(model.state.restoredDraft)
        // Key by key, as a person types: only the text at rest is written.
        for end in 1...12 { model.draftChanged(String("Привет, Zoë!".prefix(end))) }
        let kept = try await eventually { try await drafts.draft() == "Привет, Zoë!" }
        XCTAssertTrue(kept)

        let (again, _) = self.model()
        await again.start()
        XCTAssertEqual(again.state.restoredDraft, "Привет, Zoë!")
    }

    @MainActor
    func testSendingClearsTheDraftAndAClosingKeepsItAtOnce() async throws {
        let (model, drafts) = model()
        await model.start()
        model.draftChanged("On its way")
        await model.saveDraft()
        let kept = try await drafts.draft()
        XCTAssertEqual(kept, "On its way", "kept at once, without waiting for the rest")
        let sent = await model.send("On its way")
        XCTAssertTrue(sent)
        let left = try await drafts.draft()
        XCTAssertNil(left, "sent: no draft left")
        model.draftChanged("")
        let (again, _) = self.model()
        await again.start()
        XCTAssertNil(again.state.restoredDraft)
    }

    /// The chat made again (its service moved in Preferences) while a draft was still resting
    /// before its write: the new chat starts from that draft, not from the one before it.
    @MainActor
    func testAChatMadeAgainStartsFromTheDraftTheOldOneWasStillKeeping() async throws {
        let (old, _) = model()
        await old.start()
        old.draftChanged("Typed just before the move")
        let (new, _) = self.model()
        new.startsAfter(old)
        await new.start()
        XCTAssertEqual(new.state.restoredDraft, "Typed just before the move")
    }
}
