import Features
import XCTest

/// The sections' own tries while their server cannot be reached, and the system's network.
@MainActor
final class OfflineRetryTests: XCTestCase {
    /// With no network (GIO says so) no try is scheduled: one every few minutes would only be
    /// refused; back, the tries are scheduled again (and the section asks at once).
    func testNoTryIsScheduledWhileThereIsNoNetwork() async throws {
        let retry = OfflineRetry(delays: [.milliseconds(20)])
        var tries = 0
        func fail() -> Bool {
            retry.afterFailure(unreachable: true, showsContent: true, stillWaiting: { true }, again: { tries += 1 })
        }
        XCTAssertTrue(fail(), "offline")
        XCTAssertTrue(retry.isWaiting)
        retry.networkChanged(available: false)
        XCTAssertFalse(retry.isWaiting, "the wait under way dropped")
        XCTAssertTrue(fail(), "still offline")
        XCTAssertFalse(retry.isWaiting, "no try while there is no network")
        XCTAssertTrue(retry.awaitsNetwork)

        retry.networkChanged(available: true)
        XCTAssertTrue(fail())
        XCTAssertTrue(retry.isWaiting)
        let deadline = ContinuousClock.now + .seconds(5)
        while tries == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        XCTAssertEqual(tries, 1, "the try came once the network was back")
        XCTAssertFalse(retry.isWaiting)
        XCTAssertFalse(retry.awaitsNetwork)
    }
}
