// Runs in the app (tessera); it decodes nothing itself (HelperClients does, through a helper).

import Foundation
import Networking

/// Magic, then length-prefixed URL, account, ETag, Last-Modified, fresh-until, length, checksum, data.
extension DiskCache {
    static func pack(_ data: Data, freshness: HTTPFreshness = HTTPFreshness(freshUntil: .distantFuture), url: String,
                     account: String? = nil) -> Data {
        var out = magic
        appendString(url, to: &out)
        appendString(account ?? "", to: &out)
        appendString(freshness.validators.etag ?? "", to: &out)
        appendString(freshness.validators.lastModified ?? "", to: &out)
        appendInteger(freshness.freshUntil.timeIntervalSince1970.bitPattern, to: &out)
        appendInteger(UInt64(data.count), to: &out)
        appendInteger(checksum(data), to: &out)
        out.append(data)
        return out
    }

    static func unpack(_ stored: Data, url: String) -> Entry? {
        var cursor = stored.startIndex
        func take(_ count: Int) -> Data? {
            guard count >= 0, stored.endIndex - cursor >= count else { return nil }
            defer { cursor += count }
            return stored[cursor..<(cursor + count)]
        }
        func string() -> String? {
            guard let length = take(4).map(readInteger(UInt32.self)), let bytes = take(Int(length)) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let mark = take(4), [magic, magicWithoutAccount, magicWithoutFreshness].contains(mark), string() == url else { return nil }
        var account: String?
        if mark == magic {
            guard let name = string() else { return nil }
            account = name.isEmpty ? nil : name
        }
        var freshness = HTTPFreshness.unknown
        if mark != magicWithoutFreshness {
            guard let etag = string(), let lastModified = string(), let until = take(8).map(readInteger(UInt64.self)) else { return nil }
            freshness = HTTPFreshness(validators: HTTPValidators(etag: etag.isEmpty ? nil : etag,
                                                                 lastModified: lastModified.isEmpty ? nil : lastModified),
                                      freshUntil: Date(timeIntervalSince1970: Double(bitPattern: until)))
        }
        guard let length = take(8).map(readInteger(UInt64.self)), let checksum = take(8).map(readInteger(UInt64.self)),
              let payload = take(Int(clamping: length)), cursor == stored.endIndex, Self.checksum(payload) == checksum else { return nil }
        return Entry(data: Data(payload), freshness: freshness, account: account)
    }

    /// The account named in an entry's first bytes; nil when it names none or they are not an entry.
    static func account(in prefix: Data) -> String? {
        guard prefix.prefix(4) == magic, prefix.count >= 8 else { return nil }
        let urlLength = Int(readInteger(UInt32.self)(prefix.dropFirst(4).prefix(4)))
        let at = prefix.startIndex + 8 + urlLength
        guard prefix.endIndex - at >= 4 else { return nil }
        let length = Int(readInteger(UInt32.self)(prefix[at..<(at + 4)]))
        guard length > 0, prefix.endIndex - (at + 4) >= length else { return nil }
        return String(decoding: prefix[(at + 4)..<(at + 4 + length)], as: UTF8.self)
    }

    private static func appendString(_ string: String, to data: inout Data) {
        let bytes = Data(string.utf8)
        appendInteger(UInt32(bytes.count), to: &data)
        data.append(bytes)
    }

    private static func appendInteger<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func readInteger<T: FixedWidthInteger>(_: T.Type) -> (Data) -> T {
        { bytes in bytes.reduce(into: (T(0), 0)) { acc, byte in acc.0 |= T(byte) << (8 * acc.1); acc.1 += 1 }.0 }
    }
}

extension DiskCache {
    /// A fast word-wise FNV-1a-style checksum against torn files; not for security.
    static func checksum(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
            let words = bytes.count / 8
            for index in 0..<words {
                hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01B3
                hash ^= hash >> 32
            }
            for index in (words * 8)..<bytes.count {
                hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01B3
            }
            return hash
        }
    }
}

/// 64-bit FNV-1a: a fast hash for file names (not for security).
func fnv1a(_ data: Data) -> UInt64 {
    data.withUnsafeBytes { bytes in
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        return hash
    }
}
