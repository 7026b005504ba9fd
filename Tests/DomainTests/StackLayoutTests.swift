@testable import Domain
import XCTest

/// The chat's layout: rows on top keep their measured heights, and every frame and band agrees with
/// heights summed the plain way, whatever mix of inserts, measures and removals came before.
final class StackLayoutTests: XCTestCase {
    private func layout(count: Int, width: Double = 500, viewHeight: Double = 600) -> StackLayout {
        var layout = StackLayout(headerHeight: 96, estimatedHeight: 62)
        layout.prepare(width: width, count: count, viewHeight: viewHeight)
        return layout
    }

    func testRowsPutOnTopKeepTheMeasuredHeightsBelowThem() {
        var stack = layout(count: 3)
        stack.setMeasuredHeight(100, at: 0)
        stack.setMeasuredHeight(40, at: 2)
        stack.insert(2, at: 0)
        stack.prepare(width: 500, count: 5, viewHeight: 600)
        XCTAssertEqual((0..<5).map { stack.frame(at: $0).height }, [62, 62, 100, 62, 40])
        XCTAssertEqual((0..<5).map { stack.needsMeasuring(at: $0) }, [true, true, false, true, false])
        XCTAssertEqual(stack.frame(at: 0).y, 96 + 600 - 96 - 326, "short content sits at the bottom of the view")
        XCTAssertEqual(stack.contentHeight, 600)
        stack.prepare(width: 400, count: 5, viewHeight: 600)
        XCTAssertTrue((0..<5).allSatisfy { stack.needsMeasuring(at: $0) }, "a new width measures every row again")
    }

    func testBandsAndFramesMatchPlainSumsAfterAnyMixOfChanges() {
        var generator = SplitMix(seed: 16)
        var stack = layout(count: 0)
        var plain: [Double] = []
        for step in 0..<3_000 {
            switch generator.next() % 10 {
            case 0...3:
                let count = Int(generator.next() % 20) + 1
                stack.insert(count, at: 0)
                plain.insert(contentsOf: repeatElement(62, count: count), at: 0)
            case 4:
                stack.insert(1, at: stack.count)
                plain.append(62)
            case 5 where !plain.isEmpty:
                let index = Int(generator.next() % UInt64(plain.count))
                stack.remove(1, at: index)
                plain.remove(at: index)
            case 6 where plain.count > 2:
                let index = Int(generator.next() % UInt64(plain.count - 1)) + 1
                stack.insert(1, at: index)
                plain.insert(62, at: index)
            default:
                guard !plain.isEmpty else { continue }
                let index = Int(generator.next() % UInt64(plain.count)), height = Double(generator.next() % 300 + 20)
                stack.setMeasuredHeight(height, at: index)
                plain[index] = height
            }
            stack.prepare(width: 500, count: plain.count, viewHeight: 600)
            guard step % 50 == 0 || step == 2_999, !plain.isEmpty else { continue }
            let total = plain.reduce(0, +), first = max(96, 600 - total)
            XCTAssertEqual(stack.contentHeight, first + total, "step \(step)")
            var top = first
            for index in plain.indices {
                let frame = stack.frame(at: index)
                guard frame.y == top, frame.height == plain[index] else {
                    return XCTFail("step \(step): row \(index) at \(frame.y), \(frame.height) high; expected \(top), \(plain[index])")
                }
                top += plain[index]
            }
            let from = Double(generator.next() % UInt64(max(1, Int(stack.contentHeight)))), to = from + 600
            var tops: [Double] = [], y = first
            for height in plain { tops.append(y); y += height }
            let expected = plain.indices.filter { tops[$0] + plain[$0] > from && tops[$0] < to }
            let band = stack.indices(from: from, to: to)
            XCTAssertEqual(band.first, expected.first, "step \(step)")
            XCTAssertEqual(band.count, expected.count, "step \(step)")
        }
    }
}

/// A small seeded generator, so that a failure repeats.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
