/// A response's header fields, read one line at a time as curl hands them over.
struct ResponseHeaders {
    /// Names in lower case, values without the spaces around them; a repeated name keeps its last value.
    private(set) var fields: [String: String] = [:]

    enum Line: Equatable {
        /// `HTTP/…`: a new response (after a redirect) begins; the fields before it were dropped.
        case status
        case field(name: String, value: String)
        case other // the blank line that ends the fields, or a line without a colon
    }

    /// `Content-Length` as a whole number of bytes; nil when missing, negative or not a number.
    var contentLength: Int? { fields["content-length"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }

    mutating func read(_ line: some BidirectionalCollection<UInt8>) -> Line {
        let bytes = line.trimmingASCIIWhitespace()
        if bytes.starts(with: "HTTP/".utf8) {
            fields.removeAll()
            return .status
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .other }
        let name = String(decoding: bytes[..<colon].trimmingASCIIWhitespace().map(Self.lowercased), as: UTF8.self)
        let value = String(decoding: bytes[bytes.index(after: colon)...].trimmingASCIIWhitespace(), as: UTF8.self)
        fields[name] = value
        return .field(name: name, value: value)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

private extension BidirectionalCollection where Element == UInt8 {
    /// Without the spaces, tabs and line ends at either end.
    func trimmingASCIIWhitespace() -> SubSequence {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
