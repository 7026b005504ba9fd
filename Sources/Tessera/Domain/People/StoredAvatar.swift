import Foundation

/// `stored-avatar:7` names person 7's stored avatar for the pipeline.
public enum StoredAvatar {
    public static let scheme = "stored-avatar"

    public static func url(personID: Int64) -> URL {
        URL(string: "\(scheme):\(personID)")!
    }

    /// The person a stored-avatar URL names; nil for any other URL.
    public static func personID(in url: URL) -> Int64? {
        guard url.scheme?.lowercased() == scheme else { return nil }
        let rest = url.absoluteString.dropFirst(scheme.count + 1)
        return Int64(rest)
    }
}
