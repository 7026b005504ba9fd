import Domain
import Foundation
import GRDB
import Localization
import Repositories

/// People and avatars, written in transactions on GRDB's writer, observed by `observePeople()`.
public final class PeopleStore: Sendable {
    private let database: LazyDatabase

    public init(database: LazyDatabase) {
        self.database = database
    }

    /// Set when the database found at launch was damaged and a new one was started.
    public var databaseReplacement: StorageError? { database.replacement }

    /// Stores the seed's people if none; true when this call did (after commit).
    public func seedIfEmpty(names: [String] = Person.seedNames) async throws -> Bool {
        try await database.write { db in
            guard try PersonRecord.fetchCount(db) == 0 else { return false }
            for (index, name) in names.enumerated() {
                try PersonRecord(id: Int64(index + 1), name: name, avatarNumber: index + 1, position: index).insert(db)
            }
            return true
        }
    }

    /// Everyone in list order, with whether their avatar is stored.
    public func people() async throws -> [Person] {
        try await database.read(Self.fetchPeople)
    }

    /// `onChange` with everyone after each commit and at the start, while the result lives.
    @MainActor
    public func observePeople(onError: @escaping @MainActor (any Error) -> Void,
                              onChange: @escaping @MainActor ([Person]) -> Void) async throws -> AnyDatabaseCancellable {
        let writer = try await database.get().writer
        return ValueObservation.tracking(Self.fetchPeople)
            .removeDuplicates()
            .start(in: writer, scheduling: .mainActor, onError: { onError(StorageError(database: $0)) }, onChange: onChange)
    }

    private static func fetchPeople(_ db: Database) throws -> [Person] {
        try PersonRecord.listed().fetchAll(db).map(\.person)
    }

    public func avatarData(personID: Int64) async throws -> Data? {
        try await database.read { db in
            try Data.fetchOne(db, AvatarRecord.select(AvatarRecord.Columns.data).filter(key: personID))
        }
    }

    public func saveAvatar(_ data: Data, personID: Int64) async throws {
        try await database.write { db in
            try AvatarRecord(personID: personID, data: data, fetchedAt: Date()).insert(db, onConflict: .replace)
        }
    }

    public func rename(personID: Int64, to name: String) async throws {
        try await database.write { db in
            let changed = try PersonRecord.filter(key: personID).updateAll(db, PersonRecord.Columns.name.set(to: name))
            guard changed == 1 else { throw StorageError.notFound(tr("Person {id}", ["id": String(personID)])) }
        }
    }
}

extension PeopleStore: PeopleStoring {
    public var replacementNotice: String? { databaseReplacement?.description }

    public func seedIfEmpty() async throws -> Bool { try await seedIfEmpty(names: Person.seedNames) }

    @MainActor
    public func observeEveryone(onError: @escaping @MainActor (any Error) -> Void,
                                onChange: @escaping @MainActor ([Person]) -> Void) async throws -> AnyObject {
        try await observePeople(onError: onError, onChange: onChange)
    }
}

extension PeopleStore: AvatarStoring {}
