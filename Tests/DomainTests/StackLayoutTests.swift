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

    /// Items let go above and below the view leave their rows empty: every item held stays where
    /// it was, the whole keeps its height, and bands over the empty rows hold no item.
    func testRowsLetGoStayEmptyInTheirPlaces() {
        var stack = layout(count: 10, viewHeight: 100)
        for index in 0..<10 { stack.setMeasuredHeight(Double(20 + index), at: index) }
        let before = (0..<10).map { stack.frame(at: $0) }, height = stack.contentHeight
        // Rows 0-2 let go above, 6-7 below; 8 and 9 (the user's own) stay under them.
        stack.setEmpty(above: 3, below: 2, before: 3)
        stack.prepare(width: 500, count: 5, viewHeight: 100)
        XCTAssertEqual(stack.count, 5)
        XCTAssertEqual(stack.rowCount, 10)
        XCTAssertEqual((0..<5).map { stack.frame(at: $0) }, [3, 4, 5, 8, 9].map { before[$0] })
        XCTAssertEqual(stack.contentHeight, height)
        XCTAssertEqual(stack.emptyBefore, 3)
        XCTAssertEqual(stack.emptyAfter, 0, "the user's own rows are after the empty ones")
        XCTAssertEqual(stack.indices(from: before[0].y, to: before[2].y + before[2].height), 0..<0, "only empty rows above")
        XCTAssertEqual(stack.indices(from: before[6].y, to: before[7].y + 1), 3..<3, "only empty rows below")
        XCTAssertEqual(stack.indices(from: before[5].y, to: before[8].y + 1), 2..<4, "across the empty rows")
        XCTAssertEqual(stack.rows(from: before[6].y, to: before[7].y + 1), 6..<8)
        // A row measured again, an own message added and one removed: the empty rows stay put.
        stack.setMeasuredHeight(50, at: 1)
        stack.prepare(width: 500, count: 6, viewHeight: 100)
        XCTAssertEqual(stack.frame(at: 5).y, before[9].y + before[9].height + 50 - 24)
        XCTAssertEqual(stack.frame(at: 3).y, before[8].y + 50 - 24)
        stack.remove(1, at: 3)
        XCTAssertEqual(stack.frame(at: 3).y, before[8].y + 50 - 24, "the row under the removed one took its place")
        XCTAssertEqual(stack.rowFrame(7).y, before[7].y + 50 - 24)
        // Pages on top while the top is let go are empty rows too; the held ones move down by them.
        stack.insertEmptyOnTop(2)
        XCTAssertEqual(stack.emptyBefore, 5)
        XCTAssertEqual(stack.frame(at: 0).y, before[3].y + 2 * 62)
        // Everything held again: every row with the height it had.
        stack.setEmpty(above: 0, below: 0, before: 0)
        stack.prepare(width: 500, count: 11, viewHeight: 100)
        XCTAssertEqual((0..<11).map { stack.frame(at: $0).height }, [62, 62, 20, 21, 22, 23, 50, 25, 26, 27, 29])
        // Without items below the empty rows, they are after the last.
        stack.setEmpty(above: 0, below: 3, before: 8)
        XCTAssertEqual(stack.emptyAfter, 3)
        stack.removeAll()
        XCTAssertEqual(stack.rowCount, 0)
        XCTAssertEqual(stack.emptyBefore, 0)
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
