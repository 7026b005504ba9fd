import Domain
import FixtureServer
import Foundation
import Networking
import Repositories
import TestSupport
import XCTest

/// The chat's repository against a real tessera-server: pages by offset, and every way the
/// server fails on purpose arrives as a typed error in words, never a crash or a wrong page.
final class MessagesRepositoryTests: XCTestCase {
    private var server: TestServer?

    override func tearDown() async throws {
        await server?.stop()
    }

    private func repository(_ configure: @escaping @Sendable (inout FixtureServer.Configuration) -> Void) async throws -> LiveMessagesRepository {
        let started = try await TestServer.start(configure)
        server = started
        let backend = Backend(base: started.base)
        return LiveMessagesRepository(client: CurlHTTPClient(), timeout: .milliseconds(500)) { backend }
    }

    func testPagesByOffsetUntilAnEmptyOne() async throws {
        let repository = try await repository { $0.messageCount = 45 }
        let newest = try await repository.page(at: 0)
        XCTAssertEqual(newest.count, 20)
        XCTAssertTrue(newest[0].hasSuffix("(1)"), newest[0])
        let older = try await repository.page(at: 40)
        XCTAssertEqual(older.count, 5)
        XCTAssertTrue(older[0].hasSuffix("(41)"), older[0])
        let none = try await repository.page(at: 45)
        XCTAssertEqual(none, [])
    }

    func testEveryFailureIsATypedErrorInWords() async throws {
        let repository = try await repository { $0.failRate = 1; $0.seed = 3; $0.slowResponseSeconds = 1 }
        var kinds = Set<String>()
        for _ in 0..<24 {
            do {
                _ = try await repository.page(at: 0)
                XCTFail("a page came while every answer fails")
            } catch {
                XCTAssertFalse(error.description.isEmpty)
                XCTAssertFalse(error.description.contains("<html>"), "no raw body in the words")
                kinds.insert(String(describing: error).components(separatedBy: "(").first ?? "")
            }
        }
        XCTAssertGreaterThanOrEqual(kinds.count, 3, "several kinds of failure came through: \(kinds)")
    }

    /// The newest page is asked with the validators it came with: unchanged, the server answers
    /// 304 and no page comes; once a message arrives, the new page and a new version come.
    func testTheNewestPageIsAskedConditionally() async throws {
        let repository = try await repository { $0.messageCount = 45 }
        guard case .page(let first, let version) = try await repository.newestPage(since: nil) else {
            return XCTFail("the first ask has nothing to compare with: a page")
        }
        XCTAssertEqual(first.count, 20)
        let again = try await repository.newestPage(since: version)
        XCTAssertEqual(again, .unchanged)
        server?.server.messagesArrive(1)
        guard case .page(let moved, let newer) = try await repository.newestPage(since: version) else {
            return XCTFail("a message came: a page")
        }
        XCTAssertEqual(moved.first, "A new message (1)")
        XCTAssertNotEqual(newer, version)
        let stale = try await repository.newestPage(since: newer)
        XCTAssertEqual(stale, .unchanged)
    }
}
