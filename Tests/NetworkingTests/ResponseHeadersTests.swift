@testable import Networking
import XCTest

final class ResponseHeadersTests: XCTestCase {
    private func read(_ lines: [String]) -> (headers: ResponseHeaders, read: [ResponseHeaders.Line]) {
        var headers = ResponseHeaders()
        let read = lines.map { headers.read(Array($0.utf8)) }
        return (headers, read)
    }

    func testNamesAreLowerCaseAndValuesTrimmed() {
        let (headers, lines) = read(["HTTP/1.1 200 OK\r\n", "ETag:  \"v2\" \r\n", "Content-LENGTH:\t42\r\n", "\r\n"])
        XCTAssertEqual(lines, [.status, .field(name: "etag", value: "\"v2\""), .field(name: "content-length", value: "42"), .other])
        XCTAssertEqual(headers.fields, ["etag": "\"v2\"", "content-length": "42"])
        XCTAssertEqual(headers.contentLength, 42)
    }

    func testARedirectsFieldsAreDropped() {
        let (headers, _) = read(["HTTP/1.1 301 Moved\r\n", "Location: /b\r\n", "ETag: old\r\n", "\r\n",
                                 "HTTP/1.1 200 OK\r\n", "Last-Modified: Sat, 05 Dec 2026 10:00:00 GMT\r\n"])
        XCTAssertEqual(headers.fields, ["last-modified": "Sat, 05 Dec 2026 10:00:00 GMT"])
    }

    func testAValueMayHoldColons() {
        XCTAssertEqual(read(["Location: http://example.org:8080/a\r\n"]).headers.fields["location"], "http://example.org:8080/a")
    }

    func testALengthThatIsNoByteCountIsNone() {
        XCTAssertNil(read(["Content-Length: -5\r\n"]).headers.contentLength)
        XCTAssertNil(read(["Content-Length: 12 bytes\r\n"]).headers.contentLength)
        XCTAssertNil(read(["Content-Length:\r\n"]).headers.contentLength)
        XCTAssertEqual(read(["Content-Length: 0\r\n"]).headers.contentLength, 0)
    }
}
