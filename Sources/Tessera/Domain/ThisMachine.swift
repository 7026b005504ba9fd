import Foundation

extension URL {
    /// Whether the address names this machine (localhost, 127.0.0.0/8, ::1): a server here is
    /// reached without a proxy, and no network monitor sees it come and go.
    public var isOnThisMachine: Bool {
        guard let host = host?.lowercased() else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
