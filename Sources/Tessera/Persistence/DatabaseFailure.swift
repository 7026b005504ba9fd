import Domain
import Foundation
import GRDB
import Localization

extension StorageError {
    /// A failure in actionable words from SQLite's code; details go to the log.
    public init(database error: any Error) {
        if let error = error as? StorageError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self = .database(tr("The database could not be used."))
            return
        }
        self = .database(Self.words(for: error))
    }

    private static func words(for error: DatabaseError) -> String {
        switch error.resultCode.primaryResultCode {
        case .SQLITE_FULL: tr("The disk is full.")
        case .SQLITE_READONLY: tr("The database can be read but not written (a read-only disk or folder).")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: tr("The database file is damaged.")
        case .SQLITE_CANTOPEN: tr("The database file could not be opened (its folder may be missing or not writable).")
        case .SQLITE_IOERR: tr("The disk could not be read or written.")
        case .SQLITE_PERM, .SQLITE_AUTH: tr("Tessera is not allowed to use the database file.")
        case .SQLITE_BUSY, .SQLITE_LOCKED: tr("The database is in use by another program.")
        case .SQLITE_NOMEM: tr("There was not enough memory.")
        case .SQLITE_CONSTRAINT:
            if let message = error.message, !message.isEmpty, !message.contains("constraint failed") {
                tr("The database refused the change: {reason}.", ["reason": message])
            } else {
                tr("The database refused the change.")
            }
        default: tr("The database reported an error (SQLite code {code}).", ["code": String(error.resultCode.rawValue)])
        }
    }
}

extension DatabaseError {
    /// The file is not a database, or a damaged one: keep it aside and start afresh.
    var isDamage: Bool {
        [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(resultCode.primaryResultCode)
    }
}
