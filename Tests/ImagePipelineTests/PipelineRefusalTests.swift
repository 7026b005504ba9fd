import FixtureServer
import Foundation
import HelperWire
@testable import ImagePipeline
@testable import PictureDecoding
import Logging
import Networking
import Scheduling
import TestSupport
import XCTest

/// What the pipeline refuses or retries: huge headers, errors, redirects, odd addresses.
final class PipelineRefusalTests: PipelineTestCase {
    func testHugeHeadersAndNonImagesAreRefusedBeforeDecoding() async throws {
        let pipeline = pipeline()
        do {
            _ = try await pipeline.image(for: ImageRequest(url: url("bad/huge-header.png"), maximumPixelSize: 256))
            XCTFail("50000 x 50000")
        } catch {
            XCTAssertEqual(error, .tooLarge(width: 50_000, height: 50_000))
        }
        do {
            _ = try await pipeline.image(for: ImageRequest(url: url("bad/not-an-image.png"), maximumPixelSize: 256))
            XCTFail("HTML")
        } catch {
            XCTAssertEqual(error, .notAnImage)
        }
        do {
            _ = try await pipeline.image(for: ImageRequest(url: url("bad/truncated.jpg"), maximumPixelSize: 256))
        } catch {
            guard case .undecodable = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(pipeline.statistics.decodes, 3, "each was looked at once and not cached")
    }

    func testFourOhFourIsRememberedAndNotAskedAgain() async throws {
        let pipeline = pipeline()
        let request = ImageRequest(url: url("bad/404"), maximumPixelSize: 64)
        for _ in 0..<3 {
            do { _ = try await pipeline.image(for: request); XCTFail("404") } catch {
                XCTAssertEqual(error, .network(.status(404)))
            }
        }
        XCTAssertEqual(stats?.requests, 1, "4xx is not retried or asked again")
    }

    func testServerErrorsRetryTwice() async throws {
        let pipeline = pipeline(retries: [.milliseconds(20), .milliseconds(20)])
        do {
            _ = try await pipeline.image(for: ImageRequest(url: url("getMessages?offset=0&fail=500"), maximumPixelSize: 64))
            XCTFail("500")
        } catch {
            XCTAssertEqual(error, .network(.status(500)))
        }
        XCTAssertEqual(stats?.requests, 3, "one try and two retries")
    }

    func testRedirectsToOtherSchemesAreRefused() async throws {
        do {
            _ = try await pipeline().image(for: ImageRequest(url: url("bad/redirect-to-file"), maximumPixelSize: 64))
            XCTFail("file://")
        } catch {
            guard case .network(.refusedURL) = error else { return XCTFail("\(error)") }
        }
    }

    /// One picture under two spellings of its address is one cache entry: the scheme and host
    /// lower-cased, the fragment dropped; the path's case and escapes kept.
    func testAddressesAreKeyedWithTheirSchemeAndHostInLowerCase() {
        func key(_ address: String) -> String { ImageRequest(url: URL(string: address)!, maximumPixelSize: 64).normalizedURL }
        XCTAssertEqual(key("http://example.com/a/B.png?size=2"), "http://example.com/a/B.png?size=2")
        XCTAssertEqual(key("HTTP://Example.COM:8080/a/B.png?size=2"), "http://example.com:8080/a/B.png?size=2")
        XCTAssertEqual(key("https://example.com/a%20b.png#top"), "https://example.com/a%20b.png")
        XCTAssertEqual(key("https://EXAMPLE.com"), "https://example.com")
        XCTAssertEqual(key("https://example.com/Path/With/CAPS"), "https://example.com/Path/With/CAPS")
    }

    func testHeaderReaderKnowsTheFormats() throws {
        XCTAssertEqual(ImageHeader(BadCasePNG.header)?.width, 50_000)
        XCTAssertNil(ImageHeader(Data("GIF".utf8)))
        XCTAssertNil(ImageHeader(Data([0xFF, 0xD8, 0xFF])))
        XCTAssertEqual(DecodingTarget(side: 300).size(width: 3000, height: 2000).width, 300)
        XCTAssertEqual(DecodingTarget(side: 300, filling: true).size(width: 3000, height: 2000).height, 300)
        XCTAssertEqual(DecodingTarget(side: 300).size(width: 200, height: 100).width, 200, "never enlarged")
    }
}
