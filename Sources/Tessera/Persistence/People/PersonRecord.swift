import Domain
import Foundation
import GRDB

/// A row of `person`.
struct PersonRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "person"

    var id: Int64
    var name: String
    var avatarNumber: Int
    var position: Int

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let position = Column(CodingKeys.position)
    }

    /// The stored avatar (none, or one).
    static let avatars = hasMany(AvatarRecord.self)
}

extension PersonRecord {
    /// Everyone by name as the user's language sorts names, each with whether an avatar is stored (never its bytes).
    static func listed() -> QueryInterfaceRequest<PersonListRow> {
        all().order(Columns.name.collating(.localizedStandardCompare), Columns.position)
            .annotated(with: (!PersonRecord.avatars.isEmpty).forKey(PersonListRow.hasAvatarColumn))
            .asRequest(of: PersonListRow.self)
    }
}

/// A person as the list shows them: the row and whether their avatar is stored.
struct PersonListRow: Sendable, FetchableRecord {
    static let hasAvatarColumn = "hasAvatar"

    var record: PersonRecord
    var hasAvatar: Bool

    init(row: Row) throws {
        record = try PersonRecord(row: row)
        hasAvatar = row[Self.hasAvatarColumn]
    }

    var person: Person {
        Person(id: record.id, name: record.name, avatarNumber: record.avatarNumber, position: record.position,
               hasAvatar: hasAvatar)
    }
}

/// A row of `avatar`: a person's downloaded avatar, dropped with the person.
struct AvatarRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "avatar"

    var personID: Int64
    var data: Data
    var fetchedAt: Date

    enum Columns {
        static let personID = Column(CodingKeys.personID)
        static let data = Column(CodingKeys.data)
    }
}
