import Localization

/// Why a read or write of the app's files failed, in words a person can act on.
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    case io(path: String, reason: String)
    case corrupt(path: String, keptAt: String, reason: String)
    /// A file larger than the app reads; it was left as it is.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// A database row that should exist does not.
    case notFound(String)
    /// The database could not be used; the words say why (`init(database:)`).
    case database(String)
    /// The database was damaged: it was kept at `keptAt` and a new one started.
    case databaseReplaced(keptAt: String, reason: String)

    public var description: String {
        switch self {
        case let .io(path, reason): tr("Could not write {path}: {reason}", ["path": path, "reason": reason])
        case let .corrupt(path, keptAt, reason):
            tr("{path} could not be read ({reason}); it was kept as {copy}", ["path": path, "reason": reason, "copy": keptAt])
        case let .tooLarge(path, bytes, limit):
            tr("{path} is {size} MB, larger than the {limit} MB Tessera reads; it was left as it is.",
               ["path": path, "size": String((bytes + (1 << 20) - 1) >> 20), "limit": String(limit >> 20)])
        case let .notFound(what): tr("{what} is no longer stored.", ["what": what])
        case let .database(words): words
        case let .databaseReplaced(keptAt, reason):
            tr("The database could not be read ({reason}) and a new one was started. The old file is kept as {copy}; the people's names and the messages you had sent are in it.",
               ["reason": reason.lowercasedFirst, "copy": keptAt])
        }
    }
}

extension String {
    /// "The disk is full." → "the disk is full", to go inside a sentence.
    var lowercasedFirst: String {
        let trimmed = hasSuffix(".") ? String(dropLast()) : self
        return trimmed.prefix(1).lowercased() + trimmed.dropFirst()
    }
}
