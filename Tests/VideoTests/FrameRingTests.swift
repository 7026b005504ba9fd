import CDescriptorPassing
import Foundation
import HelperWire
@testable import Video
import XCTest

/// The app maps a ring of frames only when the helper cannot shrink it under the mapping (reading
/// a frame there would then fault and end the app).
final class FrameRingTests: XCTestCase {
    private func memory(_ size: Int, sealingSize: Bool) -> Int32 {
        let descriptor = tessera_sealable_memory(size)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        if sealingSize { XCTAssertEqual(tessera_seal_size(descriptor), 0) }
        return descriptor
    }

    func testOnlyAMemoryFileWhoseSizeIsSealedAndLargeEnoughIsMapped() throws {
        XCTAssertNil(FrameRing(id: 1, slotSize: 4096, count: 4, descriptor: memory(4096 * 4, sealingSize: false)), "not sealed")
        XCTAssertNil(FrameRing(id: 1, slotSize: 4096, count: 4, descriptor: memory(4096 * 3, sealingSize: true)), "too small")
        let ring = try XCTUnwrap(FrameRing(id: 1, slotSize: 4096, count: 4, descriptor: memory(4096 * 4, sealingSize: true)))
        XCTAssertEqual(ring.slot(3, length: 4096)?.count, 4096)
        XCTAssertNil(ring.slot(4, length: 16), "no such slot")
        XCTAssertNil(ring.slot(0, length: 4097), "longer than a slot")
    }
}
