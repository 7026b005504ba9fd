import Foundation
import Networking

/// How long a body is fresh (RFC 9111), and validators for a 304.
public struct HTTPFreshness: Sendable, Equatable {
    /// The response's `ETag` and `Last-Modified`.
    public var validators: HTTPValidators
    /// Until when the bytes are used without asking; in the past: ask before each use.
    public var freshUntil: Date
    /// `Cache-Control: no-store`: the bytes are never written to disk.
    public var forbidsStoring = false

    public init(validators: HTTPValidators = HTTPValidators(), freshUntil: Date, forbidsStoring: Bool = false) {
        self.validators = validators
        self.freshUntil = freshUntil
        self.forbidsStoring = forbidsStoring
    }

    /// Without `Cache-Control` or `Expires`: this share of the age since modified (RFC 9111 4.2.2)...
    static let heuristicShareOfAge = 0.1
    /// ...at most a day, and a day without `Last-Modified`.
    static let heuristicLimit: TimeInterval = 24 * 60 * 60

    /// Reads a response's headers (names in lower case), received at `now`.
    public init(headers: [String: String], now: Date) {
        validators = HTTPValidators(headers: headers)
        let directives = Self.directives(headers["cache-control"] ?? "")
        forbidsStoring = directives["no-store"] != nil
        if directives["no-cache"] != nil {
            freshUntil = .distantPast
        } else if let maxAge = directives["max-age"].flatMap({ $0.flatMap { TimeInterval($0) } }) {
            freshUntil = now.addingTimeInterval(max(0, maxAge))
        } else if let expires = headers["expires"] {
            // An Expires that cannot be read means "already expired" (RFC 9111 5.3).
            freshUntil = Self.httpDate(expires) ?? .distantPast
        } else if let modified = validators.lastModified.flatMap(Self.httpDate), modified < now {
            freshUntil = now.addingTimeInterval(min(now.timeIntervalSince(modified) * Self.heuristicShareOfAge, Self.heuristicLimit))
        } else {
            freshUntil = now.addingTimeInterval(Self.heuristicLimit)
        }
    }

    /// Bytes no response described: asked about at next use.
    public static let unknown = HTTPFreshness(freshUntil: .distantPast)

    public func isFresh(at now: Date) -> Bool { now < freshUntil }

    /// After a 304: the new response's freshness, keeping validators it did not repeat.
    public func updated(by notModified: HTTPFreshness) -> HTTPFreshness {
        var copy = notModified
        copy.validators = validators.updated(by: notModified.validators)
        return copy
    }

    /// `Cache-Control`'s directives, lower-cased, with their values (quotes removed).
    private static func directives(_ header: String) -> [String: String?] {
        var result: [String: String?] = [:]
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = pieces.first?.lowercased(), !name.isEmpty else { continue }
            result[name] = pieces.count > 1 ? pieces[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
        }
        return result
    }

    /// An IMF-fixdate, printable ASCII only: Foundation's formatter traps on some marks joined to letters.
    static func httpDate(_ text: String) -> Date? {
        guard text.utf8.count <= 64, text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
    }
}
