import Foundation

extension URL {
    /// Localhost, 127.0.0.0/8 or ::1: reached without a proxy, invisible to network monitors.
    public var isOnThisMachine: Bool {
        guard let host = host?.lowercased() else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
