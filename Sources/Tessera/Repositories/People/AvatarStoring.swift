import Foundation

/// Where the avatar downloader keeps what it downloads: `PeopleStore` (GRDB) is it.
public protocol AvatarStoring: Sendable {
    /// The person's stored avatar bytes, or nil when none is stored.
    func avatarData(personID: Int64) async throws -> Data?
    func saveAvatar(_ data: Data, personID: Int64) async throws
}
