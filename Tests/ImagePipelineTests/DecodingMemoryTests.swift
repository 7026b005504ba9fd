import Foundation
@testable import ImagePipeline
@testable import PictureDecoding
import Scheduling
import TestSupport
import XCTest

/// What decodes hold while they run: read from the header, and capped across the decoding threads.
final class DecodingMemoryTests: XCTestCase {
    private func media(_ name: String) throws -> Data {
        try Data(contentsOf: TestServer.dataDirectory.appendingPathComponent("media/\(name)"))
    }

    func testTheHeaderSaysWhatADecodeHolds() throws {
        let ladybird = try XCTUnwrap(ImageHeader(media("ladybird-2560x1600.jpg")))
        XCTAssertTrue(ladybird.isProgressive)
        XCTAssertEqual(ladybird.workingBytes, 2560 * 1600 * 3 * 2, "every coefficient of a progressive JPEG, at any scale")
        let garden = try XCTUnwrap(ImageHeader(media("garden-1600x1200.jpg")))
        XCTAssertFalse(garden.isProgressive)
        XCTAssertLessThan(garden.workingBytes, 1 << 20, "a baseline JPEG decodes a band at a time")
        let butterfly = try XCTUnwrap(ImageHeader(media("butterfly-600x400.png")))
        XCTAssertEqual(butterfly.workingBytes, 600 * 400 * 4, "a PNG decodes at full size before scaling")
    }

    func testADecodeThatDoesNotFitWaitsForTheOneRunningAndOneAloneAlwaysRuns() throws {
        let memory = DecodingMemory(budget: 100)
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let events = Mutex<[String]>([])
        let first = Thread {
            memory.withReservation(80) {
                events.withLock { $0.append("first in") }
                holding.signal()
                release.wait()
                events.withLock { $0.append("first out") }
            }
        }
        first.start()
        holding.wait()
        let secondDone = DispatchSemaphore(value: 0)
        let second = Thread {
            memory.withReservation(50) { events.withLock { $0.append("second in") } }
            secondDone.signal()
        }
        second.start()
        XCTAssertTrue(waitUntil { memory.waitingCount == 1 }, "the second decode waits: 80 + 50 is over 100")
        XCTAssertEqual(events.withLock { $0 }, ["first in"])
        release.signal()
        XCTAssertEqual(secondDone.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(events.withLock { $0 }, ["first in", "first out", "second in"])
        // Over the whole budget on its own: it runs, nothing else being there.
        XCTAssertEqual(memory.withReservation(500) { 1 }, 1)
        // Small ones run side by side.
        memory.withReservation(40) { memory.withReservation(40) { events.withLock { $0.append("both") } } }
        XCTAssertEqual(events.withLock { $0.last }, "both")
    }

    /// Asks `condition` every few milliseconds for at most ten seconds.
    private func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if condition() { return true }
            usleep(2_000)
        }
        return false
    }
}
