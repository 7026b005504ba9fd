import Domain
import XCTest

final class WaterfallLayoutTests: XCTestCase {
    /// Cards of pictures with known sizes and measured texts: four portraits, landscapes and
    /// squares, and a text card every seventh.
    private func cards(_ count: Int) -> [WaterfallLayout.Card] {
        (0..<count).map { $0 % 7 == 4 ? .text : .picture(aspect: [0.5, 1.0, 4.0 / 3.0, 2.5][$0 % 4]) }
    }

    private func laidOut(_ cards: [WaterfallLayout.Card], width: Double, textHeight: Double = 90) -> WaterfallLayout {
        var layout = WaterfallLayout()
        layout.setCards(cards)
        layout.prepare(width: width, count: cards.count, viewHeight: 700)
        for index in 0..<cards.count where layout.needsMeasuring(at: index) {
            layout.setMeasuredHeight(textHeight, at: index)
        }
        return layout
    }

    func testFramesAreTheCardLayoutsWaterfall() {
        let cards = cards(60)
        let layout = laidOut(cards, width: 900)
        let columns = CardLayout(width: 900)
        let heights = cards.map { card -> Double in
            if case .picture(let aspect) = card { return columns.imageHeight(aspect: aspect!) }
            return 90
        }
        let expected = columns.frames(heights: heights)
        let moved = (0..<60).filter { layout.frame(at: $0) != expected[$0] }
        XCTAssertEqual(moved, [], "cards standing elsewhere than CardLayout puts them")
        XCTAssertEqual(layout.contentHeight, columns.contentHeight(expected))
        XCTAssertEqual(layout.itemsAcross, 3)
    }

    func testNoCardStartsAboveAnEarlierOneAndABandFindsEveryCardItMeets() {
        let layout = laidOut(cards(2_000), width: 1400)
        let frames = (0..<layout.count).map(layout.frame(at:))
        XCTAssertEqual(frames.map(\.y), frames.map(\.y).sorted(), "tops run down the feed")
        for top in stride(from: 0.0, to: layout.contentHeight, by: 977) {
            let bottom = top + 760
            let range = layout.indices(from: top, to: bottom)
            let meeting = frames.indices.filter { frames[$0].y < bottom && frames[$0].y + frames[$0].height > top }
            XCTAssertFalse(meeting.isEmpty)
            XCTAssertTrue(meeting.allSatisfy(range.contains), "every card the band at \(top) meets is in \(range)")
            XCTAssertLessThan(range.count, meeting.count + 2 * layout.itemsAcross, "and little more")
        }
        XCTAssertEqual(layout.indices(from: layout.contentHeight, to: layout.contentHeight + 500).count, 0)
    }

    func testAPicturesSizeLearnedLaterPlacesTheCardsAfterItAsAFreshLayoutWould() {
        let known = cards(500)
        var unknown = known
        for index in stride(from: 100, to: 500, by: 3) where known[index] != .text { unknown[index] = .picture(aspect: nil) }
        var layout = laidOut(unknown, width: 1100)
        let placeholder = layout.frame(at: 103)
        XCTAssertEqual(placeholder.height, CardLayout(width: 1100).imageHeight(aspect: CardLayout.placeholderAspect),
                       "4:3 until the picture's size is known")
        let learned = stride(from: 100, to: 500, by: 3).compactMap { index -> (index: Int, aspect: Double)? in
            if case .picture(let aspect?) = known[index] { return (index, aspect) }
            return nil
        }
        XCTAssertTrue(layout.setAspects(learned))
        XCTAssertFalse(layout.setAspects(learned), "the same sizes again move nothing")
        let fresh = laidOut(known, width: 1100)
        let moved = (0..<500).filter { layout.frame(at: $0) != fresh.frame(at: $0) }
        XCTAssertEqual(moved, [], "cards standing elsewhere than a fresh layout puts them")
        XCTAssertEqual(layout.contentHeight, fresh.contentHeight)
    }

    func testTextCardsAreMeasuredAtEachColumnWidthAndPicturesNever() {
        var layout = WaterfallLayout(estimatedTextHeight: 160)
        layout.setCards([.picture(aspect: 1), .text, .picture(aspect: nil)])
        layout.prepare(width: 900, count: 3, viewHeight: 700)
        XCTAssertEqual((0..<3).map(layout.needsMeasuring(at:)), [false, true, false])
        XCTAssertEqual(layout.frame(at: 1).height, 160, "estimated until measured")
        layout.setMeasuredHeight(70, at: 1)
        XCTAssertFalse(layout.needsMeasuring(at: 1))
        XCTAssertEqual(layout.frame(at: 1).height, 70)
        layout.prepare(width: 600, count: 3, viewHeight: 700)
        XCTAssertTrue(layout.needsMeasuring(at: 1), "a new column width, measured again")
        // A caption taller than a very wide picture: the card takes what its cell needs.
        layout.setMeasuredHeight(400, at: 0)
        XCTAssertEqual(layout.frame(at: 0).height, 400)
    }

    func testAHundredThousandCardsLayOutAndAnswerBands() {
        var layout = WaterfallLayout()
        layout.setCards(cards(100_000))
        layout.prepare(width: 1100, count: 100_000, viewHeight: 760)
        let middle = layout.contentHeight / 2
        let range = layout.indices(from: middle, to: middle + 760)
        XCTAssertGreaterThan(range.lowerBound, 40_000)
        XCTAssertLessThan(range.count, 40)
        XCTAssertEqual(layout.indices(from: 0, to: 760).lowerBound, 0)
    }
}
