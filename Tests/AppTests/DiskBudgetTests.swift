@testable import App
import Domain
import Foundation
import ImagePipeline
import Persistence
import Scheduling
import XCTest

/// One limit for a chat of many saved pages and a feed of distinct pictures: together at or under it.
final class DiskBudgetTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-budget-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testSavedPagesAndPicturesStayUnderTheLimitTogether() async throws {
        let database = LazyDatabase(url: folder.appendingPathComponent("tessera.sqlite"))
        let pages = (1...20_000).map { ChatMessage(origin: .server(number: $0), text: "Page after page of the chat, message \($0)") }
        try await SavedChatStore(database: database).replaceAll(with: pages, nextOffset: pages.count, reachedBeginning: true)
        let pictures = DiskCache(folder: folder.appendingPathComponent("images"), capacity: 1 << 30)
        let limit = 10
        let budget = await DiskBudget(megabytes: limit, databaseUse: { (try? await DatabaseDiskUse.read(database)) ?? [:] })
        await budget.attach(pictures)
        let use = await budget.use()
        XCTAssertGreaterThan(use[.messages]?.cached ?? 0, 1_000_000, "the chat's saved pages count")
        let saved = use.values.reduce(0) { $0 + $1.cached }
        XCTAssertEqual(pictures.capacity, limit * AppSettings.megabyte - saved, "the pictures get what the saved pages leave")

        for index in 0..<300 {
            pictures.store(Data(repeating: UInt8(index % 256), count: 50_000), for: "https://example.org/\(index).jpg", account: "feed", keep: true)
        }
        XCTAssertLessThanOrEqual(pictures.totalSize + saved, limit * AppSettings.megabyte, "15 MB of pictures kept under the 10 MB limit with the chat")
        let after = await budget.use()
        XCTAssertGreaterThan(after[.feed]?.cached ?? 0, 0)
        XCTAssertLessThanOrEqual(after.values.reduce(0) { $0 + $1.cached }, limit * AppSettings.megabyte)
    }

    /// The saved pages hear their share of every limit set: three quarters, the pictures keeping the rest.
    func testTheSavedPagesHearTheirShareOfTheLimit() async throws {
        let heard = Mutex<[Int]>([])
        let budget = await DiskBudget(megabytes: 1000, databaseUse: { [:] }, limitSavedPages: { bytes in heard.withLock { $0.append(bytes) } })
        await budget.setCap(megabytes: 100)
        XCTAssertEqual(heard.withLock { $0 }, [750 * AppSettings.megabyte, 75 * AppSettings.megabyte])
    }
}
