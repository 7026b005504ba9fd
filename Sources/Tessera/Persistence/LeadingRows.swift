import Foundation

/// A JSON document's first whole list rows, cut and closed: the same document, fewer rows.
enum LeadingRows {
    /// `prefix` closed after at most `count` whole rows under `key`; nil if none is whole.
    static func document(from prefix: Data, key: String, count: Int) -> Data? {
        prefix.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = Scanner(bytes: bytes)
            guard scanner.take(UInt8(ascii: "{")), scanner.takeString(equalTo: Array(key.utf8)),
                  scanner.take(UInt8(ascii: ":")), scanner.take(UInt8(ascii: "[")) else { return nil }
            var rows = 0, end = 0
            while rows < count, scanner.skipValue() {
                rows += 1
                end = scanner.position
                guard scanner.take(UInt8(ascii: ",")) else { break }
            }
            guard rows > 0 else { return nil }
            return Data(bytes[0..<end]) + Data("]}".utf8)
        }
    }

    /// Steps over JSON tokens in bytes that may stop anywhere; a failed step moves nothing.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// Steps over white space and then `byte`.
        mutating func take(_ byte: UInt8) -> Bool {
            skipWhiteSpace()
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// Steps over white space and then a string spelled exactly `text` (no escapes).
        mutating func takeString(equalTo text: [UInt8]) -> Bool {
            skipWhiteSpace()
            let start = position
            guard skipString(), position - start == text.count + 2 else { return false }
            return bytes[(start + 1)..<(position - 1)].elementsEqual(text)
        }

        /// Steps over white space and one whole value: an object, a list, a string or a word or number.
        mutating func skipValue() -> Bool {
            skipWhiteSpace()
            guard position < bytes.count else { return false }
            let start = position
            let stepped: Bool
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): stepped = skipNested()
            case UInt8(ascii: "\""): stepped = skipString()
            default: stepped = skipWord()
            }
            if !stepped { position = start }
            return stepped
        }

        private mutating func skipWhiteSpace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        /// From an opening quote past its closing one, stepping over escapes.
        private mutating func skipString() -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return false }
            var index = position + 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    position = index + 1
                    return true
                default: index += 1
                }
            }
            return false
        }

        /// From an opening brace or bracket past the one that closes it, stepping over strings.
        private mutating func skipNested() -> Bool {
            var depth = 0
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    position += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    position += 1
                    if depth == 0 { return true }
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                default:
                    position += 1
                }
            }
            return false
        }

        /// A number or literal up to its delimiter, which must be present.
        private mutating func skipWord() -> Bool {
            var index = position
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D:
                    guard index > position else { return false }
                    position = index
                    return true
                default: index += 1
                }
            }
            return false
        }
    }
}
