import Foundation

/// One version of a file's bytes: length and FNV-1a digest, so a journal knows its document.
public struct DocumentStamp: Codable, Equatable, Sendable, CustomStringConvertible {
    public var bytes: Int
    /// The digest in hexadecimal (a JSON number would not keep 64 bits).
    public var digest: String

    public init(of data: Data) {
        bytes = data.count
        // FNV-1a eight bytes at a time, then the rest: an eighth of the bytewise steps.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01b3
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            let words = buffer.count / 8
            for index in 0..<words {
                hash ^= buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                hash = hash &* prime
            }
            for byte in buffer[(words * 8)...] {
                hash ^= UInt64(byte)
                hash = hash &* prime
            }
        }
        digest = String(hash, radix: 16)
    }

    public var description: String { "\(bytes) bytes, \(digest)" }
}
