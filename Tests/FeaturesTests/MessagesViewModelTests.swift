import Domain
import Features
import Foundation
import Localization
import Networking
import Persistence
import Repositories
import TestSupport
import Synchronization
import XCTest

/// The chat view-model against a real tessera-server that fails half its answers, with a real
/// SQLite file for local messages.
final class MessagesViewModelTests: XCTestCase {
    private var server: TestServer!
    private var folder: URL!

    override func setUp() async throws {
        server = try await TestServer.start {
            $0.failRate = 0.5
            $0.seed = 7
            $0.messageCount = 130
            $0.slowResponseSeconds = 1
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-messages-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        await server?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    @MainActor
    private func model() -> (MessagesViewModel, LocalMessageStore) {
        let base = server.base
        let store = LocalMessageStore(database: LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite")))
        let repository = LiveMessagesRepository(client: CurlHTTPClient(), timeout: .milliseconds(400)) { Backend(base: base) }
        return (MessagesViewModel(repository: repository, store: store), store)
    }

    /// A chat on `base` whose local messages and saved pages are in `file`.
    @MainActor
    private func savingModel(_ base: URL, file: URL, timeout: Duration = .milliseconds(400),
                             savedShown: Int = MessagesViewModel.standardSavedShown) -> MessagesViewModel {
        MessagesViewModel(repository: LiveMessagesRepository(client: CurlHTTPClient(), timeout: timeout) { Backend(base: base) },
                          store: LocalMessageStore(database: LazyDatabase(url: file)),
                          saved: SavedChatStore(database: LazyDatabase(url: file)), savedShown: savedShown)
    }

    /// The offsets the client asked for, in order.
    private var askedOffsets: [Int] {
        server.requestedPaths.compactMap { target in
            guard target.hasPrefix("/getMessages?offset=") else { return nil }
            return Int(target.dropFirst("/getMessages?offset=".count))
        }
    }

    private func numbers(_ state: MessagesViewModel.State) -> [Int] {
        state.visible.compactMap { if case .server(let number) = $0.origin { number } else { nil } }
    }

    @MainActor
    func testPagingWithRetriesLoadsTheWholeHistoryInOrder() async throws {
        let (model, store) = model()
        _ = try await store.add("sent before the launch")
        var failures: [String] = []
        var changes: [MessagesViewModel.Change] = []
        model.onChange = { state, change in
            if let change { changes.append(change) }
            if case .failed(let why) = state.paging { failures.append(why) }
        }
        await model.start()
        XCTAssertEqual(changes.first, .reloaded)
        XCTAssertTrue(model.state.localLoaded)
        var steps = 0
        while model.state.paging != .ended {
            steps += 1
            guard steps < 200 else { return XCTFail("paging never ended: \(model.state.paging)") }
            switch model.state.paging {
            case .failed: await model.retry()
            default: await model.loadOlder()
            }
            // Deleting on the way changes neither numbering nor offsets.
            if steps == 3, let first = model.state.visible.first { await model.delete(first.origin) }
        }
        XCTAssertFalse(failures.isEmpty, "with a fail rate of 0.5 some pages failed and were retried")
        let shown = numbers(model.state)
        let hidden = model.state.timeline.hidden
        XCTAssertEqual(hidden.count, 1)
        XCTAssertEqual(shown, (1...130).reversed().filter { !hidden.contains($0) }, "1…130 bottom-up, no gaps, no duplicates")
        XCTAssertEqual(model.state.visible.last?.text, "sent before the launch", "local messages stay at the bottom")
        XCTAssertEqual(model.state.visible.first?.text.hasSuffix("(130)"), true)
        XCTAssertEqual(model.state.timeline.nextOffset, 130)
        let asked = askedOffsets
        XCTAssertEqual(asked, asked.sorted(), "offsets only go up; a retry asks the same one")
        XCTAssertEqual(Set(asked), Set(stride(from: 0, through: 120, by: 20)), "hidden and local messages never move the offsets")
        XCTAssertGreaterThan(asked.count, Set(asked).count, "some offsets were asked again after a failure")
    }

    @MainActor
    func testEveryFailureKindBecomesAPlaceholderWithRetry() async throws {
        await server.stop()
        server = try await TestServer.start { $0.failRate = 1; $0.seed = 3; $0.slowResponseSeconds = 1 }
        let (model, _) = model()
        await model.start()
        var reasons: Set<String> = []
        for _ in 0..<40 {
            guard case .failed(let reason) = model.state.paging else { return XCTFail("\(model.state.paging)") }
            XCTAssertTrue(model.state.firstPageFailed)
            reasons.insert(reason)
            await model.retry()
        }
        let expected = [
            HTTPError.status(500).description, MessagesError.notJSON.description,
            MessagesError.server("Service temporarily unavailable").description, MessagesError.emptyBody.description,
            HTTPError.timeout.description,
        ]
        for reason in expected { XCTAssertTrue(reasons.contains(reason), "\(reason) not among \(reasons)") }
        XCTAssertTrue(reasons.contains { $0.hasPrefix("The connection was lost") }, "\(reasons)")
        XCTAssertEqual(model.state.timeline.nextOffset, 0)
        XCTAssertEqual(Set(askedOffsets), [0], "every retry asked the same offset")
    }

    /// A failed ask for new messages is not repeated until the offline retry's delay has passed; an answer then
    /// clears the wait.
    @MainActor
    func testAFailedAskForNewMessagesWaitsBeforeTheNext() async throws {
        await server.stop()
        server = try await TestServer.start { $0.messageCount = 45 }
        let failing = try await TestServer.start { $0.failRate = 1; $0.seed = 3 }
        defer { Task { await failing.stop() } }
        let base = Mutex(server.base)
        let delay = Duration.seconds(2)
        let model = MessagesViewModel(repository: LiveMessagesRepository(client: CurlHTTPClient(), timeout: .milliseconds(400)) {
            Backend(base: base.withLock { $0 })
        }, store: LocalMessageStore(database: LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))),
           offlineRetryDelays: [delay])
        await model.start()
        XCTAssertEqual(model.state.timeline.nextOffset, 20)
        base.withLock { $0 = failing.base }
        func asked() -> Int { failing.requestedPaths.filter { $0.hasPrefix("/getMessages") }.count }
        let started = ContinuousClock.now
        await model.askNewest()
        XCTAssertEqual(asked(), 1, "asked, and it failed")
        await model.askNewest()
        await model.askNewest()
        if ContinuousClock.now - started < delay { XCTAssertEqual(asked(), 1, "not again within the delay") }
        base.withLock { $0 = server.base }
        server.server.messagesArrive(1)
        await eventually("asked again once the delay passed", timeout: .seconds(5)) {
            await model.askNewest()
            return model.state.unread == 1
        }
        await model.askNewest()
        XCTAssertEqual(model.state.unread, 1)
    }

    @MainActor
    func testSentMessagesAreStoredAndDeletedFromTheDatabase() async throws {
        await server.stop()
        server = try await TestServer.start { $0.messageCount = 30 }
        let (model, store) = model()
        await model.start()
        let blank = await model.send("   ")
        XCTAssertFalse(blank, "blank text is not sent")
        let sent = await model.send("  Hello there  ")
        XCTAssertTrue(sent)
        XCTAssertEqual(model.state.visible.last?.text, "Hello there")
        XCTAssertEqual(model.state.visible.last?.accessibleName, "Your message: Hello there")
        var stored = try await store.all()
        XCTAssertEqual(stored.map(\.text), ["Hello there"])
        XCTAssertEqual(model.state.timeline.nextOffset, 20, "a local message does not move the offset")
        await model.delete(stored[0].origin)
        stored = try await store.all()
        XCTAssertEqual(stored, [])
        XCTAssertEqual(model.state.visible.count, 20)
    }

    /// A picture's message may lose its caption (a text's may not); deleting it deletes the kept copy. What the
    /// measure cannot read is refused, and its copy goes with it.
    @MainActor
    func testAPictureMessageKeepsItsPictureThroughEditsAndTakesItsCopyWhenDeleted() async throws {
        await server.stop()
        server = try await TestServer.start { $0.messageCount = 30 }
        let base = server.base
        let store = LocalMessageStore(database: LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite")))
        let kept = KeptPictureFiles(folder: folder.appendingPathComponent("chat-pictures"))
        let intake = PictureIntake(folder: kept) { url in url.pathExtension == "png" ? (60, 40) : nil }
        let model = MessagesViewModel(repository: LiveMessagesRepository(client: CurlHTTPClient(), timeout: .milliseconds(400)) { Backend(base: base) },
                                      store: store, pictureIntake: intake)
        await model.start()
        let png = try Data(contentsOf: TestServer.picturesDirectory.appendingPathComponent("quarters.png"))
        guard case .success(let picture) = await intake.take(.bytes(png)) else { return XCTFail("a PNG is taken") }
        let sent = await model.send("  Our quarters ", picture: picture)
        XCTAssertTrue(sent)
        let message = try XCTUnwrap(model.state.visible.last)
        XCTAssertEqual(message.accessibleName, "Your picture: Our quarters")
        XCTAssertTrue(FileManager.default.fileExists(atPath: picture.url.path))

        let emptied = await model.edit(message.origin, to: "  ")
        XCTAssertTrue(emptied, "a picture needs no caption")
        let edited = try await store.all().last
        XCTAssertEqual(edited?.text, "")
        XCTAssertEqual(edited?.picture, picture, "the picture stays through the edit")
        XCTAssertEqual(model.state.visible.last?.accessibleName, "Your picture")
        _ = await model.send("Words")
        let words = try XCTUnwrap(model.state.visible.last)
        let wordsEmptied = await model.edit(words.origin, to: "")
        XCTAssertFalse(wordsEmptied, "a text message cannot be emptied")

        await model.delete(message.origin)
        XCTAssertFalse(FileManager.default.fileExists(atPath: picture.url.path), "its copy deleted with it")
        let left = try await store.all()
        XCTAssertEqual(left.map(\.text), ["Words"])

        // Bytes the measure cannot read (a GIF here) are refused, and their copy is not kept.
        let gif = try Data(contentsOf: TestServer.picturesDirectory.appendingPathComponent("animated.gif"))
        guard case .failure(let refusal) = await intake.take(.bytes(gif)) else { return XCTFail("refused") }
        XCTAssertEqual(refusal.description, "“The picture” is not a picture Tessera can show.")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: kept.folder.path), [])
    }

    /// The server's pages are saved as they arrive; at the next launch, with the backend gone,
    /// the chat shows them with the local messages, numbered as before, and asks for the next
    /// older page from where they end.
    @MainActor
    func testSavedPagesShowAtTheNextLaunchWithoutTheBackend() async throws {
        await server.stop()
        server = try await TestServer.start { $0.messageCount = 130 }
        let file = folder.appendingPathComponent("tessera.sqlite")
        func make(_ base: URL) -> MessagesViewModel { savingModel(base, file: file) }
        let first = make(server.base)
        await first.start()
        await first.loadOlder()
        await first.loadOlder()
        _ = await first.send("Sent before the tunnel")
        XCTAssertEqual(first.state.timeline.nextOffset, 60)
        let shown = first.state.visible.map(\.accessibleName)
        let port = server.port
        await server.stop()

        let second = make(URL(string: "http://127.0.0.1:\(port)/")!)
        var firstRender: [String]?
        second.onChange = { state, _ in if firstRender == nil, state.localLoaded { firstRender = state.visible.map(\.accessibleName) } }
        await second.start()
        XCTAssertEqual(firstRender, shown, "the saved pages and the local message show before the network answers")
        XCTAssertEqual(second.state.visible.map(\.accessibleName), shown, "nothing is lost when the page after them fails")
        XCTAssertEqual(second.state.timeline.nextOffset, 60, "the next older page is asked where the saved ones end")
        guard case .failed = second.state.paging else { return XCTFail("expected the older page to fail, got \(second.state.paging)") }
        XCTAssertFalse(second.state.firstPageFailed, "no section-wide error while saved messages show")
    }

    /// The network going (as GIO tells it) shows the server's messages offline at once, with
    /// nothing asked; its coming back with nothing failed meanwhile is online again without a
    /// request (no older page the person did not scroll to).
    @MainActor
    func testTheNetworkGoingShowsOfflineAtOnceAndBackIsOnlineWithoutARequest() async throws {
        await server.stop()
        server = try await TestServer.start { $0.messageCount = 130 }
        let (model, _) = model()
        await model.start()
        let received = try XCTUnwrap(model.state.receivedAt)
        let shown = model.state.visible.map(\.accessibleName)
        let asked = askedOffsets
        model.networkChanged(available: false)
        XCTAssertTrue(model.state.isOffline, "offline at once")
        XCTAssertEqual(model.state.receivedAt, received)
        model.networkChanged(available: true)
        XCTAssertFalse(model.state.isOffline, "back: online again")
        XCTAssertEqual(model.state.visible.map(\.accessibleName), shown)
        XCTAssertEqual(askedOffsets, asked, "nothing asked")
    }

    /// A long history: the chat lets go of the server's messages away from the view and reads them
    /// back from the saved pages as they are needed, each in its row and order; a page that comes
    /// while the top is let go is saved and comes back like the rest; a message found far away is
    /// read back with those around it. Without saved pages nothing is let go.
    @MainActor
    func testMessagesLetGoComeBackFromTheSavedPagesInTheirPlaces() async throws {
        await server.stop()
        server = try await TestServer.start { $0.messageCount = 300 }
        let file = folder.appendingPathComponent("tessera.sqlite")
        let base = server.base
        let model = savingModel(base, file: file, timeout: .seconds(5))
        var changes: [MessagesViewModel.Change] = []
        model.onChange = { _, change in if let change { changes.append(change) } }
        await model.start()
        while model.state.timeline.nextOffset < 200 { await model.loadOlder() }
        _ = await model.send("mine")
        await model.delete(.server(number: 150))
        let whole = model.state.visible.map(\.accessibleName)
        XCTAssertEqual(whole.count, 200, "199 of the server's and one of mine")
        let timeline = { model.state.timeline }

        // Rows 50-119 held (numbers 150... down): the rest let go, mine stays below.
        await model.hold(rows: 50..<120)
        XCTAssertEqual(changes.last, .held)
        XCTAssertEqual(timeline().releasedAbove, 50)
        XCTAssertEqual(timeline().releasedBelow, 199 - 120)
        XCTAssertEqual(model.state.visible.map(\.accessibleName), Array(whole[50..<120]) + [whole.last!])

        // Further down, then a jump to the newest: read back from the saved pages, in order.
        await model.hold(rows: 100..<180)
        XCTAssertEqual(model.state.visible.map(\.accessibleName), Array(whole[100..<180]) + [whole.last!])
        await model.hold(rows: 190..<199)
        XCTAssertEqual(model.state.visible.map(\.accessibleName), Array(whole[190..<199]) + [whole.last!])
        XCTAssertEqual(timeline().releasedBelow, 0)

        // A page while the top is let go: its rows go on top, empty; it comes back like the rest.
        await model.loadOlder()
        XCTAssertEqual(changes.last, .prependedLetGo(20))
        XCTAssertEqual(timeline().nextOffset, 220)
        XCTAssertEqual(timeline().releasedAbove, 210)
        XCTAssertEqual(model.state.visible.map(\.accessibleName), Array(whole[190..<199]) + [whole.last!], "nothing shown changed")
        await model.hold(rows: 0..<40)
        let top = model.state.visible.map(\.accessibleName)
        XCTAssertEqual(top.first, tr("Message {number}: {text}", ["number": "220", "text": model.state.visible.first!.preview]))
        XCTAssertEqual(Array(top[20..<40]), Array(whole[0..<20]), "the rows under the new page are the old top")
        XCTAssertEqual(timeline().releasedBelow, 219 - 40)

        // A message far below, found by a search: read back with those around it.
        let revealed = await model.reveal(.server(number: 3))
        XCTAssertTrue(revealed)
        XCTAssertTrue(model.state.visible.contains { $0.origin == .server(number: 3) })
        let hiddenRevealed = await model.reveal(.server(number: 150))
        XCTAssertFalse(hiddenRevealed, "the hidden one is not shown")

        // Without saved pages, nothing is let go.
        let unsaved = MessagesViewModel(repository: LiveMessagesRepository(client: CurlHTTPClient(), timeout: .seconds(5)) { Backend(base: base) },
                                        store: LocalMessageStore(database: LazyDatabase(url: folder.appendingPathComponent("other.sqlite"))))
        await unsaved.start()
        await unsaved.loadOlder()
        await unsaved.hold(rows: 0..<5)
        XCTAssertEqual(unsaved.state.visible.count, 40)
        XCTAssertEqual(unsaved.state.timeline.releasedBelow, 0)
    }

    /// A launch reads only the newest saved messages; the older ones saved are let go above them
    /// and read back as the view comes near, even without the backend.
    @MainActor
    func testALaunchReadsTheNewestSavedAndTheRestComeBackWithoutTheBackend() async throws {
        await server.stop()
        server = try await TestServer.start { $0.messageCount = 300 }
        let file = folder.appendingPathComponent("tessera.sqlite")
        let first = savingModel(server.base, file: file)
        await first.start()
        while first.state.timeline.nextOffset < 200 { await first.loadOlder() }
        let whole = first.state.visible.map(\.accessibleName)
        let port = server.port
        await server.stop()

        let second = savingModel(URL(string: "http://127.0.0.1:\(port)/")!, file: file, savedShown: 60)
        await second.start()
        XCTAssertEqual(second.state.visible.map(\.accessibleName), Array(whole.suffix(60)), "the newest 60 read")
        XCTAssertEqual(second.state.timeline.releasedAbove, 140)
        XCTAssertEqual(second.state.timeline.nextOffset, 200)
        await second.hold(rows: 0..<50)
        XCTAssertEqual(second.state.visible.map(\.accessibleName), whole, "the older ones read back; none let go before the newest page confirms them")
    }
}
