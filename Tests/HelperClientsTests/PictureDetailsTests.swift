import Foundation
import HelperWire
import HelperClients
import ImagePipeline
import TestSupport
import XCTest

/// A picture's camera data is read by the confined helper (gexiv2), and agrees with exiftool's reading
/// of the same file; hostile metadata is cut short or left out, and the helper carries on.
final class PictureDetailsTests: XCTestCase {
    private func path(_ name: String) -> String {
        TestServer.picturesDirectory.appendingPathComponent(name).path
    }

    private func details(of name: String, helper: DecoderProcess) throws -> PictureDetails {
        try helper.details(of: Data(contentsOf: URL(fileURLWithPath: path(name)))).get()
    }

    func testACameraPicturesDetailsAreExiftoolsReadingOfIt() throws {
        let helper = try DecoderProcess.launch().get()
        defer { helper.close() }
        let read = try details(of: "camera.jpg", helper: helper)
        let expected = try ExifTool.reading(URL(fileURLWithPath: path("camera.jpg")))
        XCTAssertEqual(expected.count, ExifTool.cameraTags.count + 1, "exiftool read every tag: \(expected)")
        XCTAssertEqual(read.cameraMake, expected["Make"] as? String)
        XCTAssertEqual(read.cameraModel, expected["Model"] as? String)
        XCTAssertEqual(read.lens, expected["LensModel"] as? String)
        let taken = try XCTUnwrap(expected["DateTimeOriginal"] as? String)
        XCTAssertEqual(read.taken, taken.replacingOccurrences(of: ":", with: "-", options: [], range: taken.startIndex..<taken.index(taken.startIndex, offsetBy: 10)))
        let exposure = try XCTUnwrap(read.exposure)
        XCTAssertEqual(Double(exposure.numerator) / Double(exposure.denominator), try XCTUnwrap(expected["ExposureTime"] as? Double), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(read.aperture), try XCTUnwrap(expected["FNumber"] as? Double), accuracy: 1e-6)
        XCTAssertEqual(read.iso, expected["ISO"] as? Int)
        XCTAssertEqual(try XCTUnwrap(read.focalLength), try XCTUnwrap((expected["FocalLength"] as? NSNumber)?.doubleValue), accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(read.latitude), try XCTUnwrap(expected["GPSLatitude"] as? Double), accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(read.longitude), try XCTUnwrap(expected["GPSLongitude"] as? Double), accuracy: 1e-4)
        XCTAssertLessThan(try XCTUnwrap(read.longitude), 0, "west of Greenwich is negative")
    }

    func testAPictureWithoutMetadataHasNoDetails() throws {
        let helper = try DecoderProcess.launch().get()
        defer { helper.close() }
        XCTAssertEqual(try details(of: "quarters.png", helper: helper), PictureDetails())
        XCTAssertEqual(try details(of: "quarters.jpg", helper: helper), PictureDetails())
    }

    func testHostileMetadataIsCutShortOrLeftOutAndTheHelperCarriesOn() throws {
        let helper = try DecoderProcess.launch().get()
        defer { helper.close() }
        let oversized = try details(of: "exif-oversized.jpg", helper: helper)
        XCTAssertEqual(oversized.cameraMake, "Canon")
        XCTAssertEqual(oversized.cameraModel, String(repeating: "M", count: 120), "a 60,000-letter model is cut at 120")
        let truncated = try details(of: "exif-truncated.jpg", helper: helper)
        XCTAssertEqual(truncated.cameraModel, "Canon EOS 5D Mark IV", "what comes before the cut is read")
        XCTAssertNil(truncated.lens, "what lies past the segment's end is not read: \(truncated)")
        // Not a picture at all, and a picture cut in half: no details, and no stop.
        XCTAssertEqual(try helper.details(of: Data("not a picture".utf8)).get(), PictureDetails())
        let camera = try Data(contentsOf: URL(fileURLWithPath: path("camera.jpg")))
        _ = try helper.details(of: camera.prefix(camera.count / 3)).get()
        XCTAssertTrue(helper.isUsable)
        guard case .decoded = helper.decode(camera, target: DecodingTarget(side: 64)) else {
            return XCTFail("the helper decodes after hostile metadata")
        }
    }

    func testAnAnswerFromASubvertedHelperIsCheckedByTheApp() throws {
        let long = String(repeating: "x", count: 5_000)
        let line = #"7 details {"cameraMake":"\#(long)","cameraModel":"A\nB\u0007C","taken":"yesterday","iso":-3,"#
            + #""aperture":1e300,"latitude":91,"longitude":10,"exposure":{"numerator":0,"denominator":5}}"#
        guard case .details(7, let details)? = DecoderWire.Answer(line: line) else { return XCTFail("a details line reads") }
        XCTAssertEqual(details.cameraMake?.count, 120)
        XCTAssertEqual(details.cameraModel, "A BC")
        XCTAssertNil(details.taken)
        XCTAssertNil(details.iso)
        XCTAssertNil(details.aperture)
        XCTAssertNil(details.latitude, "a latitude past the pole is no place")
        XCTAssertNil(details.longitude)
        XCTAssertNil(details.exposure)
        // Cut at 120 scalars where a space falls: no space is left at the end, so the line reads back as written.
        let cut = PictureDetails(cameraModel: String(repeating: "m", count: 119) + " tail").checked.cameraModel
        XCTAssertEqual(cut, String(repeating: "m", count: 119))
        let written = DecoderWire.Answer.details(id: 3, PictureDetails(taken: "2024:05:01 12:34:56", iso: 100)).line
        XCTAssertEqual(DecoderWire.Answer(line: String(written.dropLast())),
                       .details(id: 3, PictureDetails(taken: "2024-05-01 12:34:56", iso: 100)))
    }
}
