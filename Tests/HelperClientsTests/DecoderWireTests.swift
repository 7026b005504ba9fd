import HelperWire
import XCTest

/// The decoder's answer lines read back as the helper wrote them.
final class DecoderWireTests: XCTestCase {
    private func readBack(_ pixels: DecoderWire.Pixels) -> DecoderWire.Answer? {
        DecoderWire.Answer(line: String(pixels.line(for: 7).dropLast()))
    }

    func testAProfilesNameIsOneLineOfSingleSpacedWords() {
        let pixels = DecoderWire.Pixels(width: 4, height: 2, rowstride: 16, channels: 4, delays: [], colourProfile: " Display\tP3\n  (2) ")
        XCTAssertEqual(pixels.colourProfile, "Display P3 (2)")
        XCTAssertEqual(readBack(pixels), .image(id: 7, pixels))
    }

    /// Cut at its limit just before a space: the space goes too, or the app would read another name.
    func testAProfilesNameCutAtItsLimitReadsBackAsWritten() {
        let name = String(repeating: "a", count: 119) + " b"
        let pixels = DecoderWire.Pixels(width: 4, height: 2, rowstride: 16, channels: 4, delays: [], colourProfile: name)
        XCTAssertEqual(pixels.colourProfile, String(repeating: "a", count: 119))
        XCTAssertEqual(readBack(pixels), .image(id: 7, pixels))
    }

    /// A space then a combining mark is one Character: the fields still part there, as they were written.
    func testAMarkAfterASpaceLeavesTheFieldsApart() {
        let pixels = DecoderWire.Pixels(width: 4, height: 2, rowstride: 16, channels: 4, delays: [], colourProfile: "Display \u{31E}P3")
        XCTAssertEqual(readBack(pixels), .image(id: 7, pixels))
        let refused = DecoderWire.Answer.refused(id: 3, .undecodable("\u{31E}bad"))
        XCTAssertEqual(DecoderWire.Answer(line: String(refused.line.dropLast())), refused)
        XCTAssertEqual(DecoderWire.Ready(line: "ready filter-only \u{31E}no user namespaces"), .filterOnly("\u{31E}no user namespaces"))
    }
}
